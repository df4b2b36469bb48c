"""The ``structured`` stage: the publish time the page's markup declares (meta tags,
JSON-LD, ``<time>``, itemprop, microformat classes, epoch data attributes)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document, source_markers
from newscrawl.extraction.metadata.dates.forms import normalize_date, plausible
from newscrawl.extraction.metadata.dates.text import LABEL_REACH_CHARS
from newscrawl.extraction.metadata.dates.threads import FoundDate, ThreadMemo, thread_of

# Meta keys (lower-cased name/property/itemprop) that carry a publish time, best first
# (docs/algorithms.md A.11; GNE's PUBLISH_TIME_META list as exact keys).
META_KEYS = (
    "article:published_time",
    "article:publish_time",
    "og:published_time",
    "og:release_date",
    "og:pubdate",
    "datepublished",
    "rnews:datepublished",
    "originalpublicationdate",
    "article_date_original",
    "og:time",
    "apub:time",
    "publication_date",
    "sailthru.date",
    "publishdate",
    "publish_date",
    "pubdate",
    "pubtime",
    "_pubtime",
    "weibo:article:create_at",
    "dc.date.issued",
    "dc.date",
    "dcterms.date",
    "dcterms.created",
    "parsely-pub-date",
    "date_published",
    "published_at",
    "publish-date",
    "published-date",
    "shareaholic:article_published_time",
    "cxenseparse:recs:publishtime",
    "bt:pubdate",
    "datecreated",
    # Other widely used conventions: Parse.ly's / Sailthru's siblings, Highwire-style
    # citation tags (Google Scholar), PRISM, Dublin Core's other spellings.
    "article.published",
    "article:published",
    "published_time",
    "published",
    "citation_publication_date",
    "citation_online_date",
    "citation_date",
    "prism.publicationdate",
    "dc.date.created",
    "dc.created",
    "dcterms.issued",
    "date",
)
JSON_LD_KEYS = ("datePublished", "dateCreated")


def structured_date(doc: Document, fetched_at: datetime | None = None) -> str | None:
    """Meta tags, JSON-LD ``datePublished``, ``<time datetime>`` and itemprop markup."""
    return structured_dates(doc, fetched_at).found


def structured_dates(doc: Document, fetched_at: datetime | None = None) -> FoundDate:
    """:func:`structured_date`, with the posts whose ``<time>`` it passed over (as far as it
    read: it stops at the first plausible value)."""
    passed_over: list[Element] = []
    for value in _candidates(doc, passed_over):
        normalized = normalize_date(value)
        if normalized and plausible(normalized, fetched_at):
            return FoundDate(normalized, tuple(passed_over))
    return FoundDate(None, tuple(passed_over))


# Attributes of date markup that hold a machine-readable value.
DATE_ATTRIBUTES = ("datetime", "data-published", "data-timestamp", "content")
# Attributes some templates put a publish time (often a Unix epoch) on, read on elements whose
# class or id names a date, so a comment's or a widget's clock is not taken.
DATA_DATE_ATTRIBUTES = (
    "data-timestamp",
    "data-published",
    "data-publish",
    "data-publish-time",
    "data-publish-date",
    "data-pubdate",
)
_DATE_CLASS = re.compile(r"date|time|publish|posted|byline|meta", re.IGNORECASE)
# "data-timestamp=" ... anywhere in the source (Document.holds, one pass for every marker):
# the XPath walk costs more than this test.
_DATA_DATE_MARKERS = source_markers(*(f"{a}=" for a in DATA_DATE_ATTRIBUTES))


def json_ld_items(doc: Document) -> list[dict[str, Any]]:
    """The page's JSON-LD objects, each followed by the article its ``mainEntity`` holds (a
    WebPage whose ``mainEntity`` is the Article). A QAPage's Question is not the page's
    publication: its dates are the question's and its answers'."""
    items: list[dict[str, Any]] = []
    for item in doc.json_ld:
        items.append(item)
        items += [found for found in main_entities(item) if _is_article(found)]
    return items


def main_entities(item: dict[str, Any]) -> list[dict[str, Any]]:
    """The objects of a JSON-LD item's ``mainEntity`` (one or a list)."""
    entity = item.get("mainEntity")
    entities = entity if isinstance(entity, list) else [entity]
    return [found for found in entities if isinstance(found, dict)]


def json_ld_types(item: dict[str, Any]) -> list[str]:
    """The names a JSON-LD item's ``@type`` gives (one or a list)."""
    kind = item.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return [k for k in kinds if isinstance(k, str)]


def _is_article(item: dict[str, Any]) -> bool:
    return any(k.endswith(("Article", "BlogPosting")) for k in json_ld_types(item))


source_markers("datePublished")


