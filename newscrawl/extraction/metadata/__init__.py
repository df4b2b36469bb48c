"""Metadata shared by every method: title, publish time, author, language."""

from .authors import extract_author
from .dates import extract_publish_time
from .lang import detect_lang
from .title import choose_title

__all__ = ["choose_title", "detect_lang", "extract_author", "extract_publish_time"]
