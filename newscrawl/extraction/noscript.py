"""A page drawn by its scripts keeps its text for readers without them in ``<noscript>``.

Forum engines that render in the browser (Discourse, Flarum) and some single-page sites send
a body that shows almost nothing ("Loading") and the whole thread inside a ``<noscript>``
element. Cleaning drops ``<noscript>`` with its content (on most pages it holds a tracking
pixel or "please enable JavaScript"), which left such pages nothing to extract but the
loading message. When the ``<noscript>`` elements under ``<body>`` hold more text than the
rest of the body, they are what a reader without scripts sees, and they are kept as plain
containers. No threshold was tuned: the rule compares the two texts.
"""

from __future__ import annotations

import re

from lxml.etree import _Element as Element

_NOSCRIPT_TAG = re.compile(r"<noscript\b", re.IGNORECASE)
# Text under these is never read as page text, inside <noscript> or outside it.
_NOT_TEXT = frozenset({"script", "style", "template"})
_SKIPPED_OUTSIDE = _NOT_TEXT | {"noscript"}
# What a kept <noscript> becomes: a block container, so its text starts a paragraph.
KEPT_AS = "div"


def may_hold_a_copy(html: str) -> bool:
    """Whether the page's source has a ``<noscript>`` at all (a cheap test before the walk)."""
    return _NOSCRIPT_TAG.search(html) is not None


def keep_scriptless_copy(root: Element) -> bool:
    """Turn the body's ``<noscript>`` elements into ``<div>`` when together they hold more
    text than the rest of the body; return whether they were kept. Works on ``root`` in
    place, before cleaning (which would drop them)."""
    body = root.find("body")
    if body is None:
        return False
    noscripts = [
        el
        for el in body.iter("noscript")
        if len(el) and next(el.iterancestors("noscript"), None) is None
    ]
    if not noscripts:
        return False
    inside = sum(_text_chars(el, _NOT_TEXT) for el in noscripts)
    if inside == 0 or _text_chars(body, _SKIPPED_OUTSIDE, stop_at=inside) >= inside:
        return False
    for el in noscripts:
        el.tag = KEPT_AS
    return True


def _text_chars(top: Element, skipped: frozenset[str], stop_at: int | None = None) -> int:
    """Characters of text under ``top`` (whitespace at the ends of each text node not
    counted), outside elements whose tag is in ``skipped``; the count stops growing once it
    reaches ``stop_at``. A walk with an explicit stack: pages nest deeper than Python's
    recursion limit."""
    total = len((top.text or "").strip())
    stack = [top]
    while stack:
        el = stack.pop()
        for child in el:
            total += len((child.tail or "").strip())
            tag = child.tag
            if not isinstance(tag, str) or tag in skipped:
                continue
            total += len((child.text or "").strip())
            stack.append(child)
        if stop_at is not None and total >= stop_at:
            break
    return total
