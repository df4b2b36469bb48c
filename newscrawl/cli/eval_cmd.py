"""``newscrawl eval PAGES.jsonl``: score extraction methods (and peer libraries) on labelled pages.

Prints one row per system and language: pages, precision, recall, F1, share of pages with
F1 >= 0.9, title exact-match and pages/s, then the rejection reasons counted per system.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import IO, Any

from newscrawl.evaluation.anchors import TITLE_VARIANTS
from newscrawl.evaluation.dataset import DatasetError, Page, load_pages, stable_sample
from newscrawl.evaluation.report import format_rejections, format_table, rejection_counts, summarize
from newscrawl.evaluation.runner import PredictionSink, evaluate
from newscrawl.evaluation.systems import (
    Prediction,
    System,
    UnavailableSystem,
    method_system,
    peer_system,
)
from newscrawl.extraction.registry import available_methods


def register(subparsers: Any) -> None:  # argparse's _SubParsersAction is private
    parser = subparsers.add_parser(
        "eval", help="score extraction methods on a labelled pages.jsonl", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", type=Path, metavar="PAGES.jsonl",
                        help="dataset: one JSON object per line (id, html_path, text, title, lang)")
    parser.add_argument("--method", default=None,
                        help="comma-separated methods (default: every method that imports)")
    parser.add_argument("--compare", default="",
                        help="comma-separated peer libraries: gne,trafilatura,readability")
    parser.add_argument("--predictions", type=Path, metavar="OUT.jsonl",
                        help="write one JSON line per page and system")
    parser.add_argument("--page-type", help="only pages of this page_type (e.g. article)")
    parser.add_argument("--limit", type=int, help="only the first N pages (after --page-type)")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="a deterministic subset of N pages (by hash of page id)")
    parser.add_argument("--anchor-text", metavar="FIELD|title-variants",
                        help="anchor text per page: a field of the dataset, or "
                             f"'{TITLE_VARIANTS}' derived from the true title")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        systems = build_systems(args.method, args.compare)
        pages = select_pages(args)
    except (UnavailableSystem, DatasetError, ValueError) as error:
        print(f"newscrawl eval: {error}", file=sys.stderr)
        return 2
    if not systems:
        print("newscrawl eval: no method to run", file=sys.stderr)
        return 2
    if not pages:
        print(f"newscrawl eval: {args.pages}: no pages selected", file=sys.stderr)
        return 2
    try:
        sink = args.predictions.open("w", encoding="utf-8") if args.predictions else None
    except OSError as error:
        print(f"newscrawl eval: cannot write predictions to {args.predictions}: {error}",
              file=sys.stderr)
        return 2
    try:
        results = evaluate(
            pages, systems, anchor_mode=args.anchor_text,
            on_prediction=prediction_writer(sink) if sink else None,
            progress=False if args.no_progress else None,
        )
    except DatasetError as error:
        print(f"newscrawl eval: {error}", file=sys.stderr)
        return 2
    finally:
        if sink:
            sink.close()
    order = [system.name for system in systems]
    print(format_table(summarize(results, order), markdown=args.markdown))
    rejections = format_rejections(rejection_counts(results), order)
    if rejections:
        print(rejections)
    return 0


def build_systems(methods: str | None, compare: str) -> list[System]:
    """Requested methods must run (an error names the broken one); a missing peer is only
    skipped with a note, since peers are optional dev dependencies."""
    names = _split(methods) if methods is not None else available_methods()
    systems = [method_system(name) for name in names]
    for name in _split(compare):
        try:
            systems.append(peer_system(name))
        except UnavailableSystem as error:
            print(f"note: skipping {error}", file=sys.stderr)
    return systems


def select_pages(args: argparse.Namespace) -> list[Page]:
    if args.limit is not None and args.limit < 1:
        raise ValueError("--limit must be at least 1")
    if args.sample is not None and args.sample < 1:
        raise ValueError("--sample must be at least 1")
    pages = load_pages(args.pages, page_type=args.page_type, limit=args.limit)
    if args.sample is not None:
        pages = stable_sample(pages, args.sample)
    field = args.anchor_text
    if field and field != TITLE_VARIANTS and not any(field in page.fields for page in pages):
        raise ValueError(f"--anchor-text: no selected page of {args.pages} has a field {field!r}")
    return pages


def prediction_writer(sink: IO[str]) -> PredictionSink:
    def write(page: Page, system: System, prediction: Prediction) -> None:
        record = {"id": page.id, "method": system.name, "title": prediction.title,
                  "content": prediction.content, "publish_time": prediction.publish_time,
                  "author": prediction.author, "rejection": prediction.rejection}
        sink.write(json.dumps(record, ensure_ascii=False) + "\n")

    return write


def _split(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]
