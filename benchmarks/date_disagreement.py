"""When the page's structured data and its visible text name different days, which is right?

For every labelled, dated page of the dev sets, the date stages' answers are read apart
(structured data, the text near the headline, htmldate, the modified date) beside the
library's choice. Variants replace the library's answer by the text stage's on pages where
the structured and the text stage name different days, under a condition each; site-grouped
cross-validation (``crossval.select``, the library first: a variant has to win) says which
carries over.

    python3 benchmarks/date_disagreement.py --data FULL [--datasets cwced_zh wcxb_dev gne_zh]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from newscrawl.evaluation.crossval import format_selection, page_site, select
from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.datasets import pages_file
from newscrawl.evaluation.metadata import date_label, date_matches
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.metadata import dates

DAY = dates.DATE_ONLY_CHARS
# The library's rules without the one these variants led to (dates.STRUCTURED_AS_MODIFIED,
# the "structured=modified" variant): the baseline they are measured against.
WITHOUT_THE_RULE = dates.DEFAULT_DATE_RULES - {dates.STRUCTURED_AS_MODIFIED}


@dataclass(frozen=True, slots=True)
class DatedPage:
    site: str
    label: str
    library: str | None
    structured: str | None
    text: str | None
    htmldate: str | None
    modified: str | None


def day(value: str | None) -> str | None:
    return value[:DAY] if value else None


def disagree(page: DatedPage) -> bool:
    """Both the structured and the text stage answer, on different days."""
    return bool(page.structured and page.text and day(page.structured) != day(page.text))


# A variant: given a page where the two disagree, whether the text stage's day is taken.
Rule = Callable[[DatedPage], bool]
RULES: dict[str, Rule] = {
    "library": lambda page: False,  # without STRUCTURED_AS_MODIFIED
    "text": lambda page: True,
    "text=htmldate": lambda page: day(page.text) == day(page.htmldate),
    "structured=modified": lambda page: day(page.structured) == day(page.modified),
    "text=modified": lambda page: day(page.text) == day(page.modified),
    "structured=modified, htmldate not structured": lambda page: (
        day(page.structured) == day(page.modified) and day(page.htmldate) != day(page.structured)
    ),
    "text=htmldate|structured=modified": lambda page: (
        day(page.text) == day(page.htmldate) or day(page.structured) == day(page.modified)
    ),
}


def answer(page: DatedPage, rule: Rule) -> str | None:
    return page.text if disagree(page) and rule(page) else page.library


def read(dataset: str, data: Path) -> list[DatedPage]:
    pages: list[DatedPage] = []
    for page in load_pages(pages_file(dataset, data)):
        label = page.fields.get("publish_date")
        if not isinstance(label, str) or date_label(label) is None:
            continue
        try:
            doc = load_document(page.read_html(), url=page.url)
        except DocumentError:
            continue
        pages.append(
            DatedPage(
                site=page_site(page),  # one site, one fold, whatever the set
                label=label,
                library=dates.publish_time(doc, None, dates.STAGE_ORDER, WITHOUT_THE_RULE),
                structured=dates.structured_date(doc),
                text=dates.text_date(doc),
                htmldate=dates.htmldate_date(doc),
                modified=dates.modified_time(doc),
            )
        )
    return pages


def report(name: str, pages: Sequence[DatedPage], folds: int) -> None:
    scores = {
        variant: [float(date_matches(answer(page, rule), page.label)) for page in pages]
        for variant, rule in RULES.items()
    }
    split = [page for page in pages if disagree(page)]
    print(f"## {name}: {len(pages)} dated pages, structured and text disagree on {len(split)}")
    for variant, rule in RULES.items():
        taken = [page for page in split if rule(page)]
        right = sum(date_matches(page.text, page.label) for page in taken)
        was = sum(date_matches(page.library, page.label) for page in taken)
        print(
            f"  {variant:36} in-sample {sum(scores[variant]) / len(pages):.4f}"
            f"  text taken on {len(taken)}: right {right}, library right {was}"
        )
    selection = select(scores, [page.site for page in pages], folds)
    print("  " + format_selection(selection).replace("\n", "\n  "))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--datasets", nargs="+", default=["cwced_zh", "wcxb_dev", "gne_zh"])
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    everything: list[DatedPage] = []
    for dataset in args.datasets:
        pages = read(dataset, args.data)
        report(dataset, pages, args.folds)
        everything.extend(pages)
    report("pooled", everything, args.folds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
