"""Density options: every tunable of the text-and-symbol density method as one named field.

Variants are built with ``dataclasses.replace(DEFAULT_OPTIONS, ...)`` and passed to
``text_density.extract_content(doc, options)`` (or ``extract(..., options=...)``); nothing
reads a module constant a caller could patch. Figures behind the defaults are in
docs/benchmarks/density.md (``benchmarks/density_ablation.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from newscrawl.extraction.noise import (
    CONTENT_TAGS,
    CONTENT_WORDS,
    NOISE_MAX_TEXT_SHARE,
    NOISE_TAGS,
    NOISE_WORDS,
)

# Block tags whose own text line is a paragraph on a page without <p> (``paragraph_tags``).
PARAGRAPH_TAGS = frozenset({"div", "section", "article", "td", "dd", "blockquote"})

# Symbols counted in ``Sb``: the paper's Chinese and ASCII set (GNE 0.2.5, which still had the
# curly quotes that 0.4.3 lost) plus the ellipsis, dashes and CJK brackets.
SYMBOLS = "！，。？、；：“”‘’《》%（）,.?:;'\"!()…—【】「」·％～"


@dataclass(frozen=True, slots=True)
class DensityOptions:
    """Parameters of the density method; defaults are the shipped behaviour."""

    symbols: str = SYMBOLS
    noise_tags: frozenset[str] = NOISE_TAGS
    noise_words: frozenset[str] = NOISE_WORDS
    # Whether noise (noise tags, class/id words, display:none) is left out of every count.
    skip_noise: bool = True
    # A noise-marked element holding more than this share of the root's text is kept anyway
    # (the guard of noise.NOISE_MAX_TEXT_SHARE).
    noise_max_text_share: float = NOISE_MAX_TEXT_SHARE
    # Comment-named posts of one shape that together hold this share of the root's text, and
    # follow no article, are a discussion thread and are counted (comment_threads.py); None:
    # never. Chosen by site-grouped cross-validation among 0.5 and 0.33 (precision.md).
    comment_thread_share: float | None = 0.33
    # GNE's escape hatch for all-link children: integer T // LT above this means link text is
    # under ~9% of the text, so the links are inline mentions, not a link list.
    link_escape_ratio: int = 10
    content_words: frozenset[str] = CONTENT_WORDS
    # Elements of these tags count as content-named (the boost below, and the noise guard's
    # weighing of a marked element that also names content) ...
    content_tags: frozenset[str] = CONTENT_TAGS
    # ... only on a page where no class/id word names a scored element (False: on every
    # page). Where a page's names speak, they decide alone (docs/benchmarks/markup.md).
    content_tags_when_unnamed: bool = True
    # GNE's factor 2 for text under a content class/id word (ablation in
    # docs/benchmarks/density.md).
    content_boost: float = 2.0
    # A root found by itemprop=articleBody is trusted only if it has at least this many
    # non-space characters (some templates put an empty articleBody stub next to the real one).
    article_body_min_chars: int = 200
    # Sibling merge (GNE #9/#57/#109): a sibling of the winner is merged when its link density
    # is below merge_max_link_density and its non-link text at least merge_min_chars. Off:
    # with the text-mass factor the container of a split article usually wins by itself;
    # merging moved F1 by +0.001 on both sets, within noise, for extra nodes.
    merge_siblings: bool = False
    merge_max_link_density: float = 0.3
    merge_min_chars: int = 20
    # Elements of these tags that hold a text line of their own count towards their
    # ancestors' PNum as a <p> does: templates that give each paragraph a <div> (or a <td>)
    # instead of a <p>. Empty: only <p> and direct text lines count, as in the paper ...
    paragraph_tags: frozenset[str] = PARAGRAPH_TAGS
    # ... on a page without any <p> only: pages that mark paragraphs with <p> keep the
    # paper's count (chosen by benchmarks/markup_cv.py, docs/benchmarks/markup.md).
    paragraph_tags_without_p: bool = True
    # A direct text line counts towards PNum only with at least this many characters, so the
    # " | " and " - " between menu links are not paragraphs. 1, 5 and 10 score the same on
    # cwced_zh; 5 keeps menus from looking like paragraph lists.
    line_min_chars: int = 5
    # Exponent k of a text-mass factor (T - LT) ** k on the score; 0 is the paper's formula.
    # The paper's TD favours small nodes with few tags (a one-link footer, a single long <p>);
    # weighting by the amount of text lifts the whole article container. k=1 has the best
    # mean over cwced_zh and wcxb_dev articles (sweep in docs/benchmarks/density.md).
    text_mass_exponent: float = 1.0
    # Candidates kept in the diagnostics.
    diagnostic_top: int = 5


DEFAULT_OPTIONS = DensityOptions()
