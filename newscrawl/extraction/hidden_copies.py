"""Drop the hidden second copies of text a page shows elsewhere.

Pages carry text twice where a reader sees it once: a slide-out menu that repeats the
header's navigation for small screens, a seller's or an author's card repeated in an overlay,
a raw-Markdown copy of the article for machine readers. The copy sits in an element the page
marks ``hidden`` (the HTML attribute: the browser does not draw it until a script removes
the mark). Read as page text, it makes the region around it look denser than it is (the menu
copy beside a short article wins the density vote) or puts the article in the text twice.

A hidden element is dropped only when its text stands elsewhere in the page: most of its
word shingles (runs of :data:`SHINGLE_TOKENS` tokens) occur outside it. A hidden element
whose text appears nowhere else is kept: it is what the reader sees once a script or a click
reveals it (a streamed chunk of a page built by React, a closed FAQ answer, a tab's own
panel). Copies are dropped one at a time in document order, so of two hidden copies of a
text shown nowhere else the second is kept. The share is a plain majority reading of "a copy"
(80 %), not tuned; site-grouped cross-validation measured the rule on and off
(docs/benchmarks/precision.md).

A hidden element whose whole text is a JSON object or array is dropped too, whatever the rest
of the page holds: it is data a script reads (a widget's settings, a page's metadata for
machine readers), never text a reader is shown; one that holds a code block is a hidden tab's
example and stays.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.dom import CODE_TAGS, drop_keep_tail, text_content
from newscrawl.extraction.native import walks
from newscrawl.extraction.text import tokens
from newscrawl.extraction.thread import outermost

# Tokens per shingle: long enough that common phrases ("read more about the") rarely make a
# text look copied, short enough that a copy reformatted (Markdown marks, a line break
# moved) still shares most of its shingles.
SHINGLE_TOKENS = 5

_HIDDEN = etree.XPath("descendant::*[@hidden]")
# Elements that may be hidden another way: hidden from assistive technology (a carousel's
# cloned slides), or by an inline style; the style is read in Python (:data:`_HIDING_STYLE`).
_MAYBE_HIDDEN = etree.XPath(
    "descendant::*[@hidden or @aria-hidden='true' or contains(@style, 'none')"
    " or contains(@style, 'hidden')]"
)
_HIDING_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class HiddenCopyOptions:
    """When a hidden element is a copy. ``min_copied_share=None``: never (every hidden
    element is read as text, as before the rule)."""

    # Share of the element's shingles that must occur outside it.
    min_copied_share: float | None = 0.8
    # Shingles a hidden element needs to be judged: a hidden label or icon text of a few
    # words is no copy worth the comparison, and it cannot sway a region.
    min_shingles: int = 20
    # Also elements marked ``aria-hidden="true"`` or hidden by an inline ``display: none`` /
    # ``visibility: hidden``, not only the ``hidden`` attribute.
    other_marks: bool = False
    # Drop a hidden element whose text is a JSON object or array (script data).
    drop_json: bool = True


DEFAULT_OPTIONS = HiddenCopyOptions()
NO_DROP = HiddenCopyOptions(min_copied_share=None)


def shingles(text: str) -> list[tuple[str, ...]]:
    """The runs of :data:`SHINGLE_TOKENS` consecutive tokens of ``text``."""
    words = tokens(text)
    return [tuple(words[i : i + SHINGLE_TOKENS]) for i in range(len(words) - SHINGLE_TOKENS + 1)]


def drop_hidden_copies(root: Element, options: HiddenCopyOptions = DEFAULT_OPTIONS) -> int:
    """Remove from ``root``'s ``<body>`` the outermost ``hidden`` elements whose text the
    rest of the page repeats (their tails kept); return how many went. Works in place, on a
    cleaned tree (scripts and styles gone: a JSON-LD copy of an FAQ is not the page's)."""
    share = options.min_copied_share
    body = root.find("body")
    if share is None or body is None:
        return 0
    candidates = outermost(
        [el for el in _marked(body, options.other_marks) if is_hidden(el, options.other_marks)]
    )
    if not candidates:
        return 0
    dropped = 0
    texts = []
    for el in candidates:
        text = text_content(el)
        if options.drop_json and is_json_data(text) and not _holds_code(el):
            drop_keep_tail(el)
            dropped += 1
        else:
            texts.append((el, text))
    judged = [(el, shingles(text)) for el, text in texts]
    judged = [(el, own) for el, own in judged if len(own) >= options.min_shingles]
    if not judged:
        return dropped
    page = Counter(shingles(text_content(body)))
    for el, own in judged:
        inside = Counter(own)
        copied = sum(count for shingle, count in inside.items() if page[shingle] > count)
        if copied >= share * len(own):
            page.subtract(inside)  # the copy is gone: what it repeated is now shown once
            drop_keep_tail(el)
            dropped += 1
    return dropped


def is_json_data(text: str) -> bool:
    """Whether ``text`` is one JSON object or array (brackets checked first: most hidden
    text is prose, and parsing it would cost for nothing)."""
    data = text.strip()
    if data[:1] + data[-1:] not in ("{}", "[]"):
        return False
    try:
        json.loads(data)
    except ValueError:
        return False
    return True


def _holds_code(el: Element) -> bool:
    """Whether ``el`` is or holds a code block: a hidden tab's JSON example is content."""
    return el.tag in CODE_TAGS or any(True for _ in el.iter(*CODE_TAGS))


def _marked(body: Element, other_marks: bool) -> list[Element]:
    """A superset of the hidden elements under ``body``, in document order. The C walk
    finds the attribute at about half the XPath's cost, which every page pays."""
    if other_marks:
        return list(_MAYBE_HIDDEN(body))
    if walks is None:
        return list(_HIDDEN(body))
    found = walks.elements_with(root=body, attribute_substrings=((b"hidden", b""),))
    return [el for el in found if el is not body]


def is_hidden(el: Element, other_marks: bool = False) -> bool:
    """Whether ``el`` carries the ``hidden`` attribute (with ``other_marks``, or
    ``aria-hidden="true"``, or an inline style that hides it)."""
    if el.get("hidden") is not None:
        return True
    if not other_marks:
        return False
    style = el.get("style")
    return el.get("aria-hidden") == "true" or bool(style and _HIDING_STYLE.search(style))
