"""The ``htmldate`` stage: the htmldate library's date, the fallback when the cheaper stages
found nothing."""

from __future__ import annotations

from datetime import UTC, datetime

from htmldate import find_date

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata.dates.forms import MAX_AHEAD, normalize_date
from newscrawl.extraction.text import is_mostly_cjk

# htmldate's answer when all it found is a year (a copyright line, "© 2020", or a year alone):
# 1 January of it. That is no publish day, and storing it would put the article on a day it
# was not published (docs/benchmarks/metadata.md: none of its nine such answers on the dev
# sets was right).
YEAR_ONLY_DAY = "-01-01"


# Characters of the body's text that tell a page without a <title> Chinese or not.
LANGUAGE_SAMPLE_CHARS = 1000


def reads_as_chinese(doc: Document) -> bool:
    """Whether the page's ``<title>`` (its body's first visible characters when it has none)
    is mostly Chinese."""
    return is_mostly_cjk(doc.title_text or doc.visible_start(LANGUAGE_SAMPLE_CHARS))


# htmldate's extensive search, a scan of the whole markup for any date-like string when
# nothing else in the page gave a date, is off. On the dev sets it stores as many wrong days
# as it adds right ones (wcxb_dev 3 and 3; on Chinese pages none right and one wrong), and it
# costs about 4 % of auto's CPU (half of the htmldate stage), a margin the 3x-trafilatura
# speed target of issues 16 and 17 ("with the date and author work included") does not
# leave on every machine (benchmarks/htmldate_search_cv.py; docs/benchmarks/metadata.md).
EXTENSIVE_SEARCH = False


def extensive_search(doc: Document) -> bool:
    """Whether htmldate may end with its extensive search: with :data:`EXTENSIVE_SEARCH`
    on, on pages that are not Chinese (there it gave no right date on the dev sets)."""
    return EXTENSIVE_SEARCH and not reads_as_chinese(doc)


def htmldate_date(
    doc: Document, fetched_at: datetime | None = None, extensive: bool | None = None
) -> str | None:
    """The htmldate library's original-publication date (it parses the page again, so it
    only runs when the cheaper stages found nothing). It prefers original-publication dates
    but, on a page that states no other, may answer with the modified date: rejecting those
    cost more right dates than it saved (docs/benchmarks/metadata.md). A 1 January answer is
    htmldate's reading of a bare year (:data:`YEAR_ONLY_DAY`), not a date: None.
    ``extensive``: whether its extensive search runs (None: :func:`extensive_search`)."""
    # htmldate downloads a str that starts with "http" and holds no space, taking it for a
    # URL: a page whose source begins so ("http://169.254.169.254/...<p>") must not make the
    # extraction fetch anything. A leading space keeps it a page.
    # It parses the page again: the source goes with its tags' attributes capped as for our
    # own parse (libxml2 reads a tag's attributes in time quadratic in their number).
    html = dom.cap_attributes(doc.html)
    source = " " + html if html.startswith("http") else html
    try:
        found = find_date(
            source,
            url=doc.url,
            original_date=True,
            extensive_search=extensive_search(doc) if extensive is None else extensive,
            max_date=(fetched_at or datetime.now(UTC)) + MAX_AHEAD,
        )
    except Exception:  # noqa: BLE001 -- a library bug must not fail an extraction
        return None
    if not found or found[4:] == YEAR_ONLY_DAY:
        return None
    return normalize_date(found)
