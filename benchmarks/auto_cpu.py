"""CPU time of ``extract(method="auto")`` alone over the speed benchmark's pages.

For side-by-side runs of two checkouts (``PYTHONPATH`` pointing at each, run alternately):
one process, dateparser warmed up and 5 pages extracted untimed first, as in
``extraction_speed.py``, whose page list this uses.

    python3 benchmarks/auto_cpu.py --data "$FULL" --rounds 3
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.extraction_speed import benchmark_pages, warm_up_date_parsing
from newscrawl.extraction import extract

WARM_UP_PAGES = 5


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=None, help="folder of the full sets (default: samples)")
    parser.add_argument("--wcxb", type=int, default=60, help="wcxb_dev articles to include")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    pages = [(page.read_html(), page.url) for page in benchmark_pages(args.wcxb, args.data)]
    warm_up_date_parsing()
    for html, url in pages[:WARM_UP_PAGES]:
        extract(html, url=url, method="auto")
    started = time.process_time()
    for _ in range(args.rounds):
        for html, url in pages:
            extract(html, url=url, method="auto")
    seconds = time.process_time() - started
    per_page = seconds / len(pages) / args.rounds * 1000
    print(f"{len(pages)} pages x {args.rounds}: {seconds:.3f}s CPU, {per_page:.3f} ms/page")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
