"""Safe content HTML: content nodes serialised without scripts, styles, comments, event
handlers or unsafe attributes, images and links made absolute; plain text as paragraphs."""

from __future__ import annotations

import re
from collections.abc import Iterable
from copy import deepcopy

import lxml.html
from lxml import etree

from newscrawl.extraction.dom.cleaning import drop_keep_tail
from newscrawl.extraction.dom.images import image_url, resolve_url
from newscrawl.extraction.dom.parsing import xml_safe
from newscrawl.extraction.dom.tags import JUNK_TAGS

# Attributes kept in sanitised content HTML.
SAFE_ATTRS = frozenset({"href", "src", "alt", "title", "colspan", "rowspan"})

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
# Attribute names strip_attributes can address; others ("{a}", "{% if x %}") are removed
# element by element.
_PLAIN_ATTRIBUTE_NAME = re.compile(r"[^{}\s]+")


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
