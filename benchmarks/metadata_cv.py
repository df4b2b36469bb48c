"""Publish date, author and source accuracy, in-sample and under site-grouped cross-validation.

    python3 benchmarks/metadata_cv.py --data DIR [--datasets cwced_zh wcxb_dev] [--folds 5]
                                      [--trafilatura] [--limit N] [--page-type forum|all] [--pooled]

``DIR`` holds one folder per dataset in the pages.jsonl format. Every date stage of
newscrawl/extraction/metadata/dates/ runs once per page (the text stage once per set of its
optional rules); each candidate stage order and date rule set (every subset) is then scored
from those cached answers. Cross-validation: pages are grouped by site, sites are dealt into
``--folds`` folds, and each fold is scored with what the other folds chose, so no site is ever
in both the tuning and the scoring part: for dates the candidate that scores best there (ties:
fewer rules), for authors every rule whose removal lowers the hits there (a tie drops it). The
figure is the held-out accuracy over all folds, beside each candidate's in-sample accuracy.
``--trafilatura`` adds trafilatura's date and author (htmldate inside) on the same pages.

The site of a page is its URL's host; a page without a URL (cwced_zh) takes the host its HTML
links to most, since a page links mostly within its own site.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import itertools
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from newscrawl.evaluation.crossval import linked_host, registered_domain
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metadata import (
    author_matches,
    author_token_f1,
    date_label,
    date_matches,
)
from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.decode import decode_html
from newscrawl.extraction.metadata.authors import RULES, extract_authors
from newscrawl.extraction.metadata.dates import (
    DATE_RULES,
    DEFAULT_DATE_RULES,
    STAGE_ORDER,
    STAGES,
    STRUCTURED_AS_MODIFIED,
    URL_LOCAL_DAY,
    choose_date,
    modified_time,
    shown_replaces,
    structured_dates,
    text_dates,
    thread_days,
)

# Stage orders compared; the library's STAGE_ORDER is one of them.
ORDERS: tuple[tuple[str, ...], ...] = (
    ("structured", "url", "text"),
    ("structured", "text", "url"),
    ("structured", "url", "text", "htmldate"),
    ("structured", "url", "htmldate", "text"),
    ("structured", "htmldate", "url", "text"),
    ("htmldate", "structured", "url", "text"),
    ("htmldate",),
)
# Author rule sets compared: none of the optional rules, all but one, all (the library's).
RULE_SETS: tuple[frozenset[str], ...] = (
    frozenset(),
    *(RULES - {rule} for rule in sorted(RULES)),
    RULES,
)
# Date rule sets compared: every subset of the optional rules (few enough to try them all).
DATE_RULE_SETS: tuple[frozenset[str], ...] = tuple(
    frozenset(subset)
    for size in range(len(DATE_RULES) + 1)
    for subset in itertools.combinations(sorted(DATE_RULES), size)
)
# The text stage's answer depends on its rules only; URL_LOCAL_DAY applies after the stages,
# STRUCTURED_AS_MODIFIED to the structured stage's answer.
CHOICE_RULES = frozenset({URL_LOCAL_DAY, STRUCTURED_AS_MODIFIED})
TEXT_RULE_SETS: tuple[frozenset[str], ...] = tuple(
    rules for rules in DATE_RULE_SETS if not rules & CHOICE_RULES
)
# A candidate date method: a stage order and a set of date rules, every pair of them.
Choice = tuple[tuple[str, ...], frozenset[str]]
CHOICES: tuple[Choice, ...] = tuple((order, rules) for rules in DATE_RULE_SETS for order in ORDERS)
# Page types whose labels are article metadata (wcxb_dev also labels shop and docs pages).
PAGE_TYPES = {"wcxb_dev": "article"}


@dataclass(slots=True)
class PageRecord:
    dataset: str
    site: str
    date_label: str | None
    author_label: str | None
    stages: dict[str, str | None] = field(default_factory=dict)
    modified: str | None = None
    texts: dict[frozenset[str], str | None] = field(default_factory=dict)
    # The days of the posts the structured stage passed over, and of the thread the text
    # stage passed over, per rule set.
    structured_thread_days: frozenset[str] = frozenset()
    thread_days: dict[frozenset[str], frozenset[str]] = field(default_factory=dict)
    author: str | None = None
    authors: dict[frozenset[str], str | None] = field(default_factory=dict)
    source: str | None = None
    peer_date: str | None = None
    peer_author: str | None = None
    page: Page | None = None
    content: str = ""

    def authors_with(self, rules: frozenset[str]) -> str | None:
        """The authors found with ``rules`` (computed when no earlier run cached them)."""
        if rules not in self.authors and self.page is not None:
            doc = load_document(self.page.read_html(), url=self.page.url)
            self.authors[rules] = ", ".join(extract_authors(doc, self.content, rules)) or None
        return self.authors.get(rules)


def site_of(page: Page, html: bytes) -> str:
    """Registered-domain site key: the dataset's ``site`` field (gne_zh), else the URL's
    host, else the most linked host, cut to the registered domain."""
    if page.named_site:
        return page.named_site
    host = page.url.split("://", 1)[-1].split("/", 1)[0] if page.url else linked_host(html)
    return registered_domain(host) if host else page.id


def collect(dataset: str, pages: Sequence[Page], peer: bool) -> list[PageRecord]:
    records = []
    for page in pages:
        date_label = page.fields.get("publish_date")
        author_label = page.fields.get("author")
        if not date_label and not author_label:
            continue
        html = page.read_html()
        record = PageRecord(dataset, site_of(page, html), date_label, author_label)
        doc = load_document(html, url=page.url)
        structured = structured_dates(doc, None)
        record.structured_thread_days = thread_days(structured.thread)
        record.stages = {
            name: structured.found if name == "structured" else stage(doc, None)
            for name, stage in STAGES.items()
        }
        record.modified = modified_time(doc, None)
        for rules in TEXT_RULE_SETS:
            found = text_dates(doc, None, rules)
            record.texts[rules] = found.found
            record.thread_days[rules] = thread_days(found.thread)
        result = extract(html, url=page.url, method="auto")
        if isinstance(result, Article):
            record.page, record.content = page, result.content
            record.author = result.author
            record.source = result.source
            record.authors = {
                rules: ", ".join(extract_authors(doc, result.content, rules)) or None
                for rules in RULE_SETS
            }
        if peer:
            record.peer_date, record.peer_author = trafilatura_metadata(html, page.url)
        records.append(record)
    return records


def trafilatura_metadata(html: bytes, url: str | None) -> tuple[str | None, str | None]:
    """trafilatura's date and author, given the page decoded as newscrawl decodes it (most
    cwced_zh pages are GBK)."""
    import trafilatura

    try:
        found = trafilatura.bare_extraction(decode_html(html)[0], url=url, with_metadata=True)
    except Exception:  # noqa: BLE001 -- a peer crash counts as no answer
        return None, None
    if found is None:
        return None, None
    return getattr(found, "date", None), getattr(found, "author", None)


def order_date(record: PageRecord, choice: Choice) -> str | None:
    order, rules = choice
    text_rules = rules - CHOICE_RULES
    shown = record.texts.get(text_rules)
    structured = record.stages.get("structured")
    if (
        STRUCTURED_AS_MODIFIED in rules
        and structured
        and shown_replaces(structured, record.modified, shown, None)
    ):
        structured = shown
    answers = {**record.stages, "structured": structured, "text": shown}
    return choose_date(
        order,
        answers.get,
        None,
        rules,
        lambda: record.structured_thread_days | record.thread_days.get(text_rules, frozenset()),
    )


def date_accuracy(records: Sequence[PageRecord], choice: Choice) -> tuple[int, int]:
    labelled = dated(records)
    return sum(date_matches(order_date(r, choice), r.date_label or "") for r in labelled), len(
        labelled
    )


def choice_name(choice: Choice) -> str:
    order, rules = choice
    return ">".join(order) + " [" + ("+".join(sorted(rules)) or "no rules") + "]"


def dated(records: Sequence[PageRecord]) -> list[PageRecord]:
    """Pages whose date label is a date (a day, a month or a year)."""
    return [r for r in records if r.date_label and date_label(r.date_label)]


def fold_of(site: str, folds: int) -> int:
    return int(hashlib.sha256(site.encode()).hexdigest(), 16) % folds


def cross_validate(records: Sequence[PageRecord], folds: int) -> tuple[int, int, list[str]]:
    """Held-out date hits and pages over all folds, and the order each fold chose."""
    hits = total = 0
    chosen = []
    for fold in range(folds):
        tuning = [r for r in records if fold_of(r.site, folds) != fold]
        scoring = [r for r in records if fold_of(r.site, folds) == fold]
        # Ties go to fewer rules, then to the earlier choice in CHOICES (fewer stages, no
        # library first).
        best = max(
            CHOICES,
            key=lambda choice: (
                date_accuracy(tuning, choice)[0],
                -len(choice[1]),
                -CHOICES.index(choice),
            ),
        )
        fold_hits, fold_total = date_accuracy(scoring, best)
        hits += fold_hits
        total += fold_total
        chosen.append(choice_name(best))
    return hits, total, chosen


def author_hits(records: Sequence[PageRecord], rules: frozenset[str]) -> tuple[int, float]:
    """Same-set hits and summed token F1 of the authors found with ``rules``."""
    authored = [r for r in records if r.author_label]
    return (
        sum(author_matches(r.authors_with(rules), r.author_label or "") for r in authored),
        sum(author_token_f1(r.authors_with(rules), r.author_label or "") for r in authored),
    )


def every_page_hits(records: Sequence[PageRecord], rules: frozenset[str]) -> int:
    """Pages whose authors found with ``rules`` are the same set as the label's, no author
    being the right answer where the label names none."""
    return sum(
        author_matches(r.authors_with(rules), r.author_label)
        if r.author_label
        else not r.authors_with(rules)
        for r in records
    )


def same_set_hits(records: Sequence[PageRecord], rules: frozenset[str]) -> int:
    return author_hits(records, rules)[0]


def fold_rules(
    records: Sequence[PageRecord],
    folds: int,
    hits_of: Callable[[Sequence[PageRecord], frozenset[str]], int] = same_set_hits,
) -> list[tuple[list[PageRecord], frozenset[str]]]:
    """Each fold's pages and the rules the other folds keep: a rule is kept when all rules
    score more there (by ``hits_of``) than all but it (a tie drops it, so a rule that fixes
    one site's pages gains nothing where that site is held out)."""
    found = []
    for fold in range(folds):
        tuning = [r for r in records if fold_of(r.site, folds) != fold]
        scoring = [r for r in records if fold_of(r.site, folds) == fold]
        with_all = hits_of(tuning, RULES)
        best = frozenset(rule for rule in RULES if with_all > hits_of(tuning, RULES - {rule}))
        found.append((scoring, best))
    return found


def cross_validate_authors(
    records: Sequence[PageRecord], folds: int
) -> tuple[int, float, list[str]]:
    """Held-out same-set hits and token F1 sum with the rules :func:`fold_rules` keeps."""
    hits, f1 = 0, 0.0
    chosen = []
    for scoring, best in fold_rules(records, folds):
        fold_hits, fold_f1 = author_hits(scoring, best)
        hits += fold_hits
        f1 += fold_f1
        chosen.append("+".join(sorted(best)) or "none")
    return hits, f1, chosen


def cross_validate_every_page(records: Sequence[PageRecord], folds: int) -> tuple[int, list[str]]:
    """Held-out every-page hits (:func:`every_page_hits`) when the folds also choose by them."""
    hits, chosen = 0, []
    for scoring, best in fold_rules(records, folds, every_page_hits):
        hits += every_page_hits(scoring, best)
        chosen.append("+".join(sorted(best)) or "none")
    return hits, chosen


def report(
    dataset: str, records: Sequence[PageRecord], folds: int, peer: bool, every_page: bool = False
) -> None:
    sites = len({r.site for r in records})
    print(f"## {dataset}: {len(records)} labelled pages from {sites} sites")
    # Every order with the default rules, then the library's order with every rule set.
    shown = [(order, DEFAULT_DATE_RULES) for order in ORDERS]
    shown += [(STAGE_ORDER, rules) for rules in DATE_RULE_SETS if rules != DEFAULT_DATE_RULES]
    for choice in shown:
        hits, total = date_accuracy(records, choice)
        mark = "  (library)" if choice == (STAGE_ORDER, DEFAULT_DATE_RULES) else ""
        print(f"date in-sample {choice_name(choice):80} {hits}/{total} = {hits / total:.3f}{mark}")
    hits, total, chosen = cross_validate(records, folds)
    print(
        f"date cross-validated ({folds} site-grouped folds): {hits}/{total} = "
        f"{hits / total:.3f}; orders chosen: {collections.Counter(chosen).most_common()}"
    )
    authored = [r for r in records if r.author_label]
    same = sum(author_matches(r.author, r.author_label or "") for r in authored)
    f1 = sum(author_token_f1(r.author, r.author_label or "") for r in authored)
    print(
        f"author same set {same}/{len(authored)} = {same / len(authored):.3f}; token F1 "
        f"{f1 / len(authored):.3f}"
    )
    # The other side of the author figure: a name given where the label names nobody (a
    # menu word, a site section) is wrong data the same-set figure does not see.
    unnamed = [r for r in records if not r.author_label]
    named = sum(1 for r in unnamed if r.author)
    right = same + len(unnamed) - named  # the empty set is the same set as no label's
    print(
        f"author given where the label names none: {named}/{len(unnamed)}; same set on every "
        f"page (none given where none is labelled): {right}/{len(records)} = "
        f"{right / len(records):.3f}"
    )
    for rules in RULE_SETS:
        hits, f1 = author_hits(records, rules)
        mark = "  (library RULES)" if rules == RULES else ""
        print(
            f"author in-sample {'+'.join(sorted(rules)) or 'none':40} {hits}/{len(authored)}"
            f" = {hits / len(authored):.3f}; token F1 {f1 / len(authored):.3f}{mark}"
        )
    hits, f1, chosen = cross_validate_authors(records, folds)
    print(
        f"author cross-validated ({folds} site-grouped folds): {hits}/{len(authored)} = "
        f"{hits / len(authored):.3f}; token F1 {f1 / len(authored):.3f}; rule sets chosen: "
        f"{collections.Counter(chosen).most_common()}"
    )
    if every_page:
        hits, chosen = cross_validate_every_page(records, folds)
        print(
            f"author cross-validated on every page, chosen by it: {hits}/{len(records)} = "
            f"{hits / len(records):.3f}; rule sets chosen: "
            f"{collections.Counter(chosen).most_common()}"
        )
    if peer:
        labelled = dated(records)
        peer_dates = sum(date_matches(r.peer_date, r.date_label or "") for r in labelled)
        peer_same = sum(author_matches(r.peer_author, r.author_label or "") for r in authored)
        peer_f1 = sum(author_token_f1(r.peer_author, r.author_label or "") for r in authored)
        print(
            f"trafilatura: date {peer_dates}/{len(labelled)} = "
            f"{peer_dates / len(labelled):.3f}; "
            f"author same set {peer_same / len(authored):.3f}; token F1 "
            f"{peer_f1 / len(authored):.3f}"
        )
    print()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="folder of dataset folders")
    parser.add_argument("--datasets", nargs="+", default=["cwced_zh", "wcxb_dev", "gne_zh"])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None, help="pages per dataset")
    parser.add_argument(
        "--page-type",
        default=None,
        help="the wcxb_dev page type scored (default: article); 'all' for every type",
    )
    parser.add_argument("--trafilatura", action="store_true", help="score trafilatura too")
    parser.add_argument(
        "--every-page",
        action="store_true",
        help="also cross-validate the author rules by every page (no author right where the "
        "label names none)",
    )
    parser.add_argument(
        "--pooled",
        action="store_true",
        help="also report the datasets' pages together: one choice for every set, as the "
        "library makes it",
    )
    args = parser.parse_args(argv)
    pooled: list[PageRecord] = []
    for dataset in args.datasets:
        path = args.data / dataset / "pages.jsonl"
        if not path.is_file():
            print(f"{path}: no such dataset file", file=sys.stderr)
            return 2
        page_type = PAGE_TYPES.get(dataset)
        if page_type is not None and args.page_type is not None:
            page_type = None if args.page_type == "all" else args.page_type
        pages = load_pages(path, page_type=page_type, limit=args.limit)
        records = collect(dataset, pages, args.trafilatura)
        if not records:
            kind = f" of page type {page_type!r}" if page_type else ""
            print(f"{path}: no page{kind} with a date or author label", file=sys.stderr)
            return 2
        report(dataset, records, args.folds, args.trafilatura, args.every_page)
        pooled += records
    if args.pooled:
        report("pooled", pooled, args.folds, args.trafilatura, args.every_page)
    return 0


if __name__ == "__main__":
    sys.exit(main())
