"""Drop comment threads, related-story lists and teaser blocks from inside the chosen region.

A method that picks a region by text density takes whatever sits inside it: the article and,
often, the comments under it, a "related stories" list or a share bar. Those blocks show
themselves in the markup of the region:

* **link-dense blocks** — most of the block's characters are inside links;
* **named containers** — a ``class``/``id`` token (the attribute split at non-letters and at
  camelCase humps) is one of the words sites use for such boxes (comment, related, share,
  newsletter, 评论, 相关 ...); whole tokens only, so ``commentary`` is not ``comment``;
* **teaser runs** — several consecutive siblings of one shape (tag and ``class``), each
  mostly a link;
* optionally only **after the article**: blocks that start after the region's last long
  paragraph.

The region is the common ancestor of the winner's first and last node; one post-order pass
sums every element's characters and link characters, one pre-order pass picks the blocks.
When the winner's text is its one node's text, the pruned blocks are skipped as it is
written again; otherwise (block methods write one line per paragraph node) each pruned
block's lines are removed where they stand together in the winner's text, in document
order. Every rule is off by default: site-grouped cross-validation over the dev sets found
no variant better than off beyond noise (benchmarks/prune_cv.py,
docs/benchmarks/precision.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.dom import BLOCK_TAGS, common_ancestor, paragraph_text

# Words sites name comment, related-story, sharing and promotion boxes with.
BOX_WORDS = frozenset(
    {
        "comment",
        "comments",
        "reply",
        "replies",
        "related",
        "recommend",
        "recommended",
        "recommendation",
        "recommendations",
        "share",
        "sharing",
        "newsletter",
        "promo",
        "promotion",
    }
)
# Chinese names run into their neighbours (评论区, 相关新闻): a substring of a token counts.
BOX_WORDS_CJK = ("评论", "相关", "推荐")
_TOKEN_SPLIT = re.compile(r"[^0-9A-Za-z\u4e00-\u9fff]+|(?<=[a-z])(?=[A-Z])")


@dataclass(frozen=True, slots=True)
class PruneOptions:
    """Which blocks are dropped from the chosen region. ``None``/``False``: the rule is off;
    all off (``NO_PRUNE``) leaves the winner's text as it is."""

    # (a) Share of a block's characters inside links above which it is dropped.
    link_share: float | None = None
    # Characters (spaces excluded) a block needs for (a): a short linked line may be a
    # source credit inside a paragraph.
    min_block_chars: int = 20
    # Links a block needs for (a): one linked sentence ("See: ...") is the article's own
    # cross-reference; a list of links is navigation.
    min_links: int = 2
    # (b) Drop containers whose class/id tokens name a comment/related/share/promo box.
    box_names: bool = False
    # (c) Consecutive same-shape siblings, each mostly a link, that make a teaser list.
    sibling_run: int | None = None
    # Share of a sibling's characters inside links for it to count in a run.
    run_link_share: float = 0.5
    # (d) Drop blocks only when they start after the region's last long paragraph.
    only_after_article: bool = False
    # Characters (spaces excluded) of a paragraph that counts as the article's for (d).
    long_paragraph: int = 80
    # Share of the region's characters above which a block is never dropped: a container
    # holding most of the region is the article's own wrapper, whatever its name says.
    max_block_share: float = 0.5


NO_PRUNE = PruneOptions()
DEFAULT_OPTIONS = NO_PRUNE


def is_on(options: PruneOptions) -> bool:
    return options.link_share is not None or options.box_names or options.sibling_run is not None


def names_a_box(el: Element) -> bool:
    """Whether a token of ``el``'s class or id is a word for a comment/related/promo box."""
    for attribute in ("class", "id"):
        value = el.get(attribute)
        if not value:
            continue
        for token in _TOKEN_SPLIT.split(value):
            if token.lower() in BOX_WORDS or any(word in token for word in BOX_WORDS_CJK):
                return True
    return False


def _visible(text: str | None) -> int:
    return len(text) - text.count(" ") - text.count("\n") - text.count("\t") if text else 0


@dataclass(slots=True)
class _Measures:
    """Per element of the region: characters, characters inside links, pre-order position;
    and where the last long paragraph ends."""

    chars: dict[Element, int]
    links: dict[Element, int]
    anchors: dict[Element, int]
    start: dict[Element, int]
    last_paragraph_end: int


