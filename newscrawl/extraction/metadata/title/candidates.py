"""The titles a page offers: its headings, ``<title>`` and its parts, ``og:title``/
``twitter:title``, JSON-LD ``headline`` and the method's hint, each also without a site
suffix."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import normalize_space
from newscrawl.extraction.metadata.title.headings import headings_opening, page_headings
from newscrawl.extraction.metadata.title.parts import MAX_TITLE_TOKENS, leading_joins, split_title
from newscrawl.extraction.metadata.title.site_names import (
    site_name_tokens,
    suffix_parts,
    with_suffix_stripped,
)
from newscrawl.extraction.text import tokens


@dataclass(frozen=True, slots=True)
class TitleCandidate:
    """One title the page (or the method) offers, with its metric tokens."""

    text: str
    source: str
    tokens: tuple[str, ...]


def title_candidates(doc: Document, hint: str | None = None) -> list[TitleCandidate]:
    """Every page title candidate, including site-suffix-stripped forms of each."""
    raw: list[tuple[str, str]] = []
    if hint:
        raw.append((hint, "hint"))
    for key in ("og:title", "twitter:title"):
        if doc.meta.get(key):
            raw.append((doc.meta[key], key))
    raw.extend((headline, "json-ld") for headline in _json_ld_headlines(doc))
    raw.extend(page_headings(doc))
    title_parts = split_title(doc.title_text)
    if doc.title_text:
        raw.append((doc.title_text, "title"))
    if len(title_parts) > 1:
        raw.extend((part, "title-part") for part in title_parts)
        # Leading parts joined ("A - B" of "A - B - Site"): headlines may contain a separator.
        raw.extend(
            (joined, "title-part") for joined in leading_joins(doc.title_text, len(title_parts))
        )
    raw.extend((heading, "title-part") for heading in headings_opening(doc.title_text, raw))
    site_names = site_name_tokens(doc)
    suffixes = suffix_parts(doc, title_parts, site_names)
    seen: set[tuple[str, tuple[str, ...]]] = set()
    candidates: list[TitleCandidate] = []
    for text, source in raw:
        for variant in with_suffix_stripped(normalize_space(text), suffixes, source, site_names):
            toks = tuple(tokens(variant, normalize=True))
            if not toks or len(toks) > MAX_TITLE_TOKENS or (source, toks) in seen:
                continue
            seen.add((source, toks))
            candidates.append(TitleCandidate(variant, source, toks))
    return candidates


def _json_ld_headlines(doc: Document) -> Iterable[str]:
    for item in doc.json_ld:
        headline = item.get("headline")
        if isinstance(headline, str) and headline.strip():
            yield headline
