"""The best-scoring element, and the siblings that read like more of its article."""

from __future__ import annotations

from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS, DensityOptions
from newscrawl.extraction.extractors.text_density.features import NodeFeatures, visible_chars
from newscrawl.extraction.noise import noise_rules


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
        chars = visible_chars(el)
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