def _measure(region: Element, options: PruneOptions) -> _Measures:
    chars: dict[Element, int] = {}
    links: dict[Element, int] = {}
    anchors: dict[Element, int] = {}
    start: dict[Element, int] = {}
    has_block: dict[Element, bool] = {}
    position = 0
    last_paragraph_end = -1
    for event, el in etree.iterwalk(region, events=("start", "end")):
        if not isinstance(el.tag, str):
            continue
        position += 1
        if event == "start":
            start[el] = position
            continue
        total = _visible(el.text)
        linked = 0
        count = int(el.tag == "a")
        block_inside = False
        for child in el:
            total += _visible(child.tail)
            if isinstance(child.tag, str):
                total += chars[child]
                linked += links[child]
                count += anchors[child]
                block_inside = block_inside or child.tag in BLOCK_TAGS or has_block[child]
        if el.tag == "a":
            linked = total
        chars[el], links[el], anchors[el], has_block[el] = total, linked, count, block_inside
        if (
            not block_inside
            and total >= options.long_paragraph
            and linked * 2 < total  # a paragraph of prose, not a long link list
        ):
            last_paragraph_end = position
    return _Measures(chars, links, anchors, start, last_paragraph_end)


def _link_dense(el: Element, measures: _Measures, share: float, min_chars: int) -> bool:
    total = measures.chars[el]
    return total >= min_chars and measures.links[el] > share * total


def _teaser_runs(parent: Element, measures: _Measures, options: PruneOptions) -> list[Element]:
    """``parent``'s block children in runs of ``sibling_run`` or more of one shape, each
    mostly a link (inline links side by side are a sentence's, not a list)."""
    assert options.sibling_run is not None
    found: list[Element] = []
    run: list[Element] = []
    shape: tuple[str, str | None] | None = None
    for child in (*parent, None):
        teaser = (
            child is not None
            and child.tag in BLOCK_TAGS
            and _link_dense(child, measures, options.run_link_share, 1)
        )
        child_shape = (child.tag, child.get("class")) if teaser and child is not None else None
        if child_shape is not None and child_shape == shape:
            run.append(child)
            continue
        if len(run) >= options.sibling_run:
            found.extend(run)
        run = [child] if child_shape is not None else []
        shape = child_shape
    return found


def pruned_blocks(region: Element, options: PruneOptions) -> list[Element]:
    """The blocks of ``region`` (never itself) the options drop, in document order."""
    if not is_on(options):
        return []
    measures = _measure(region, options)
    limit = options.max_block_share * measures.chars[region]
    dropped: list[Element] = []
    in_run: set[Element] = set()
    walker = etree.iterwalk(region, events=("start",))
    for _, el in walker:
        if not isinstance(el.tag, str):
            continue
        after = not options.only_after_article or (measures.start[el] > measures.last_paragraph_end)
        if (
            el is not region
            and after
            and measures.chars[el] <= limit
            and _drops(el, measures, options, in_run)
        ):
            dropped.append(el)
            walker.skip_subtree()
            continue
        if options.sibling_run is not None and len(el) >= options.sibling_run:
            in_run.update(_teaser_runs(el, measures, options))
    return dropped


def _drops(el: Element, measures: _Measures, options: PruneOptions, in_run: set[Element]) -> bool:
    if el in in_run:
        return True
    if el.tag not in BLOCK_TAGS:
        return False
    if options.box_names and measures.chars[el] and names_a_box(el):
        return True
    return (
        options.link_share is not None
        and measures.anchors[el] >= options.min_links
        and _link_dense(el, measures, options.link_share, options.min_block_chars)
    )


def without_lines(text: str, blocks: Sequence[Element]) -> str:
    """``text`` without the lines of ``blocks``, matched in document order: each block's
    lines are removed where they stand together at or after the previous block's."""
    lines = text.split("\n")
    removed = [False] * len(lines)
    cursor = 0
    for block in blocks:
        wanted = paragraph_text(block).split("\n")
        for index in range(cursor, len(lines) - len(wanted) + 1):
            if lines[index : index + len(wanted)] == wanted:
                removed[index : index + len(wanted)] = [True] * len(wanted)
                cursor = index + len(wanted)
                break
    return "\n".join(line for line, gone in zip(lines, removed, strict=True) if not gone)


def prune(text: str, nodes: Sequence[Element], options: PruneOptions = DEFAULT_OPTIONS) -> str:
    """``text`` (the winner's, written from ``nodes``) without the blocks the options drop."""
    if not nodes or not text or not is_on(options):
        return text
    region = common_ancestor(nodes[0], nodes[-1])
    if region is None:
        return text
    blocks = pruned_blocks(region, options)
    if not blocks:
        return text
    if len(nodes) == 1 and paragraph_text(region) == text:  # the region's own text: skip them
        return paragraph_text(region, exclude=blocks)
    return without_lines(text, blocks)
