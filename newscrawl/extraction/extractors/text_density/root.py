"""The element the density walk starts from: the page's ``articleBody``, else ``<body>``."""

from __future__ import annotations

from lxml.etree import _Element as Element

from newscrawl.extraction.document import Document, source_markers
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS, DensityOptions
from newscrawl.extraction.extractors.text_density.features import visible_chars

source_markers("articleBody")


def content_root(doc: Document, options: DensityOptions = DEFAULT_OPTIONS) -> Element | None:
    """``itemprop=articleBody`` when it holds real text, else ``<body>``."""
    if not doc.holds("articleBody"):  # a substring test saves a tree search on most pages
        return doc.body
    for el in doc.root.xpath("//*[@itemprop='articleBody']"):
        chars = visible_chars(el)
        if chars >= options.article_body_min_chars:
            return el
    return doc.body
