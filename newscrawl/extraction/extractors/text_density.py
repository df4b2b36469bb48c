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
  a tenth of the text ⇒ links are not subtracted from the tag count) and otherwise counts the
  element itself as the one tag, so ``<br>``-only text blocks still score; ``SbD`` is clamped
  to at least 1 before the logarithm.
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

import math
import re
from dataclasses import dataclass
from typing import Any

from lxml import etree
from lxml.html import HtmlElement

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.registry import ContentResult
from newscrawl.extraction.types import Rejection, RejectReason

METHOD = "density"

# Symbols counted in ``Sb``: the paper's Chinese and ASCII set (GNE 0.2.5, which still had the
# curly quotes that 0.4.3 lost) plus the ellipsis, dashes and CJK brackets (spec B.10).
SYMBOLS = "！，。？、；：“”‘’《》%（）,.?:;'\"!()…—【】「」·％～"
_DROP_SYMBOLS = str.maketrans("", "", SYMBOLS)
_DROP_SPACE = str.maketrans("", "", " \t\n\r\f\v\u00a0\u3000\u200b\ufeff")

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
_WORD_SPLIT = re.compile(r"[\s\-_]+")
# A noise-marked element holding more than this share of the root's text is kept anyway:
# article wrappers carry classes like "post has-sidebar" (swept 0.3-0.8 on cwced_zh and
# wcxb_dev articles; flat between 0.4 and 0.7).
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
CONTENT_BOOST = 2.0
# A root found by itemprop=articleBody is trusted only if it has at least this many
# non-space characters (some templates put an empty articleBody stub next to the real one).
ARTICLE_BODY_MIN_CHARS = 200
# Sibling merge (GNE #9/#57/#109): a sibling of the winner is merged when its link density is
# below this and its non-link text at least MERGE_MIN_CHARS. Measured in docs/benchmarks/density.md.
MERGE_MAX_LINK_DENSITY = 0.3
MERGE_MIN_CHARS = 20
MERGE_SIBLINGS = False
# A direct text line counts towards PNum only with at least this many characters, so the
# " | " and " - " between menu links are not paragraphs (swept 1-10 on cwced_zh).
LINE_MIN_CHARS = 5
# Exponent k of a text-mass factor (T - LT) ** k on the score; 0 is the paper's formula.
# The paper's TD favours small nodes with few tags (a one-link footer, a single long <p>);
# weighting by the amount of text lifts the whole article container. Swept 0-2 on both
# sets: F1 cwced_zh 0.776 (k=0), 0.858 (0.5), 0.891 (1), 0.878 (1.5); wcxb_dev articles
# 0.502 (k=0), 0.914 (k=1). See docs/benchmarks/density.md.
TEXT_MASS_EXPONENT = 1.0
# Candidates kept in the diagnostics.
DIAGNOSTIC_TOP = 5


@dataclass(slots=True)
class NodeFeatures:
    """The paper's raw per-node quantities (kept for diagnostics and tests)."""

    element: HtmlElement
    order: int  # preorder index below the root: ties go to the earlier (outer) node
    text: int  # T: non-space characters, boosted for content class words
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
            "TD": round(text_density(self), 4), "SbD": round(symbol_density(self), 4),
            "score": round(self.score, 4),
        }


def text_density(f: NodeFeatures) -> float:
    """``TD = (T - LT) / (TG - LTG)`` with the guards of spec B.4."""
    tag_span = f.tags - f.link_tags
    if tag_span <= 0:
        if f.link_text > 0 and f.text // f.link_text > LINK_ESCAPE_RATIO:
            tag_span = f.tags  # inline links only: do not subtract them
        elif f.tags == 0:
            # A leaf: its only tags were the <br>s that cleaning turned into line breaks,
            # one fewer than its lines. A one-line leaf scores 0 as in the paper.
            tag_span = f.paragraphs - 1
    if tag_span <= 0:
        return 0.0
    return (f.text - f.link_text) / tag_span


def symbol_density(f: NodeFeatures) -> float:
    """``SbD = (T - LT) / (Sb + 1)``, clamped to >= 1 so its logarithm is never negative."""
    return max((f.text - f.link_text) / (f.symbols + 1), 1.0)


def score(f: NodeFeatures) -> float:
    base = text_density(f) * math.log10(f.paragraphs + 2) * math.log(symbol_density(f))
    if TEXT_MASS_EXPONENT:
        base *= max(f.text - f.link_text, 1) ** TEXT_MASS_EXPONENT
    return base


def is_noise(el: HtmlElement) -> bool:
    """Furniture by tag, by a class/id word, or hidden by an inline style."""
    if el.tag in NOISE_TAGS:
        return True
    words = _attribute_words(el)
    if words and not words.isdisjoint(NOISE_WORDS):
        return True
    style = el.get("style")
    return bool(style) and "display:none" in style.replace(" ", "").lower()


def _attribute_words(el: HtmlElement) -> frozenset[str]:
    value = " ".join(v for v in (el.get("class"), el.get("id")) if v)
    return frozenset(_WORD_SPLIT.split(value.lower())) if value else frozenset()


def _count(text: str | None) -> tuple[int, int, int]:
    """(non-space characters, symbols, non-blank lines) of one text node."""
    if not text:
        return 0, 0, 0
    visible = text.translate(_DROP_SPACE)
    if not visible:
        return 0, 0, 0
    if "\n" in text:
        lines = sum(1 for line in text.split("\n") if len(line.strip()) >= LINE_MIN_CHARS)
    else:
        lines = len(visible) >= LINE_MIN_CHARS
    return len(visible), len(visible) - len(visible.translate(_DROP_SYMBOLS)), lines


