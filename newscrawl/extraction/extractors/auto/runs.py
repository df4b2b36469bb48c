"""The other methods run on one page: each one's answer is a :class:`Candidate` of the vote.

Each method runs with its options in :class:`AutoOptions`; jusText and boilerpipe share one
segmentation (:func:`page_runner`). A candidate is cut at a Chinese comment-section heading
(:func:`cut_at_comments`) and, when its region is one post of a discussion thread, becomes
every post's text (:mod:`newscrawl.extraction.thread`).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from lxml.etree import _Element as Element

from newscrawl.extraction.blocks import Block, segment
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors import justext
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions
from newscrawl.extraction.extractors.boilerpipe import extractor as boilerpipe
from newscrawl.extraction.registry import get_method
from newscrawl.extraction.text import token_counts
from newscrawl.extraction.thread import parts_text, thread_parts, visible_length
from newscrawl.extraction.types import ContentResult, Rejection

# The package's logger: a failing method is logged under the name it had before the split.
logger = logging.getLogger(__package__)


@dataclass(frozen=True, slots=True)
class Candidate:
    method: str
    result: ContentResult
    bag: Counter[str]
    # The thread test in the vote (``ThreadOptions.in_vote``): None when it did not run on
    # this candidate, True when the text is every post of the thread the region is one post
    # of, False when the region is no post of a thread.
    posts: bool | None = None

    @property
    def size(self) -> int:
        return sum(self.bag.values())


def _shared_runners(
    doc: Document, options: AutoOptions = DEFAULT_OPTIONS
) -> dict[str, Callable[[], ContentResult | Rejection]]:
    """jusText and boilerpipe on one segmentation of the page (computed on first use)."""
    cache: list[list[Block]] = []

    def blocks() -> list[Block]:
        if not cache:
            cache.append(segment(doc.root))
        return cache[0]

    def run_justext() -> ContentResult | Rejection:
        return justext.content_from_blocks(doc, blocks(), options.justext)

    def run_boilerpipe() -> ContentResult | Rejection:
        return boilerpipe.content_from_blocks(
            doc, blocks(), options.boilerpipe.article_chain, "boilerpipe"
        )

    return {"justext": run_justext, "boilerpipe": run_boilerpipe}


def run_methods(
    doc: Document,
    methods: Sequence[str],
    shared: dict[str, Callable[[], ContentResult | Rejection]] | None = None,
    options: AutoOptions = DEFAULT_OPTIONS,
    bags: dict[str, Counter[str]] | None = None,
    threads: dict[tuple[Element, int], list[Element] | None] | None = None,
) -> list[Candidate]:
    """Candidates of the given methods, each run with its options in ``options``; absent or
    failing methods are skipped. ``bags``: token bags by text, kept across calls on one page
    (methods often agree to the character, in one stage or in the next); ``threads``: the
    thread test's answers by region, likewise (density and TCDT often choose one node)."""
    shared = shared or {}
    found = []
    bags = {} if bags is None else bags
    threads = {} if threads is None else threads
    for name in methods:
        try:
            result = shared[name]() if name in shared else _run(doc, name, options)
        except (ImportError, AttributeError, KeyError) as error:
            logger.debug("auto: method %s unavailable: %r", name, error)
            continue
        except RecursionError:
            continue
        except Exception as error:  # noqa: BLE001 -- one broken method must not sink the others
            logger.warning("auto: method %s failed on %s: %r", name, doc.url, error)
            continue
        if isinstance(result, ContentResult) and result.text.strip():
            result = without_comments(result, options)
            checked = options.thread.in_vote and bool(result.nodes)
            parts = _thread_parts(result, options, threads) if checked else None
            posts = parts_text(parts) if parts is not None else None
            if posts and parts:  # every post is the content now; the images stay the region's
                result = replace(result, text=posts, nodes=parts, image_span=result.images_from)
            if result.text.strip():
                bag = bags.get(result.text)
                if bag is None:
                    bag = bags[result.text] = token_counts(result.text)
                found.append(Candidate(name, result, bag, (posts is not None) if checked else None))
    return found


def _thread_parts(
    result: ContentResult,
    options: AutoOptions,
    threads: dict[tuple[Element, int], list[Element] | None],
) -> list[Element] | None:
    """Every post (and heading between) when ``result``'s region is one post of a thread,
    else None."""
    key = (result.nodes[0], visible_length(result.text))
    if key not in threads:
        threads[key] = thread_parts(result.nodes, options.thread, key[1])
    return threads[key]


def _run(doc: Document, name: str, options: AutoOptions) -> ContentResult | Rejection:
    method = get_method(name)
    method_options = options.options_of(name)
    return method(doc) if method_options is None else method(doc, method_options)


def cut_at_comments(text: str, options: AutoOptions = DEFAULT_OPTIONS) -> str:
    """``text`` up to its first comment-section heading line (all of it if there is none)."""
    if "评论" not in text and "留言" not in text:  # the common case: no heading possible
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if options.comment_heading.match(line):
            return "\n".join(lines[:index])
    return text


def without_comments(
    result: ContentResult, options: AutoOptions = DEFAULT_OPTIONS
) -> ContentResult:
    """``result`` cut at a comment heading; its nodes no longer match the text if cut, and
    its images would include the commenters' avatars, so it keeps none."""
    text = cut_at_comments(result.text, options)
    if text == result.text:
        return result
    return ContentResult(
        text=text,
        nodes=[],
        title_hint=result.title_hint,
        diagnostics=result.diagnostics,
        method=result.method,
    )


Runner = Callable[[Sequence[str]], list[Candidate]]


def page_runner(doc: Document, options: AutoOptions = DEFAULT_OPTIONS) -> Runner:
    """The candidates of the named methods on ``doc``, sharing one segmentation."""
    shared = _shared_runners(doc, options)
    bags: dict[str, Counter[str]] = {}
    threads: dict[tuple[Element, int], list[Element] | None] = {}

    def runner(methods: Sequence[str]) -> list[Candidate]:
        return run_methods(doc, methods, shared, options, bags, threads)

    return runner
