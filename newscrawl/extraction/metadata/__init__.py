"""Metadata shared by every method: title, publish time, authors, editors, source, language."""

from .authors import extract_author, extract_authors
from .dates import extract_dates, extract_publish_time
from .editors import extract_editors
from .lang import detect_lang
from .source import extract_source
from .title import choose_title

__all__ = [
    "choose_title",
    "detect_lang",
    "extract_author",
    "extract_authors",
    "extract_dates",
    "extract_editors",
    "extract_publish_time",
    "extract_source",
]
