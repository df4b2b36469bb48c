"""The site's names, and the site suffixes (or prefixes) stripped from a headline that carries
one ("Headline - Site" in an ``og:title``)."""

from __future__ import annotations

from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata.title.parts import SEPARATOR, join_leading, split_title
from newscrawl.extraction.text import tokens


def declared_site_names(doc: Document) -> list[str]:
    """The names the page declares for its site (``og:site_name``, ``application-name``)."""
    names = [doc.meta.get(key, "") for key in ("og:site_name", "application-name")]
    return [name for name in names if name]


def site_name_tokens(doc: Document) -> set[tuple[str, ...]]:
    """Token forms of the site's declared names (``og:site_name`` and the like)."""
    return {tuple(tokens(name, normalize=True)) for name in declared_site_names(doc)}


def suffix_parts(
    doc: Document, title_parts: list[str], site_names: set[tuple[str, ...]] | None = None
) -> set[tuple[str, ...]]:
    """Token forms of site names that may trail (or lead) a headline (``site_names``: the
    declared ones, when the caller has them)."""
    names = set(site_name_tokens(doc) if site_names is None else site_names)
    if len(title_parts) > 1:
        # Portal titles read "headline_channel_site" or "site | headline": every part but
        # the longest (the headline) may decorate a headline elsewhere.
        longest = max(title_parts, key=len)
        names.update(
            tuple(tokens(part, normalize=True)) for part in title_parts if part is not longest
        )
    return {name for name in names if name}


def with_suffix_stripped(
    text: str,
    suffixes: set[tuple[str, ...]],
    source: str,
    site_names: set[tuple[str, ...]],
) -> list[str]:
    """``text`` plus, for non-<title> sources, ``text`` without a leading/trailing site name.
    A trailing part that is the site's declared name (``site_names``: ``og:site_name`` and
    the like) is never the headline's: then only the stripped form is a candidate."""
    if source in ("title", "title-part") or not suffixes:
        return [text]
    parts = split_title(text)
    if len(parts) < 2:
        return [text]
    variants = [text]
    last = tuple(tokens(parts[-1], normalize=True))
    if last in suffixes:
        stripped = join_leading(text, len(parts) - 1)
        variants = [stripped] if last in site_names else [text, stripped]
    first_separator = SEPARATOR.search(text)
    if tuple(tokens(parts[0], normalize=True)) in suffixes and first_separator is not None:
        variants.append(text[first_separator.end() :])
    return variants
