"""Stop lists shipped as package data: ``<lang>.txt``, one word per line, ``#`` comments."""

from __future__ import annotations

from functools import cache
from importlib import resources

AVAILABLE = ("en", "zh")


@cache
def load_stoplist(lang: str) -> frozenset[str]:
    """Lower-cased stop words for ``lang``; ValueError names the languages that exist."""
    if lang not in AVAILABLE:
        raise ValueError(
            f"no stop list for language {lang!r}; available: {', '.join(AVAILABLE)} "
            f"(add newscrawl/extraction/stoplists/{lang}.txt)"
        )
    text = resources.files(__name__).joinpath(f"{lang}.txt").read_text(encoding="utf-8")
    words = (line.strip().lower() for line in text.splitlines())
    return frozenset(word for word in words if word and not word.startswith("#"))
