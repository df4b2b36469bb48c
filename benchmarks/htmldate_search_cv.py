"""When may the htmldate fallback run its extensive search? Site-grouped cross-validation.

    python3 benchmarks/htmldate_search_cv.py --data DIR [--datasets cwced_zh wcxb_dev gne_zh]
        [--folds 5] [--limit N]

htmldate's extensive search (``find_date(extensive_search=True)``) scans the whole markup for
any date-like string when nothing else in the page gave one: about half of the fallback's
CPU. Every page with a date label (wcxb_dev: every page type) gets the library's publish date
(:func:`dates.publish_time`, the library's stage order) under each policy: the search
``always``, ``not_chinese`` (not on a page whose title, or first body text, is mostly
Chinese: :func:`dates.reads_as_chinese`) and ``never`` (the library's policy since
2026-11-30, :data:`dates.htmldate_stage.EXTENSIVE_SEARCH`). Only pages that reach the
htmldate stage can differ. A page scores 1 when its date is the labelled day and ``-cost``
when it is another day (no date: 0): with ``--wrong-date-cost`` 0.01 (the default) a policy
wins on right dates first and, among equals, on fewer wrong dates stored; with 1 a wrong
date stored costs what a right one gains (a news database is queried by date; a wrong day
misfiles the article). Several costs may be given: the pages are read once.
:func:`crossval.select` chooses on four of five folds grouped by site and scores the fifth,
pooled over the sets, ``always`` (the earlier behaviour) first so a tie keeps it; the
right/wrong counts are printed per set beside it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from newscrawl.evaluation.crossval import format_selection, grouped_folds, page_site, select
from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.metadata import date_label, date_matches
from newscrawl.extraction import load_document
from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata import dates

# A wrong date stored scores this much below no date by default: it only breaks ties
# between policies with as many right dates.
WRONG_DATE_COST = 0.01

Policy = Callable[[Document], bool]
POLICIES: dict[str, Policy] = {
    "always": lambda doc: True,
    "not_chinese": lambda doc: not dates.reads_as_chinese(doc),
    "never": lambda doc: False,
}


def publish_date(doc: Document, policy: Policy) -> str | None:
    """The library's publish date with htmldate's extensive search as ``policy`` says."""

    def htmldate_stage(page: Document, fetched_at: datetime | None) -> str | None:
        return dates.htmldate_date(page, fetched_at, extensive=policy(page))

    library_stage = dates.STAGES["htmldate"]
    dates.STAGES["htmldate"] = htmldate_stage
    try:
        return dates.publish_time(doc, None, dates.STAGE_ORDER, dates.DEFAULT_DATE_RULES)
    finally:
        dates.STAGES["htmldate"] = library_stage


def outcome(found: str | None, label: str) -> int:
    """1 for the labelled day, -1 for another day, 0 for no date."""
    if found is None:
        return 0
    return 1 if date_matches(found, label) else -1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="folder of dataset folders")
    parser.add_argument("--datasets", nargs="+", default=["cwced_zh", "wcxb_dev", "gne_zh"])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None, help="pages per dataset")
    parser.add_argument(
        "--wrong-date-cost",
        type=float,
        nargs="+",
        default=[WRONG_DATE_COST],
        help="what a wrong date stored costs, a right one scoring 1 (several: one choice each)",
    )
    args = parser.parse_args(argv)
    outcomes: dict[str, list[int]] = {name: [] for name in POLICIES}
    groups: list[str] = []
    for dataset in args.datasets:
        pages = load_pages(args.data / dataset / "pages.jsonl")[: args.limit]
        counts = {name: [0, 0] for name in POLICIES}  # right, wrong
        dated = 0
        for page in pages:
            label = page.fields.get("publish_date")
            if not isinstance(label, str) or not date_label(label):
                continue
            dated += 1
            doc = load_document(page.read_html(), url=page.url)
            groups.append(page_site(page))  # one site, one fold, whatever the set
            for name, policy in POLICIES.items():
                value = outcome(publish_date(doc, policy), label)
                outcomes[name].append(value)
                counts[name][0] += value > 0
                counts[name][1] += value < 0
        for name, (right, wrong) in counts.items():
            print(f"{dataset:<9} {name:<12} right {right}/{dated}  wrong dates stored {wrong}")
    folds = grouped_folds(groups, args.folds)
    for cost in args.wrong_date_cost:
        scores = {
            name: [float(v) if v >= 0 else -cost for v in values]
            for name, values in outcomes.items()
        }
        selection = select(scores, groups, args.folds)
        print(f"wrong date cost {cost}:")
        print(format_selection(selection, label="policy"))
        right = sum(outcomes[selection.fold_choices[folds[i]]][i] > 0 for i in range(len(groups)))
        print(f"held-out right dates (each fold with its choice): {right}/{len(groups)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
