"""Text-and-symbol density content extraction (洪鸿辉 et al. 2019; docs/algorithms.md A.3).

For every element ``i`` under the content root the paper scores::

    TD_i    = (T_i - LT_i) / (TG_i - LTG_i)      text density
    SbD_i   = (T_i - LT_i) / (Sb_i + 1)          symbol density
    score_i = TD_i * log10(PNum_i + 2) * ln(SbD_i)

and the best-scoring element is the article body. Differences from the paper and from GNE,
each on purpose (docs/algorithms.md A.3;
measured in docs/benchmarks/density.md):

* ``log(SD)`` is omitted: it is one constant per page, so it cannot change the ranking, and
  for ``SD <= 1`` it zeroes or inverts every score.
* Guards make the formula total: ``TG - LTG == 0`` keeps GNE's escape hatch (link text under
  a tenth of the text ⇒ links are not subtracted from the tag count); a leaf counts the
  ``<br>``s that cleaning turned into line breaks as its tags, so ``<br>``-only text blocks
  score while a one-line leaf scores 0 as in the paper; ``SbD`` is clamped to at least 1
  before the logarithm.
* The score is multiplied by the non-link text ``(T - LT) ** k`` (k = 1): the paper's ``TD``
  rewards nodes with few tags, so a lone long ``<p>`` or a one-link footer beat the article
  container (F1 0.776 → 0.891 on cwced_zh, 0.503 → 0.919 on wcxb_dev articles).
* ``PNum`` counts descendant ``<p>`` elements plus the non-blank lines of the element's own
  text (``<br>`` has become a newline in :func:`dom.clean_tree`); whitespace between tags
  does not count.
* Curly quotes and CJK brackets/ellipses count as symbols.
* Noise (``nav``/``aside``/``footer``, class/id words such as ``share`` or ``comment``) is
  left out of every count, but never when it would hold most of the page's text: a class like
  ``has-sidebar`` on the main wrapper must not delete the article.
* The tree is never modified: features come from one iterative walk (no recursion, linear
  time, where GNE re-reads every subtree for every node).
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.comment_threads import kept_comment_flags, names_comment
from newscrawl.extraction.document import Document, source_markers
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS, DensityOptions
from newscrawl.extraction.native import c_tags, walks
from newscrawl.extraction.noise import hidden_elements, max_noise_chars, noise_rules
from newscrawl.extraction.types import ContentResult, Rejection, RejectReason

METHOD = "density"


@dataclass(slots=True)
class NodeFeatures:
    """The paper's raw per-node quantities (kept for diagnostics and tests)."""

    element: Element
    order: int  # preorder index below the root: ties go to the earlier (outer) node
    text: float  # T: non-space characters (an int), doubled (a float) for content class words
    link_text: int  # LT
    tags: int  # TG: descendant elements
    link_tags: int  # LTG: descendant <a>
    paragraphs: int  # PNum
    symbols: int  # Sb
    score: float = 0.0

    @property
    def content_named(self) -> bool:
        """Whether a content class/id word (or content tag) named the element: its T was
        counted with the content boost, which makes it a float."""
        return isinstance(self.text, float)

    def as_dict(self, options: DensityOptions = DEFAULT_OPTIONS) -> dict[str, Any]:
        return {
            "path": self.element.getroottree().getpath(self.element),
            "T": self.text,
            "LT": self.link_text,
            "TG": self.tags,
            "LTG": self.link_tags,
            "PNum": self.paragraphs,
            "Sb": self.symbols,
            "TD": round(
                text_density(
                    self.text,
                    self.link_text,
                    self.tags,
                    self.link_tags,
                    self.paragraphs,
                    options.link_escape_ratio,
                ),
                4,
            ),
            "SbD": round(symbol_density(self.text, self.link_text, self.symbols), 4),
            "score": round(self.score, 4),
        }


def text_density(
    text: float,
    link_text: int,
    tags: int,
    link_tags: int,
    paragraphs: int,
    escape_ratio: int = DEFAULT_OPTIONS.link_escape_ratio,
) -> float:
    """``TD = (T - LT) / (TG - LTG)`` with the guards of docs/algorithms.md A.3."""
    tag_span = tags - link_tags
    if tag_span <= 0:
        if link_text > 0 and text // link_text > escape_ratio:
            tag_span = tags  # inline links only: do not subtract them
        elif tags == 0:
            # A leaf: its only tags were the <br>s that cleaning turned into line breaks,
            # one fewer than its lines. A one-line leaf scores 0 as in the paper.
            tag_span = paragraphs - 1
    if tag_span <= 0:
        return 0.0
    return (text - link_text) / tag_span


