"""The vote on one page (:func:`run_vote`): the methods run in stages, an early pair may
decide alone, else the voters' consensus decides; then the page's headline and a thread's
posts may move the win to another candidate."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from newscrawl.extraction import headline_anchor
from newscrawl.extraction.author_boxes import author_box_bag
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors.auto.consensus import choose
from newscrawl.extraction.extractors.auto.prose import (
    is_link_list,
    page_links,
    reads_as_prose,
    voting_page_links,
)
from newscrawl.extraction.extractors.auto.runs import Candidate, Runner, page_runner
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions
from newscrawl.extraction.text import bag_f1, bag_overlap, is_mostly_cjk


@dataclass(frozen=True, slots=True)
class Vote:
    """The vote's outcome on a page, before the winner's text is cleaned and trimmed."""

    winner: Candidate
    agreement: float
    candidates: list[Candidate]
    decided_early: bool
    # The winner replaced a far shorter one (newscrawl/extraction/fallback.py).
    fell_back: bool = False


def run_vote(
    doc: Document, options: AutoOptions = DEFAULT_OPTIONS, runner: Runner | None = None
) -> Vote | None:
    """Run the methods in stages and pick the winner; None when no method found content.

    ``runner`` gives the candidates of the named methods (default: :func:`run_methods` on
    ``doc``); a sweep over the vote's options passes one that reuses candidates already
    computed, since those options do not change what a method finds.
    """
    run = runner or page_runner(doc, options)
    candidates: list[Candidate] = []
    ran: set[str] = set()
    order = options.method_order
    weights = options.weights

    def add(methods: Sequence[str]) -> None:
        """Run the methods not run yet; keep the candidates in ``options.method_order``."""
        wanted = [m for m in methods if m not in ran]
        ran.update(wanted)
        candidates.extend(run(wanted))
        candidates.sort(key=lambda c: order.index(c.method) if c.method in order else len(order))

    add(options.early_pair[:1])  # density: its text tells the script, which picks the pair
    # The script of the first candidate in fast_methods order decides: density's text when
    # it found any, else the first other fast method's.
    chinese = is_chinese(candidates, options.cjk_share) if candidates else None
    if chinese is not None:
        add(options.early_pair_chinese if chinese else options.early_pair)
    links = page_links(doc, options)
    voting_links = voting_page_links(doc, options)
    boxed = author_box_test(doc, options)
    # The early pair decides alone only when both read as prose, neither is an author's
    # bio, and neither is a list of links (tested last: only a pair that would decide
    # needs it).
    pair = (
        candidates
        if all(reads_as_prose(c.result.text, options) for c in candidates)
        and not any(map(boxed, candidates))
        else []
    )
    winner, agreement = early_winner(pair, chinese=bool(chinese), options=options)
    if (
        winner is not None
        and links is not None
        and any(is_link_list(c.result.text, links, options) for c in pair)
    ):
        winner, agreement = None, 0.0
    decided_early = winner is not None
    voting: list[Candidate] = []  # who voted last: the full vote's voters
    if winner is None:
        add(options.fast_methods)
        if chinese is None:
            chinese = is_chinese(candidates, options.cjk_share)
        # Chinese pages always add TCDT, so a vote among the fast methods alone is wasted.
        if candidates and not chinese:
            voting = voters(candidates, options, voting_links, boxed)
            winner, agreement = choose(voting, weights, options)
    if winner is None or agreement < options.confident_agreement:
        add(options.slow_methods)
        if candidates:
            voting = voters(candidates, options, voting_links, boxed)
            winner, agreement = choose(voting, None if chinese else weights, options)
    if winner is None:
        return None
    if voting:
        winner, agreement = headline_winner(winner, agreement, voting, doc, options)
    return Vote(thread_of(winner, candidates, options), agreement, candidates, decided_early)


def headline_winner(
    winner: Candidate,
    agreement: float,
    voting: Sequence[Candidate],
    doc: Document,
    options: AutoOptions = DEFAULT_OPTIONS,
) -> tuple[Candidate, float]:
    """The winner, or the shorter of two agreeing ``voting`` candidates that start at the
    page's headline when the winner stands below, around or inside them
    (:mod:`newscrawl.extraction.headline_anchor`), with the pair's agreement."""
    text_of = {c.method: c.result.text for c in voting}
    pair = headline_anchor.anchored_pair(winner, voting, doc, text_of, options.headline)
    if pair is None:
        return winner, agreement
    return min(pair, key=lambda c: c.size), bag_f1(pair[0].bag, pair[1].bag)


