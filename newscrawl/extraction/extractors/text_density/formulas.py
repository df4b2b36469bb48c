"""The paper's text density, symbol density and score, with the guards that make them total
(docs/algorithms.md A.3); _walks.c repeats :func:`score` operation for operation."""

from __future__ import annotations

import math

from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS, DensityOptions


def text_density(
    text: float,
    link_text: int,
    tags: int,
    link_tags: int,
    paragraphs: int,
    escape_ratio: int = DEFAULT_OPTIONS.link_escape_ratio,
) -> float:
    """``TD = (T - LT) / (TG - LTG)`` with the guards of docs/algorithms.md A.3."""
    tag_span = tags - link_tags
    if tag_span <= 0:
        if link_text > 0 and text // link_text > escape_ratio:
            tag_span = tags  # inline links only: do not subtract them
        elif tags == 0:
            # A leaf: its only tags were the <br>s that cleaning turned into line breaks,
            # one fewer than its lines. A one-line leaf scores 0 as in the paper.
            tag_span = paragraphs - 1
    if tag_span <= 0:
        return 0.0
    return (text - link_text) / tag_span


def symbol_density(text: float, link_text: int, symbols: int) -> float:
    """``SbD = (T - LT) / (Sb + 1)``, clamped to >= 1 so its logarithm is never negative."""
    return max((text - link_text) / (symbols + 1), 1.0)


def score(
    text: float,
    link_text: int,
    tags: int,
    link_tags: int,
    paragraphs: int,
    symbols: int,
    options: DensityOptions = DEFAULT_OPTIONS,
) -> float:
    """``TD * log10(PNum + 2) * ln(SbD)``, times the text-mass factor ``(T - LT) ** k``."""
    density = text_density(text, link_text, tags, link_tags, paragraphs, options.link_escape_ratio)
    if density <= 0:
        return 0.0
    result = (
        density * math.log10(paragraphs + 2) * math.log(symbol_density(text, link_text, symbols))
    )
    if options.text_mass_exponent:
        result *= max(text - link_text, 1) ** options.text_mass_exponent
    return result
