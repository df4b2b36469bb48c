"""CPU time of ``extract(method="auto")`` alone over the speed benchmark's pages.

For side-by-side runs of two checkouts (``PYTHONPATH`` pointing at each, run alternately):
one process, dateparser warmed up and 5 pages extracted untimed first, as in
``extraction_speed.py``, whose page list this uses.

``--without-date-stage NAME`` times the same pages with the stages as shipped and with one
publish-date stage left out of ``dates.choose.STAGE_ORDER`` (never asked: the structured
and text stages are called directly, not through ``STAGES``), in turn, twice each, in one
process, and prints both and the stage's share: what that stage costs (the htmldate fallback
parses the page a second time).

``--without-hidden-copies`` times loading as shipped and without
:func:`newscrawl.extraction.hidden_copies.drop_hidden_copies`, in the same way: what the
stage costs.

``--extensive-search-always`` times the pages with htmldate's extensive search as shipped
(:func:`dates.htmldate_stage.extensive_search`: off since 2026-11-30) and on every page, in
turn, ``--pairs`` times in one process (the order swapped every pair), and prints each
pair's ratio and their median: what the policy saves.

    python3 benchmarks/auto_cpu.py --data "$FULL" --rounds 3 [--without-date-stage htmldate]
    python3 benchmarks/auto_cpu.py --data "$FULL" --rounds 1 --extensive-search-always --pairs 8
    python3 benchmarks/auto_cpu.py --data "$FULL" --rounds 1 --without-hidden-copies --pairs 8
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lxml.etree import _Element as Element

from benchmarks.extraction_speed import benchmark_pages, warm_up_date_parsing
from newscrawl.extraction import document, extract
from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata.dates import choose, htmldate_stage

WARM_UP_PAGES = 5


def cpu_ms_per_page(pages: Sequence[tuple[bytes, str | None]], rounds: int) -> float:
    """CPU milliseconds per page of ``extract(method="auto")`` over ``rounds`` passes."""
    started = time.process_time()
    for _ in range(rounds):
        for html, url in pages:
            extract(html, url=url, method="auto")
    return (time.process_time() - started) / len(pages) / rounds * 1000


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=None, help="folder of the full sets (default: samples)")
    parser.add_argument("--wcxb", type=int, default=60, help="wcxb_dev articles to include")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--without-date-stage",
        choices=sorted(choose.STAGES),
        help="also time the pages with this date stage left out",
    )
    parser.add_argument(
        "--extensive-search-always",
        action="store_true",
        help="also time the pages with htmldate's extensive search on every page",
    )
    parser.add_argument(
        "--without-hidden-copies",
        action="store_true",
        help="also time the pages without the hidden-copies stage of loading",
    )
    parser.add_argument("--pairs", type=int, default=4, help="pairs for the two options above")
    args = parser.parse_args(argv)
    pages = [(page.read_html(), page.url) for page in benchmark_pages(args.wcxb, args.data)]
    warm_up_date_parsing()
    for html, url in pages[:WARM_UP_PAGES]:
        extract(html, url=url, method="auto")
    if args.extensive_search_always:
        return compare_extensive_search(pages, args.rounds, args.pairs)
    if args.without_hidden_copies:
        return compare_hidden_copies(pages, args.rounds, args.pairs)
    if not args.without_date_stage:
        per_page = cpu_ms_per_page(pages, args.rounds)
        print(f"{len(pages)} pages x {args.rounds}: {per_page:.3f} ms/page")
        return 0
    # With and without the stage in turn, twice, so warm-up and machine load fall on both.
    shipped = choose.STAGE_ORDER
    without_it = tuple(name for name in shipped if name != args.without_date_stage)
    with_stage: list[float] = []
    without_stage: list[float] = []
    try:
        for _ in range(2):
            choose.STAGE_ORDER = shipped
            with_stage.append(cpu_ms_per_page(pages, args.rounds))
            choose.STAGE_ORDER = without_it
            without_stage.append(cpu_ms_per_page(pages, args.rounds))
    finally:
        choose.STAGE_ORDER = shipped
    full, without = sum(with_stage) / 2, sum(without_stage) / 2
    print(f"{len(pages)} pages x {args.rounds}, twice each, in turn: {full:.3f} ms/page")
    print(
        f"without the {args.without_date_stage} date stage: {without:.3f} ms/page "
        f"(the stage: {1 - without / full:.1%} of auto's CPU time)"
    )
    return 0


def compare_extensive_search(
    pages: Sequence[tuple[bytes, str | None]], rounds: int, pairs: int
) -> int:
    """The shipped extensive-search policy against the search on every page, in turn."""
    shipped = htmldate_stage.extensive_search

    def use(variant: str) -> None:
        htmldate_stage.extensive_search = shipped if variant == "shipped" else _always

    return compare_in_turn(pages, rounds, pairs, ("shipped", "always"), use)


def compare_hidden_copies(
    pages: Sequence[tuple[bytes, str | None]], rounds: int, pairs: int
) -> int:
    """Loading as shipped against loading without the hidden-copies stage, in turn."""
    shipped = document.drop_hidden_copies

    def use(variant: str) -> None:
        document.drop_hidden_copies = shipped if variant == "shipped" else _keep_hidden

    return compare_in_turn(pages, rounds, pairs, ("shipped", "without"), use)


def compare_in_turn(
    pages: Sequence[tuple[bytes, str | None]],
    rounds: int,
    pairs: int,
    variants: tuple[str, str],
    use: Callable[[str], None],
) -> int:
    """Time ``variants`` (``use`` switches to one) in turn, ``pairs`` times in one process,
    the order swapped every pair; print each pair's ratio and their median."""
    first, second = variants
    ratios = []
    try:
        for pair in range(pairs):
            timed: dict[str, float] = {}
            for name in variants if pair % 2 == 0 else variants[::-1]:
                use(name)
                timed[name] = cpu_ms_per_page(pages, rounds)
            ratios.append(timed[first] / timed[second])
            print(
                f"pair {pair + 1}: {first} {timed[first]:.3f} ms/page, "
                f"{second} {timed[second]:.3f} ms/page, ratio {ratios[-1]:.3f}"
            )
    finally:
        use(first)
    print(f"{first}/{second} CPU, median of {pairs} pairs: {statistics.median(ratios):.3f}")
    return 0


def _always(doc: Document) -> bool:
    return True


def _keep_hidden(root: Element, options: object = None) -> int:
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
