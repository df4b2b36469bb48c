"""The choice among a page's title candidates: the one closest to the anchor text, else the
one the page's sources vote for."""

from __future__ import annotations

from dataclasses import dataclass, field

from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import normalize_space
from newscrawl.extraction.metadata.title.anchor import anchor_similarity, anchor_variants
from newscrawl.extraction.metadata.title.candidates import TitleCandidate, title_candidates
from newscrawl.extraction.metadata.title.one_line import as_one_line
from newscrawl.extraction.metadata.title.parts import split_title
from newscrawl.extraction.metadata.title.site_names import declared_site_names, suffix_parts
from newscrawl.extraction.metadata.title.votes import source_rank, vote_scores


@dataclass(frozen=True, slots=True)
class TitleChoice:
    """The chosen title and why: ``reason`` is shown by ``newscrawl extract --explain``."""

    text: str
    source: str
    reason: str
    score: float = 0.0
    ranked: list[tuple[str, str, float]] = field(default_factory=list)


def choose_title(doc: Document, hint: str | None = None) -> str:
    """The article title of ``doc`` (``doc.anchor_text`` is used when present), as one line
    of text (:func:`as_one_line`)."""
    return as_one_line(rank_titles(doc, hint).text)


def rank_titles(doc: Document, hint: str | None = None) -> TitleChoice:
    """Rank every candidate and return the winner with the rule that decided."""
    candidates = title_candidates(doc, hint)
    if not candidates:
        fallback = normalize_space(doc.anchor_text or "")
        return TitleChoice(
            fallback, "anchor" if fallback else "none", "no title candidate on the page"
        )
    votes = vote_scores(candidates, declared_site_names(doc))
    if doc.anchor_text:
        site_parts = suffix_parts(doc, split_title(doc.title_text))
        choice = _best_by_anchor(candidates, votes, doc.anchor_text, site_parts)
        if choice is not None:
            return choice
    return _best_by_votes(
        candidates,
        votes,
        "no anchor text" if not doc.anchor_text else "no candidate close to the anchor text",
    )


# An anchor variant must reach this similarity for its best page candidate to win.
# Swept 0.4-0.8 on wcxb_dev with title-variant anchors: 0.55 was the knee (lower lets a
# wrong <title> part win on anchors with long site suffixes, higher drops truncated anchors).
ANCHOR_MIN_SIMILARITY = 0.55
# Candidates within this similarity of the best anchor match count as ties; votes decide.
ANCHOR_TIE_MARGIN = 0.02


def _best_by_anchor(
    candidates: list[TitleCandidate],
    votes: dict[tuple[str, ...], float],
    anchor: str,
    site_parts: set[tuple[str, ...]],
) -> TitleChoice | None:
    variants = anchor_variants(anchor, site_parts)
    if not variants:
        return None
    scored = [(anchor_similarity(c.tokens, variants), c) for c in candidates]
    best_sim = max(score for score, _ in scored)
    if best_sim < ANCHOR_MIN_SIMILARITY:
        return None
    close = [c for score, c in scored if score >= best_sim - ANCHOR_TIE_MARGIN]
    winner = min(close, key=lambda c: (-votes.get(c.tokens, 0.0), source_rank(c.source)))
    ranked = sorted(((c.text, c.source, round(s, 3)) for s, c in scored), key=lambda x: -x[2])
    return TitleChoice(
        winner.text,
        winner.source,
        f"closest to the anchor text (similarity {best_sim:.2f}; "
        f"{len(close)} within {ANCHOR_TIE_MARGIN}, votes broke the tie)",
        best_sim,
        ranked[:8],
    )


def _best_by_votes(
    candidates: list[TitleCandidate], votes: dict[tuple[str, ...], float], why: str
) -> TitleChoice:
    def key(c: TitleCandidate) -> tuple[float, int, int]:
        # More votes; then the more authoritative source; then the longer text (site names
        # are shorter than headlines).
        return (-votes.get(c.tokens, 0.0), source_rank(c.source), -len(c.tokens))

    ordered = sorted(candidates, key=key)
    winner = ordered[0]
    ranked = [(c.text, c.source, round(votes.get(c.tokens, 0.0), 2)) for c in ordered[:8]]
    return TitleChoice(
        winner.text,
        winner.source,
        f"{why}: most votes across page sources ({votes.get(winner.tokens, 0):.1f})",
        votes.get(winner.tokens, 0.0),
        ranked,
    )
