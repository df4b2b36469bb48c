"""Runs of teasers: other articles' titles and excerpts, side by side after an article.

A "more stories" block that its names do not mark (hashed CSS-module classes, a theme's
own words) still has a shape: several consecutive elements of one tag and class, each with
a link that has text (the other article's title) and some text outside links (its
excerpt). A table of contents, an API index or a link list has the links but no excerpts;
an article's own sections have text but rarely a same-shaped link in each.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import link_text_length, text_content
from newscrawl.extraction.posts import POST_TAGS, has_link, shape

# Elements that may stand between the items of one run: separators, not items.
SEPARATOR_TAGS = frozenset({"hr", "br"})


def is_teaser(el: Element, excerpt_chars: int) -> bool:
    """Whether ``el`` holds a link with text and ``excerpt_chars`` or more characters
    (spaces excluded) outside links."""
    if not has_link(el):
        return False
    chars = len("".join(text_content(el).split()))
    return chars - link_text_length(el) >= excerpt_chars


def teaser_runs(parent: Element, repeats: int, excerpt_chars: int) -> list[Element]:
    """The children of ``parent`` in runs of ``repeats`` or more consecutive teasers of one
    shape (separators between them skipped), in document order."""
    if len(parent) < repeats:
        return []
    found: list[Element] = []
    run: list[Element] = []
    run_shape: tuple[str, str | None] | None = None
    for child in parent:
        if not isinstance(child.tag, str) or child.tag in SEPARATOR_TAGS:
            continue
        child_shape = (
            shape(child) if child.tag in POST_TAGS and is_teaser(child, excerpt_chars) else None
        )
        if child_shape != run_shape or child_shape is None:
            if len(run) >= repeats:
                found.extend(run)
            run, run_shape = [], child_shape
        if child_shape is not None:
            run.append(child)
    if len(run) >= repeats:
        found.extend(run)
    return found


def holds_teasers(el: Element, repeats: int, excerpt_chars: int) -> bool:
    """Whether ``el`` is, or holds, a run of teasers."""
    return any(teaser_runs(parent, repeats, excerpt_chars) for parent in el.iter())


def teaser_test(repeats: int, excerpt_chars: int) -> Callable[[Element], bool]:
    """Whether an element is one of a run of teasers; each parent's runs are worked out
    once."""
    runs: dict[Element, frozenset[Element]] = {}

    def in_run(el: Element) -> bool:
        parent = el.getparent()
        if parent is None:
            return False
        members = runs.get(parent)
        if members is None:
            members = runs[parent] = frozenset(teaser_runs(parent, repeats, excerpt_chars))
        return el in members

    return in_run
