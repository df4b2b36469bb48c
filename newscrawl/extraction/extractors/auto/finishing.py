"""The finishing stages that turn the vote's winner into the finished text
(:func:`finishing_stages`: thread, narrow, prune, tail, parts, lead, line filters, clean-up,
trim ...), and the fallback to the largest candidate when that text is a small part of the
page's (:func:`fall_back`)."""

from __future__ import annotations

from collections.abc import Sequence

from lxml.etree import _Element as Element

from newscrawl.extraction import fallback
from newscrawl.extraction.article_body import filter_by_article_body
from newscrawl.extraction.author_boxes import without_author_box_lines
from newscrawl.extraction.captions import drop_caption_lines
from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import common_ancestor, paragraph_text
from newscrawl.extraction.extractors.auto.cleanup import clean_lines
from newscrawl.extraction.extractors.auto.prose import voting_page_links
from newscrawl.extraction.extractors.auto.runs import Runner
from newscrawl.extraction.extractors.auto.voting import Vote, voters
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions
from newscrawl.extraction.lead import with_lead
from newscrawl.extraction.marked_body import filter_after_marked_body
from newscrawl.extraction.narrow import narrowed
from newscrawl.extraction.page_footer import drop_footer_lines
from newscrawl.extraction.parts import parts_of
from newscrawl.extraction.prune import prune
from newscrawl.extraction.shown_lines import SOURCE_METHODS, drop_unshown_lines
from newscrawl.extraction.tail import cut_tail, prose_share
from newscrawl.extraction.thread import thread_text
from newscrawl.extraction.trim import trim


def winner_text(vote: Vote, doc: Document, options: AutoOptions = DEFAULT_OPTIONS) -> str:
    """The winner's text (every post, when it is one post of a thread; else pruned), cleaned
    and trimmed."""
    return finishing_stages(vote, doc, options)[-1][1]


def finishing_stages(
    vote: Vote, doc: Document, options: AutoOptions = DEFAULT_OPTIONS
) -> list[tuple[str, str]]:
    """The winner's text as each finishing stage leaves it, in order, named ("winner" first,
    the finished text last): how benchmarks/stage_losses.py sees where a page's F1 goes."""
    winner = vote.winner
    result = winner.result
    stages = [("winner", result.text)]
    # A winner the vote's thread test saw is already every post, or no post of a thread.
    posts = (
        thread_text(result.nodes, options.thread)
        if winner.posts is None
        else (result.text if winner.posts else None)
    )
    if posts:
        stages.append(("thread", posts))
    else:
        narrow = narrowed(result, doc, options.tail, options.narrow)
        if narrow is not result:
            result = narrow
            stages.append(("narrow", result.text))
        stages.append(("prune", prune(result.text, result.nodes, options.prune)))
        headings = doc.comment_headings
        tail_text = cut_tail(stages[-1][1], result.images_from, options.tail, headings)
        stages.append(("tail", tail_text))
        stages.append(("parts", with_other_parts(stages[-1][1], result.nodes, options, headings)))
        if options.lead_paragraphs:
            lead = with_lead(stages[-1][1], result.nodes, options.tail.long_paragraph)
            stages.append(("lead", lead))
    if winner.method in SOURCE_METHODS and options.unshown_max_drop_share is not None:
        text = drop_unshown_lines(
            stages[-1][1], doc, options.unshown_max_drop_share, options.unshown_min_line_chars
        )
        stages.append(("shown", text))
    if options.clean_lines:
        share = options.repeats_in_runs_share
        runs_only = (
            None if posts or share is None else lambda: is_article_shaped(result.nodes, share)
        )
        stages.append(("clean_lines", clean_lines(stages[-1][1], options, doc, runs_only)))
    stages.append(("trim", trim(stages[-1][1], doc, options.trim)))
    if options.author_box_lines:  # the boxes the vote passed over, by their lines
        stages.append(("author_box", without_author_box_lines(stages[-1][1], doc)))
    stages.append(
        ("article_body", filter_by_article_body(stages[-1][1], doc, options.article_body))
    )
    if not posts:  # a thread's posts stand after its first: the stage reads no thread
        text = filter_after_marked_body(stages[-1][1], doc, options.marked_body)
        stages.append(("marked_body", text))
    if options.caption_max_drop_share is not None:
        text = drop_caption_lines(
            stages[-1][1], doc, options.caption_max_drop_share, options.caption_min_line_chars
        )
        stages.append(("captions", text))
    if options.footer_max_drop_share is not None:
        text = drop_footer_lines(
            stages[-1][1], doc, options.footer_max_drop_share, options.footer_min_line_chars
        )
        stages.append(("footer", text))
    return stages


def is_article_shaped(nodes: Sequence[Element], share: float) -> bool:
    """Whether the region ``nodes`` span is an article's: its long paragraphs hold at least
    ``share`` of its characters (:func:`tail.prose_share`)."""
    region = common_ancestor(nodes[0], nodes[-1]) if nodes else None
    return region is not None and prose_share(region) >= share


def with_other_parts(
    text: str,
    nodes: Sequence[Element],
    options: AutoOptions = DEFAULT_OPTIONS,
    page_headings: Sequence[Element] | None = None,
) -> str:
    """``text`` (the region's, written from ``nodes``) with the text of the article's other
    parts in document order, when the region is one part of an article split into
    same-class siblings (:mod:`newscrawl.extraction.parts`); each part pruned and cut at
    its tail as a region is (``page_headings``: :func:`tail.tail_of`)."""
    region = common_ancestor(nodes[0], nodes[-1]) if nodes else None
    parts = parts_of(region, options.parts) if region is not None else None
    if region is None or not parts:
        return text
    holders = {region, *region.iterancestors()}  # the part the region is, or lies in
    texts = [
        text
        if part in holders
        else cut_tail(
            prune(paragraph_text(part), [part], options.prune),
            (part, part),
            options.tail,
            page_headings,
        )
        for part in parts
    ]
    return "\n".join(part_text for part_text in texts if part_text)


def fall_back(
    vote: Vote, text: str, doc: Document, runner: Runner, options: AutoOptions = DEFAULT_OPTIONS
) -> tuple[Vote, str]:
    """The vote and its winner's ``text``, or, when that text is a small part of the page's
    (:mod:`newscrawl.extraction.fallback`), the vote won by the largest candidate of every
    method and its text."""
    if not fallback.is_suspicious(text, doc.body_text(), options.fallback):
        return vote, text
    ran = {candidate.method for candidate in vote.candidates}
    candidates = [
        *vote.candidates,
        *runner([method for method in options.method_order if method not in ran]),
    ]
    chosen = fallback.replacement(
        vote.winner,
        voters(candidates, options, voting_page_links(doc, options)),
        options.fallback,
    )
    if chosen is None:
        return vote, text
    replaced = Vote(chosen, vote.agreement, candidates, vote.decided_early, fell_back=True)
    return replaced, winner_text(replaced, doc, options)
