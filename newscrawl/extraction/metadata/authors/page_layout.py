"""Author candidates read from where text stands on the page: a name beside a date or alone
on a line under the headline, after an "Author" or "Thread starter" label, the owner a blog's
title or a personal site's host names, and the text around the headline that English
bylines are looked for in."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from lxml import etree

from newscrawl.extraction import dom
from newscrawl.extraction.document import TEXT_PIECES, Document
from newscrawl.extraction.metadata.authors.cleaning import FURNITURE, ROLE, TITLE_SEPARATOR
from newscrawl.extraction.metadata.authors.cues import CUE_SEARCH_CHARS, EN_FULL_NAME
from newscrawl.extraction.metadata.authors.names import reads_as_person
from newscrawl.extraction.metadata.dates import MONTHS, normalize_date
from newscrawl.extraction.metadata.given_names import given_names_en
from newscrawl.extraction.stoplists import load_stoplist
from newscrawl.extraction.text import is_mostly_cjk

# A self-media or blog byline on its own line under the headline: "加拿大必读",
# "去驴行 关注 1/10", "石佳/中国青年报", "GameForce".
_LINE_NAME = re.compile(
    r"^(?P<name>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z·_]{1,11})"
    r"(?:\s*/\s*\S+|\s+关注.*)?$"
)
# Lines after the headline looked at: the byline is on the first or second.
HEADLINE_LINES = 2
# Rule AUTHOR_LABEL_LINE: "Author" as a text node of its own (a field's label, a heading)
# and a name as the next: "<h3>Author</h3><p>Lisa D. Ellis</p>".
_AUTHOR_LABEL = re.compile(r"Authors?\s*:?")
# Rule THREAD_STARTER: the label, alone or with the name after it.
_STARTER_LABEL = re.compile(
    r"(?:thread|topic)\s+starter|original\s+poster|started\s+by(?:\s*(?::\s*)?(?P<name>\S.{0,40}))?",
    re.IGNORECASE,
)
# Words one of which every label holds, in the cases pages write them: a substring test in C
# first, since a case-blind regex over every page's text costs milliseconds.
_STARTER_WORDS = ("starter", "Starter", "STARTER", "poster", "Poster", "tarted by", "TARTED BY")
# Text nodes that know their element (TEXT_PIECES' plain strings do not).
_TEXT_NODES = etree.XPath("descendant::text()")
# A blog's owner: "海姑娘 | blog.wenxuecity.com", "李建忠的博客", "Jane's Blog".
_BLOG_TITLE = re.compile(
    r"^(?P<name>[^|_\-–—»]{2,20}?)\s*(?:\|\s*blog\.[\w.]+$|的(?:博客|BLOG|"
    r"blog|专栏|个人空间)(?:$|\s|[_|\-]))"
)
# "© 2025 Toby Hede", "Copyright © 2019-2025 Jane Doe."; not a firm named after its founder
# ("© Luigi Lavazza S.p.A.").
_COPYRIGHT = re.compile(
    r"(?:(?i:©|\(c\)|copyright)\s*)+(?:(?:19|20)\d{2}\s*(?:[-–]\s*(?:19|20)\d{2})?\s*)?"
    r"(?!(?i:copyright))(?P<name>[A-Z][a-z'’-]+ (?:[A-Z]\. )?[A-Z][a-z'’-]+)(?![\w'’-])"
    r"(?! [A-Z])(?!,?\s*(?i:s\.?\s?p\.?\s?a\b|s\.?a\b|inc\b|llc|ltd|gmbh|corp|co\b|ag\b|plc\b|&))"
)
# A last name shorter than this is found inside too many hosts by chance.
MIN_HOST_SURNAME = 4
# Home links looked at for the owner's name.
HOME_LINKS_TRIED = 5
# Around the headline: bylines sit just above or below it.
EN_BYLINE_BEFORE_CHARS = 300
EN_BYLINE_AFTER_CHARS = 2000


def host_owner(doc: Document) -> str | None:
    """The person a personal site's host is named after, as the page spells the name."""
    if not doc.url:
        return None
    host = doc.url.split("://", 1)[-1].split("/", 1)[0].removeprefix("www.")
    label = host.split(".")[0].lower()
    names = [*TITLE_SEPARATOR.split(doc.title_text)[1:], doc.meta.get("og:site_name", "")]
    homes = (link for link in doc.root.iter("a") if _is_home(link.get("href") or "", host))
    for link, _ in zip(homes, range(HOME_LINKS_TRIED), strict=False):
        names.append(" ".join(dom.text_content(link).split()))
    names += [m.group("name") for m in _COPYRIGHT.finditer(doc.body_text()[-CUE_SEARCH_CHARS:])]
    for name in names:
        name = name.strip(" .,")
        if reads_as_person(name) and _spells_host(name, label):
            return name
    return None


