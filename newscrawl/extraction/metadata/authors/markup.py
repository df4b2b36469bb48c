"""Author candidates from markup and structured data: JSON-LD authors, meta tags, author
markup (itemprop/rel/class), microdata inside ``<noscript>``, Yoast's twitter labels and
links to profile pages."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from lxml import etree

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata.authors.names import clean_author
from newscrawl.extraction.metadata.authors.rules import (
    AUTHOR_BOX_HEADING,
    AUTHOR_BOX_NAMES,
    NO_COMMENT_AUTHORS,
    POST_MICRODATA,
)
from newscrawl.extraction.metadata.dates import json_ld_types
from newscrawl.extraction.native import walks

META_KEYS = (
    "author",
    "article:author",
    "byl",
    "dc.creator",
    "dcterms.creator",
    "citation_author",
    "sailthru.author",
    "parsely-author",
    "twitter:creator",
)

# A class token (or a "__"-separated part of one: CSS-module names) that names the author
# box: "author", "byline", "post-author", "text__author", "authorDateBlock_authorName__x1".
# "author-avatar", "author-bio", "author-by-line-image" are pictures and biographies.
_AUTHOR_CLASS = re.compile(r"^(?:[a-z0-9-]*[-_])?(?:author|byline)(?:[-_]?name)?$")
# Rule AUTHOR_BOX_NAMES: a box's name element, "author-box__name", "authors-name", or a
# field in the plural, "field-authors".
_AUTHOR_BOX_NAME = re.compile(
    r"^[a-z0-9-]*authors?(?:[-_][a-z]+)?(?:__|[-_])name$|^(?:[a-z0-9-]*[-_])?authors$"
)
# What _is_author_markup needs in an attribute, as substrings (bytes for the C filter).
_AUTHOR_ATTRIBUTE_PARTS = (
    (b"class", b"author"),
    (b"class", b"byline"),
    (b"itemprop", b"author"),
    (b"rel", b"author"),
)
# A profile page's path: "/author/jane-doe/", "/blog/authors/jane", "/contributor/a._j._neal".
_PROFILE_PATH = re.compile(
    r"/(?:authors?|contributors?|writers?)/[^/?#\s]+/?(?:[?#]|$)", re.IGNORECASE
)
# Profile links looked at: the byline's comes early; later ones list other posts' writers.
PROFILE_LINKS_TRIED = 10
# Labels Yoast's twitter:labelN carries for the author ("Written by", "Author").
_WRITTEN_BY_LABELS = ("written by", "author")
TWITTER_LABELS = 4
# Where a comment thread starts, in the class or id of an element or its ancestors.
_COMMENT_CLASS = re.compile(r"(?:^|[\s_-])comments?(?:[\s_-]|$)", re.IGNORECASE)
# Elements of an author box that hold the name alone.
_NAME_HEADINGS = ("h2", "h3", "h4", "h5", "h6", "strong", "b")


def json_ld_organisation(doc: Document) -> str | None:
    """The name of a JSON-LD ``author`` of type Organization."""
    for item in doc.json_ld:
        authors = item.get("author")
        for author in authors if isinstance(authors, list) else [authors]:
            if (
                isinstance(author, dict)
                and author.get("@type") == "Organization"
                and isinstance(name := author.get("name"), str)
            ):
                return clean_author(name)
    return None


class ForumHandle(str):
    """A candidate that names a forum user (a thread's or a question's poster): a handle such
    as "ridwan123" or "sean_g" is their name, where a byline's digits would be noise."""


# A user handle: one word of letters, digits, "_", "." or "-", a letter among them.
HANDLE = re.compile(r"(?=[\w.\-]*[^\W\d_])[^\W_][\w.\-]{1,39}")
# The schema.org types of a forum's or a Q&A site's opening post, as a JSON-LD @type and in
# a microdata itemtype URL.
_POST_TYPES = ("DiscussionForumPosting", "Question", "SocialMediaPosting")
_POST_ITEMTYPE = re.compile(r"schema\.org/(?:" + "|".join(_POST_TYPES) + r")\b")


def is_post(entity: dict[str, Any]) -> bool:
    return any(k in _POST_TYPES for k in json_ld_types(entity))


def markup_names(root: etree._Element, rules: frozenset[str]) -> Iterator[str]:
    """The names the author markup under ``root`` gives, in document order."""
    for el in _author_markup_candidates(root):
        if not _is_author_markup(el, AUTHOR_BOX_NAMES in rules):
            continue
        if NO_COMMENT_AUTHORS in rules and _in_comments(el):
            continue
        if AUTHOR_BOX_HEADING in rules and (heading := _name_heading(el)):
            yield heading
        named = el.find(".//*[@itemprop='name']")
        source = named if named is not None else el
        name = source.get("content") or " ".join(dom.text_content(source).split())
        yield ForumHandle(name) if POST_MICRODATA in rules and _of_a_post(el) else name


