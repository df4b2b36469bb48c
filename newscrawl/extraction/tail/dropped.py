"""Which tail subtrees the options drop in a region (:func:`tail_of`), with the gates that
undo the dated-post and comment-heading rules away from an article."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import link_text_length, text_content
from newscrawl.extraction.tail.headings import (
    from_heading,
    heading_holders,
    headings_in,
    uncapped_after_heading,
)
from newscrawl.extraction.tail.names import named_inside, named_test
from newscrawl.extraction.tail.options import TailOptions
from newscrawl.extraction.tail.prose import Prose, is_prose, non_space_chars, prose_container
from newscrawl.extraction.tail.subtrees import (
    dated_posts_test,
    is_dated_tail,
    is_tail,
    tail_subtrees,
)


def dropped_subtrees(region: Element, options: TailOptions) -> tuple[Prose | None, list[Element]]:
    """Where the prose is, and the tail subtrees the options drop, in document order."""
    prose, dropped, _ = tail_of(region, options)
    return prose, dropped


def tail_of(
    region: Element, options: TailOptions, page_headings: Sequence[Element] | None = None
) -> tuple[Prose | None, list[Element], list[Element]]:
    """Where the prose is, the tail subtrees the options drop, and those of them the cut cap
    does not count (comment threads, with :attr:`TailOptions.dated_posts_capped` off; what
    follows a comment heading, with :attr:`TailOptions.comment_headings_capped` off).

    With :attr:`TailOptions.dated_posts_prose_share`, dated posts count only around an
    article: when the region's text outside the dropped dated subtrees is not mostly the
    prose's long paragraphs (a listing of dated teasers, an events page, a course schedule:
    the dated items are the content), the tail is worked out as if the rule were off.
    :attr:`TailOptions.comment_headings_prose_share` does the same for a comment heading
    (a listing's items each showing "11 comments").

    ``page_headings``, when given, are the page's comment headings (found once for the whole
    page: :attr:`newscrawl.extraction.document.Document.comment_headings`); those inside the
    region are its headings, and the region is not searched again."""
    headings = headings_in(region, page_headings) if options.comment_headings else []
    prose, dropped = _dropped_subtrees(region, options, headings)
    if prose is None:
        return prose, dropped, []
    share = options.comment_headings_prose_share
    if (
        prose.ended_by is not None
        and share is not None
        and not is_prose(region, prose, share, outside=from_heading(dropped, prose))
    ):
        options, headings = replace(options, comment_headings=False), []
        prose, dropped = _dropped_subtrees(region, options, headings)
        if prose is None:
            return prose, dropped, []
    after_heading = uncapped_after_heading(dropped, prose, options)
    if options.dated_posts is not None:
        dated = [el for el in dropped if is_dated_tail(el, options)]
        share = options.dated_posts_prose_share
        if dated and share is not None and not is_prose(region, prose, share, outside=dated):
            undated = replace(options, dated_posts=None)
            prose, dropped = _dropped_subtrees(region, undated, headings)
            return prose, dropped, uncapped_after_heading(dropped, prose, options)
        if not options.dated_posts_capped:
            threads = [
                el for el in dated if _is_written(el) and is_dated_tail(el, options, timed=True)
            ]
            return prose, dropped, [*threads, *(el for el in after_heading if el not in threads)]
    return prose, dropped, after_heading


# Most of a comment thread's text is written outside links; a run of news teasers stamped
# "2 hrs ago" is links.
THREAD_LINK_SHARE = 0.5


def _is_written(el: Element) -> bool:
    return link_text_length(el) <= THREAD_LINK_SHARE * non_space_chars(el)


def _dropped_subtrees(
    region: Element, options: TailOptions, headings: Sequence[Element]
) -> tuple[Prose | None, list[Element]]:
    prose = prose_container(
        region,
        options.long_paragraph,
        options.container_share,
        named_test(options),
        dated_posts_test(options),
        headings,
    )
    if prose is None:
        return None, []
    if options.min_prose_share is not None and not is_prose(region, prose, options.min_prose_share):
        return prose, []
    descend = (
        options.names
        and options.named_descendants
        and (
            options.descendants_prose_share is None
            or is_prose(region, prose, options.descendants_prose_share)
        )
    )
    dropped: list[Element] = []
    # The comment heading's subtree and every one after it go.
    holders = heading_holders(prose)
    past_heading = False
    for el in tail_subtrees(region, prose.last):
        past_heading = past_heading or el in holders
        if not text_content(el).strip():
            continue
        if past_heading or (options.cut_rest and dropped) or is_tail(el, options):
            dropped.append(el)
        elif descend:
            dropped.extend(named_inside(el, options))
    return prose, dropped