def symbol_density(text: float, link_text: int, symbols: int) -> float:
    """``SbD = (T - LT) / (Sb + 1)``, clamped to >= 1 so its logarithm is never negative."""
    return max((text - link_text) / (symbols + 1), 1.0)


def score(
    text: float,
    link_text: int,
    tags: int,
    link_tags: int,
    paragraphs: int,
    symbols: int,
    options: DensityOptions = DEFAULT_OPTIONS,
) -> float:
    """``TD * log10(PNum + 2) * ln(SbD)``, times the text-mass factor ``(T - LT) ** k``."""
    density = text_density(text, link_text, tags, link_tags, paragraphs, options.link_escape_ratio)
    if density <= 0:
        return 0.0
    result = (
        density * math.log10(paragraphs + 2) * math.log(symbol_density(text, link_text, symbols))
    )
    if options.text_mass_exponent:
        result *= max(text - link_text, 1) ** options.text_mass_exponent
    return result


@lru_cache(maxsize=16)
def _symbol_pattern(symbols: str) -> Callable[[str], list[str]]:
    # findall is ~5x faster than str.translate
    return re.compile(f"[{re.escape(symbols)}]").findall


# Snapshot slots of an open element: the running totals when it started, so its subtree's
# totals are a subtraction when it ends (no per-parent additions on the hot path).
# ``_S_RAW``: all text so far, rolled back for nothing; the noise guard reads it.
(
    _S_T,
    _S_LT,
    _S_SB,
    _S_TAGS,
    _S_A,
    _S_P,
    _S_LINES,
    _S_ORDER,
    _S_MARK,
    _S_NOISE,
    _S_BOOST,
    _S_RAW,
) = range(12)


# One pass over the tree with the given content tags, paragraph tags and class/id flags: in C
# or in Python.
Walk = Callable[
    [Element, DensityOptions, frozenset[str], frozenset[str], dict[str, tuple[bool, bool]]],
    tuple[list["NodeFeatures"], list[Element]],
]


@lru_cache(maxsize=16)
def cached_c_tags(tags: frozenset[str]) -> tuple[bytes, ...]:
    """``tags`` as the C walk takes them, built once per distinct set."""
    return c_tags(tags)


def measure(
    root: Element, options: DensityOptions = DEFAULT_OPTIONS
) -> tuple[list[NodeFeatures], list[Element]]:
    """Features of every scoring element under ``root`` (root included), in document order,
    and the excluded noise elements: the C walk when it is built, else the same in Python
    (:func:`measure_in_python`, the reference; tests/extraction/test_walks_c.py holds the two
    equal on every dataset page)."""
    if walks is None:
        return measure_in_python(root, options)
    return _with_comment_threads(root, options, _walk_in_c)


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


def _walk_in_c(
    root: Element,
    options: DensityOptions,
    content_tags: frozenset[str],
    paragraph_tags: frozenset[str],
    flag_cache: dict[str, tuple[bool, bool]],
) -> tuple[list[NodeFeatures], list[Element]]:
    rows, excluded = walks.density_measure(
        root=root,
        skip_noise=options.skip_noise,
        **{**noise_rules(options).c_inputs(), "flag_cache": flag_cache},
        noise_share=options.noise_max_text_share,
        symbols=options.symbols,
        line_min=options.line_min_chars,
        content_boost=options.content_boost,
        content_tags=cached_c_tags(content_tags),
        mass_exponent=options.text_mass_exponent,
        escape_ratio=options.link_escape_ratio,
        paragraph_tags=cached_c_tags(paragraph_tags),
    )
    return [NodeFeatures(*row) for row in rows], excluded


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
    return _with_comment_threads(root, options, _walk_in_python)


