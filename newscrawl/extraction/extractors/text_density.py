"""Text-and-symbol density content extraction (洪鸿辉 et al. 2019; spec section B.10).

For every element ``i`` under the content root the paper scores::

    TD_i    = (T_i - LT_i) / (TG_i - LTG_i)      text density
    SbD_i   = (T_i - LT_i) / (Sb_i + 1)          symbol density
    score_i = TD_i * log10(PNum_i + 2) * ln(SbD_i)

and the best-scoring element is the article body. Differences from the paper and from GNE,
each on purpose (spec B.4, B.5, B.8):

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
from dataclasses import dataclass
from typing import Any

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.native import c_tags, walks
from newscrawl.extraction.registry import ContentResult
from newscrawl.extraction.types import Rejection, RejectReason

METHOD = "density"

# Symbols counted in ``Sb``: the paper's Chinese and ASCII set (GNE 0.2.5, which still had the
# curly quotes that 0.4.3 lost) plus the ellipsis, dashes and CJK brackets (spec B.10).
SYMBOLS = "！，。？、；：“”‘’《》%（）,.?:;'\"!()…—【】「」·％～"
_SYMBOL = re.compile(f"[{re.escape(SYMBOLS)}]")  # findall is ~5x faster than str.translate

# Tags whose subtree is page furniture, not article text (spec B.5, B.7).
NOISE_TAGS = frozenset({"nav", "aside", "footer", "header"})
# class/id words (after splitting on spaces, "-" and "_") that mark furniture; GNE 0.4.3's
# USELESS_ATTR list (spec B.7) with plurals and a few common variants added.
NOISE_WORDS = frozenset({
    "share", "sharing", "shares", "contribution", "copyright", "disclaimer", "recommend",
    "recommended", "related", "footer", "comment", "comments", "social", "submeta", "sidebar",
    "navigation", "nav", "navbar", "breadcrumb", "breadcrumbs", "ad", "ads", "advert",
    "advertisement", "newsletter", "signup", "subscribe", "subscription", "interaction",
    "donate", "popup", "modal", "toolbar", "promo", "cookie", "cookies", "banner",
})
# A noise-marked element holding more than this share of the root's text is kept anyway:
# article wrappers carry classes like "post has-sidebar". Not swept: 0.5 reads "most of the
# page's text" (the ablation in docs/benchmarks/density.md shows noise removal as a whole
# moves F1 by under 0.01 on both sets, so this guard matters for robustness, not the mean).
NOISE_MAX_TEXT_SHARE = 0.5
# GNE's escape hatch for all-link children (spec B.4): integer T // LT above this means link
# text is under ~9% of the text, so the links are inline mentions, not a link list.
LINK_ESCAPE_RATIO = 10
# class/id words of article bodies; their text counts double, as in GNE (spec B.7), but as
# whole words, so "contentinfo" or "sidebar-content" do not match by substring.
CONTENT_WORDS = frozenset({
    "content", "article", "articlebody", "story", "post", "entry", "body", "text", "main",
    "news", "detail",
})
# GNE's factor 2 (ablation: without it F1 drops 0.891 -> 0.872 cwced_zh, 0.919 -> 0.911 wcxb).
CONTENT_BOOST = 2.0
# A root found by itemprop=articleBody is trusted only if it has at least this many
# non-space characters (some templates put an empty articleBody stub next to the real one).
ARTICLE_BODY_MIN_CHARS = 200
# Sibling merge (GNE #9/#57/#109): a sibling of the winner is merged when its link density is
# below this and its non-link text at least MERGE_MIN_CHARS. Off: with the text-mass factor
# the container of a split article usually wins by itself; merging moved F1 by +0.001 on
# both sets (0.892 cwced_zh, 0.920 wcxb_dev articles), within noise, for extra nodes.
MERGE_MAX_LINK_DENSITY = 0.3
MERGE_MIN_CHARS = 20
MERGE_SIBLINGS = False
# A direct text line counts towards PNum only with at least this many characters, so the
# " | " and " - " between menu links are not paragraphs. 1, 5 and 10 score the same on
# cwced_zh; 5 keeps menus from looking like paragraph lists.
LINE_MIN_CHARS = 5
# Exponent k of a text-mass factor (T - LT) ** k on the score; 0 is the paper's formula.
# The paper's TD favours small nodes with few tags (a one-link footer, a single long <p>);
# weighting by the amount of text lifts the whole article container. Swept 0-2 on both
# sets: F1 cwced_zh 0.776 (k=0), 0.858 (0.5), 0.891 (1), 0.878 (1.5); wcxb_dev articles
# 0.503, 0.874, 0.919, 0.927. k=1 has the best mean. See docs/benchmarks/density.md.
TEXT_MASS_EXPONENT = 1.0
# Candidates kept in the diagnostics.
DIAGNOSTIC_TOP = 5


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

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.element.getroottree().getpath(self.element),
            "T": self.text, "LT": self.link_text, "TG": self.tags, "LTG": self.link_tags,
            "PNum": self.paragraphs, "Sb": self.symbols,
            "TD": round(text_density(self.text, self.link_text, self.tags, self.link_tags,
                                     self.paragraphs), 4),
            "SbD": round(symbol_density(self.text, self.link_text, self.symbols), 4),
            "score": round(self.score, 4),
        }


def text_density(text: float, link_text: int, tags: int, link_tags: int, paragraphs: int
                 ) -> float:
    """``TD = (T - LT) / (TG - LTG)`` with the guards of spec B.4."""
    tag_span = tags - link_tags
    if tag_span <= 0:
        if link_text > 0 and text // link_text > LINK_ESCAPE_RATIO:
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


def score(text: float, link_text: int, tags: int, link_tags: int, paragraphs: int,
          symbols: int) -> float:
    """``TD * log10(PNum + 2) * ln(SbD)``, times the text-mass factor ``(T - LT) ** k``."""
    density = text_density(text, link_text, tags, link_tags, paragraphs)
    if density <= 0:
        return 0.0
    result = density * math.log10(paragraphs + 2) * math.log(
        symbol_density(text, link_text, symbols))
    if TEXT_MASS_EXPONENT:
        result *= max(text - link_text, 1) ** TEXT_MASS_EXPONENT
    return result


def is_noise(el: Element) -> bool:
    """Furniture by tag, by a class/id word, or hidden by an inline style."""
    if el.tag in NOISE_TAGS:
        return True
    for name in ("class", "id"):
        value = el.get(name)
        if value is not None and _value_flags(value)[0]:
            return True
    return _is_hidden(el.get("style"))


def _is_hidden(style: str | None) -> bool:
    return bool(style) and "display:none" in "".join(style.split()).lower()  # type: ignore[union-attr]


def _attribute_flags(cls: str | None, ident: str | None) -> tuple[bool, bool]:
    """(noise, content) from the words of class and id (cached per value by
    :func:`_value_flags`, which every walk goes through)."""
    value = f"{cls or ''} {ident or ''}".lower().replace("-", " ").replace("_", " ")
    words = frozenset(value.split())  # str methods: 3x faster than a regex split
    return not words.isdisjoint(NOISE_WORDS), not words.isdisjoint(CONTENT_WORDS)


# Inline styles, as strings that know their element: few elements have one, so libxml2
# finds them instead of the walk reading a third attribute of every element.
_STYLES = etree.XPath("descendant-or-self::*/@style")
# Flags per class or id value: a plain dict (a page repeats a few values hundreds of times,
# and a dict lookup costs a fraction of an lru_cache call).
_VALUE_FLAGS: dict[str, tuple[bool, bool]] = {}
_VALUE_FLAGS_MAX = 20_000


def _value_flags(value: str) -> tuple[bool, bool]:
    """(noise, content) of one class or id value, cached."""
    flags = _VALUE_FLAGS.get(value)
    if flags is None:
        if len(_VALUE_FLAGS) >= _VALUE_FLAGS_MAX:
            _VALUE_FLAGS.clear()
        flags = _VALUE_FLAGS[value] = _attribute_flags(value, None)
    return flags


def _hidden(root: Element) -> set[Element]:
    """Elements under ``root`` hidden by an inline ``display:none``."""
    return {style.getparent() for style in _STYLES(root) if _is_hidden(style)}


# Snapshot slots of an open element: the running totals when it started, so its subtree's
# totals are a subtraction when it ends (no per-parent additions on the hot path).
(_S_T, _S_LT, _S_SB, _S_TAGS, _S_A, _S_P, _S_LINES, _S_ORDER, _S_MARK, _S_NOISE,
 _S_BOOST) = range(11)


def measure(root: Element, *, skip_noise: bool = True) -> tuple[list[NodeFeatures],
                                                                  list[Element]]:
    """Features of every scoring element under ``root`` (root included), in document order,
    and the excluded noise elements: the C walk when it is built, else the same in Python
    (:func:`measure_in_python`, the reference; tests/extraction/test_walks_c.py holds the two
    equal on every dataset page)."""
    if walks is None:
        return measure_in_python(root, skip_noise=skip_noise)
    rows, excluded = walks.density_measure(
        root=root, skip_noise=skip_noise, **c_noise_rules(), noise_share=NOISE_MAX_TEXT_SHARE,
        symbols=SYMBOLS,
        line_min=LINE_MIN_CHARS, content_boost=CONTENT_BOOST,
        mass_exponent=TEXT_MASS_EXPONENT, escape_ratio=LINK_ESCAPE_RATIO)
    return [NodeFeatures(*row) for row in rows], excluded


_NOISE_TAGS_C = c_tags(NOISE_TAGS)


def c_noise_rules() -> dict[str, Any]:
    """:func:`is_noise` as data for the C walks (_walks.c): the class/id flag cache, the
    function that fills it, and the noise tags. TCDT's tree index uses it too."""
    return {"flag_cache": _VALUE_FLAGS, "flags_of": _value_flags,
            "noise_tags": _NOISE_TAGS_C}


