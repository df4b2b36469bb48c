"""Whether the JSON-LD articleBody filter carries over to unseen sites: a grouped CV sweep.

``auto`` runs once per page as shipped with the filter off; each variant of
:class:`ArticleBodyOptions` (off first, then every combination of its two shares) filters
that finished text with the page's ``articleBody`` (the filter runs last, so this is what
``auto`` would give with the variant) and is scored with the eval metric. One variant is
chosen by ``crossval.select`` for every labelled page of wcxb_dev (each page type its own
set), cwced_zh and gne_zh pooled, once among the variants that lower no set on the tuning
folds and once unguarded, then for the wcxb_dev articles alone; each with its in-sample and
cross-validated figure per set. The pages that carry an articleBody are counted per set.

    python3 benchmarks/article_body_cv.py [--data DIR] [--folds 5]

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.vote_cv import Scored, f1_by_variant, labelled_pages, report_sweep
from newscrawl.evaluation.crossval import page_site
from newscrawl.evaluation.dataset import Page
from newscrawl.evaluation.metric import tokenize
from newscrawl.extraction.article_body import (
    NO_ARTICLE_BODY,
    ArticleBodyOptions,
    article_body,
    filter_lines,
)
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.types import ContentResult

REPO = Path(__file__).resolve().parent.parent


def variants() -> dict[str, ArticleBodyOptions]:
    """The filter off first, then every combination of its coverage and line shares."""
    found = {"off": NO_ARTICLE_BODY}
    for coverage, line_share in itertools.product((0.6, 0.7, 0.8, 0.9), (0.3, 0.5, 0.7, 0.9)):
        found[f"coverage={coverage},line_share={line_share}"] = ArticleBodyOptions(
            min_coverage=coverage, min_line_share=line_share
        )
    return found


def finished_text(page: Page) -> tuple[str, str]:
    """auto's text for ``page`` with the filter off, and the page's articleBody."""
    try:
        doc = load_document(page.read_html(), url=page.url)
    except DocumentError:
        return "", ""
    if doc.body is None:
        return "", ""
    result = auto.extract_content(doc, replace(DEFAULT_AUTO, article_body=NO_ARTICLE_BODY))
    text = result.text if isinstance(result, ContentResult) else ""
    return text, article_body(doc)


def score(
    data: Path, options: dict[str, ArticleBodyOptions], carrying: Counter[str]
) -> list[Scored]:
    """Every labelled page scored under each variant; ``carrying`` counts, per set, the pages
    with an articleBody long enough to be read."""
    scored = []
    for name, page in labelled_pages(data):
        text, body = finished_text(page)
        if len(body) >= DEFAULT_AUTO.article_body.min_body_chars:
            carrying[name] += 1
        texts = ((variant, filter_lines(text, body, option)) for variant, option in options.items())
        f1 = f1_by_variant(tokenize(page.text or ""), texts)
        scored.append(Scored(name, page_site(page), f1))
    return scored


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    options = variants()
    carrying: Counter[str] = Counter()
    pages = score(args.data, options, carrying)
    totals = Counter(page.dataset for page in pages)
    print(
        "pages with an articleBody: "
        + ", ".join(f"{name} {carrying[name]}/{totals[name]}" for name in sorted(totals))
    )
    report_sweep(pages, list(options), args.folds, "articleBody filter")
    return 0


if __name__ == "__main__":
    sys.exit(main())
