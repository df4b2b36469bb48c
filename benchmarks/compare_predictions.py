"""Which pages a change moved: two ``newscrawl eval --predictions`` files of one labelled set.

For every labelled page whose predicted text differs between the two files, the script
prints its id, page type, F1 before and after (the eval metric) and URL, then per page type
how many pages changed and the sum of their F1 changes. A change is read page by page this
way before its pooled figure is trusted.

    python3 -m newscrawl eval DATA/pages.jsonl --method auto --predictions before.jsonl  # old code
    python3 -m newscrawl eval DATA/pages.jsonl --method auto --predictions after.jsonl   # new code
    python3 benchmarks/compare_predictions.py DATA/pages.jsonl before.jsonl after.jsonl [--min 0]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.extra_lines import read_predictions
from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.metric import bag_scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", type=Path)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--method", default="auto")
    parser.add_argument("--min", type=float, default=0.0, help="F1 change a listed page needs")
    args = parser.parse_args(argv)
    before = read_predictions(args.before, args.method)
    after = read_predictions(args.after, args.method)
    changed: dict[str, int] = defaultdict(int)
    summed: dict[str, float] = defaultdict(float)
    for page in load_pages(args.pages):
        if not page.text or page.id not in before or page.id not in after:
            continue
        if before[page.id] == after[page.id]:
            continue
        old, new = (
            bag_scores(before[page.id], page.text).f1,
            bag_scores(after[page.id], page.text).f1,
        )
        kind = page.page_type or "-"
        changed[kind] += 1
        summed[kind] += new - old
        if abs(new - old) >= args.min:
            print(f"{page.id} {kind} {old:.3f} -> {new:.3f} {page.url or ''}")
    for kind in sorted(changed):
        print(f"{kind}: {changed[kind]} pages changed, F1 summed {summed[kind]:+.3f}")
    if not changed:
        print("no page's text changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
