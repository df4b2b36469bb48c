"""A scored element's raw quantities (:class:`NodeFeatures`), and the visible characters of
an element, which the noise guard, the content root and the sibling merge weigh."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS, DensityOptions
from newscrawl.extraction.extractors.text_density.formulas import symbol_density, text_density


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


def visible_chars(el: Element) -> int:
    """Non-space characters of every text node under ``el`` (its tail left out)."""
    text = etree.tostring(el, method="text", encoding="unicode", with_tail=False)
    return len("".join(text.split()))
