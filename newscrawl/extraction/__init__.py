"""Pure extraction library: bytes or text in, an :class:`Article` or a typed :class:`Rejection` out.

No Scrapy, Twisted, database, Redis or crawler imports belong here, directly or not (the
import contracts in pyproject.toml and tests/extraction/test_extraction_purity.py check),
so the same code runs in the crawler, in ``newscrawl eval`` and in re-extraction.
"""

from newscrawl.method_names import DEFAULT_METHOD

from .core import extract, extract_document
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
