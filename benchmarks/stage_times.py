"""Wall-clock time of named functions inside ``extract(method="auto")`` on the speed pages.

cProfile charges every Python call, so it inflates the stages made of many small calls; this
wraps only the named functions with a timer and runs the speed benchmark's pages
(``extraction_speed.benchmark_pages``: cwced_zh, gne_unlabeled and 60 wcxb_dev articles)
``--rounds`` times after a warm-up, then prints each function's milliseconds per page and its
share of the whole. A function is named as ``module:name`` and is wrapped where it is looked
up: ``newscrawl.extraction.core:load_document`` times the loading as ``extract`` calls it.
Nested names add up separately (a stage and one of its parts each get their line).

    python3 benchmarks/stage_times.py --data FULL newscrawl.extraction.core:load_document \\
        newscrawl.extraction.extractors.auto.entry:run_vote [--rounds 3] [--pages zh|en|all]

For a side-by-side figure, run it in two checkouts (``PYTHONPATH`` at each) one after the
other: the machine's drift falls on both.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.extraction_speed import WARMUP_PAGES, benchmark_pages, warm_up_date_parsing
from newscrawl.evaluation.datasets import add_data_option
from newscrawl.extraction import extract

# benchmark_pages lists the Chinese pages (cwced_zh, gne_unlabeled) first.
CHINESE_PAGES = 69 + 62


def wrap(target: str, spent: Counter[str]) -> None:
    """Replace ``module:name`` by a timer around it that adds to ``spent[name]``."""
    module_name, _, name = target.partition(":")
    module = importlib.import_module(module_name)
    original: Callable[..., Any] = getattr(module, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent[target] += time.perf_counter() - start

    setattr(module, name, timed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("functions", nargs="+", help="module:name")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pages", choices=("all", "zh", "en"), default="all")
    add_data_option(parser)
    args = parser.parse_args(argv)
    pages = benchmark_pages(60, args.data)
    if args.pages == "zh":
        pages = pages[:CHINESE_PAGES]
    elif args.pages == "en":
        pages = pages[CHINESE_PAGES:]
    inputs = [(page.read_html(), page.url) for page in pages]
    spent: Counter[str] = Counter()
    for target in args.functions:
        wrap(target, spent)
    warm_up_date_parsing()
    for html, url in inputs[:WARMUP_PAGES]:
        extract(html, url=url, method="auto")
    spent.clear()
    start = time.perf_counter()
    for _ in range(args.rounds):
        for html, url in inputs:
            extract(html, url=url, method="auto")
    total = time.perf_counter() - start
    calls = args.rounds * len(inputs)
    for target in args.functions:
        print(
            f"{target:70s} {1000 * spent[target] / calls:7.3f} ms/page {spent[target] / total:6.1%}"
        )
    print(f"{'extract(auto), whole':70s} {1000 * total / calls:7.3f} ms/page ({len(inputs)} pages)")
    for target in never_ran(args.functions, spent):
        print(
            f"note: {target} never ran where it was wrapped; name the module that calls it "
            "(a package's re-export is not where its callers look it up)",
            file=sys.stderr,
        )
    return 0


def never_ran(targets: Sequence[str], spent: Counter[str]) -> list[str]:
    """The wrapped functions no extraction called: a 0.000 line that measures nothing."""
    return [target for target in targets if spent[target] == 0]


if __name__ == "__main__":
    sys.exit(main())
