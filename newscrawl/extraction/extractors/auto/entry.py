"""The method's entry (:func:`extract_content`, registry name ``auto``): the vote and its
fallback, the publisher's copy, the fastest method alone on an outsized page, and the result
built for the winner."""

from __future__ import annotations

from lxml.etree import _Element as Element

from newscrawl.extraction.article_body import rescued
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors.auto.finishing import fall_back, winner_text
from newscrawl.extraction.extractors.auto.images import kept_image_span
from newscrawl.extraction.extractors.auto.runs import page_runner, run_methods
from newscrawl.extraction.extractors.auto.voting import Vote, run_vote
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions
from newscrawl.extraction.types import ContentResult, Rejection, RejectReason

METHOD = "auto"


def extract_content(
    doc: Document, options: AutoOptions = DEFAULT_OPTIONS
) -> ContentResult | Rejection:
    """Registry entry ``auto``."""
    if is_outsized(doc, options):
        found = run_methods(doc, ("density",), options=options)
        if not found:
            return Rejection(RejectReason.NO_CONTENT, "no method found content", METHOD, doc.url)
        result = found[0].result
        return ContentResult(
            text=result.text,
            nodes=result.nodes,
            title_hint=result.title_hint,
            method=METHOD,
            image_span=result.image_span,
            diagnostics={"auto_winner": "density", "auto_reason": "outsized page"},
        )
    decided = decide(doc, options)
    copy = rescued(decided[1] if decided else "", doc, options.article_body)
    if copy is not None:
        return ContentResult(
            text=copy,
            method=METHOD,
            diagnostics={"auto_winner": "articleBody", "auto_reason": "page text a small part"},
        )
    if decided is None:
        return Rejection(RejectReason.NO_CONTENT, "no method found content", METHOD, doc.url)
    vote, text = decided
    return finish(vote, doc, options, text)


def is_outsized(doc: Document, options: AutoOptions = DEFAULT_OPTIONS) -> bool:
    """Whether the page's text is past ``max_voting_text_chars``: voting costs one pass per
    method, on such a page seconds, and no real article is this long, so the fastest
    method decides alone."""
    # body_text is cached: dates reuse it
    return doc.body is not None and len(doc.body_text()) > options.max_voting_text_chars


def decide(doc: Document, options: AutoOptions = DEFAULT_OPTIONS) -> tuple[Vote, str] | None:
    """The vote (after its fallback) and its winner's finished text; None when no method
    found content."""
    runner = page_runner(doc, options)
    vote = run_vote(doc, options, runner)
    if vote is None:
        return None
    return fall_back(vote, winner_text(vote, doc, options), doc, runner, options)


def finish(
    vote: Vote, doc: Document, options: AutoOptions = DEFAULT_OPTIONS, text: str | None = None
) -> ContentResult | Rejection:
    """The result for the vote's winner (``text``: its finished text, when computed)."""
    winner, candidates = vote.winner, vote.candidates
    text = winner_text(vote, doc, options) if text is None else text
    if not text:
        return Rejection(RejectReason.NO_CONTENT, "only boilerplate lines", METHOD, doc.url)
    # The winner's nodes still describe the content only if no line was dropped; they (or
    # another candidate's, for a winner without any: CX) still hold the article's images.
    nodes = winner.result.nodes if text == winner.result.text else []
    return ContentResult(
        text=text,
        nodes=nodes,
        title_hint=winner.result.title_hint,
        method=METHOD,
        image_span=winner.result.image_span if nodes else kept_image_span(vote, text),
        region_nodes=[] if nodes else region_nodes(vote),
        diagnostics={
            "auto_winner": winner.method,
            "auto_agreement": round(vote.agreement, 3),
            "auto_candidates": [c.method for c in candidates],
            "auto_early_exit": vote.decided_early,
            "auto_fell_back": vote.fell_back,
        },
    )


def region_nodes(vote: Vote) -> list[Element]:
    """The nodes the finished text's markup is looked up in: the winner's, else (a winner
    without nodes: CX, jusText, boilerpipe) the first candidate's that has some."""
    for candidate in (vote.winner, *vote.candidates):
        if candidate.result.nodes:
            return candidate.result.nodes
    return []
