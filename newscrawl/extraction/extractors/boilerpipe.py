"""boilerpipe ArticleExtractor and DefaultExtractor (spec C3) as immutable filter chains.

A chain is a tuple of filter objects (boilerpipe_filters.py); each filter returns a new
TextDocument, so the module-level chains are safe to share.
"""

from __future__ import annotations

from collections.abc import Sequence

from newscrawl.extraction.blocks import Block, segment
from newscrawl.extraction.boilerpipe_filters import (
    BlockProximityFusion,
    BoilerplateBlockFilter,
    DensityRulesClassifier,
    DocumentTitleMatchClassifier,
    ExpandTitleToContent,
    Filter,
    IgnoreBlocksAfterContent,
    KeepLargestBlock,
    NumWordsRulesClassifier,
    SimpleBlockFusion,
    TerminatingBlocksFinder,
    TextDocument,
    run_chain,
    to_document,
)
from newscrawl.extraction.document import Document
from newscrawl.extraction.registry import ContentResult
from newscrawl.extraction.types import Rejection, RejectReason

ARTICLE_CHAIN: tuple[Filter, ...] = (
    TerminatingBlocksFinder(),
    DocumentTitleMatchClassifier(),
    NumWordsRulesClassifier(),
    IgnoreBlocksAfterContent(),
    BlockProximityFusion(max_distance=1),
    BoilerplateBlockFilter(),
    BlockProximityFusion(max_distance=1, content_only=True),
    KeepLargestBlock(),
    ExpandTitleToContent(),
)

DEFAULT_CHAIN: tuple[Filter, ...] = (
    SimpleBlockFusion(),
    BlockProximityFusion(max_distance=1),
    DensityRulesClassifier(),
)


def content_from_blocks(doc: Document, blocks: Sequence[Block], chain: Sequence[Filter],
                        method: str) -> ContentResult | Rejection:
    """Run ``chain`` on an existing segmentation (``auto`` shares one with jusText)."""
    text_doc: TextDocument = run_chain(chain, to_document(doc.title_text, blocks))
    text = text_doc.content_text()
    if not text.strip():
        return Rejection(RejectReason.NO_CONTENT, "boilerpipe kept no block", method, doc.url)
    content = [block for block in text_doc.blocks if block.is_content]
    return ContentResult(text=text, method=method,
                         image_span=(blocks[content[0].start].element,
                                     blocks[content[-1].end].element),
                         diagnostics={"blocks": len(text_doc.blocks)})


def extract_with_chain(doc: Document, chain: Sequence[Filter], method: str
                       ) -> ContentResult | Rejection:
    return content_from_blocks(doc, segment(doc.root), chain, method)


def extract_article_content(doc: Document) -> ContentResult | Rejection:
    """Registry entry ``boilerpipe``: the ArticleExtractor chain."""
    return extract_with_chain(doc, ARTICLE_CHAIN, "boilerpipe")


def extract_default_content(doc: Document) -> ContentResult | Rejection:
    """Registry entry ``boilerpipe-default``: the DefaultExtractor chain."""
    return extract_with_chain(doc, DEFAULT_CHAIN, "boilerpipe-default")