def measure_in_python(root: Element, *, skip_noise: bool = True
                      ) -> tuple[list[NodeFeatures], list[Element]]:
    """:func:`measure` in Python: the reference the C walk (_walks.c) follows.

    One iterative pass over running totals: an element's subtree counts are the totals at
    its end minus those at its start. A noise element's text is not counted (the totals are
    rolled back to its start) and neither it nor its descendants are candidates, unless it
    holds most of the root's text. Elements whose score is 0 (one-line leaves, link lists)
    are left out of the result.
    """
    noise_limit = -1.0  # computed when the first noise element closes; many pages have none
    hidden = _hidden(root) if skip_noise else set()
    cache = _VALUE_FLAGS
    get = etree._Element.get
    found: list[tuple[Element, int, float, int, int, int, int, int, float]] = []
    excluded: list[Element] = []
    stack: list[list[Any]] = []
    # Running totals in document order: text, link text, symbols, elements, <a>s, <p>s.
    total_t = total_lt = total_sb = total_tags = total_a = total_p = 0
    link_depth = order = 0
    split, join, symbols_of = str.split, "".join, _SYMBOL.findall
    for event, el in etree.iterwalk(root, events=("start", "end")):
        tag = el.tag
        if tag.__class__ is not str:  # comments/PIs survive only on uncleaned trees
            if event == "start":
                continue
            text, owner = el.tail, (stack[-1] if stack else None)
        elif event == "start":
            # class and id: the union of their words, as if read together
            noise = boost = False
            value = get(el, "class")
            if value is not None:
                noise, boost = cache.get(value) or _value_flags(value)
            value = get(el, "id")
            if value is not None:
                id_noise, id_boost = cache.get(value) or _value_flags(value)
                noise, boost = noise or id_noise, boost or id_boost
            if skip_noise:
                noise = noise or tag in NOISE_TAGS or (bool(hidden) and el in hidden)
            else:
                noise = False
            frame: list[Any] = [total_t, total_lt, total_sb, total_tags, total_a, total_p, 0,
                                order, len(found), noise, boost]
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
                    noise_limit = _visible_chars(root) * NOISE_MAX_TEXT_SHARE
                if chars <= noise_limit:  # roll the totals back: its text is not counted
                    total_t, total_lt, total_sb, total_tags, total_a, total_p = frame[:6]
                    del found[frame[_S_MARK]:]
                    excluded.append(el)
                    dropped = True
            if not dropped and chars > link_chars:
                tags = total_tags - frame[_S_TAGS] - 1
                paragraphs = total_p - frame[_S_P] - (tag == "p") + frame[_S_LINES]
                if tags or paragraphs > 1:
                    link_tags = total_a - frame[_S_A] - (tag == "a")
                    text_chars = chars * CONTENT_BOOST if boost else chars
                    value = score(text_chars, link_chars, tags, link_tags, paragraphs,
                                  total_sb - frame[_S_SB])
                    if value > 0:
                        found.append((el, frame[_S_ORDER], text_chars, link_chars, tags,
                                      link_tags, paragraphs, total_sb - frame[_S_SB], value))
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
            total_sb += len(symbols_of(visible))
            if link_depth:
                total_lt += chars
            owner[_S_LINES] += chars >= LINE_MIN_CHARS if "\n" not in text else _lines(text)
    found.sort(key=lambda row: row[1])
    return [NodeFeatures(*row) for row in found], excluded


