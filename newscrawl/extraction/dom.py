"""Shared DOM stages used by every extraction method: parse, clean, walk, text, sanitise.

Nothing here is specific to one algorithm. Functions never recurse in Python (pages with
100,000 nested elements must not hit the recursion limit) and never mutate a tree they did
not create, except :func:`clean_tree`, which works on the tree it is given by design.
"""

from __future__ import annotations

import re
import threading
from collections import deque
from collections.abc import Collection, Iterable, Iterator, Sequence
from copy import deepcopy
from itertools import islice
from typing import cast
from urllib.parse import urljoin

import lxml.html
from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.native import c_tags, walks

# Removed with their content (their tail text is kept: it belongs to the parent).
JUNK_TAGS = frozenset(
    {
        "script",
        "style",
        "noscript",
        "template",
        "iframe",
        "object",
        "embed",
        "svg",
        "canvas",
        "select",
        "textarea",
        "button",
        "input",
        "form_meta",
    }
)
# Junk form controls that libxml2 lets swallow the rest of a page when left unclosed. One is
# taken for such a misparse when it holds block elements and more than SWALLOWED_MIN_ELEMENTS
# elements: on a third of the dataset pages (11,025 controls) the median holds 3, the 99th
# percentile 17; real <select>s with hundreds of <option>s hold no blocks.
SWALLOWING_TAGS = ("button", "select", "textarea")
SWALLOWED_BLOCKS = ("p", "div", "article", "section", "table", "ul", "h1", "h2", "h3")
SWALLOWED_MIN_ELEMENTS = 30
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Elements that start a new paragraph when turned into text: these and the headings.
BLOCK_TAGS = HEADING_TAGS | frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "center",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "header",
        "hr",
        "html",
        "legend",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
    }
)
_BLOCK_TAG_BYTES = c_tags(BLOCK_TAGS)
# Elements that show code as written: a template or JSON inside them is an example, not page
# machinery (hidden_copies, placeholders).
CODE_TAGS = ("pre", "code", "samp", "kbd")
# Elements that show a picture: ``<img>``, and AMP pages' ``<amp-img>`` (an AMP page has no
# other; the crawl may store an article from its AMP copy).
IMAGE_TAGS = ("img", "amp-img")
# Attributes that may hold the real image URL on lazy-loading pages, best first.
IMAGE_SRC_ATTRS = (
    "data-src",
    "data-original",
    "data-lazy-src",
    "data-actualsrc",
    "data-url",
    "src",
)
# Attributes kept in sanitised content HTML.
SAFE_ATTRS = frozenset({"href", "src", "alt", "title", "colspan", "rowspan"})

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


_IMAGES = etree.XPath("descendant-or-self::img | descendant-or-self::amp-img")
# Attributes most content carries, none of them safe: stripped in one libxml2 call, so the
# XPath below (a string per attribute it returns) only sees the rare others.
COMMON_UNSAFE_ATTRS = (
    "class",
    "id",
    "style",
    "width",
    "height",
    "align",
    "border",
    "target",
    "rel",
    "name",
    "lang",
    "dir",
    "valign",
    "bgcolor",
    "color",
    "face",
    "size",
    "cellpadding",
    "cellspacing",
    "data-src",
    "data-original",
    "onclick",
    "onload",
    "onerror",
    "loading",
    "decoding",
    "srcset",
    "sizes",
    "role",
    "tabindex",
    "itemprop",
    "itemscope",
    "itemtype",
)
_OTHER_UNSAFE_ATTRIBUTES = etree.XPath(
    "descendant-or-self::*/@*[not("
    + " or ".join(f"name()='{name}'" for name in sorted(SAFE_ATTRS))
    + ")]"
)
_LINKED = etree.XPath("descendant-or-self::*[@href or @src][not(self::img or self::amp-img)]")
# Characters libxml2 keeps in parsed text and attributes (raw or as ``&#1;``) but lxml refuses
# to set: C0 controls other than tab/newline/return, surrogates, U+FFFE and U+FFFF.
_XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# libxml2 checks each new attribute against the element's earlier ones: parsing is quadratic
# in the attributes of one element (64,000 on one <img>, a 1.2 MB page, took 8 s). A start tag
# longer than LONG_TAG_CHARS keeps its first MAX_ATTRIBUTES_PER_TAG attributes; real tags
# carry a few dozen, and a long one is mostly one long value (a data: URL), which stays.
MAX_ATTRIBUTES_PER_TAG = 512
LONG_TAG_CHARS = 8192
_LONG_TAG = re.compile(rf"<[A-Za-z][\w:-]*\s[^<>]{{{LONG_TAG_CHARS},}}")
_ATTRIBUTE = re.compile(r"""[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>]*))?""")
# Attribute names strip_attributes can address; others ("{a}", "{% if x %}") are removed
# element by element.
_PLAIN_ATTRIBUTE_NAME = re.compile(r"[^{}\s]+")
# End tags of <body> and <html>. libxml2 stops at a </html> and puts what follows a </body>
# outside <body>; a page that carries one in the middle (a template closing the document
# before the footer's widgets, an include with its own skeleton) loses the rest. Browsers
# (HTML5 "after body" mode) put that content back into <body>, which dropping the tags does.
_DOCUMENT_END = re.compile(rb"</(?:body|html)\s*>", re.IGNORECASE)
_SPACES = re.compile(r"[ \t\r\f\v\u00a0\u3000\u200b\ufeff]+")
_BLANK_LINES = re.compile(r"\n\s*\n+")


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
    return _XML_UNSAFE.sub("", text)


