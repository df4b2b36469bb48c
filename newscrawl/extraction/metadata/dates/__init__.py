"""Publish and modified time of a page, from stages tried in :data:`STAGE_ORDER`.

Stages: ``structured`` (meta tags, JSON-LD, ``<time>``, itemprop, microformat classes, epoch
data attributes), ``url`` (a date in the path), ``text`` (labelled lines such as "发布时间：",
then dates after the headline, Chinese month-day forms with the year from the URL or the
fetch time, "昨天"/"3小时前"/"Yesterday at 5:03 PM" relative to the fetch time) and
``htmldate`` (the htmldate library, as a fallback). The order was chosen by
site-grouped cross-validation (benchmarks/metadata_cv.py, docs/benchmarks/metadata.md).

Every value goes through :func:`normalize_date`, which returns ISO 8601 (``2025-09-04``,
``2025-09-04T10:30`` or ``2025-09-04T10:30:00``) with a UTC offset only when the page states
one, and rejects impossible dates (month 13, 31 February, a year before the web). A date
after the fetch time (plus a day of time zones) is rejected too: it is a page's clock, an
event date or an id, never when the page was published.

The modules, one concept each: :mod:`.choose` (the stage order and the choice among the
stages' answers), :mod:`.rules` (the optional rules' names), :mod:`.structured`, :mod:`.url`,
:mod:`.text` and :mod:`.htmldate_stage` (the stages; :mod:`.partial`: the month-days, relative
times and months the text stage reads), :mod:`.modified` (the last-modified time),
:mod:`.threads` (runs of dated posts, whose dates the stages pass over) and :mod:`.forms` (the
date patterns and :func:`normalize_date`). The names below are re-exported: a setting read
at run time (``choose.STAGE_ORDER``, ``htmldate_stage.EXTENSIVE_SEARCH``) is changed, or
monkeypatched, on the module that reads it, not here.
"""

from __future__ import annotations

from newscrawl.extraction.metadata.dates.choose import (
    STAGE_ORDER,
    STAGES,
    PageDates,
    before,
    choose_date,
    extract_dates,
    extract_publish_time,
    local_day,
    publish_time,
    shown_replaces,
)
from newscrawl.extraction.metadata.dates.forms import (
    DATE_ONLY_CHARS,
    MIN_YEAR,
    MONTHS,
    normalize_date,
    plausible,
    with_timezone,
)
from newscrawl.extraction.metadata.dates.htmldate_stage import (
    extensive_search,
    htmldate_date,
    reads_as_chinese,
)
from newscrawl.extraction.metadata.dates.modified import modified_time
from newscrawl.extraction.metadata.dates.rules import (
    DATE_ABOVE_HEADLINE,
    DATE_RULES,
    DEFAULT_DATE_RULES,
    LABEL_OWN_LINES,
    LABELS_PAST_WINDOW,
    STRUCTURED_AS_MODIFIED,
    URL_LOCAL_DAY,
    YEAR_LAST_DATES,
    YEAR_MONTH_DATES,
)
from newscrawl.extraction.metadata.dates.structured import (
    JSON_LD_KEYS,
    META_KEYS,
    json_ld_types,
    main_entities,
    structured_date,
    structured_dates,
)
from newscrawl.extraction.metadata.dates.text import text_date, text_dates
from newscrawl.extraction.metadata.dates.threads import FoundDate, thread_days, thread_of
from newscrawl.extraction.metadata.dates.url import url_date

__all__ = [
    "DATE_ABOVE_HEADLINE",
    "DATE_ONLY_CHARS",
    "DATE_RULES",
    "DEFAULT_DATE_RULES",
    "JSON_LD_KEYS",
    "LABELS_PAST_WINDOW",
    "LABEL_OWN_LINES",
    "META_KEYS",
    "MIN_YEAR",
    "MONTHS",
    "STAGES",
    "STAGE_ORDER",
    "STRUCTURED_AS_MODIFIED",
    "URL_LOCAL_DAY",
    "YEAR_LAST_DATES",
    "YEAR_MONTH_DATES",
    "FoundDate",
    "PageDates",
    "before",
    "choose_date",
    "extensive_search",
    "extract_dates",
    "extract_publish_time",
    "htmldate_date",
    "json_ld_types",
    "local_day",
    "main_entities",
    "modified_time",
    "normalize_date",
    "plausible",
    "publish_time",
    "reads_as_chinese",
    "shown_replaces",
    "structured_date",
    "structured_dates",
    "text_date",
    "text_dates",
    "thread_days",
    "thread_of",
    "url_date",
    "with_timezone",
]
