"""The stages in :data:`STAGE_ORDER` and the choice among their answers: the first
plausible one, with the optional rules (:mod:`.rules`) that apply after the stages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from lxml.etree import _Element as Element

from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata.dates.forms import DATE_ONLY_CHARS, plausible
from newscrawl.extraction.metadata.dates.htmldate_stage import htmldate_date
from newscrawl.extraction.metadata.dates.modified import modified_time
from newscrawl.extraction.metadata.dates.rules import (
    DEFAULT_DATE_RULES,
    STRUCTURED_AS_MODIFIED,
    URL_LOCAL_DAY,
)
from newscrawl.extraction.metadata.dates.structured import structured_date, structured_dates
from newscrawl.extraction.metadata.dates.text import text_date, text_dates
from newscrawl.extraction.metadata.dates.threads import FoundDate, thread_days
from newscrawl.extraction.metadata.dates.url import url_date

STAGES: dict[str, Callable[[Document, datetime | None], str | None]] = {
    "structured": structured_date,
    "url": url_date,
    "text": text_date,
    "htmldate": htmldate_date,
}
# Chosen by site-grouped cross-validation over candidate orders (benchmarks/metadata_cv.py).
STAGE_ORDER: tuple[str, ...] = ("structured", "url", "text", "htmldate")


@dataclass(frozen=True, slots=True)
class PageDates:
    """ISO 8601 publish and last-modified time; None when the page gives no valid one.
    ``before_since``: how many of the two were passed over as older than the site."""

    published: str | None = None
    modified: str | None = None
    before_since: int = 0


def extract_publish_time(
    doc: Document,
    fetched_at: datetime | None = None,
    since: date | None = None,
    modified: Callable[[], str | None] | None = None,
) -> str | None:
    """The page's publish time as ISO 8601, or None when no stage gives a plausible date
    (with ``since``, the site's first day, none before it either). ``modified``: the page's
    :func:`modified_time`, when the caller has it."""
    return publish_time(doc, fetched_at, STAGE_ORDER, DEFAULT_DATE_RULES, since, modified)


def extract_dates(
    doc: Document, fetched_at: datetime | None = None, since: date | None = None
) -> PageDates:
    """Publish time (as :func:`extract_publish_time`) and the modified time, apart; neither
    before ``since`` (the day the site began: such a date is not the page's), and how many
    were passed over for it (a ``since`` set too late shows in the crawl's report)."""
    refused = 0
    stated = modified_time(doc, fetched_at)  # read once: the publish date's rules ask too
    # Without ``since`` first: only an answer before it needs the stages asked again (the
    # first answer not before it is the same either way).
    published = extract_publish_time(doc, fetched_at, modified=lambda: stated)
    if published and before(published, since):
        refused += 1
        published = extract_publish_time(doc, fetched_at, since, lambda: stated)
    modified = stated
    if modified and before(modified, since):
        refused += 1
        modified = None
    return PageDates(published, modified, refused)


def publish_time(
    doc: Document,
    fetched_at: datetime | None,
    order: tuple[str, ...],
    rules: frozenset[str] = DEFAULT_DATE_RULES,
    since: date | None = None,
    modified: Callable[[], str | None] | None = None,
) -> str | None:
    """The first plausible date the stages named in ``order`` give (the text stage with
    ``rules``), as :func:`choose_date` picks it. ``modified``: the page's
    :func:`modified_time`, when the caller has it (else read when a rule needs it)."""
    passed_over: list[Element] = []

    def answer(name: str) -> str | None:
        if name == "structured":
            found = structured_dates(doc, fetched_at)
            if STRUCTURED_AS_MODIFIED in rules and found.found:
                stated = modified() if modified else modified_time(doc, fetched_at)
                shown = _shown_instead(doc, found.found, stated, fetched_at, rules)
                if shown is not None:
                    found = shown
        elif name == "text":
            found = text_dates(doc, fetched_at, rules)
        else:
            return STAGES[name](doc, fetched_at)
        passed_over.extend(found.thread)
        return found.found

    return choose_date(
        order, answer, fetched_at, rules, lambda: thread_days(passed_over), since=since
    )


def _shown_instead(
    doc: Document,
    structured: str,
    modified: str | None,
    fetched_at: datetime | None,
    rules: frozenset[str],
) -> FoundDate | None:
    """The text stage's date when it replaces the structured ``structured`` date
    (:func:`shown_replaces`); None otherwise. The text is read only on the modified day."""
    if not modified or modified[:DATE_ONLY_CHARS] != structured[:DATE_ONLY_CHARS]:
        return None
    shown = text_dates(doc, fetched_at, rules)
    return shown if shown_replaces(structured, modified, shown.found, fetched_at) else None


def shown_replaces(
    structured: str, modified: str | None, shown: str | None, fetched_at: datetime | None
) -> bool:
    """:data:`STRUCTURED_AS_MODIFIED`: whether the date the text shows near the headline
    replaces the structured one, which falls on the ``modified`` day while ``shown`` is
    another plausible day."""
    day = structured[:DATE_ONLY_CHARS]
    return bool(
        modified
        and modified[:DATE_ONLY_CHARS] == day
        and shown
        and plausible(shown, fetched_at)
        and shown[:DATE_ONLY_CHARS] != day
    )


def choose_date(
    order: tuple[str, ...],
    answer: Callable[[str], str | None],
    fetched_at: datetime | None,
    rules: frozenset[str],
    thread_days: Callable[[], frozenset[str]],
    since: date | None = None,
) -> str | None:
    """The first plausible ``answer`` of the stages in ``order``, not before ``since`` (the
    site's first day: an older date on its page is a copyright year's, a cited event's, a
    reprinted text's), when given. A later stage's date on a day the posts the structured
    and text stages passed over are stamped with (``thread_days``, asked only after the text
    stage ran) is those posts': htmldate reads comments' dates too, the visible ones and the
    ``<time datetime>`` ones."""
    text_ran = False
    for name in order:
        found = answer(name)
        if found and plausible(found, fetched_at) and not before(found, since):
            if text_ran and found[:DATE_ONLY_CHARS] in thread_days():
                continue
            if name == "structured" and URL_LOCAL_DAY in rules:
                return local_day(found, answer("url"))
            return found
        text_ran = text_ran or name == "text"
    return None


def before(iso: str, since: date | None) -> bool:
    """Whether the date ``iso`` begins is earlier than ``since`` (never, without one). A
    month ("1998-03") or a year counts from its last day: it may hold ``since``."""
    if since is None:
        return False
    day = iso[:DATE_ONLY_CHARS]
    if len(day) < DATE_ONLY_CHARS:  # "1998-03" or "1998": the period's end decides
        return day < since.isoformat()[: len(day)]
    return day < since.isoformat()


def local_day(published: str, url_day: str | None) -> str:
    """The URL's day when ``published`` is a UTC time on the day after it: the site wrote
    its own calendar day into the URL, the CMS converted the evening's clock time to UTC."""
    if url_day is None or not published.endswith("+00:00") or len(published) <= DATE_ONLY_CHARS:
        return published
    day_after = date.fromisoformat(url_day[:DATE_ONLY_CHARS]) + timedelta(days=1)
    return url_day if published[:DATE_ONLY_CHARS] == day_after.isoformat() else published