def drop_keep_tail(el: etree._Element) -> None:
    """Remove ``el`` and its content, keeping the text that follows it in the parent."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail or ""
    previous = el.getprevious()
    # Either side may hold a character libxml2 parsed (U+FFFE, a C0 control, raw or written
    # as &#1;) that lxml refuses to set: the joined text is written without them.
    if tail:
        if previous is not None:
            previous.tail = xml_safe((previous.tail or "") + tail)
        else:
            parent.text = xml_safe((parent.text or "") + tail)
    parent.remove(el)


def clean_tree(root: Element, junk_tags: Iterable[str] = JUNK_TAGS) -> Element:
    """Remove comments, processing instructions and junk elements; turn ``<br>`` into newlines.

    Tail text of removed elements is kept (unlike GNE); ``<br>`` becomes a newline in the text
    so ``<br>``-separated lines stay separate paragraphs (GNE #120). See docs/algorithms.md A.2.
    """
    junk_tags = frozenset(junk_tags)
    # An unclosed <button>/<select>/<textarea> makes libxml2 nest the rest of the page in it
    # (three wcxb_dev articles lost their whole body that way). A real one holds a few
    # nodes; one that swallowed the page is kept as a plain container instead of removed.
    for el in list(root.iter(*SWALLOWING_TAGS)):
        if (
            el.tag in junk_tags
            and next(el.iter(*SWALLOWED_BLOCKS), None) is not None
            and _has_more_elements_than(el, SWALLOWED_MIN_ELEMENTS)
        ):
            el.tag = "div"
    # Both steps run inside libxml2 (strip_* never recurse in Python and keep tails when
    # with_tail=False): a Python walk here cost as much as parsing the page.
    etree.strip_elements(
        root, etree.Comment, etree.ProcessingInstruction, etree.Entity, *junk_tags, with_tail=False
    )
    # The newline goes in as the <br>'s text, which strip_tags puts before its tail: setting
    # the tail instead fails on pages whose text holds a control character lxml refuses
    # (a form feed after a <br>).
    for br in root.iter("br"):
        br.text = "\n"
    etree.strip_tags(root, "br")
    merge_text_runs(root)
    return root


# A text node that is not the last of its element's .text or .tail: a run starts here.
_RUN_START = etree.XPath("descendant-or-self::*/text()[following-sibling::node()[1][self::text()]]")


def merge_text_runs(root: Element) -> int:
    """Make each ``.text`` and ``.tail`` under ``root`` that libxml2 holds as several adjacent
    text nodes one node, with the same text; return how many were merged.

    Stripping ``<br>``, comments and scripts leaves such runs (183 of the 191 speed pages
    hold some), and lxml reads a run by joining its nodes one at a time, at every read: a
    ``<div>`` of 8,000 ``<br>`` lines cost two seconds a read (docs/benchmarks/doubling.md). A
    run holding a character lxml refuses to set (a C0 control, U+FFFE) is left as it is.
    """
    if walks is not None:
        return walks.merge_text_runs(root=root)
    return merge_text_runs_in_python(root)


def merge_text_runs_in_python(root: Element) -> int:
    """:func:`merge_text_runs` in Python: the reference the C walk (_walks.c) follows."""
    merged = 0
    seen: set[tuple[Element, bool]] = set()
    # Every node of a run but its last matches: each run once, by its owner and side.
    for start in cast(list[etree._ElementUnicodeResult], _RUN_START(root)):
        owner = start.getparent()
        if owner is None or (owner, start.is_tail) in seen:
            continue
        seen.add((owner, start.is_tail))
        text = owner.tail if start.is_tail else owner.text
        # lxml drops the old nodes before it checks the new text: test first.
        if text is None or _XML_UNSAFE.search(text):
            continue
        if start.is_tail:
            owner.tail = text
        else:
            owner.text = text
        merged += 1
    return merged


def _has_more_elements_than(el: etree._Element, limit: int) -> bool:
    return any(True for index, _ in enumerate(el.iter()) if index > limit)


def iter_with_depth(root: etree._Element) -> Iterator[tuple[Element, int]]:
    """Preorder walk of element nodes with their depth below ``root`` (root has depth 0)."""
    stack: list[tuple[etree._Element, int]] = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        if isinstance(el.tag, str):
            yield el, depth
            children = [child for child in el if isinstance(child.tag, str)]
            stack.extend((child, depth + 1) for child in reversed(children))


def normalize_space(text: str) -> str:
    """Collapse runs of horizontal whitespace to one space; trim."""
    return _SPACES.sub(" ", text).strip()


def sole(elements: Iterator[Element]) -> Element | None:
    """The one element ``elements`` yields; None when it yields none or more than one (read
    no further than the second)."""
    first = next(elements, None)
    return first if first is not None and next(elements, None) is None else None


def text_content(el: etree._Element) -> str:
    """All text under ``el`` (not its tail), as it stands."""
    if len(el) == 0:
        # A leaf's text is its .text: most links and paragraphs are leaves, and reading it
        # skips the serializer's setup (a third of link_texts' time on the speed pages).
        return el.text or ""
    return cast(str, etree.tostring(el, method="text", encoding="unicode", with_tail=False))


def node_text(el: etree._Element) -> str:
    """All text under ``el`` (not its tail), whitespace collapsed."""
    return normalize_space(" ".join(el.itertext()))


def paragraph_text(el: etree._Element, exclude: Collection[etree._Element] = ()) -> str:
    """Text under ``el`` with one paragraph per line: in C when the extension is built, else
    :func:`paragraph_text_in_python` (the reference; tests/extraction/test_walks_c.py holds
    the two equal on dataset pages)."""
    if walks is None:
        return paragraph_text_in_python(el, exclude)
    return walks.paragraph_text(element=el, exclude=tuple(exclude), block_tags=_BLOCK_TAG_BYTES)


def paragraph_text_in_python(el: etree._Element, exclude: Collection[etree._Element] = ()) -> str:
    """:func:`paragraph_text` in Python: the reference the C walk (_walks.c) follows.

    Block elements and ``<br>`` (already turned into newlines by :func:`clean_tree`) end a
    line; inline elements join their neighbours. Blank lines are dropped. Elements in
    ``exclude`` (noise a method found inside its content node) are skipped, their tails kept.
    """
    parts: list[str] = []
    # Comments and PIs (left only on uncleaned trees) come as one event each, with a tail.
    walker = etree.iterwalk(el, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        tag = node.tag
        if not isinstance(tag, str):
            if node.tail:
                parts.append(node.tail)
            continue
        if event == "start":
            if tag in BLOCK_TAGS:
                parts.append("\n")
            if exclude and node is not el and node in exclude:
                walker.skip_subtree()
                continue
            if node.text:
                parts.append(node.text)
        else:
            if tag in BLOCK_TAGS:
                parts.append("\n")
            if node is not el and node.tail:
                parts.append(node.tail)
    return join_lines("".join(parts).split("\n"))


def subtree_lines(el: etree._Element) -> tuple[str, Sequence[int]]:
    """:func:`paragraph_text` of ``el`` and, for every node under it in document order
    (``el.iter()``'s, ``el`` left out), four numbers: the first line of that text the node
    holds, the line after its last, 1 when no other content shares its first or last line
    (else 0), and how many nodes lie under it. In C when the extension is built, else
    :func:`subtree_lines_in_python` (the reference)."""
    if walks is None:
        return subtree_lines_in_python(el)
    text, numbers = walks.subtree_lines(element=el, block_tags=_BLOCK_TAG_BYTES)
    return text, memoryview(numbers).cast("i")


def subtree_lines_in_python(el: etree._Element) -> tuple[str, list[int]]:
    """:func:`subtree_lines` in Python: :func:`paragraph_text_in_python`'s walk, marking
    where in the raw text each node starts (after a block's opening newline) and ends
    (after its closing one), then which lines of the collapsed text those places fall in."""
    parts: list[str] = []
    size = 0
    marks: list[tuple[int, int, bool]] = []  # (raw offset, node number, is its end)
    numbers: dict[etree._Element, int] = {}  # the proxies stay alive in the dict
    under: list[int] = []

    def add(piece: str) -> None:
        nonlocal size
        parts.append(piece)
        size += len(piece)

    for event, node in etree.iterwalk(el, events=("start", "end", "comment", "pi")):
        tag = node.tag
        if not isinstance(tag, str):
            marks += [(size, len(under), False), (size, len(under), True)]
            under.append(0)
            if node.tail:
                add(node.tail)
            continue
        if tag in BLOCK_TAGS:
            add("\n")
        if node is el:
            if event == "start" and node.text:
                add(node.text)
            continue
        if event == "start":
            numbers[node] = len(under)
            marks.append((size, len(under), False))
            under.append(0)
            if node.text:
                add(node.text)
        else:
            number = numbers[node]
            marks.append((size, number, True))
            under[number] = len(under) - number - 1
            if node.tail:
                add(node.tail)
    raw = "".join(parts)
    done_at, open_at = _lines_at(raw, [offset for offset, _, _ in marks])
    spans = [0] * (4 * len(under))
    starts: dict[int, int] = {}
    for index, (_, number, is_end) in enumerate(marks):
        if not is_end:
            starts[number] = index
            continue
        start = starts[number]
        spans[4 * number : 4 * number + 4] = [
            done_at[start],
            done_at[index] + open_at[index],
            int(not (open_at[start] or open_at[index])),
            under[number],
        ]
    return join_lines(raw.split("\n")), spans


def _lines_at(raw: str, offsets: list[int]) -> tuple[list[int], list[int]]:
    """For each offset of ``raw`` (ascending): the lines :func:`join_lines` has completed
    there, and 1 when the line then open already holds text (else 0)."""
    done_at: list[int] = []
    open_at: list[int] = []
    done = line_has_text = 0
    k = 0
    for pos, char in enumerate(raw):
        while k < len(offsets) and offsets[k] <= pos:
            done_at.append(done)
            open_at.append(line_has_text)
            k += 1
        if char == "\n":
            done += line_has_text
            line_has_text = 0
        elif not (char.isspace() or char in "\u200b\ufeff"):
            line_has_text = 1
    for _ in range(k, len(offsets)):
        done_at.append(done)
        open_at.append(line_has_text)
    return done_at, open_at


def join_lines(lines: Iterable[str]) -> str:
    """Normalise each line, drop empty ones, join with newlines."""
    kept: list[str] = []
    for line in lines:
        # str.split() (C, no regex) is normalize_space for text without newlines, except
        # for the zero-width characters it does not count as space.
        if "\u200b" in line or "\ufeff" in line:
            line = line.replace("\u200b", " ").replace("\ufeff", " ")
        line = " ".join(line.split())
        if line:
            kept.append(line)
    return "\n".join(kept)


def is_below(el: etree._Element, holder: etree._Element) -> bool:
    """Whether ``el`` lies inside ``holder``'s subtree (not ``holder`` itself)."""
    return any(ancestor is holder for ancestor in el.iterancestors())


def link_text_length(el: etree._Element) -> int:
    """Characters of text inside ``<a>`` elements under (or being) ``el``, whitespace excluded."""
    total = 0
    anchors = [el] if el.tag == "a" else el.iterdescendants("a")
    for a in anchors:
        total += sum(len(t) - t.count(" ") for t in a.itertext())
    return total


def resolve_url(url: str, base_url: str | None) -> str | None:
    """Absolute http(s) URL for ``url`` relative to ``base_url``; None for data:/js: URLs."""
    url = xml_safe(url.strip())
    if not url or url.startswith(("data:", "javascript:", "about:", "#")):
        return None
    if url.startswith(("http://", "https://")):
        # Already absolute: urljoin would only re-split and re-join it (it keeps such a URL
        # as written, bar an empty "?" or "#"), for every link of the content.
        return url
    if base_url:
        try:
            url = urljoin(base_url, url)
        except ValueError:  # "//[oops/x.jpg": an unclosed IPv6 host; only this URL is lost
            return None
    elif url.startswith("//"):
        url = "https:" + url
    return url


def image_urls(nodes: Iterable[etree._Element], base_url: str | None) -> list[str]:
    """Image URLs under ``nodes`` in document order, lazy-load attributes first, deduplicated."""
    seen: dict[str, None] = {}
    for node in nodes:
        images = [node] if node.tag in IMAGE_TAGS else node.iterdescendants(*IMAGE_TAGS)
        for img in images:
            url = image_url(img, base_url)
            if url:
                seen.setdefault(url, None)
    return list(seen)


# A lazy loader's stand-in until the real picture loads: a GIF named for a spacer, a blank, a
# pixel or a loader ("blank.gif", "lazy_placeholder.gif", "1x1.trans.gif"), or any image
# named a placeholder, a spacer or a lazy loader's ("grey-placeholder.png"). Other words
# ("transparent", "empty", "grey") also name real pictures: "logo-transparent.png".
_PLACEHOLDER_FILE = re.compile(
    r"/[^/?#]*(?<![a-z0-9])(?:spacer|blank|pixel|trans(?:parent)?|placeholder|lazy|loading|"
    r"1x1|empty|grey|gray)(?![a-z0-9])[^/?#]*\.gif(?:[?#]|$)"
    r"|/[^/?#]*(?<![a-z0-9])(?:placeholder|spacer|lazy[-_]?load|1x1|loading)(?![a-z0-9])"
    r"[^/?#]*\.(?:png|svg|webp)(?:[?#]|$)",
    re.IGNORECASE,
)
# Where a lazy loader or a responsive image keeps its candidates ("a-400.jpg 400w, ...").
IMAGE_SRCSET_ATTRS = ("data-srcset", "data-lazy-srcset", "srcset")


def image_url(img: etree._Element, base_url: str | None) -> str | None:
    """The picture an image element shows: the first lazy-load attribute or ``src`` that
    holds a URL (not a ``data:`` URI, not a loader's placeholder file), else the widest
    candidate of a ``srcset``."""
    for attr in IMAGE_SRC_ATTRS:
        value = img.get(attr)
        resolved = resolve_url(value, base_url) if value else None
        if resolved and not _PLACEHOLDER_FILE.search(resolved):
            return resolved
    for attr in IMAGE_SRCSET_ATTRS:
        value = img.get(attr)
        if value:
            widest = _widest_candidate(value)
            resolved = resolve_url(widest, base_url) if widest else None
            if resolved:
                return resolved
    return None


def _widest_candidate(srcset: str) -> str | None:
    """The URL of a ``srcset``'s widest candidate ("a.jpg 400w, b.jpg 800w": b.jpg; by
    density, "1x, 2x": the highest), the first when none gives a size."""
    best: tuple[float, str] | None = None
    for candidate in srcset.split(","):
        parts = candidate.split()
        if not parts:
            continue
        size = 0.0
        if len(parts) > 1 and parts[1][:-1].replace(".", "", 1).isdigit():
            size = float(parts[1][:-1])
        if best is None or size > best[0]:
            best = (size, parts[0])
    return best[1] if best else None


def common_ancestor(first: etree._Element, last: etree._Element) -> etree._Element | None:
    """The deepest element holding both ``first`` and ``last`` (either may be it)."""
    around_first = {first, *first.iterancestors()}  # the proxies stay alive in the set
    return next((el for el in (last, *last.iterancestors()) if el in around_first), None)


def images_between(start: etree._Element, stop: etree._Element) -> list[etree._Element]:
    """The image elements (:data:`IMAGE_TAGS`) from ``start`` to the end of ``stop``'s
    subtree, in document order: the images of an article whose first and last paragraphs
    those are (figures between paragraphs belong to no paragraph)."""
    common = common_ancestor(start, stop)
    if common is None:
        return []
    end = deque(stop.iter(), maxlen=1)[0]  # the last element of ``stop``'s subtree
    images: list[etree._Element] = []
    started = False
    for el in common.iter():
        started = started or el is start
        if started and el.tag in IMAGE_TAGS:
            images.append(el)
        if el is end:
            break
    return images


def sanitized_html(nodes: Iterable[etree._Element], base_url: str | None = None) -> str:
    """Serialise content nodes without scripts, styles, event handlers or unsafe attributes.

    Works on copies; lazy-loaded images get their real URL in ``src``, links are absolute.
    """
    chunks: list[str] = []
    for node in nodes:
        copy = _copy_without_tail(node)
        sanitize(copy, base_url)
        chunks.append(lxml.html.tostring(copy, encoding="unicode", with_tail=False))
    return "\n".join(chunks)


def sanitize(tree: etree._Element, base_url: str | None = None, cleaned: bool = False) -> None:
    """Strip ``tree`` (a copy) of scripts, styles, comments, event handlers and unsafe
    attributes in place; lazy-loaded images get their real URL in ``src`` (an image without
    one, a loader's stand-in, goes), links are made absolute. ``cleaned``: the tree's
    elements come from a :func:`clean_tree`'d tree, which holds no junk or comments."""
    # Junk, comments and unsafe attributes go in libxml2 (strip_*); Python only touches
    # the few elements that carry a link or an image. A walk over every element here
    # cost as much as the density method itself.
    if not cleaned:
        etree.strip_elements(
            tree, etree.Comment, etree.ProcessingInstruction, *JUNK_TAGS, with_tail=False
        )
    for img in _IMAGES(tree):
        src = image_url(img, base_url)
        if src is None and img is not tree:  # a lazy loader's stand-in: no picture to show
            drop_keep_tail(img)
            continue
        img.attrib.clear()
        img.tag = "img"  # an AMP page's <amp-img> is an image to any other reader
        if src:
            img.set("src", src)  # XML-safe: resolve_url made it so
    etree.strip_attributes(tree, *COMMON_UNSAFE_ATTRS)
    _strip_other_unsafe_attributes(tree)
    for el in _LINKED(tree):
        for name in ("href", "src"):
            value = el.get(name)
            if value is not None:
                resolved = resolve_url(value, base_url)
                if resolved is None or resolved.lower().startswith("javascript"):
                    del el.attrib[name]
                elif resolved != value:
                    el.set(name, resolved)


def _strip_other_unsafe_attributes(tree: etree._Element) -> None:
    unsafe = _OTHER_UNSAFE_ATTRIBUTES(tree)
    if not unsafe:
        return
    plain = {value.attrname for value in unsafe if _PLAIN_ATTRIBUTE_NAME.fullmatch(value.attrname)}
    try:
        etree.strip_attributes(tree, *plain)
    except ValueError:  # a name lxml still cannot address: all go the slow way below
        plain = set()
    # lxml reads "{a}b" as attribute b in namespace a and refuses "{a}" and "{% x"; such an
    # element keeps its safe attributes and loses all others.
    for el in {value.getparent() for value in unsafe if value.attrname not in plain}:
        if el is not None:
            kept = [(name, value) for name, value in el.items() if name in SAFE_ATTRS]
            el.attrib.clear()
            for name, value in kept:
                el.set(name, xml_safe(value))


def _copy_without_tail(node: etree._Element) -> etree._Element:
    copy = deepcopy(node)  # C-level copy: several times faster than serialise + re-parse
    copy.tail = None
    return copy


def text_to_html(text: str) -> str:
    """Content HTML for methods that produce text only (one ``<p>`` per line)."""
    from html import escape

    return "\n".join(f"<p>{escape(line)}</p>" for line in text.split("\n") if line)


def is_blank(text: str | None) -> bool:
    return not text or not text.strip()


def remove_blank_lines(text: str) -> str:
    return _BLANK_LINES.sub("\n", text).strip()
