"""Parsing HTML text into a tree: one libxml2 parser per thread, ``</body>``/``</html>`` tags
dropped, start tags with too many attributes cut, and the characters libxml2 keeps but lxml
refuses to set (:func:`xml_safe`)."""

from __future__ import annotations

import re
import threading
from itertools import islice

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.native import walks

# lxml.etree's parser, not lxml.html's: lxml.html builds every element proxy through a
# Python class lookup, which cost more than the density method's own walk (about 2 us per
# element); nothing here needs HtmlElement's extra methods. One parser per thread: lxml
# supports concurrent parsing only with the default parser or a parser for each thread, and
# the crawler extracts in a thread pool (NEWSCRAWL_EXTRACT_PROCESSES=0).
_PARSERS = threading.local()


def utf8_parser() -> etree.HTMLParser:
    """This thread's HTML parser for UTF-8 input, made on its first use."""
    parser: etree.HTMLParser | None = getattr(_PARSERS, "utf8", None)
    if parser is None:
        parser = _PARSERS.utf8 = etree.HTMLParser(encoding="utf-8")
    return parser


# Characters libxml2 keeps in parsed text and attributes (raw or as ``&#1;``) but lxml refuses
# to set: C0 controls other than tab/newline/return, surrogates, U+FFFE and U+FFFF.
XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# libxml2 checks each new attribute against the element's earlier ones: parsing is quadratic
# in the attributes of one element (64,000 on one <img>, a 1.2 MB page, took 8 s). A start tag
# longer than LONG_TAG_CHARS keeps its first MAX_ATTRIBUTES_PER_TAG attributes; real tags
# carry a few dozen, and a long one is mostly one long value (a data: URL), which stays.
MAX_ATTRIBUTES_PER_TAG = 512
LONG_TAG_CHARS = 8192
_LONG_TAG = re.compile(rf"<[A-Za-z][\w:-]*\s[^<>]{{{LONG_TAG_CHARS},}}")
_ATTRIBUTE = re.compile(r"""[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>]*))?""")
# End tags of <body> and <html>. libxml2 stops at a </html> and puts what follows a </body>
# outside <body>; a page that carries one in the middle (a template closing the document
# before the footer's widgets, an include with its own skeleton) loses the rest. Browsers
# (HTML5 "after body" mode) put that content back into <body>, which dropping the tags does.
_DOCUMENT_END = re.compile(rb"</(?:body|html)\s*>", re.IGNORECASE)


def parse_html(text: str) -> Element | None:
    """Parse HTML text into a document tree; return None when there is nothing to parse.

    libxml2's default parser caps nesting depth, which keeps hostile pages (100,000 nested
    ``<div>``) from costing more than a bounded tree.
    """
    # lxml rejects str input that carries an XML encoding declaration.
    text = (
        re.sub(r"^\s*<\?xml[^>]*>", "", text[:512]) + text[512:]
        if text.lstrip().startswith("<?xml")
        else text
    )
    text = cap_attributes(text)
    if not text or text.isspace():
        return None
    # Parsing UTF-8 bytes is ~20% faster than parsing a str (measured on wcxb_dev), and the
    # scans below cost less on bytes than on a str of Chinese text.
    data = drop_document_ends(text.encode("utf-8", "replace"))
    if b"\x00" in data:  # a scan without a copy: most pages hold no NUL
        data = data.replace(b"\x00", b"")
    try:
        root = etree.fromstring(data, parser=utf8_parser())
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return None
    return root if root is not None and isinstance(root.tag, str) else None


def drop_document_ends(data: bytes) -> bytes:
    """``data`` (UTF-8) without ``</body>`` and ``</html>`` tags, so nothing after one is
    lost.

    The parser closes both at the end of the input anyway; a page whose content follows
    such a tag (a premature end) keeps that content inside ``<body>``, as browsers show it.
    """
    first = _DOCUMENT_END.search(data)
    if first is None:
        return data
    # Most pages end with "</body></html>" and a few blank lines: only the text after the
    # first end tag is rewritten, and the page is copied only when something follows it.
    rest = _DOCUMENT_END.sub(b"", data[first.end() :])
    return data[: first.start()] + rest if rest and not rest.isspace() else data


def cap_attributes(text: str) -> str:
    """``text`` with every start tag cut after its MAX_ATTRIBUTES_PER_TAG-th attribute.

    Only tags of LONG_TAG_CHARS or more are looked at; the search stops at each ``<`` or
    ``>``, so the scan stays linear in the page. That search costs a tenth of parsing, so
    it runs only on pages with far more ``=`` than ``>`` (real pages have one to two per
    tag): an element whose attributes outnumber half the page's tags by less than
    MAX_ATTRIBUTES_PER_TAG costs at most about what parsing the page does.
    """
    equals, closes = (
        walks.count_two(text=text, first="=", second=">")
        if walks is not None
        else (text.count("="), text.count(">"))
    )
    if equals <= 2 * closes + MAX_ATTRIBUTES_PER_TAG:
        return text
    pieces: list[str] = []
    position = 0
    for tag in _LONG_TAG.finditer(text):
        # The first match is the tag name, then one per attribute.
        ends = [
            match.end()
            for match in islice(_ATTRIBUTE.finditer(tag.group(), 1), MAX_ATTRIBUTES_PER_TAG + 2)
        ]
        if len(ends) > MAX_ATTRIBUTES_PER_TAG + 1:
            pieces.append(text[position : tag.start() + ends[MAX_ATTRIBUTES_PER_TAG]])
            position = tag.end()
    if not pieces:
        return text
    pieces.append(text[position:])
    return "".join(pieces)


def xml_safe(text: str) -> str:
    """``text`` without the characters lxml refuses in a text, tail or attribute value."""
    return XML_UNSAFE.sub("", text)