def _walk_in_python(
    root: Element,
    options: DensityOptions,
    content_tags: frozenset[str],
    paragraph_tags: frozenset[str],
    flag_cache: dict[str, tuple[bool, bool]],
) -> tuple[list[NodeFeatures], list[Element]]:
    skip_noise = options.skip_noise
    rules = noise_rules(options)
    noise_tags, flags_of = rules.tags, rules.flags
    line_min, content_boost = options.line_min_chars, options.content_boost
    noise_limit = -1.0  # computed when the first noise element closes; many pages have none
    hidden = hidden_elements(root) if skip_noise else set()
    cache = flag_cache
    get = etree._Element.get
    found: list[tuple[Element, int, float, int, int, int, int, int, float]] = []
    excluded: list[Element] = []
    stack: list[list[Any]] = []
    # Running totals in document order: text, link text, symbols, elements, <a>s, <p>s; and
    # all text, noise included (never rolled back).
    total_t = total_lt = total_sb = total_tags = total_a = total_p = total_raw = 0
    link_depth = order = 0
    split, join, symbols_of = str.split, "".join, _symbol_pattern(options.symbols)
    # Comments and PIs (left only on uncleaned trees) come as one event each: their tails
    # are text of the parent, as the C walk counts them.
    for event, el in etree.iterwalk(root, events=("start", "end", "comment", "pi")):
        tag = el.tag
        if tag.__class__ is not str:
            text, owner = el.tail, (stack[-1] if stack else None)
        elif event == "start":
            # class and id: the union of their words, as if read together
            noise = boost = False
            value = get(el, "class")
            if value is not None:
                noise, boost = cache.get(value) or flags_of(value)
            value = get(el, "id")
            if value is not None:
                id_noise, id_boost = cache.get(value) or flags_of(value)
                noise, boost = noise or id_noise, boost or id_boost
            if content_tags and not boost:
                boost = tag in content_tags
            if skip_noise:
                noise = noise or tag in noise_tags or (bool(hidden) and el in hidden)
            else:
                noise = False
            frame: list[Any] = [
                total_t,
                total_lt,
                total_sb,
                total_tags,
                total_a,
                total_p,
                0,
                order,
                len(found),
                noise,
                boost,
                total_raw,
            ]
            order += 1
            total_tags += 1
            if tag == "a":
                link_depth += 1
                total_a += 1
            elif tag == "p":
                total_p += 1
            stack.append(frame)
            text, owner = el.text, frame
        else:
            frame = stack.pop()
            owner = stack[-1] if stack else None  # the tail's
            chars = total_t - frame[_S_T]
            link_chars = total_lt - frame[_S_LT]
            noise, boost, dropped = frame[_S_NOISE], frame[_S_BOOST], False
            if noise and el is not root:
                if noise_limit < 0:
                    noise_limit = max_noise_chars(
                        _visible_chars(root), options.noise_max_text_share
                    )
                # a marked element that also names content ("content-sidebar-wrap") is
                # weighed with all its text, its noise descendants' included: such a wrapper
                # holds the article and much of the page's furniture
                weighed = total_raw - frame[_S_RAW] if boost else chars
                if weighed <= noise_limit:  # roll the totals back: its text is not counted
                    total_t, total_lt, total_sb, total_tags, total_a, total_p = frame[:6]
                    del found[frame[_S_MARK] :]
                    excluded.append(el)
                    dropped = True
            if not dropped and chars > link_chars:
                tags = total_tags - frame[_S_TAGS] - 1
                paragraphs = total_p - frame[_S_P] - (tag == "p") + frame[_S_LINES]
                if tags or paragraphs > 1:
                    link_tags = total_a - frame[_S_A] - (tag == "a")
                    text_chars = chars * content_boost if boost else chars
                    # T, LT, TG, LTG, PNum, Sb: score's arguments and NodeFeatures' fields
                    features = (
                        text_chars,
                        link_chars,
                        tags,
                        link_tags,
                        paragraphs,
                        total_sb - frame[_S_SB],
                    )
                    value = score(*features, options)
                    if value > 0:
                        found.append((el, frame[_S_ORDER], *features, value))
            # a block of these tags holding its own text line is a paragraph of its
            # ancestors, as a <p> is (div-per-paragraph templates)
            if not dropped and tag != "p" and frame[_S_LINES] and tag in paragraph_tags:
                total_p += 1
            if tag == "a":
                link_depth -= 1
            if el is root:
                continue
            text = el.tail
        # An element's own text, or a tail: the text of the parent, and one of its lines.
        if text and not text.isspace() and owner is not None:
            visible = join(split(text))
            chars = len(visible)
            total_t += chars
            total_raw += chars
            total_sb += len(symbols_of(visible))
            if link_depth:
                total_lt += chars
            owner[_S_LINES] += chars >= line_min if "\n" not in text else _lines(text, line_min)
    found.sort(key=lambda row: row[1])
    return [NodeFeatures(*row) for row in found], excluded