def _is_home(href: str, host: str) -> bool:
    """Whether a link's target is the site's home page ("/", "https://www.host/")."""
    if not href.startswith(("/", "http")):
        return False
    target = href.split("://", 1)[-1].removeprefix("www.") if "://" in href else host + href
    return target.rstrip("/") == host


def _spells_host(name: str, label: str) -> bool:
    """Whether a host label is the name run together or holds its last name (at least 4
    letters): tobyhede, artmann. A first name alone is also a firm's ("clay", "facet")."""
    words = [re.sub(r"[^a-z]", "", word.lower()) for word in name.split()]
    return label == "".join(words) or (len(words[-1]) >= MIN_HOST_SURNAME and words[-1] in label)


_WORD_CHARACTER = re.compile(r"[^\W_]")
# A date piece of a byline: the date and perhaps a label or separator, no sentence.
DATE_PIECE_CHARS = 40
_SEGMENT_SEPARATOR = re.compile(r"\s*[|·•/]\s*|\s[-–—]\s")
# What follows a name in a byline's segment: "Mahua Das in <section>", "on behalf of …".
_NAME_TAIL = re.compile(r"\s+(?:in|on behalf of|for)$|\s+(?:in|on behalf of|for)\s")


def name_beside_date(doc: Document, segments: bool = False) -> str | None:
    """The first text piece near the headline that is a person's name on its own, with a
    date as the text piece before or after it (separators such as "|" or "/" skipped).
    With ``segments``, pieces are first split at separators, role segments ("Senior
    Writer") dropped, and a name may be followed by "in <section>" or "on behalf of …"."""
    body, headline = doc.body, _first_headline(doc)
    start = doc.body_text().find(headline) if body is not None and headline else -1
    if body is None or start < 0:
        return None
    begin, end = start - EN_BYLINE_BEFORE_CHARS, start + EN_BYLINE_AFTER_CHARS
    pieces: list[str] = []
    position = 0
    # The DOM's own text nodes, not itertext's joined ones: a template's interpolations
    # ("by: <!-- -->Ziyi Xu<!-- -->, Dec 17") stay pieces of their own.
    for piece in TEXT_PIECES(body):
        if position > end:
            break
        if position >= begin and _WORD_CHARACTER.search(piece):  # not a separator alone
            pieces.extend(_segments(piece) if segments else [" ".join(piece.split())])
        position += len(piece)
    for index, piece in enumerate(pieces):
        name = _NAME_TAIL.split(piece, maxsplit=1)[0] if segments else piece
        if not reads_as_person(name) or _is_title_case_phrase(name):
            continue
        beside = pieces[max(index - 1, 0) : index] + pieces[index + 1 : index + 2]
        if any(len(other) <= DATE_PIECE_CHARS and normalize_date(other) for other in beside):
            return name
    return None


# A run of whitespace no byline holds: an indented template's text node.
_LONG_SPACE = re.compile(r"\s{64}")
_SPACES = re.compile(r"\s+")


def _segments(piece: str) -> list[str]:
    """A byline text node's parts: split at separators, roles ("Senior Writer") dropped. A
    node with a long run of whitespace has its runs collapsed first: the separator's
    leading spaces, tried from each place of the run, cost seconds on 10,000 of them."""
    if _LONG_SPACE.search(piece):
        piece = _SPACES.sub(" ", piece)
    parts = (" ".join(part.split()) for part in _SEGMENT_SEPARATOR.split(piece))
    return [part for part in parts if _WORD_CHARACTER.search(part) and not ROLE.fullmatch(part)]


def author_label_line(doc: Document) -> str | None:
    """A person's name in the text node after an "Author" label node (not a menu item or a
    heading that happens to follow one: "Find Jobs", "Contact Us")."""
    if doc.body is None or "Author" not in doc.body_text():
        return None
    for previous, text, piece in _text_node_pairs(doc.body):
        if (
            _AUTHOR_LABEL.fullmatch(previous)
            and EN_FULL_NAME.fullmatch(text)
            and reads_as_person(text)
            and not _is_title_case_phrase(text)
            and not _in_link(piece)  # a menu's items are links: "Author", then "Find Jobs"
        ):
            return text
    return None


