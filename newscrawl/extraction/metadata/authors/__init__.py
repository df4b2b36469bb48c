"""Authors: JSON-LD, meta tags, author markup (itemprop/rel/class), then byline cues.

Every candidate is cleaned (:func:`clean_names`: "By ", "作者：", roles such as "Staff
Writer", trailing dates, e-mail addresses and the site's own name dropped), split into
names ("A, B and C", "甲、乙", "甲 乙") and each name validated: no URLs, not all digits, not
a placeholder such as "admin", 2-60 characters. The first candidate with a valid name wins.
Editors ("编辑：", "责任编辑") are only a fallback when no writer is named.

This module holds the candidates' order and the choice among them; ``rules`` names the
optional rules (:data:`RULES`), ``names`` what a person's name is, ``cleaning`` how a byline
becomes names, ``cues`` the bylines in the page text (and the one closing the content),
``markup`` the candidates of markup and structured data, ``page_layout`` those read from
where text stands on the page.
"""

from __future__ import annotations

from collections.abc import Iterator

from newscrawl.extraction.document import Document, source_markers
from newscrawl.extraction.metadata.authors.cleaning import (
    CJK_ONLY,
    clean_names,
    organisation_name,
    site_names_of,
    without_co_organisations,
)
from newscrawl.extraction.metadata.authors.cues import (
    AUTHOR_CUES,
    EDITOR_CUE,
    ENDED_CUE,
    MORE_CUES,
    WRITTEN_BY,
    bracketed_byline,
    closing_byline,
    cue_candidates,
    cue_search,
    find_en_byline,
    lines_after,
    name_opening,
)
from newscrawl.extraction.metadata.authors.markup import (
    HANDLE,
    META_KEYS,
    ForumHandle,
    citation_name,
    is_post,
    json_ld_name,
    json_ld_nodes,
    json_ld_organisation,
    markup_names,
    meta_values,
    noscript_microdata,
    profile_link_names,
    twitter_written_by,
)
from newscrawl.extraction.metadata.authors.page_layout import (
    around_headline,
    author_label_line,
    blog_owner,
    given_name_line,
    host_owner,
    line_under_headline,
    name_beside_date,
    thread_starter,
)
from newscrawl.extraction.metadata.authors.rules import (
    AUTHOR_BOX_HEADING,
    AUTHOR_BOX_NAMES,
    AUTHOR_LABEL_LINE,
    BLOG_OWNER,
    BY_OPENS_BYLINE,
    BYLINE_FORMS,
    BYLINE_SEGMENTS,
    CAMEL_CASE_NAMES,
    CLOSING_AFTER_CONTENT,
    CO_AUTHORS,
    CUE_NAME_ENDS,
    CUES_BEFORE_TAGS,
    EARLIEST_CUE,
    EMPTY_FIELD_LABELS,
    GIVEN_NAME_LINE,
    HOST_OWNER,
    JSON_LD_REFERENCES,
    LINE_UNDER_HEADLINE,
    MAIN_ENTITY_AUTHORS,
    NAME_BESIDE_DATE,
    NAME_OPENING_CONTENT,
    NO_COMMENT_AUTHORS,
    NOSCRIPT_AUTHORS,
    ORGANISATION_FALLBACK,
    PERSONAL_SITE_NAMES,
    POST_MICRODATA,
    PROFILE_LINKS,
    RULES,
    SITE_BRAND_PREFIX,
    SOURCE_NOT_AUTHOR,
    THREAD_STARTER,
    TITLE_SITE_NAMES,
    TWITTER_WRITTEN_BY,
    VISIBLE_CUE_WINDOW,
    WRITTEN_BY_ANYWHERE,
)
from newscrawl.extraction.metadata.dates import main_entities
from newscrawl.extraction.metadata.source import extract_source
from newscrawl.extraction.text import is_mostly_cjk

__all__ = [
    "AUTHOR_BOX_HEADING",
    "AUTHOR_BOX_NAMES",
    "AUTHOR_LABEL_LINE",
    "BLOG_OWNER",
    "BYLINE_FORMS",
    "BYLINE_SEGMENTS",
    "BY_OPENS_BYLINE",
    "CAMEL_CASE_NAMES",
    "CLOSING_AFTER_CONTENT",
    "CO_AUTHORS",
    "CUES_BEFORE_TAGS",
    "CUE_NAME_ENDS",
    "EARLIEST_CUE",
    "EMPTY_FIELD_LABELS",
    "GIVEN_NAME_LINE",
    "HOST_OWNER",
    "JSON_LD_REFERENCES",
    "LINE_UNDER_HEADLINE",
    "MAIN_ENTITY_AUTHORS",
    "NAME_BESIDE_DATE",
    "NAME_OPENING_CONTENT",
    "NOSCRIPT_AUTHORS",
    "NO_COMMENT_AUTHORS",
    "ORGANISATION_FALLBACK",
    "PERSONAL_SITE_NAMES",
    "POST_MICRODATA",
    "PROFILE_LINKS",
    "RULES",
    "SITE_BRAND_PREFIX",
    "SOURCE_NOT_AUTHOR",
    "THREAD_STARTER",
    "TITLE_SITE_NAMES",
    "TWITTER_WRITTEN_BY",
    "UNREAD",
    "VISIBLE_CUE_WINDOW",
    "WRITTEN_BY_ANYWHERE",
    "extract_author",
    "extract_authors",
]


class _Unread:
    """The page's source when the caller has not read it: read on demand."""


UNREAD = _Unread()


def extract_author(doc: Document, content: str | None = None) -> str | None:
    """The article's author(s) as one string ("A, B"), or None."""
    return ", ".join(extract_authors(doc, content)) or None