class _Frame:
    """Running totals of one open element during the walk."""

    __slots__ = (
        "boost",
        "el",
        "excluded_mark",
        "in_link",
        "lines",
        "link_tags",
        "link_text",
        "noise",
        "order",
        "paragraphs",
        "symbols",
        "tags",
        "text",
    )

    def __init__(self, el: HtmlElement, order: int, in_link: bool, mark: int) -> None:
        self.el = el
        self.order = order
        self.in_link = in_link
        self.excluded_mark = mark
        self.noise = False
        self.boost = False
        self.text = self.link_text = self.tags = self.link_tags = 0
        self.paragraphs = self.symbols = self.lines = 0

    def add_text(self, text: str | None, in_link: bool) -> None:
        chars, symbols, lines = _count(text)
        if chars:
            self.text += chars
            self.symbols += symbols
            self.lines += lines
            if in_link:
                self.link_text += chars


def measure(root: HtmlElement, *, skip_noise: bool = True) -> tuple[list[NodeFeatures],
                                                                      list[HtmlElement]]:
    """Per-element features under ``root`` (root included) and the excluded noise elements.

    One iterative pass; a noise element's text is not added to its ancestors and the element
    and its descendants are not candidates, unless it holds most of the root's text.
    """
    total = sum(len(t.translate(_DROP_SPACE)) for t in root.itertext()) if skip_noise else 0
    noise_limit = total * NOISE_MAX_TEXT_SHARE
    features: list[NodeFeatures] = []
    excluded: list[HtmlElement] = []
    stack: list[_Frame] = []
    order = 0
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if not isinstance(el.tag, str):  # comments/PIs survive only on uncleaned trees
            if event == "end" and stack and el is not root:
                stack[-1].add_text(el.tail, stack[-1].in_link)
            continue
        if event == "start":
            in_link = el.tag == "a" or (bool(stack) and stack[-1].in_link)
            frame = _Frame(el, order, in_link, len(features))
            order += 1
            if skip_noise and el is not root:
                frame.noise = is_noise(el)
            words = _attribute_words(el)
            frame.boost = bool(words) and not words.isdisjoint(CONTENT_WORDS)
            frame.add_text(el.text, in_link)
            stack.append(frame)
            continue
        frame = stack.pop()
        own_lines = frame.lines
        parent = stack[-1] if stack else None
        if frame.noise and frame.text <= noise_limit:
            del features[frame.excluded_mark:]
            excluded.append(el)
        else:
            boost = CONTENT_BOOST if frame.boost else 1.0
            node = NodeFeatures(el, frame.order, int(frame.text * boost), frame.link_text,
                                frame.tags, frame.link_tags, frame.paragraphs + own_lines,
                                frame.symbols)
            node.score = score(node)
            features.append(node)
            if parent is not None:
                parent.text += frame.text
                parent.link_text += frame.link_text
                parent.symbols += frame.symbols
                parent.tags += frame.tags + 1
                parent.link_tags += frame.link_tags + (el.tag == "a")
                # Lines of a child's own text are not the parent's direct text, but a <p>
                # child is one paragraph of the parent.
                parent.paragraphs += frame.paragraphs + (el.tag == "p")
        if parent is not None and el is not root:
            parent.add_text(el.tail, parent.in_link)
    features.sort(key=lambda f: f.order)
    return features, excluded


def content_root(doc: Document) -> HtmlElement | None:
    """``itemprop=articleBody`` when it holds real text, else ``<body>``."""
    for el in doc.root.iterfind(".//*[@itemprop='articleBody']"):
        chars = sum(len(t.translate(_DROP_SPACE)) for t in el.itertext())
        if chars >= ARTICLE_BODY_MIN_CHARS:
            return el  # type: ignore[no-any-return]
    return doc.body


def best_node(features: list[NodeFeatures]) -> NodeFeatures | None:
    """Highest score; ties go to the earlier node in document order (stable, spec B.3)."""
    ranked = sorted(features, key=lambda f: -f.score)  # sorted() is stable
    return ranked[0] if ranked and ranked[0].score > 0 else None


def merge_siblings(winner: HtmlElement, excluded: set[HtmlElement]) -> list[HtmlElement]:
    """The winner plus adjacent siblings that read like more of the same article.

    Articles split by images or sub-headings into several containers leave the best one
    alone at the top (GNE #9/#57/#109); siblings with enough low-link text join it.
    """
    parent = winner.getparent()
    if parent is None:
        return [winner]
    siblings = [c for c in parent if isinstance(c.tag, str)]
    index = siblings.index(winner)

    def article_like(el: HtmlElement) -> bool:
        if el in excluded or is_noise(el):
            return False
        chars = sum(len(t.translate(_DROP_SPACE)) for t in el.itertext())
        links = dom.link_text_length(el)
        return chars - links >= MERGE_MIN_CHARS and links <= chars * MERGE_MAX_LINK_DENSITY

    def passable(el: HtmlElement) -> bool:  # images and headings may sit between parts
        return el.tag in dom.HEADING_TAGS or el.tag in ("figure", "img") or article_like(el)

    start = index
    while start > 0 and passable(siblings[start - 1]):
        start -= 1
    end = index
    while end + 1 < len(siblings) and passable(siblings[end + 1]):
        end += 1
    return siblings[start : end + 1]


def extract_content(doc: Document, *, merge: bool = MERGE_SIBLINGS) -> ContentResult | Rejection:
    """The density method: the best-scoring element's text, one paragraph per line."""
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
    ranked = sorted(features, key=lambda f: -f.score)[:DIAGNOSTIC_TOP]
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
