"""Walking and relating elements without recursion: depth-first with depths, the sole
element of an iterator, whether one element lies under another, their common ancestor."""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree
from lxml.etree import _Element as Element


def iter_with_depth(root: etree._Element) -> Iterator[tuple[Element, int]]:
    """Preorder walk of element nodes with their depth below ``root`` (root has depth 0)."""
    stack: list[tuple[etree._Element, int]] = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        if isinstance(el.tag, str):
            yield el, depth
            children = [child for child in el if isinstance(child.tag, str)]
            stack.extend((child, depth + 1) for child in reversed(children))


def sole(elements: Iterator[Element]) -> Element | None:
    """The one element ``elements`` yields; None when it yields none or more than one (read
    no further than the second)."""
    first = next(elements, None)
    return first if first is not None and next(elements, None) is None else None


def is_below(el: etree._Element, holder: etree._Element) -> bool:
    """Whether ``el`` lies inside ``holder``'s subtree (not ``holder`` itself)."""
    return any(ancestor is holder for ancestor in el.iterancestors())


def common_ancestor(first: etree._Element, last: etree._Element) -> etree._Element | None:
    """The deepest element holding both ``first`` and ``last`` (either may be it)."""
    around_first = {first, *first.iterancestors()}  # the proxies stay alive in the set
    return next((el for el in (last, *last.iterancestors()) if el in around_first), None)
