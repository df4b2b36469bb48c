"""The tail subtrees after the prose, and which of them are furniture: named, link-dense, a
repeated list of linked items, or a run of dated posts."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import link_text_length, text_content
from newscrawl.extraction.posts import dated_post_test, has_link, holds_dated_posts
from newscrawl.extraction.tail.names import names_tail
from newscrawl.extraction.tail.options import TailOptions


def tail_subtrees(region: Element, last: Element) -> Iterator[Element]:
    """The later siblings of ``last`` and of each of its ancestors below the region (the
    container's children after it among them), in document order."""
    node = last
    while node is not region:  # the region's own siblings are outside it
        for sibling in node.itersiblings():
            if isinstance(sibling.tag, str):
                yield sibling
        parent = node.getparent()
        if parent is None:
            return
        node = parent


def is_post_list(el: Element, repeats: int) -> bool:
    """Whether ``el`` is, or holds, ``repeats`` or more consecutive children of one tag and
    class, each holding a link with text."""
    for parent in (el, *el.iterdescendants()):
        if len(parent) < repeats:
            continue
        run, shape = 0, None
        for child in parent:
            if not isinstance(child.tag, str):
                continue
            child_shape = (child.tag, child.get("class"))
            if child_shape == shape and has_link(child):
                run += 1
                if run >= repeats:
                    return True
            else:
                shape, run = child_shape, int(has_link(child))
    return False


def is_tail(el: Element, options: TailOptions) -> bool:
    if options.names and names_tail(
        el, options.appeal_names, options.zh_names, options.telling_names
    ):
        return True
    if options.link_share is not None:
        length = len("".join(text_content(el).split()))
        anchors = sum(1 for _ in el.iter("a"))
        if length and anchors >= 2 and link_text_length(el) > options.link_share * length:
            return True
    if options.repeats is not None and is_post_list(el, options.repeats):
        return True
    return is_dated_tail(el, options)


def is_dated_tail(el: Element, options: TailOptions, timed: bool = False) -> bool:
    """With :attr:`TailOptions.dated_posts`, whether ``el`` is or holds a run of dated posts
    (with ``timed``, stamped with a time of day or an age)."""
    return options.dated_posts is not None and holds_dated_posts(
        el, options.dated_posts, options.dated_posts_linked, timed, options.reply_posts
    )


def dated_posts_test(options: TailOptions) -> Callable[[Element], bool] | None:
    """With :attr:`TailOptions.dated_posts`, whether an element is one of a run of dated
    posts (where the article's prose ends)."""
    if options.dated_posts is None:
        return None
    return dated_post_test(options.dated_posts, options.dated_posts_linked, options.reply_posts)
