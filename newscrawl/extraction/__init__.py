"""Pure extraction library: bytes or text in, an :class:`Article` or a typed :class:`Rejection` out.

No Scrapy, Twisted or database imports belong here (tests/test_extraction_purity.py checks),
so the same code runs in the crawler, in ``newscrawl eval`` and in re-extraction.
"""

from .core import DEFAULT_METHOD, extract, extract_document
from .document import Document, load_document
from .registry import available_methods
from .types import Article, ExtractResult, Rejection, RejectReason

__all__ = [
    "DEFAULT_METHOD",
    "Article",
    "Document",
    "ExtractResult",
    "RejectReason",
    "Rejection",
    "available_methods",
    "extract",
    "extract_document",
    "load_document",
]