def _lines(text: str) -> int:
    """Lines of at least LINE_MIN_CHARS non-blank characters in a multi-line text node (the
    walk counts a one-line node itself, without the call)."""
    return sum(1 for line in text.split("\n") if len(line.strip()) >= LINE_MIN_CHARS)


def content_root(doc: Document) -> Element | None:
    """``itemprop=articleBody`` when it holds real text, else ``<body>``."""
    if "articleBody" not in doc.html:  # a substring test saves a tree search on most pages
        return doc.body
    for el in doc.root.xpath("//*[@itemprop='articleBody']"):
        chars = _visible_chars(el)
        if chars >= ARTICLE_BODY_MIN_CHARS:
            return el
    return doc.body


def _visible_chars(el: Element) -> int:
    text = etree.tostring(el, method="text", encoding="unicode", with_tail=False)
    return len("".join(text.split()))


def best_node(features: list[NodeFeatures]) -> NodeFeatures | None:
    """Highest score; ties go to the earlier node in document order (stable, spec B.3)."""
    best = min(features, key=lambda f: (-f.score, f.order), default=None)
    return best if best is not None and best.score > 0 else None


def merge_siblings(winner: Element, excluded: set[Element]) -> list[Element]:
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
        if el in excluded or is_noise(el):
            return False
        chars = _visible_chars(el)
        links = dom.link_text_length(el)
        return chars - links >= MERGE_MIN_CHARS and links <= chars * MERGE_MAX_LINK_DENSITY

    def passable(el: Element) -> bool:  # images and headings may sit between parts
        return el.tag in dom.HEADING_TAGS or el.tag in ("figure", "img") or article_like(el)

    start = index
    while start > 0 and passable(siblings[start - 1]):
        start -= 1
    end = index
    while end + 1 < len(siblings) and passable(siblings[end + 1]):
        end += 1
    return siblings[start : end + 1]