def _of_a_post(el: etree._Element) -> bool:
    """Whether the microdata item an author property belongs to (the nearest ``itemscope``
    ancestor) is a forum's or a Q&A site's post."""
    if el.get("itemprop") != "author":
        return False
    for node in el.iterancestors():
        if node.get("itemscope") is not None:
            return bool(_POST_ITEMTYPE.search(node.get("itemtype") or ""))
    return False


# The author property in either quote style.
_AUTHOR_PROPERTY = re.compile(r"""itemprop=["']author["']""")


def noscript_microdata(page: str) -> Iterator[etree._Element]:
    """Each ``<noscript>`` of the page that holds an author property, parsed. Found with
    substring searches in C (one scan of the page for most pages, which have none; the
    engines that put posts there write the tag in lower case)."""
    start = page.find("<noscript")
    while start >= 0:
        tag_end = page.find(">", start)
        end = page.find("</noscript", tag_end)
        if tag_end < 0 or end < 0:
            return
        content = page[tag_end + 1 : end]
        if _AUTHOR_PROPERTY.search(content):
            root = dom.parse_html(f"<html><body>{content}</body></html>")
            if root is not None:
                yield root
        start = page.find("<noscript", end)


def _in_comments(el: etree._Element) -> bool:
    for node in (el, *el.iterancestors()):
        if _COMMENT_CLASS.search(node.get("class") or "") or _COMMENT_CLASS.search(
            node.get("id") or ""
        ):
            return True
    return False


def _name_heading(el: etree._Element) -> str | None:
    """The text of the first heading or bold line inside an author box."""
    for child in el.iterdescendants(*_NAME_HEADINGS):
        text = " ".join(dom.text_content(child).split())
        if text:
            return text
    return None


def json_ld_nodes(doc: Document) -> dict[str, dict[str, Any]]:
    """The page's named JSON-LD nodes by their @id."""
    return {
        node["@id"]: node
        for node in doc.json_ld
        if isinstance(node.get("@id"), str) and isinstance(node.get("name"), str)
    }


def twitter_written_by(doc: Document) -> str | None:
    for n in range(1, TWITTER_LABELS + 1):
        label = doc.meta.get(f"twitter:label{n}", "").casefold()
        if label.startswith(_WRITTEN_BY_LABELS):
            return doc.meta.get(f"twitter:data{n}")
    return None


def profile_link_names(doc: Document) -> Iterator[str]:
    """The text of the first links to author profile pages."""
    tried = 0
    for link in doc.root.iter("a"):
        href = link.get("href")
        if not href or not _PROFILE_PATH.search(href):
            continue
        text = " ".join(dom.text_content(link).split())
        if text:
            yield text
            tried += 1
            if tried >= PROFILE_LINKS_TRIED:
                return


def meta_values(doc: Document, key: str) -> list[str]:
    return [
        value
        for meta in doc.root.iter("meta")
        if (meta.get("name") or "").lower() == key and (value := meta.get("content"))
    ]


def citation_name(value: str) -> str:
    last, comma, first = value.partition(",")
    return f"{first.strip()} {last.strip()}" if comma else value


def _author_markup_candidates(root: etree._Element) -> Iterable[etree._Element]:
    """Elements that may be author markup: found in C when the extension is built (a
    superset of :func:`_is_author_markup`'s matches), else every element (a Python loop over
    all elements beat an XPath predicate on each 3x)."""
    if walks is None:
        return root.iter()
    return walks.elements_with(root=root, attribute_substrings=_AUTHOR_ATTRIBUTE_PARTS)


def _is_author_markup(el: etree._Element, box_names: bool = False) -> bool:
    cls = el.get("class")
    if cls and ("author" in cls or "byline" in cls):
        tokens = cls.lower().split()
        if any(_AUTHOR_CLASS.match(part) for token in tokens for part in token.split("__")):
            return True
        if box_names and any(_AUTHOR_BOX_NAME.match(token) for token in tokens):
            return True
    return bool(el.get("itemprop") == "author" or (el.tag == "a" and el.get("rel") == "author"))


def json_ld_name(value: Any, nodes: dict[str, dict[str, Any]] | None = None) -> str | None:
    """The name(s) of a JSON-LD ``author``; ``nodes`` resolves references by @id."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if "name" not in value and nodes and isinstance(value.get("@id"), str):
            value = nodes.get(value["@id"], value)
        if value.get("@type") == "Organization":  # a publisher, not a writer
            return None
        name = value.get("name")
        return name if isinstance(name, str) else None
    if isinstance(value, list):
        names = [n for n in (json_ld_name(v, nodes) for v in value[:10]) if n]
        return ", ".join(dict.fromkeys(names)) or None
    return None
