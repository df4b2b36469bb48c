"""Ablations of the density method, and publish-time/author accuracy, on the labelled sets
(of the data root: ``--data DIR``, NEWSCRAWL_DATA, else the repository's datasets/).

Each variant is ``dataclasses.replace`` of the density method's default options, passed to
``extract(..., options=...)`` (no module state changes), and content is scored with the eval
harness's metric (``newscrawl.evaluation.metric``), so figures
match ``newscrawl eval``. Results go to docs/benchmarks/density.md.

    python3 benchmarks/density_ablation.py [--sets cwced_zh,wcxb_dev] [--metadata] [--folds K]

``--folds K`` also chooses among the variants by K-fold cross-validation grouped by site
(``newscrawl.evaluation.crossval``) and prints the in-sample and cross-validated figures.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any

from newscrawl.evaluation.crossval import format_selection, page_site, select
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.datasets import add_data_option, pages_file
from newscrawl.evaluation.metadata import score_metadata
from newscrawl.evaluation.metric import bag_scores
from newscrawl.extraction import Article, extract
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS, DensityOptions

# (name, changed fields of DensityOptions) — the first is the shipped default.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("default", {}),
    ("paper score (text-mass k=0)", {"text_mass_exponent": 0.0}),
    ("text-mass k=0.5", {"text_mass_exponent": 0.5}),
    ("text-mass k=1.5", {"text_mass_exponent": 1.5}),
    ("merge siblings on", {"merge_siblings": True}),
    ("no noise tags/words", {"noise_tags": frozenset(), "noise_words": frozenset()}),
    ("no noise removal at all", {"skip_noise": False}),
    ("no content-class boost", {"content_boost": 1.0}),
    ("no content tags", {"content_tags": frozenset()}),
    ("<article> on every page", {"content_tags_when_unnamed": False}),
    ("<article>, <main> on unnamed pages", {"content_tags": frozenset({"article", "main"})}),
    ("every text line a paragraph", {"line_min_chars": 1}),
    ("no paragraph tags", {"paragraph_tags": frozenset()}),
    ("<div>, <td> paragraphs", {"paragraph_tags": frozenset({"div", "td"})}),
]


def pages_of(name: str, data: str | None = None) -> list[Page]:
    page_type = "article" if name == "wcxb_dev" else None
    return [p for p in load_pages(pages_file(name, data), page_type=page_type) if p.text]


def page_f1(pages: list[Page], htmls: list[bytes], options: DensityOptions) -> list[float]:
    scores = []
    for page, html in zip(pages, htmls, strict=True):
        result = extract(html, url=page.url, method="density", options=options)
        scores.append(
            bag_scores(result.content if isinstance(result, Article) else "", page.text).f1
        )
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="cwced_zh,wcxb_dev")
    parser.add_argument("--metadata", action="store_true", help="only date/author accuracy")
    parser.add_argument(
        "--folds",
        type=int,
        default=0,
        help="also choose a variant by K-fold cross-validation grouped by site",
    )
    add_data_option(parser)
    args = parser.parse_args(argv)
    for name in args.sets.split(","):
        pages = pages_of(name, args.data)
        htmls = [page.read_html() for page in pages]
        if args.metadata:
            print(f"{name} ({len(pages)} pages): {score_metadata(pages).summary()}")
            continue
        print(f"{name} ({len(pages)} pages)")
        scores: dict[str, list[float]] = {}
        for label, values in VARIANTS:
            scores[label] = page_f1(pages, htmls, replace(DEFAULT_OPTIONS, **values))
            print(f"  {label:32s} F1 {sum(scores[label]) / len(pages):.3f}", flush=True)
        if args.folds:
            groups = [page_site(page) for page in pages]
            print("  " + format_selection(select(scores, groups, args.folds)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
