"""The features of every scoring element under a root: the walk (in C when it is built),
run again when the page's class/id words name no content or its comments are a thread."""

from __future__ import annotations

from collections.abc import Callable

from lxml.etree import _Element as Element

from newscrawl.extraction.comment_threads import kept_comment_flags, names_comment
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS, DensityOptions
from newscrawl.extraction.extractors.text_density.features import NodeFeatures
from newscrawl.extraction.extractors.text_density.walk_c import walk_in_c
from newscrawl.extraction.extractors.text_density.walk_python import walk_in_python
from newscrawl.extraction.native import walks
from newscrawl.extraction.noise import noise_rules

# One pass over the tree with the given content tags, paragraph tags and class/id flags: in C
# or in Python.
Walk = Callable[
    [Element, DensityOptions, frozenset[str], frozenset[str], dict[str, tuple[bool, bool]]],
    tuple[list[NodeFeatures], list[Element]],
]


def measure(
    root: Element, options: DensityOptions = DEFAULT_OPTIONS
) -> tuple[list[NodeFeatures], list[Element]]:
    """Features of every scoring element under ``root`` (root included), in document order,
    and the excluded noise elements: the C walk when it is built, else the same in Python
    (:func:`measure_in_python`, the reference; tests/extraction/test_walks_c.py holds the two
    equal on every dataset page)."""
    if walks is None:
        return measure_in_python(root, options)
    return _with_comment_threads(root, options, walk_in_c)


def measure_in_python(
    root: Element, options: DensityOptions = DEFAULT_OPTIONS
) -> tuple[list[NodeFeatures], list[Element]]:
    """:func:`measure` in Python: the reference the C walk (_walks.c) follows.

    One iterative pass over running totals: an element's subtree counts are the totals at
    its end minus those at its start. A noise element's text is not counted (the totals are
    rolled back to its start) and neither it nor its descendants are candidates, unless it
    holds most of the root's text. Elements whose score is 0 (one-line leaves, link lists)
    are left out of the result.
    """
    return _with_comment_threads(root, options, walk_in_python)


def _with_comment_threads(
    root: Element, options: DensityOptions, walk: Walk
) -> tuple[list[NodeFeatures], list[Element]]:
    """:func:`_names_first` with the noise rules' class/id flags; on a page that is a thread
    of comment-named posts (comment_threads.py), again with their values counted back in (a
    copy of the flags for this page: on others those values stay noise). Such posts are
    noise the first walk left out, so a page whose left-out elements name no comment needs
    no second look."""
    rules = noise_rules(options)
    features, excluded = _names_first(root, options, walk, rules.flag_cache)
    share = options.comment_thread_share
    if not options.skip_noise or share is None or not any(map(names_comment, excluded)):
        return features, excluded
    kept = kept_comment_flags(root, rules, share)
    if not kept:
        return features, excluded
    return _names_first(root, options, walk, {**rules.flag_cache, **kept})


def _names_first(
    root: Element, options: DensityOptions, walk: Walk, flag_cache: dict[str, tuple[bool, bool]]
) -> tuple[list[NodeFeatures], list[Element]]:
    """The walk with class/id words naming content; on a page where no scored element is
    named so (a generated stylesheet, an unseen template), again with ``options.content_tags``
    counting as those words. Where a page's names speak, they decide alone (unless
    ``options.content_tags_when_unnamed`` is off: the tags count on every page)."""
    paragraph_tags = paragraph_tags_of(root, options)  # once, for either walk
    if not options.content_tags_when_unnamed:
        return walk(root, options, options.content_tags, paragraph_tags, flag_cache)
    features, excluded = walk(root, options, frozenset(), paragraph_tags, flag_cache)
    if options.content_tags and not any(feature.content_named for feature in features):
        return walk(root, options, options.content_tags, paragraph_tags, flag_cache)
    return features, excluded


def paragraph_tags_of(root: Element, options: DensityOptions) -> frozenset[str]:
    """The tags whose own text line counts as a paragraph under ``root``: none when
    ``options.paragraph_tags_without_p`` is on and ``root`` holds a ``<p>``."""
    # iter() with a tag filter walks in C and stops at the first <p>; find(".//p") goes
    # through lxml's Python path parser on every page
    if options.paragraph_tags_without_p and next(root.iter("p"), None) is not None:
        return frozenset()
    return options.paragraph_tags
