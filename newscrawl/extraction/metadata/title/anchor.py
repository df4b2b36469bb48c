"""The readings of an anchor text (the text of the link the crawler followed), once its usual
decorations are peeled off (truncation with "…"/"...", a "[视频]"/"图文:" prefix, a site
suffix), and a candidate's similarity to them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from newscrawl.extraction.dom import normalize_space
from newscrawl.extraction.metadata.title.parts import (
    MAX_TITLE_TOKENS,
    join_leading,
    leading_joins,
    split_title,
)
from newscrawl.extraction.metadata.title_text import LcsReference, lcs_dice, prefix_cover
from newscrawl.extraction.text import tokens

# Decorations in anchor texts: truncation marks and leading labels.
_TRUNCATION = re.compile(r"\s*(?:…+|\.{3,}|。{3,})\s*$")
_PREFIX = re.compile(
    r"^\s*(?:[\[【(（〔][^\]】)）〕]{1,8}[\]】)）〕]\s*"  # [视频] 【独家】 (图)
    r"|(?:图文|组图|视频|快讯|独家|原创|最新|video|watch|photos?|live|breaking|update)"
    r"\s*[:：|]\s*)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class AnchorVariant:
    """One reading of the anchor text: its tokens, whether it was cut short, and how much of
    the whole anchor it keeps (1.0 for the whole; less for one of its separator parts)."""

    tokens: tuple[str, ...]
    truncated: bool
    share: float = 1.0
    # The tokens' LCS masks, built once: every title candidate of a page is compared with
    # each reading. None for a reading longer than MAX_TITLE_TOKENS (the masks would span it).
    reference: LcsReference | None = field(default=None, compare=False, repr=False)


def anchor_variants(
    anchor: str,
    site_parts: set[tuple[str, ...]] | frozenset[tuple[str, ...]] = frozenset(),
) -> list[AnchorVariant]:
    """The anchor as given, without a leading label, without a truncation mark, and split
    on site separators (each part and each leading run of parts).

    ``site_parts`` are token forms of the page's site names: an anchor ending in one is
    read as the headline plus a site suffix, so the reading without it counts as whole.
    """
    text = normalize_space(anchor)
    truncated = bool(_TRUNCATION.search(text))
    core = _TRUNCATION.sub("", text)
    while True:
        stripped = _PREFIX.sub("", core, count=1)
        if stripped == core or not stripped.strip():
            break
        core = stripped
    readings = {core, text}
    parts = split_title(core)
    if len(parts) > 1:
        # Parts and leading runs within the first MAX_TITLE_TOKENS tokens: a headline is no
        # longer, and a <title> reference of thousands of parts (TCDT compares candidates
        # with it) would cost readings x candidates.
        joins = leading_joins(core, len(parts), first=1)
        readings.update(joins)
        readings.update(parts[: len(joins) + 1])
    if len(parts) > 1 and tuple(tokens(parts[-1], normalize=True)) in site_parts:
        core = join_leading(core, len(parts) - 1)
    n_core = max(1, len(tokens(core, normalize=True)))
    variants = []
    for reading in readings:
        toks = tuple(tokens(reading, normalize=True))
        if toks:
            # Only a reading that ends where the anchor ends is cut short: a part of the
            # headline that closes it, or the whole anchor with its leading label.
            cut = truncated and (
                core.endswith(reading.strip())
                or _TRUNCATION.sub("", reading).rstrip().endswith(core.rstrip())
            )
            # Share of the headline reading: shorter readings drop part of it, longer ones
            # (the anchor with its site suffix) add to it.
            share = min(len(toks), n_core) / max(len(toks), n_core)
            reference = LcsReference(toks) if len(toks) <= MAX_TITLE_TOKENS else None
            variants.append(AnchorVariant(toks, cut, share, reference))
    return variants


# Largest discount for an anchor reading that keeps only part of the anchor; it must exceed
# choice.ANCHOR_TIE_MARGIN to separate whole from part matches.
PART_READING_DISCOUNT = 0.2


def anchor_similarity(candidate: tuple[str, ...], variants: list[AnchorVariant]) -> float:
    """Best similarity of ``candidate`` to any anchor reading (prefix match for cut ones)."""
    best = 0.0
    for variant in variants:
        dice = (
            variant.reference.dice(candidate)
            if variant.reference is not None
            else lcs_dice(variant.tokens, candidate)
        )
        if variant.truncated:
            score = max(prefix_cover(list(variant.tokens), list(candidate)), dice)
        else:
            score = dice
        # A reading that drops part of the anchor is slightly less trusted, so the candidate
        # matching the whole anchor wins over one that matches only its headline part.
        best = max(best, score * (1 - PART_READING_DISCOUNT * (1 - variant.share)))
    return best
