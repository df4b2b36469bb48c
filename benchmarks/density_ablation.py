"""Ablations of the density method, and publish-time/author accuracy, on the shared sets.

Each variant sets module constants of ``text_density`` for one run (restored afterwards) and
scores content with the eval harness's metric (``newscrawl.evaluation.metric``), so figures
match ``newscrawl eval``. Results go to docs/benchmarks/density.md.

    python3 benchmarks/density_ablation.py [--sets cwced_zh,wcxb_dev] [--metadata]
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metadata import score_metadata
from newscrawl.evaluation.metric import bag_scores
from newscrawl.extraction import Article, extract
from newscrawl.extraction.extractors import text_density

DATASETS = Path(__file__).resolve().parent.parent.parent / "shared" / "datasets"
# (name, constants) — the first is the shipped default.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("default", {}),
    ("paper score (text-mass k=0)", {"TEXT_MASS_EXPONENT": 0.0}),
    ("text-mass k=0.5", {"TEXT_MASS_EXPONENT": 0.5}),
    ("text-mass k=1.5", {"TEXT_MASS_EXPONENT": 1.5}),
    ("merge siblings on", {"MERGE_SIBLINGS": True}),
    ("no noise tags/words", {"NOISE_TAGS": frozenset(), "NOISE_WORDS": frozenset()}),
    ("no content-class boost", {"CONTENT_BOOST": 1.0}),
    ("every text line a paragraph", {"LINE_MIN_CHARS": 1}),
]


@contextmanager
def constants(values: dict[str, Any]) -> Iterator[None]:
    saved = {name: getattr(text_density, name) for name in values}
    try:
        for name, value in values.items():
            setattr(text_density, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(text_density, name, value)


def pages_of(name: str) -> list[Page]:
    page_type = "article" if name == "wcxb_dev" else None
    return [p for p in load_pages(DATASETS / name / "pages.jsonl", page_type=page_type) if p.text]


def mean_f1(pages: list[Page], htmls: list[bytes]) -> float:
    total = 0.0
    for page, html in zip(pages, htmls, strict=True):
        result = extract(html, url=page.url, method="density")
        total += bag_scores(result.content if isinstance(result, Article) else "", page.text).f1
    return total / len(pages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="cwced_zh,wcxb_dev")
    parser.add_argument("--metadata", action="store_true", help="only date/author accuracy")
    args = parser.parse_args(argv)
    for name in args.sets.split(","):
        pages = pages_of(name)
        htmls = [page.read_html() for page in pages]
        if args.metadata:
            print(f"{name} ({len(pages)} pages): {score_metadata(pages).summary()}")
            continue
        print(f"{name} ({len(pages)} pages)")
        for label, values in VARIANTS:
            with constants(values):
                print(f"  {label:32s} F1 {mean_f1(pages, htmls):.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
