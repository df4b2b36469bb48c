"""boilerpipe options: the ArticleExtractor and DefaultExtractor filter chains.

Each filter is a frozen dataclass whose fields are its parameters
(filters.py), so a variant replaces one filter of a chain,
e.g. ``replace(DEFAULT_OPTIONS, article_chain=with_filter(DEFAULT_OPTIONS.article_chain,
IgnoreBlocksAfterContent(min_words=30)))``, and passes it to the method.
"""

from __future__ import annotations

from dataclasses import dataclass

from newscrawl.extraction.extractors.boilerpipe.filters import (
    BlockProximityFusion,
    BoilerplateBlockFilter,
    DensityRulesClassifier,
    DocumentTitleMatchClassifier,
    ExpandTitleToContent,
    Filter,
    IgnoreBlocksAfterContent,
    KeepLargestBlock,
    NumWordsRulesClassifier,
    SimpleBlockFusion,
    TerminatingBlocksFinder,
)

ARTICLE_CHAIN: tuple[Filter, ...] = (
    TerminatingBlocksFinder(),
    DocumentTitleMatchClassifier(),
    NumWordsRulesClassifier(),
    IgnoreBlocksAfterContent(),
    BlockProximityFusion(max_distance=1),
    BoilerplateBlockFilter(),
    BlockProximityFusion(max_distance=1, content_only=True),
    KeepLargestBlock(),
    ExpandTitleToContent(),
)

DEFAULT_CHAIN: tuple[Filter, ...] = (
    SimpleBlockFusion(),
    BlockProximityFusion(max_distance=1),
    DensityRulesClassifier(),
)


@dataclass(frozen=True, slots=True)
class BoilerpipeOptions:
    """The chains of method ``boilerpipe`` (ArticleExtractor) and ``boilerpipe-default``."""

    article_chain: tuple[Filter, ...] = ARTICLE_CHAIN
    default_chain: tuple[Filter, ...] = DEFAULT_CHAIN


def with_filter(chain: tuple[Filter, ...], new: Filter) -> tuple[Filter, ...]:
    """``chain`` with every filter of ``new``'s type replaced by ``new``."""
    if not any(type(step) is type(new) for step in chain):
        raise ValueError(f"the chain has no {type(new).__name__}")
    return tuple(new if type(step) is type(new) else step for step in chain)


DEFAULT_OPTIONS = BoilerpipeOptions()
