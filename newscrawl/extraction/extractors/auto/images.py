"""Where the finished text's images are: the winner's image span (else another
candidate's), ended at the last text the finishing stages kept."""

from __future__ import annotations

from collections.abc import Sequence

from lxml.etree import _Element as Element

from newscrawl.extraction.extractors.auto.runs import Candidate
from newscrawl.extraction.extractors.auto.voting import Vote
from newscrawl.extraction.kept_images import span_to_last_kept_text


def kept_image_span(vote: Vote, text: str) -> tuple[Element, Element] | None:
    """Where the images of the finished ``text`` (lines dropped from the winner's) are: the
    winner's span (else another candidate's) ended at the last text ``text`` kept, as
    the images of the teasers, boxes and comments cut after the article stood in it."""
    span = image_span(vote.winner, vote.candidates)
    return span_to_last_kept_text(span, text) if span is not None else None


def image_span(
    winner: Candidate, candidates: Sequence[Candidate]
) -> tuple[Element, Element] | None:
    """Where the article's images are: the winner's span, else the first candidate's (in
    ``fast_methods`` order, density first) that has one."""
    for candidate in (winner, *candidates):
        if (span := candidate.result.images_from) is not None:
            return span
    return None
