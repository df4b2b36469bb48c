"""Extraction methods by name. A method finds the content; metadata is shared (see core)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from lxml.etree import _Element as Element

from .document import Document
from .types import Rejection


@dataclass(slots=True)
class ContentResult:
    """What a method found: content nodes (document order) and/or their text.

    ``text`` has one paragraph per line. ``nodes`` may be empty for text-only methods (CX),
    in which case content HTML is built from the text. ``image_span``, when given, is the
    article's first and last element: its images are those from the first to the end of the
    last, instead of those under ``nodes`` (block methods and TCDT know their first and last
    paragraph, and the figures between paragraphs belong to none; ``auto`` keeps its winner's
    span when it rewrites the text). Only the span is kept: the images are looked up once,
    for the result that becomes the Article.
    ``title_hint`` is a title the method itself located (TCDT's title node); the shared title
    chooser weighs it with the others.
    """

    text: str
    nodes: list[Element] = field(default_factory=list)
    title_hint: str | None = None
    diagnostics: dict[str, Any] = field(default_factory=dict)
    method: str = ""
    image_span: tuple[Element, Element] | None = None

    @property
    def images_from(self) -> tuple[Element, Element] | None:
        """The span the article's images come from: ``image_span``, else the nodes' span."""
        if self.image_span is not None:
            return self.image_span
        return (self.nodes[0], self.nodes[-1]) if self.nodes else None


ContentExtractor = Callable[[Document], ContentResult | Rejection]

# name -> "module:function"; imported lazily so one broken method cannot break the others.
METHODS: dict[str, str] = {
    "density": "newscrawl.extraction.extractors.text_density:extract_content",
    "tcdt": "newscrawl.extraction.extractors.dependency_tree:extract_content",
    "justext": "newscrawl.extraction.extractors.justext:extract_content",
    "boilerpipe": "newscrawl.extraction.extractors.boilerpipe:extract_article_content",
    "boilerpipe-default": "newscrawl.extraction.extractors.boilerpipe:extract_default_content",
    "cx": "newscrawl.extraction.extractors.line_blocks:extract_content",
    "auto": "newscrawl.extraction.extractors.auto:extract_content",
}
# Aliases users may know from the literature or from the seed.
ALIASES = {"text-density": "density", "tsd": "density", "cepf": "density",
           "line-blocks": "cx", "boilerpipe-article": "boilerpipe"}


def canonical_name(name: str) -> str:
    name = name.strip().lower()
    return ALIASES.get(name, name)


def available_methods() -> list[str]:
    """Registered method names whose module imports."""
    names = []
    for name in METHODS:
        try:
            get_method(name)
        except (ImportError, AttributeError, KeyError):
            continue
        names.append(name)
    return names


def get_method(name: str) -> ContentExtractor:
    """The content extractor registered as ``name``. Raises KeyError for unknown names."""
    target = METHODS[canonical_name(name)]
    module_name, _, attr = target.partition(":")
    function: ContentExtractor = getattr(import_module(module_name), attr)
    return function
