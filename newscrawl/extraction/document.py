"""The parsed page every method works on: decoded text, cleaned tree and head metadata."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, TypeVar

from lxml import etree
from lxml.etree import _Element as Element

from .comment_sections import drop_comment_sections
from .consent import drop_consent_boxes
from .decode import decode_html
from .dom import clean_tree, parse_html, text_content
from .domains import href_domain, url_domain
from .hidden_copies import drop_hidden_copies
from .native import c_tags, walks
from .noscript import keep_scriptless_copy, may_hold_a_copy
from .placeholders import blank_placeholders
from .related_boxes import drop_related_boxes
from .social_embeds import drop_social_embeds
from .teaser_cards import drop_teaser_cards

_T = TypeVar("_T")

# Beyond this many characters a page is cut before parsing, after its inline scripts and
# styles are dropped: parsing and every method's cost must stay bounded (issue #2: a 20 MB
# page returns within a second or so). Of the 2,900 dataset pages, 4 exceed this once their
# scripts are gone (the largest real page is 5 MB raw, 2.8 M characters without scripts).
MAX_HTML_CHARS = 1_500_000
# Bytes decoded at most; the rest could not survive the character cut anyway.
MAX_INPUT_BYTES = 4 * MAX_HTML_CHARS
_BLOB_OPEN = re.compile(r"<(script|style)\b", re.IGNORECASE)
_BLOB_CLOSE = {tag: re.compile(f"</{tag}", re.IGNORECASE) for tag in ("script", "style")}

# Share of C0 control characters above which the input is binary, not text.
MAX_CONTROL_CHAR_SHARE = 0.03
_BINARY_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f]")
_MARKUP_HINT = re.compile(
    r"<\s*(html|head|body|div|p|title|meta|table|article|span|br|h[1-6])\b", re.IGNORECASE
)


# The text nodes under an element in document order, as plain strings (half the cost of
# strings that know their element): under ``<body>``, joined, they are Document.body_text(),
# so a node's offset there is the sum of the lengths before it.
TEXT_PIECES = etree.XPath("descendant::text()", smart_strings=False)


# The substrings stages test the page's source for before a tree search ("articleBody",
# "<footer"), registered by each stage with :func:`source_markers`: a page's source is read
# once for all of them (a dozen ``in`` scans of a 100 KB page cost three times that pass).
_SOURCE_MARKERS: list[str] = []
_MARKER_BITS: dict[str, int] = {}
MAX_SOURCE_MARKERS = 64


def source_markers(*markers: str) -> tuple[str, ...]:
    """Register ``markers`` (ASCII, two characters or more) for :meth:`Document.holds`;
    returns them."""
    for marker in markers:
        if marker in _MARKER_BITS:
            continue
        if len(_SOURCE_MARKERS) >= MAX_SOURCE_MARKERS:
            raise ValueError(f"more than {MAX_SOURCE_MARKERS} source markers")
        if not marker.isascii() or len(marker) < 2:
            raise ValueError(f"source marker {marker!r}: ASCII of two characters or more")
        _MARKER_BITS[marker] = len(_SOURCE_MARKERS)
        _SOURCE_MARKERS.append(marker)
    return markers


# Raw characters read per visible one wanted (Document.visible_start): a bound on the work on
# pages that are mostly whitespace.
VISIBLE_SCAN = 10


@dataclass(slots=True)
class Document:
    """One page, parsed once and shared by the methods run on it.

    ``root`` is the cleaned tree (scripts, styles, comments removed; ``<br>`` as newlines).
    Methods must not mutate it (copy first): ``method="auto"`` runs several on one Document.
    """

    html: str
    root: Element
    url: str | None = None
    anchor_text: str | None = None
    encoding: str | None = None
    # When the page was fetched: "3小时前" counts back from it, no publish date lies after it.
    fetched_at: datetime | None = None
    # The day the site began (its ``since`` in sites.yaml): no date of the page lies before it.
    published_since: date | None = None
    title_text: str = ""
    meta: dict[str, str] = field(default_factory=dict)
    json_ld: list[dict[str, Any]] = field(default_factory=list)
    # Texts of the JSON-LD blocks that are not JSON (a trailing comma, an unescaped quote):
    # sites still mean what they say, and a stage may read them as text.
    broken_json_ld: list[str] = field(default_factory=list)
    lang: str | None = None
    # The page's comment headings that cleaning left in place ("Comments", a forum's
    # "20 replies to this topic"): :mod:`newscrawl.extraction.comment_sections`.
    # None: not searched (a Document not made by :func:`load_document`).
    comment_headings: list[Element] | None = None
    _body_text: str | None = field(default=None, repr=False)
    _link_texts: frozenset[str] | None = field(default=None, repr=False)
    _offsite_link_texts: frozenset[str] | None = field(default=None, repr=False)
    _visible_starts: dict[int, str] = field(default_factory=dict, repr=False)
    # Values a stage derives from the page and more than one stage reads (:meth:`derived`).
    _derived: dict[str, Any] = field(default_factory=dict, repr=False)
    # Which registered source markers ``html`` holds (a bit each), and how many were
    # registered when it was read.
    _markers_held: int = field(default=0, repr=False)
    _markers_read: int = field(default=0, repr=False)

    def holds(self, marker: str) -> bool:
        """``marker in self.html``; the markers registered with :func:`source_markers` are
        all looked for in one pass over the source, on the first ask."""
        bit = _MARKER_BITS.get(marker)
        if bit is None or walks is None:
            return marker in self.html
        if bit >= self._markers_read:
            self._markers_held = walks.substrings_in(
                text=self.html, substrings=tuple(_SOURCE_MARKERS)
            )
            self._markers_read = len(_SOURCE_MARKERS)
        return bool(self._markers_held >> bit & 1)

    def derived(self, key: str, compute: Callable[[], _T]) -> _T:
        """``compute()``, computed once per Document under ``key``: a value the vote and the
        finishing stages both read (the page's author boxes)."""
        if key not in self._derived:
            self._derived[key] = compute()
        found: _T = self._derived[key]
        return found

    def body_text(self) -> str:
        """All text of ``<body>`` (no separators added), computed once per Document."""
        if self._body_text is None:
            body = self.body
            self._body_text = (
                ""
                if body is None
                else etree.tostring(body, method="text", encoding="unicode", with_tail=False)
            )
        return self._body_text

    def visible_start(self, chars: int) -> str:
        """The first ``chars`` visible characters of :meth:`body_text`, each whitespace run one
        space, read from at most ``VISIBLE_SCAN`` times as many raw characters (a template's
        indentation is no text); computed once per length."""
        found = self._visible_starts.get(chars)
        if found is None:
            raw = self.body_text()
            bound = VISIBLE_SCAN * chars
            length = 2 * chars
            while True:
                # A longer prefix collapses to this one's text and more, so once this one has
                # ``chars`` characters they are the bound's too.
                collapsed = " ".join(raw[: min(length, bound)].split())
                if len(collapsed) >= chars or length >= bound or length >= len(raw):
                    break
                length *= 2
            found = self._visible_starts[chars] = collapsed[:chars]
        return found

    def link_texts(self) -> frozenset[str]:
        """The whitespace-normalised text of every ``<a>`` on the page, computed once."""
        if self._link_texts is None:
            found = set()
            for anchor in self.root.iter("a"):
                # libxml2 serialises the text in C: half the cost of joining itertext()
                text = " ".join(text_content(anchor).split())
                if text:
                    found.add(text)
            self._link_texts = frozenset(found)
        return self._link_texts

    def offsite_link_texts(self) -> frozenset[str]:
        """The link texts every ``<a>`` of which leads to another site than the page's: a
        list of them is the article's sources, products or references, not the site's own
        related posts. The page's site is its URL's registered domain, else the one its
        absolute links name most (a page links mostly within its own site). Computed once."""
        if self._offsite_link_texts is None:
            anchors = [
                (" ".join(text_content(anchor).split()), href_domain(anchor.get("href") or ""))
                for anchor in self.root.iter("a")
            ]
            own = url_domain(self.url)
            if own is None:
                named = Counter(domain for _, domain in anchors if domain)
                own = named.most_common(1)[0][0] if named else None
            onsite = {text for text, domain in anchors if domain in (None, own)}
            self._offsite_link_texts = frozenset(
                text for text, _ in anchors if text and own is not None and text not in onsite
            )
        return self._offsite_link_texts

    @property
    def body(self) -> Element | None:
        body = self.root.find("body")
        return body if body is not None else None


class DocumentError(ValueError):
    """Input that is not a parseable HTML page; ``reason`` is a RejectReason value."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def looks_like_html(text: str) -> bool:
    head = text[:4096]
    # A share, not a count: real pages carry stray control bytes in comments (cwced_zh has
    # Yahoo pages with dozens of \x02), random bytes decode to ~10% control characters.
    if len(_BINARY_CONTROL.findall(head)) > len(head) * MAX_CONTROL_CHAR_SHARE:
        return False
    stripped = head.lstrip()
    if stripped.startswith(("{", "[")) and not _MARKUP_HINT.search(head):
        return False  # JSON
    if stripped.startswith("%PDF"):
        return False
    return bool(_MARKUP_HINT.search(text, 0, 200_000))  # a bound, without a copy


def drop_inline_blobs(text: str) -> str:
    """``text`` without the content of inline ``<script>``/``<style>`` elements.

    Used only on oversized pages, before the size cut, so the cut keeps markup and text.
    A scan with plain searches (one regex with a lazy ``.*?`` goes quadratic on pages with
    many unclosed ``<script>`` tags).
    """
    parts: list[str] = []
    position = 0
    while match := _BLOB_OPEN.search(text, position):
        opened = text.find(">", match.end())
        closing = _BLOB_CLOSE[match.group(1).lower()].search(text, opened) if opened >= 0 else None
        if closing is None:
            break
        parts.append(text[position : opened + 1])
        position = closing.start()
    parts.append(text[position:])
    return "".join(parts)


def load_document(
    html: bytes | str,
    *,
    url: str | None = None,
    anchor_text: str | None = None,
    encoding: str | None = None,
    fetched_at: datetime | None = None,
    published_since: date | None = None,
) -> Document:
    """Decode, parse and clean a page. Raises :class:`DocumentError` for non-pages."""
    used_encoding: str | None = None
    if isinstance(html, bytes):
        if not html or html.isspace():  # not strip(): that copies the page
            raise DocumentError("empty_input", "no bytes")
        text, used_encoding = decode_html(html[:MAX_INPUT_BYTES], encoding)
    else:
        text = html
    if not text or text.isspace():
        raise DocumentError("empty_input", "empty document")
    if len(text) > MAX_HTML_CHARS:
        text = drop_inline_blobs(text[:MAX_INPUT_BYTES])[:MAX_HTML_CHARS]
    if not looks_like_html(text):
        raise DocumentError("not_html", "input does not look like HTML")
    root = parse_html(separate_blocks(text))
    if root is None:
        raise DocumentError("not_html", "HTML parser produced no tree")
    doc = Document(
        html=text,
        root=root,
        url=url,
        anchor_text=" ".join(anchor_text.split()) if anchor_text else None,
        encoding=used_encoding,
        fetched_at=fetched_at,
        published_since=published_since,
    )
    read_head(doc)
    if may_hold_a_copy(text):
        keep_scriptless_copy(root)
    clean_tree(root)
    drop_hidden_copies(root)
    drop_consent_boxes(root)
    doc.comment_headings = drop_comment_sections(root)
    drop_related_boxes(root)
    drop_teaser_cards(root, url)
    drop_social_embeds(root)
    if doc.holds("{{"):  # with the other markers, in one C pass over the source
        blank_placeholders(root)
    return doc


# A tag straight after another where the second is block-level: "</p><p>", "</div><div>",
# its name in lower or upper case ("<P>" on old pages).
SEPARATED_TAGS = (
    *("p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "br", "hr"),
    *("tr", "td", "th", "table", "tbody", "thead", "dd", "dt", "dl", "form", "address"),
    *("section", "article", "header", "footer", "nav", "aside", "main", "blockquote"),
    *("figure", "figcaption"),
)
_SEPARATED = "|".join(SEPARATED_TAGS)
_ADJACENT_BLOCK = re.compile(rf"><(?=/?(?:{_SEPARATED}|{_SEPARATED.upper()})[\s>/])")
_SEPARATED_C_TAGS = c_tags(SEPARATED_TAGS)


def separate_blocks(html: str) -> str:
    """``html`` with a newline between a tag and a block-level tag that follows it with
    nothing between them. A minified page ("<p>责任编辑：张迪</p><p>相关新闻") would otherwise
    run one block's text into the next in the document's text, where the byline, date,
    source and editor cues read a name or a date up to the next whitespace; served with its
    line breaks, the same page has one there already."""
    if walks is not None:  # the same in C, a few times faster: it runs on every page
        return walks.separate_blocks(html=html, tags=_SEPARATED_C_TAGS)
    return separate_blocks_in_python(html)


def separate_blocks_in_python(html: str) -> str:
    """:func:`separate_blocks`' reference."""
    return _ADJACENT_BLOCK.sub(">\n<", html)


# <script type="application/ld+json"> in document order, the type compared case-blind
# (ASCII is enough: no other letter lower-cases into this value).
_JSON_LD_SCRIPTS = etree.XPath(
    "descendant-or-self::script[translate(@type, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',"
    " 'abcdefghijklmnopqrstuvwxyz') = 'application/ld+json']"
)


source_markers("ld+json", "{{")


def read_head(doc: Document) -> None:
    """Capture what cleaning throws away: ``<title>``, ``<meta>``, JSON-LD, ``lang``."""
    root = doc.root
    title = root.find(".//title")
    if title is not None:
        # One line: a browser shows a title's line breaks as spaces, and splitting a title
        # at its separators retried their spaces from each place of a run of blank lines.
        doc.title_text = " ".join(text_content(title).split())
    for meta in root.iter("meta"):
        key = meta.get("property") or meta.get("name") or meta.get("itemprop")
        content = meta.get("content")
        if key and content and key.lower() not in doc.meta:
            doc.meta[key.lower()] = " ".join(content.split())  # an attribute: no lines
    scripts = _JSON_LD_SCRIPTS(root) if doc.holds("ld+json") else ()
    for script in scripts:
        if script.text:
            objects = _json_ld_objects(script.text)
            if objects is None:
                doc.broken_json_ld.append(script.text)
            else:
                doc.json_ld.extend(objects)
    lang = root.get("lang") or doc.meta.get("og:locale") or doc.meta.get("content-language")
    doc.lang = lang.split("-")[0].split("_")[0].lower() if lang else None


def _json_ld_objects(text: str) -> list[dict[str, Any]] | None:
    """The objects of one JSON-LD block (``@graph`` members included); None when it is not
    JSON."""
    try:
        data = json.loads(text, strict=False)  # raw newlines in strings, as browsers allow
    except (ValueError, RecursionError):
        return None
    stack: list[Any] = [data]
    found: list[dict[str, Any]] = []
    while stack and len(found) < 50:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            found.append(item)
            graph = item.get("@graph")
            if isinstance(graph, list):
                stack.extend(reversed(graph))
    return found
