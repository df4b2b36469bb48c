"""Cleaning a parsed tree in place: junk elements and comments out (their tails kept),
``<br>`` into newlines, swallowing form controls kept as containers, adjacent text nodes
merged."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.dom.parsing import XML_UNSAFE, xml_safe
from newscrawl.extraction.dom.tags import JUNK_TAGS
from newscrawl.extraction.native import walks

# Junk form controls that libxml2 lets swallow the rest of a page when left unclosed. One is
# taken for such a misparse when it holds block elements and more than SWALLOWED_MIN_ELEMENTS
# elements: on a third of the dataset pages (11,025 controls) the median holds 3, the 99th
# percentile 17; real <select>s with hundreds of <option>s hold no blocks.
SWALLOWING_TAGS = ("button", "select", "textarea")
SWALLOWED_BLOCKS = ("p", "div", "article", "section", "table", "ul", "h1", "h2", "h3")
SWALLOWED_MIN_ELEMENTS = 30


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
        if text is None or XML_UNSAFE.search(text):
            continue
        if start.is_tail:
            owner.tail = text
        else:
            owner.text = text
        merged += 1
    return merged


def _has_more_elements_than(el: etree._Element, limit: int) -> bool:
    return any(True for index, _ in enumerate(el.iter()) if index > limit)