def _candidates(doc: Document, passed_over: list[Element]) -> Iterator[str]:
    """Publish-time values, best source first; lazily, since most pages answer from a meta
    tag and the later sources walk the tree. The posts whose bare ``<time>`` is skipped as
    another post's go to ``passed_over``."""
    yield from (doc.meta[key] for key in META_KEYS if doc.meta.get(key))
    for item in json_ld_items(doc):
        yield from (v for key in JSON_LD_KEYS if isinstance(v := item.get(key), str))
    times: list[etree._Element] = list(doc.root.iter("time"))
    # HTML's <time pubdate> says the element is the publish time, so it comes first, and
    # its text is read when it has no machine value ("<time pubdate>March 4, 2024</time>"),
    # as is microdata's datePublished's. A bare <time>'s text may be anywhere (lists of
    # other posts): the text stage reads it when it stands by the headline.
    # A <time> its class or itemprop calls the update comes after the others (WordPress
    # themes print "updated" before "published" at times).
    marked = [el for el in times if el.get("pubdate") is not None] + sorted(times, key=_updated)
    if doc.holds("datePublished"):  # substring first: most pages have no such markup
        marked += [el for el in doc.root.iter() if el.get("itemprop") == "datePublished"]
    threads = ThreadMemo()
    skipped_runs: set[Element] = set()  # each run by its first post
    for el in marked:
        declared = el.get("pubdate") is not None or el.get("itemprop") == "datePublished"
        if not declared and (thread := thread_of(el, doc.url, threads)):
            if thread[0] not in skipped_runs:
                skipped_runs.add(thread[0])
                passed_over.extend(thread)
            continue  # a comment's or another post's time
        found = [v for attr in DATE_ATTRIBUTES if (v := el.get(attr))]
        if not found and declared:
            found = [" ".join(dom.text_content(el).split())[:LABEL_REACH_CHARS]]
        yield from found
    if any(map(doc.holds, _PUBLISHED_CLASS_WORDS)) and _PUBLISHED_CLASS_IN_HTML.search(doc.html):
        yield from _published_class_dates(doc)
    if any(map(doc.holds, _DATA_DATE_MARKERS)):
        yield from _data_attribute_dates(doc)
    if doc.broken_json_ld and not any("datePublished" in i for i in doc.json_ld):
        yield from _broken_json_ld_dates(doc.broken_json_ld)


_UPDATED_TIME = re.compile(r"updated|modified", re.IGNORECASE)


def _updated(el: etree._Element) -> bool:
    """Whether a ``<time>``'s class or itemprop calls it the update ("updated",
    "dateModified"), not the publication."""
    return _UPDATED_TIME.search(f"{el.get('class') or ''} {el.get('itemprop') or ''}") is not None


_JSON_DATE_PUBLISHED = re.compile(r'"datePublished"\s*:\s*"([^"]{6,40})"')


def _broken_json_ld_dates(blocks: list[str]) -> list[str]:
    """``datePublished`` values of the JSON-LD blocks that are not JSON: the site still means
    them, and search engines read them. Blocks that parse were read as JSON-LD already."""
    return [found.group(1) for text in blocks for found in _JSON_DATE_PUBLISHED.finditer(text)]


# Microformats name the publish time by class: hAtom's "published", h-entry's "dt-published";
# themes spell it "post-date", "publish-date", "date-published".
_PUBLISHED_CLASS = re.compile(
    r"(?<![\w-])(?:dt-published|published|post-date|publish(?:ed)?-date|date-published)(?![\w-])"
)
# The pattern runs only on a source holding one of the words (the XPath walk costs more).
_PUBLISHED_CLASS_WORDS = source_markers("published", "post-date", "publish-date")
_PUBLISHED_CLASS_IN_HTML = re.compile(r'class="[^"]*(?:published|post-date|publish-date)')
# lxml's XPath finds the few candidates in C; the pattern then checks whole class names.
_PUBLISHED_CLASS_XPATH = etree.XPath(
    '//*[contains(@class, "published") or contains(@class, "post-date") '
    'or contains(@class, "publish-date")]'
)


def _published_class_dates(doc: Document) -> list[str]:
    values = []
    for el in _PUBLISHED_CLASS_XPATH(doc.root):
        if el.tag == "time":  # read above
            continue
        if _PUBLISHED_CLASS.search(el.get("class", "")):
            found = [v for attr in ("datetime", "title", "content") if (v := el.get(attr))]
            values += found or [" ".join(dom.text_content(el).split())[:LABEL_REACH_CHARS]]
    return values


def _data_attribute_dates(doc: Document) -> list[str]:
    values = []
    for el in doc.root.iter():
        if not isinstance(el.tag, str):
            continue
        found = [v for attr in DATA_DATE_ATTRIBUTES if (v := el.get(attr))]
        if found and _DATE_CLASS.search(f"{el.get('class', '')} {el.get('id', '')}"):
            values += found
    return values
