"""boilerpipe ArticleExtractor and DefaultExtractor as filter chains (docs/algorithms.md A.6).

A chain is a tuple of filter objects (filters.py); each filter returns a new
TextDocument, so chains are safe to share. The chains are options
(options.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from newscrawl.extraction.blocks import Block, segment
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors.boilerpipe.filters import (
    Filter,
    TextDocument,
    run_chain,
    to_document,
)
from newscrawl.extraction.extractors.boilerpipe.options import DEFAULT_OPTIONS, BoilerpipeOptions
from newscrawl.extraction.types import ContentResult, Rejection, RejectReason


def content_from_blocks(
    doc: Document, blocks: Sequence[Block], chain: Sequence[Filter], method: str
) -> ContentResult | Rejection:
    """Run ``chain`` on an existing segmentation (``auto`` shares one with jusText)."""
    text_doc: TextDocument = run_chain(chain, to_document(doc.title_text, blocks))
    text = text_doc.content_text()
    if not text.strip():
        return Rejection(RejectReason.NO_CONTENT, "boilerpipe kept no block", method, doc.url)
    content = [block for block in text_doc.blocks if block.is_content]
    return ContentResult(
        text=text,
        method=method,
        image_span=(blocks[content[0].start].element, blocks[content[-1].end].element),
        diagnostics={"blocks": len(text_doc.blocks)},
    )


def extract_with_chain(
    doc: Document, chain: Sequence[Filter], method: str
) -> ContentResult | Rejection:
    return content_from_blocks(doc, segment(doc.root), chain, method)


def extract_article_content(
    doc: Document, options: BoilerpipeOptions = DEFAULT_OPTIONS
) -> ContentResult | Rejection:
    """Registry entry ``boilerpipe``: the ArticleExtractor chain."""
    return extract_with_chain(doc, options.article_chain, "boilerpipe")


def extract_default_content(
    doc: Document, options: BoilerpipeOptions = DEFAULT_OPTIONS
) -> ContentResult | Rejection:
    """Registry entry ``boilerpipe-default``: the DefaultExtractor chain."""
    return extract_with_chain(doc, options.default_chain, "boilerpipe-default")