def thread_of(
    winner: Candidate, candidates: Sequence[Candidate], options: AutoOptions = DEFAULT_OPTIONS
) -> Candidate:
    """The smallest candidate that is a thread's every post and holds the winner's tokens
    (:attr:`AutoOptions.thread_holds_winner`), else the winner."""
    share = options.thread_holds_winner
    if share is None or winner.posts:
        return winner
    threads = [
        c
        for c in candidates
        if c.posts
        and c.size > winner.size
        and bag_overlap(winner.bag, c.bag) >= share * winner.size
    ]
    return min(threads, key=lambda c: c.size) if threads else winner


def voters(
    candidates: Sequence[Candidate],
    options: AutoOptions = DEFAULT_OPTIONS,
    links: frozenset[str] | None = None,
    boxed: Callable[[Candidate], bool] | None = None,
) -> list[Candidate]:
    """The candidates that read as prose (and, with the page's ``links``, are no list of
    links), or all of them when none does (a page of lists); without those ``boxed`` calls
    an author's bio, unless all are."""
    prose = [c for c in candidates if reads_as_prose(c.result.text, options, links)]
    chosen = prose or list(candidates)
    if boxed is not None:
        chosen = [c for c in chosen if not boxed(c)] or chosen
    return chosen


def author_box_test(
    doc: Document, options: AutoOptions = DEFAULT_OPTIONS
) -> Callable[[Candidate], bool]:
    """Whether a candidate is an author's bio: the page's author boxes
    (:mod:`newscrawl.extraction.author_boxes`, read once a page) hold at least
    :attr:`AutoOptions.author_box_share` of its tokens. Never, with the share None."""
    share = options.author_box_share

    def boxed(candidate: Candidate) -> bool:
        if share is None or not candidate.size:
            return False
        bag = author_box_bag(doc)
        return bool(bag) and bag_overlap(candidate.bag, bag) >= share * candidate.size

    return boxed


def is_chinese(candidates: Sequence[Candidate], share: float = DEFAULT_OPTIONS.cjk_share) -> bool:
    """Whether the first candidate's text is mostly CJK (a Chinese page)."""
    return bool(candidates) and is_mostly_cjk(candidates[0].result.text[:5000], share)


def early_winner(
    pair: Sequence[Candidate], *, chinese: bool, options: AutoOptions = DEFAULT_OPTIONS
) -> tuple[Candidate | None, float]:
    """The winner among the early pair of the page's script (``options.early_pair``,
    ``early_pair_chinese``) alone when the two agree closely, else (None, 0.0): the other
    methods would only confirm them."""
    threshold = options.early_agreement_chinese if chinese else options.early_agreement
    if threshold is None or len(pair) != 2:
        return None, 0.0
    agreement = bag_f1(pair[0].bag, pair[1].bag)
    if agreement < threshold:
        return None, 0.0
    if chinese:  # Chinese pages vote with equal weights, as in the full vote
        return choose(pair, None, options)
    return pair_vote(pair[0], pair[1], agreement, options)


def pair_vote(
    first: Candidate, second: Candidate, agreement: float, options: AutoOptions = DEFAULT_OPTIONS
) -> tuple[Candidate, float]:
    """``choose([first, second], options.weights)``, given the pair's ``agreement``.

    When ``first`` has two or more votes and ``second`` one, the median count of every token
    is ``first``'s own, so the consensus is ``first``'s bag: its agreement is 1 and
    ``second``'s is the pair's F1, and no consensus needs to be built.
    """
    weights = options.weights
    if weights.get(first.method, 1) < 2 or weights.get(second.method, 1) != 1:
        return choose([first, second], weights, options)
    scores = {first.method: 1.0, second.method: agreement}
    tied = [c for c in (first, second) if scores[c.method] >= 1.0 - options.tie_margin]
    winner = min(tied, key=lambda c: c.size)
    return winner, scores[winner.method]