def extract_content(doc: Document, *, merge: bool | None = None) -> ContentResult | Rejection:
    """The density method: the best-scoring element's text, one paragraph per line.

    ``merge`` (default :data:`MERGE_SIBLINGS`) also takes the winner's article-like siblings.
    """
    merge = MERGE_SIBLINGS if merge is None else merge
    root = content_root(doc)
    if root is None:
        return Rejection(RejectReason.NO_BODY, "page has no <body>", METHOD, doc.url)
    features, excluded = measure(root)
    winner = best_node(features)
    if winner is None:
        return Rejection(RejectReason.NO_CONTENT, "no element with scoring text", METHOD, doc.url)
    skip = set(excluded)
    nodes = merge_siblings(winner.element, skip) if merge else [winner.element]
    text = "\n".join(t for t in (dom.paragraph_text(n, exclude=skip) for n in nodes) if t)
    ranked = heapq.nsmallest(DIAGNOSTIC_TOP, features, key=lambda f: (-f.score, f.order))
    diagnostics = {
        "density": {
            "root": root.tag,
            "winner": winner.as_dict(),
            "candidates": [f.as_dict() for f in ranked],
            "merged": len(nodes),
            "excluded_noise": len(excluded),
        }
    }
    return ContentResult(text=text, nodes=nodes, diagnostics=diagnostics, method=METHOD)
