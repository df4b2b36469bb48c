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

from newscrawl.evaluation.crossval import format_selection, page_site, select
from newscrawl.evaluation.dataset import DatasetError, Page, load_pages, stable_sample
from newscrawl.evaluation.report import (
    format_metadata_table,
    format_rejections,
    format_table,
    rejection_counts,
    summarize,
)
from newscrawl.evaluation.runner import PageScore, PredictionSink, evaluate
from newscrawl.evaluation.simulated_anchors import TITLE_VARIANTS
from newscrawl.evaluation.systems import (
    PEERS,
    Prediction,
    System,
    UnavailableSystem,
    method_system,
    peer_system,
)
from newscrawl.extraction.registry import available_methods


def register(subparsers: Any) -> None:  # argparse's _SubParsersAction is private
    parser = subparsers.add_parser(
        "eval",
        help="score extraction methods on a labelled pages.jsonl",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "pages",
        type=Path,
        metavar="PAGES.jsonl",
        help="dataset: one JSON object per line (id, html_path, text, title, lang)",
    )
    parser.add_argument(
        "--method",
        default=None,
        help="comma-separated methods (default: every method that imports)",
    )
    parser.add_argument(
        "--compare", default="", help=f"comma-separated peer libraries: {','.join(PEERS)}"
    )
    parser.add_argument(
        "--predictions",
        type=Path,
        metavar="OUT.jsonl",
        help="write one JSON line per page and system",
    )
    parser.add_argument("--page-type", help="only pages of this page_type (e.g. article)")
    parser.add_argument("--limit", type=int, help="only the first N pages (after --page-type)")
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="a deterministic subset of N pages (by hash of page id)",
    )
    parser.add_argument(
        "--anchor-text",
        metavar="FIELD|title-variants",
        help="anchor text per page: a field of the dataset, or "
        f"'{TITLE_VARIANTS}' derived from the true title",
    )
    parser.add_argument(
        "--folds",
        type=int,
        metavar="K",
        help="also choose the best of the systems run by K-fold "
        "cross-validation grouped by site, and print the in-sample and "
        "cross-validated F1 of that choice",
    )
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
        print(
            f"newscrawl eval: cannot write predictions to {args.predictions}: {error}",
            file=sys.stderr,
        )
        return 2
    try:
        results = evaluate(
            pages,
            systems,
            anchor_mode=args.anchor_text,
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
    metadata = format_metadata_table(results, order, markdown=args.markdown)
    if metadata:
        print()
        print(metadata)
    rejections = format_rejections(rejection_counts(results), order)
    if rejections:
        print(rejections)
    if args.folds is not None:
        try:
            print(cross_validated_choice(pages, results, order, args.folds))
        except ValueError as error:
            print(f"newscrawl eval: --folds: {error}", file=sys.stderr)
            return 2
    return 0


def cross_validated_choice(
    pages: list[Page], results: list[PageScore], order: list[str], folds: int
) -> str:
    """Which system to pick, and how well the pick holds on sites it was not chosen on.

    Only pages scored for every system count, so each system is judged on the same pages.
    """
    f1: dict[str, dict[str, float]] = {name: {} for name in order}
    for result in results:
        if result.scores is not None:
            f1[result.system][result.page_id] = result.scores.f1
    scored = [page for page in pages if all(page.id in f1[name] for name in order)]
    if not scored:
        raise ValueError("no page is scored for every system")
    matrix = {name: [f1[name][page.id] for page in scored] for name in order}
    groups = [page_site(page) for page in scored]
    return format_selection(select(matrix, groups, folds), label="system")


def build_systems(methods: str | None, compare: str) -> list[System]:
    """Requested methods must run (an error names the broken one); a known peer that is not
    installed is only skipped with a note, since peers are optional dev dependencies, but an
    unknown peer name is an error (most likely a typo)."""
    peers = _split(compare)
    unknown = [name for name in peers if name.lower() not in PEERS]
    if unknown:
        raise ValueError(
            f"--compare: unknown peer {', '.join(map(repr, unknown))}; known: {', '.join(PEERS)}"
        )
    names = _split(methods) if methods is not None else available_methods()
    systems = [method_system(name) for name in names]
    for name in peers:
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
        record = {
            "id": page.id,
            "method": system.name,
            "title": prediction.title,
            "content": prediction.content,
            "publish_time": prediction.publish_time,
            "author": prediction.author,
            "source": prediction.source,
            "editor": prediction.editor,
            "rejection": prediction.rejection,
        }
        sink.write(json.dumps(record, ensure_ascii=False) + "\n")

    return write


def _split(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]