def extract_authors(
    doc: Document,
    content: str | None = None,
    rules: frozenset[str] = RULES,
    source: str | _Unread | None = UNREAD,
) -> list[str]:
    """The article's authors, or []. ``content``, the extracted article text, adds its
    closing bracketed byline; an organisation the page names as its author comes last.
    ``source``, the page's :func:`extract_source` where the caller has it, is no author."""
    site_names = site_names_of(doc, TITLE_SITE_NAMES in rules)
    organisation: str | None = None
    outlets = _Outlets(doc, site_names, rules, source)
    for candidate in _candidates(doc, rules):
        if isinstance(candidate, ForumHandle) and HANDLE.fullmatch(candidate):
            return [str(candidate)]
        names = clean_names(candidate, site_names, rules)
        if names and not outlets.credited(names):
            return names
        if organisation is None and ORGANISATION_FALLBACK in rules:
            organisation = organisation_name(candidate, site_names)
    closing = closing_byline(content) if content else None
    if closing is None and content and CLOSING_AFTER_CONTENT in rules:
        closing = bracketed_byline(lines_after(doc.body_text(), content))
    names = clean_names(closing, site_names, rules) if closing else []
    if not names and content and NAME_OPENING_CONTENT in rules:
        opening = name_opening(content)
        names = clean_names(opening, site_names, rules) if opening else []
    if names or ORGANISATION_FALLBACK not in rules:
        return names
    organisation = json_ld_organisation(doc) or organisation
    return [organisation] if organisation else []


class _Outlets:
    """The outlets a page names (its labelled source, its brand), read only when a
    candidate could be one of them."""

    def __init__(
        self,
        doc: Document,
        site_names: frozenset[str],
        rules: frozenset[str],
        source: str | _Unread | None,
    ):
        self._doc = doc
        self._rules = rules
        self._brands = tuple(name for name in site_names if CJK_ONLY.match(name))
        self._source = source

    def credited(self, names: list[str]) -> bool:
        """Whether ``names`` is one name that is an outlet's, not a writer's."""
        if len(names) != 1:
            return False
        name = names[0]
        if (
            SITE_BRAND_PREFIX in self._rules
            and CJK_ONLY.match(name)
            and any(
                brand.startswith(name) and brand[len(name) :][:1] != "的" for brand in self._brands
            )
        ):
            return True
        if SOURCE_NOT_AUTHOR in self._rules:
            if isinstance(self._source, _Unread):
                self._source = extract_source(self._doc)
            return self._source is not None and name.casefold() == self._source.casefold()
        return False


source_markers("author", "byline")


def _candidates(doc: Document, rules: frozenset[str]) -> Iterator[str]:
    nodes = json_ld_nodes(doc) if JSON_LD_REFERENCES in rules else {}
    for item in doc.json_ld:
        name = json_ld_name(item.get("author"), nodes)
        if name:
            yield name
    if MAIN_ENTITY_AUTHORS in rules:
        for item in doc.json_ld:
            for entity in main_entities(item):
                name = json_ld_name(entity.get("author"), nodes)
                if name:
                    yield ForumHandle(name) if is_post(entity) else name
    author_cues = (ENDED_CUE, *AUTHOR_CUES[1:]) if CUE_NAME_ENDS in rules else AUTHOR_CUES
    more = MORE_CUES if BYLINE_FORMS in rules else ()
    cues_first = CUES_BEFORE_TAGS in rules and is_mostly_cjk(doc.title_text, per="letter")
    if cues_first:
        yield from cue_candidates(doc, rules, author_cues + more)
    for key in META_KEYS:
        if key == "citation_author" and key in doc.meta:
            # Papers list every author in a tag of its own, "Last, First" each.
            yield ", ".join(citation_name(value) for value in meta_values(doc, key))
        elif doc.meta.get(key):
            yield doc.meta[key]
    if TWITTER_WRITTEN_BY in rules and (labelled := twitter_written_by(doc)):
        yield labelled
    if THREAD_STARTER in rules and (starter := thread_starter(doc)):
        yield ForumHandle(starter)
    if doc.holds("author") or doc.holds("byline"):
        yield from markup_names(doc.root, rules)
        if NOSCRIPT_AUTHORS in rules:
            for fragment in noscript_microdata(doc.html):
                yield from markup_names(fragment, rules)
    if not cues_first:
        yield from cue_candidates(doc, rules, (*author_cues, EDITOR_CUE, *more))
    match = find_en_byline(
        around_headline(doc), BY_OPENS_BYLINE in rules, co_authors=CO_AUTHORS in rules
    )
    if match:
        yield without_co_organisations(match.group("name"))
    if PROFILE_LINKS in rules:
        yield from profile_link_names(doc)
    if NAME_BESIDE_DATE in rules and (dated := name_beside_date(doc, BYLINE_SEGMENTS in rules)):
        yield dated
    if WRITTEN_BY_ANYWHERE in rules and (written := cue_search(WRITTEN_BY, doc.body_text())):
        yield written.group("name")
    if AUTHOR_LABEL_LINE in rules and (labelled := author_label_line(doc)):
        yield labelled
    if LINE_UNDER_HEADLINE in rules and (name := line_under_headline(doc)):
        yield name
    if GIVEN_NAME_LINE in rules and (name := given_name_line(doc)):
        yield name
    if BLOG_OWNER in rules and (owner := blog_owner(doc)):
        yield owner
    if HOST_OWNER in rules and (owner := host_owner(doc)):
        yield owner
    if cues_first:  # an editor only when no writer is named
        yield from cue_candidates(doc, rules, (EDITOR_CUE,))
