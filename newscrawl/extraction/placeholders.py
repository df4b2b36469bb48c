"""Blank the template placeholders a page's scripts were meant to fill.

Pages built in the browser ship their templates with the server's HTML: a discussion's
``{{ DiscussionBoard.errors[11793116].message }}`` under every post, a price box's
``{{priceAnchor.priceWrapper.info.savePrice}}``. A reader never sees them (the script replaces
them, or the element stays empty); read as text they are words of no article. A text node
that holds nothing but such ``{{ … }}`` placeholders is emptied; one inside a code block is a
template shown as an example (a web framework's documentation) and stays.
"""

from __future__ import annotations

import re

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.dom import CODE_TAGS

_PLACEHOLDER_NODES = etree.XPath("descendant::text()[contains(., '{{')]")
_ONLY_PLACEHOLDERS = re.compile(r"\s*(?:\{\{[^{}]*\}\}\s*)+")
# A textarea shows its text as written too.
_CODE_TAGS = frozenset({*CODE_TAGS, "textarea"})


def blank_placeholders(root: Element) -> int:
    """Empty the text nodes under ``root``'s ``<body>`` that hold only ``{{ … }}``
    placeholders, outside code blocks; return how many were emptied."""
    body = root.find("body")
    if body is None:
        return 0
    blanked = 0
    for node in _PLACEHOLDER_NODES(body):
        if not _ONLY_PLACEHOLDERS.fullmatch(node):
            continue
        owner = node.getparent()
        if owner is None or _in_code(owner):
            continue
        if node.is_tail:
            owner.tail = None
        else:
            owner.text = None
        blanked += 1
    return blanked


def _in_code(el: Element) -> bool:
    """Whether ``el`` or an element around it is a code block."""
    return any(
        isinstance(tag := node.tag, str) and tag in _CODE_TAGS for node in (el, *el.iterancestors())
    )