def _lines(text: str, line_min: int) -> int:
    """Lines of at least ``line_min`` non-blank characters in a multi-line text node (the
    walk counts a one-line node itself, without the call)."""
    return sum(1 for line in text.split("\n") if len(line.strip()) >= line_min)


source_markers("articleBody")


def content_root(doc: Document, options: DensityOptions = DEFAULT_OPTIONS) -> Element | None:
    """``itemprop=articleBody`` when it holds real text, else ``<body>``."""
    if not doc.holds("articleBody"):  # a substring test saves a tree search on most pages
        return doc.body
    for el in doc.root.xpath("//*[@itemprop='articleBody']"):
        chars = _visible_chars(el)
        if chars >= options.article_body_min_chars:
            return el
    return doc.body


def _visible_chars(el: Element) -> int:
    text = etree.tostring(el, method="text", encoding="unicode", with_tail=False)
    return len("".join(text.split()))


def best_node(features: list[NodeFeatures]) -> NodeFeatures | None:
    """Highest score; ties go to the earlier node in document order (stable)."""
    best = min(features, key=lambda f: (-f.score, f.order), default=None)
    return best if best is not None and best.score > 0 else None


def merge_siblings(
    winner: Element, excluded: set[Element], options: DensityOptions = DEFAULT_OPTIONS
) -> list[Element]:
    """The winner plus adjacent siblings that read like more of the same article.

    Articles split by images or sub-headings into several containers leave the best one
    alone at the top (GNE #9/#57/#109); siblings with enough low-link text join it.
    """
    parent = winner.getparent()
    if parent is None:
        return [winner]
    siblings = [c for c in parent if isinstance(c.tag, str)]
    index = siblings.index(winner)

    def article_like(el: Element) -> bool:
        if el in excluded or noise_rules(options).is_noise(el):
            return False
        chars = _visible_chars(el)
        links = dom.link_text_length(el)
        return (
            chars - links >= options.merge_min_chars
            and links <= chars * options.merge_max_link_density
        )

    def passable(el: Element) -> bool:  # images and headings may sit between parts
        return el.tag in dom.HEADING_TAGS or el.tag in ("figure", "img") or article_like(el)

    start = index
    while start > 0 and passable(siblings[start - 1]):
        start -= 1
    end = index
    while end + 1 < len(siblings) and passable(siblings[end + 1]):
        end += 1
    return siblings[start : end + 1]


def extract_content(
    doc: Document, options: DensityOptions = DEFAULT_OPTIONS, *, merge: bool | None = None
) -> ContentResult | Rejection:
    """The density method: the best-scoring element's text, one paragraph per line.

    ``merge`` (default ``options.merge_siblings``) also takes the winner's article-like
    siblings.
    """
    merge = options.merge_siblings if merge is None else merge
    root = content_root(doc, options)
    if root is None:
        return Rejection(RejectReason.NO_BODY, "page has no <body>", METHOD, doc.url)
    features, excluded = measure(root, options)
    winner = best_node(features)
    if winner is None:
        return Rejection(RejectReason.NO_CONTENT, "no element with scoring text", METHOD, doc.url)
    skip = set(excluded)
    nodes = merge_siblings(winner.element, skip, options) if merge else [winner.element]
    text = "\n".join(t for t in (dom.paragraph_text(n, exclude=skip) for n in nodes) if t)
    ranked = heapq.nsmallest(options.diagnostic_top, features, key=lambda f: (-f.score, f.order))
    diagnostics = {
        "density": {
            "root": root.tag,
            "winner": winner.as_dict(options),
            "candidates": [f.as_dict(options) for f in ranked],
            "merged": len(nodes),
            "excluded_noise": len(excluded),
        }
    }
    return ContentResult(text=text, nodes=nodes, diagnostics=diagnostics, method=METHOD)
