"""Evaluation of extraction methods against labelled pages (``newscrawl eval``, the CI gate).

Pieces, each its own module: :mod:`.dataset` (loading pages.jsonl), :mod:`.metric`
(bag-of-tokens P/R/F1, title exact-match), :mod:`.anchors` (anchor texts for title tests),
:mod:`.systems` (newscrawl methods and peer libraries behind one interface), :mod:`.runner`,
:mod:`.report` (rows and tables) and :mod:`.gate` (floors pinned for CI).
"""

from __future__ import annotations

from .dataset import DatasetError, Page, load_pages, stable_sample
from .metric import Scores, bag_scores, title_matches, tokenize
from .report import Row, format_table, summarize
from .runner import PageScore, evaluate

__all__ = [
    "DatasetError",
    "Page",
    "PageScore",
    "Row",
    "Scores",
    "bag_scores",
    "evaluate",
    "format_table",
    "load_pages",
    "stable_sample",
    "summarize",
    "title_matches",
    "tokenize",
]
