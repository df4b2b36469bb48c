"""The sources' votes in the no-anchor ranking, and their tie order."""

from __future__ import annotations

from newscrawl.extraction.metadata.title.candidates import TitleCandidate
from newscrawl.extraction.text import tokens

# Votes per source in the no-anchor ranking. Swept on wcxb_dev article pages
# (benchmarks/tcdt_bench.py titles; h1 over 1.0-2.6, title-part 0.6/0.9, twitter 0.3/0.6):
# the visible <h1> is the headline readers see and outvotes an og:title + <title> pair that
# carries an SEO variant (0.82 -> 0.87 exact match); several <h1>s share one vote.
# twitter:title mostly copies og:title, so it only adds a little; h2..h6 only confirm.
SOURCE_VOTES: dict[str, float] = {
    "h1": 2.5,
    "og:title": 1.0,
    "twitter:title": 0.3,
    "json-ld": 0.8,
    "hint": 0.7,
    "title-part": 0.9,
    "title": 0.5,
    "h2": 0.4,
    "heading": 0.2,  # h3..h6
}
# Tie order (earlier wins) when votes are equal: the publisher's own headline fields first.
SOURCE_ORDER = (
    "h1",
    "og:title",
    "json-ld",
    "hint",
    "twitter:title",
    "title-part",
    "title",
    "h2",
    "heading",
)


def vote_scores(
    candidates: list[TitleCandidate], site_names: list[str]
) -> dict[tuple[str, ...], float]:
    """Votes per distinct token sequence; each source votes at most once per sequence."""
    site = {tuple(tokens(name, normalize=True)) for name in site_names}
    voters: dict[tuple[str, ...], set[str]] = {}
    for cand in candidates:
        voters.setdefault(cand.tokens, set()).add(cand.source)
    # Several different <h1>s (a listing, a logo plus a headline) share one vote between them.
    n_h1 = max(1, len({c.tokens for c in candidates if c.source == "h1"}))
    scores = {}
    for toks, sources in voters.items():
        votes = sum(SOURCE_VOTES[source] for source in sources)
        if "h1" in sources:
            votes -= SOURCE_VOTES["h1"] * (1 - 1 / n_h1)
        scores[toks] = 0.0 if toks in site else votes
    return scores


def source_rank(source: str) -> int:
    """A source's place in :data:`SOURCE_ORDER` (an unknown one after all)."""
    return SOURCE_ORDER.index(source) if source in SOURCE_ORDER else len(SOURCE_ORDER)