def thread_starter(doc: Document) -> str | None:
    """The name after a forum's "Thread starter" label, in its text node or the next."""
    page_text = doc.body_text()
    if doc.body is None or not any(word in page_text for word in _STARTER_WORDS):
        return None
    label = None  # the previous text node's match
    for _, text, _ in _text_node_pairs(doc.body):
        if label and not label.group("name"):
            return text
        label = _STARTER_LABEL.fullmatch(text)
        if label and label.group("name"):
            return label.group("name")
    return None


def _text_node_pairs(body: etree._Element) -> Iterator[tuple[str, str, Any]]:
    """Each text node of ``body`` that holds text (whitespace collapsed), with the text of
    the one before it ("" for the first) and the node itself."""
    previous = ""
    for piece in _TEXT_NODES(body):
        text = " ".join(piece.split())
        if text:
            yield previous, text, piece
            previous = text


def _in_link(text: Any) -> bool:
    """Whether a text node (an lxml smart string) stands inside an ``<a>``."""
    owner = text.getparent()
    if owner is not None and text.is_tail:  # a tail is the text of its element's parent
        owner = owner.getparent()
    return owner is not None and (
        owner.tag == "a" or next(owner.iterancestors("a"), None) is not None
    )


def _is_title_case_phrase(words: str) -> bool:
    """Whether a word after the first is an English function word: "Log In" or "Test Your
    Response Times" is a button or a heading, "Will Smith" a name."""
    stop_words = load_stoplist("en")
    return any(word.casefold() in stop_words for word in words.split()[1:])


def _lines_under_headline(doc: Document) -> list[str]:
    """The first non-empty lines of the page text after the headline's line."""
    text = doc.body_text()
    headline = _first_headline(doc) or TITLE_SEPARATOR.split(doc.title_text)[0][:30]
    start = text.find(headline) if len(headline) >= 4 else -1
    if start < 0:
        return []
    rest = text[start + len(headline) : start + len(headline) + EN_BYLINE_BEFORE_CHARS]
    lines = [line.strip() for line in rest.split("\n")[1:] if line.strip()]
    # The headline again is no byline: a breadcrumb that ends with the title stands above
    # the headline itself, and the first occurrence found is the breadcrumb's.
    return [line for line in lines[:HEADLINE_LINES] if line != headline]


def given_name_line(doc: Document) -> str | None:
    """An English name of two or three words alone on a line right under the headline, its
    first word a given name that is no function word or month ("May", "Will")."""
    stop_words = load_stoplist("en")
    for line in _lines_under_headline(doc):
        words = line.split()
        first = words[0].casefold()
        if (
            2 <= len(words) <= 3
            and EN_FULL_NAME.fullmatch(line)
            and first in given_names_en()
            and first not in stop_words
            and first not in MONTHS
            and not _is_title_case_phrase(line)
        ):
            return line
    return None


def line_under_headline(doc: Document) -> str | None:
    """A name standing alone on one of the lines right under the headline."""
    latin = is_mostly_cjk(doc.title_text, per="letter")
    for line in _lines_under_headline(doc):
        match = _LINE_NAME.match(line)
        if match and not match.group("name").startswith(tuple(FURNITURE)):  # "收藏本文"
            if not latin and match.group("name").isascii():
                continue
            return match.group("name")
    return None


def blog_owner(doc: Document) -> str | None:
    """A blog page's owner, who writes its posts: the name its title gives the blog
    ("海姑娘 | blog.wenxuecity.com", "李建忠的博客"), or the blog's header heading when that
    links to the blog's home ("<h1><a href=".../lijianzhong/">李建忠</a></h1>")."""
    match = _BLOG_TITLE.match(doc.title_text)
    if match:
        return match.group("name")
    for heading in doc.root.iter("h1"):
        link = heading.find(".//a")
        if link is not None and "blog" in (link.get("href") or "").lower():
            return " ".join(dom.text_content(heading).split())
        return None
    return None


def around_headline(doc: Document) -> str:
    text = doc.body_text()
    headline = _first_headline(doc)
    start = text.find(headline) if headline else -1
    if start < 0:
        return text[:CUE_SEARCH_CHARS]
    return text[max(0, start - EN_BYLINE_BEFORE_CHARS) : start + EN_BYLINE_AFTER_CHARS]


def _first_headline(doc: Document) -> str | None:
    for heading in doc.root.iter("h1"):
        text = dom.text_content(heading).strip()
        if len(text) >= 4:
            return text[:30]
    return None
