"""``method="auto"``: run several methods on one Document and keep the one the others confirm.

Signals, all measurable on the page itself:

* **agreement** — each candidate's bag of tokens is compared (F1) with the *consensus bag*,
  the per-token median count over all candidates. Text that only one method includes (a
  comment thread, a footer) is not in the consensus, so the candidate that matches it best is
  the one with the article and little else.
* **method strength** — on non-Chinese pages density, the strongest single method there,
  has three votes in the consensus.
* **length** — among candidates within ``tie_margin`` of the best agreement the shortest
  wins: extra text is far more often boilerplate than missed article.
* **cost** — density runs first; with jusText (TCDT on Chinese pages) it decides alone when
  the two agree closely (``early_agreement``, ``early_agreement_chinese``); the other
  cheap methods run otherwise, and on non-Chinese pages the slow TCDT only when those disagree.
* **comment threads** — each candidate is cut at a Chinese comment-section heading (a line
  that is only "评论", "网友评论", "发表评论" ...); a candidate that is nothing but the thread
  drops out of the vote, so a page where most methods took article + comments is decided
  by the article parts they share.
* **parts** — a winner that is one of several same-class sibling containers an article
  was split into (a call-to-action box between them) is joined by the others
  (:mod:`newscrawl.extraction.parts`), each pruned and cut at its tail as a region is.
* **line clean-up** — repeated paragraphs and short boilerplate lines
  (ICP numbers, copyright, pagination, "source:" bylines) are dropped from the winner.
* **threads** — a winner that is one post of a discussion thread (one of several same-class
  elements at one depth, each a post's worth of prose) becomes every post's text
  (:mod:`newscrawl.extraction.thread`), before the clean-up.
* **prose** — a long candidate with hardly any sentence punctuation (a keyword-stuffed
  block, a tag cloud) does not vote while another candidate reads as prose.
* **link lists** — an early pair in which a candidate is mostly lines that are the page's
  link texts (a sidebar of headlines) does not decide alone; the full vote runs.
* **fallback** — a winner whose text is a tiny part of the page's (one item of a product
  grid, one post) gives way to the largest candidate of every method
  (:mod:`newscrawl.extraction.fallback`).
* **publisher's copy** — when the page's JSON-LD ``articleBody`` holds four times the
  tokens of what the vote found (a page drawn by its scripts serves a "Loading..." shell), the
  copy is the content (:func:`newscrawl.extraction.article_body.rescued`).
* **tail** — :mod:`newscrawl.extraction.tail` drops the subtrees after the region's prose
  container whose class/id names an author box, related list, share bar, comments ...
* **trim** — then :mod:`newscrawl.extraction.trim` cuts the winner at a related/comments
  heading and drops link runs and teaser lines (rules kept by site-grouped cross-validation).

Every tunable is a field of :class:`AutoOptions` (auto_options.py), which also holds the
options each voting method runs with. Methods come from the registry and may be absent (a
module that fails to import is skipped); a method that raises is logged and skipped, so
``auto`` fails only when all do. No method may mutate ``doc.root``; jusText and boilerpipe
share one segmentation.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import repeat

from lxml.etree import _Element as Element

from newscrawl.extraction import fallback, headline_anchor
from newscrawl.extraction.article_body import filter_by_article_body, rescued
from newscrawl.extraction.blocks import Block, segment
from newscrawl.extraction.captions import drop_caption_lines
from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import BLOCK_TAGS, common_ancestor, paragraph_text
from newscrawl.extraction.extractors import justext
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions
from newscrawl.extraction.extractors.boilerpipe import extractor as boilerpipe
from newscrawl.extraction.kept_images import span_to_last_kept_text
from newscrawl.extraction.lead import with_lead
from newscrawl.extraction.marked_body import filter_after_marked_body
from newscrawl.extraction.narrow import narrowed
from newscrawl.extraction.native import walks
from newscrawl.extraction.page_footer import drop_footer_lines
from newscrawl.extraction.parts import parts_of
from newscrawl.extraction.prune import prune
from newscrawl.extraction.registry import get_method
from newscrawl.extraction.shown_lines import SOURCE_METHODS, drop_unshown_lines
from newscrawl.extraction.tail import cut_tail, prose_share
from newscrawl.extraction.text import bag_f1, bag_overlap, is_mostly_cjk, token_counts
from newscrawl.extraction.thread import parts_text, thread_parts, thread_text, visible_length
from newscrawl.extraction.trim import trim
from newscrawl.extraction.types import ContentResult, Rejection, RejectReason

logger = logging.getLogger(__name__)

METHOD = "auto"
# Voters the C consensus takes (weighted methods count once per vote).
MAX_C_BAGS = 64
# Sentence punctuation, Latin and CJK, and the line break (a list's items are lines): prose
# and lists have one every few dozen characters, a keyword block has none.
SENTENCE_MARKS = "\n.,。，、;:!?；：！？"


@dataclass(frozen=True, slots=True)
class Candidate:
    method: str
    result: ContentResult
    bag: Counter[str]
    # The thread test in the vote (``ThreadOptions.in_vote``): None when it did not run on
    # this candidate, True when the text is every post of the thread the region is one post
    # of, False when the region is no post of a thread.
    posts: bool | None = None

    @property
    def size(self) -> int:
        return sum(self.bag.values())


def _shared_runners(
    doc: Document, options: AutoOptions = DEFAULT_OPTIONS
) -> dict[str, Callable[[], ContentResult | Rejection]]:
    """jusText and boilerpipe on one segmentation of the page (computed on first use)."""
    cache: list[list[Block]] = []

    def blocks() -> list[Block]:
        if not cache:
            cache.append(segment(doc.root))
        return cache[0]

    def run_justext() -> ContentResult | Rejection:
        return justext.content_from_blocks(doc, blocks(), options.justext)

    def run_boilerpipe() -> ContentResult | Rejection:
        return boilerpipe.content_from_blocks(
            doc, blocks(), options.boilerpipe.article_chain, "boilerpipe"
        )

    return {"justext": run_justext, "boilerpipe": run_boilerpipe}


def run_methods(
    doc: Document,
    methods: Sequence[str],
    shared: dict[str, Callable[[], ContentResult | Rejection]] | None = None,
    options: AutoOptions = DEFAULT_OPTIONS,
    bags: dict[str, Counter[str]] | None = None,
    threads: dict[tuple[Element, int], list[Element] | None] | None = None,
) -> list[Candidate]:
    """Candidates of the given methods, each run with its options in ``options``; absent or
    failing methods are skipped. ``bags``: token bags by text, kept across calls on one page
    (methods often agree to the character, in one stage or in the next); ``threads``: the
    thread test's answers by region, likewise (density and TCDT often choose one node)."""
    shared = shared or {}
    found = []
    bags = {} if bags is None else bags
    threads = {} if threads is None else threads
    for name in methods:
        try:
            result = shared[name]() if name in shared else _run(doc, name, options)
        except (ImportError, AttributeError, KeyError) as error:
            logger.debug("auto: method %s unavailable: %r", name, error)
            continue
        except RecursionError:
            continue
        except Exception as error:  # noqa: BLE001 -- one broken method must not sink the others
            logger.warning("auto: method %s failed on %s: %r", name, doc.url, error)
            continue
        if isinstance(result, ContentResult) and result.text.strip():
            result = without_comments(result, options)
            checked = options.thread.in_vote and bool(result.nodes)
            parts = _thread_parts(result, options, threads) if checked else None
            posts = parts_text(parts) if parts is not None else None
            if posts and parts:  # every post is the content now; the images stay the region's
                result = replace(result, text=posts, nodes=parts, image_span=result.images_from)
            if result.text.strip():
                bag = bags.get(result.text)
                if bag is None:
                    bag = bags[result.text] = token_counts(result.text)
                found.append(Candidate(name, result, bag, (posts is not None) if checked else None))
    return found


def _thread_parts(
    result: ContentResult,
    options: AutoOptions,
    threads: dict[tuple[Element, int], list[Element] | None],
) -> list[Element] | None:
    """Every post (and heading between) when ``result``'s region is one post of a thread,
    else None."""
    key = (result.nodes[0], visible_length(result.text))
    if key not in threads:
        threads[key] = thread_parts(result.nodes, options.thread, key[1])
    return threads[key]


def _run(doc: Document, name: str, options: AutoOptions) -> ContentResult | Rejection:
    method = get_method(name)
    method_options = options.options_of(name)
    return method(doc) if method_options is None else method(doc, method_options)


def cut_at_comments(text: str, options: AutoOptions = DEFAULT_OPTIONS) -> str:
    """``text`` up to its first comment-section heading line (all of it if there is none)."""
    if "评论" not in text and "留言" not in text:  # the common case: no heading possible
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if options.comment_heading.match(line):
            return "\n".join(lines[:index])
    return text


def without_comments(
    result: ContentResult, options: AutoOptions = DEFAULT_OPTIONS
) -> ContentResult:
    """``result`` cut at a comment heading; its nodes no longer match the text if cut, and
    its images would include the commenters' avatars, so it keeps none."""
    text = cut_at_comments(result.text, options)
    if text == result.text:
        return result
    return ContentResult(
        text=text,
        nodes=[],
        title_hint=result.title_hint,
        diagnostics=result.diagnostics,
        method=result.method,
    )


def consensus_bag(
    bags: Sequence[Counter[str]], quantile: float = DEFAULT_OPTIONS.consensus_quantile
) -> Counter[str]:
    """Per token, the ``quantile`` of its counts over ``bags`` (zero counts included): in C
    when the extension is built (:func:`consensus_bag_in_python` is the reference)."""
    if walks is None or not bags or len(bags) > MAX_C_BAGS:
        return consensus_bag_in_python(bags, quantile)
    consensus: Counter[str] = Counter()
    walks.consensus_counts(bags=list(bags), rank=_rank(len(bags), quantile), consensus=consensus)
    return consensus


def _rank(voters: int, quantile: float) -> int:
    return min(voters - 1, int(voters * quantile))


def consensus_bag_in_python(
    bags: Sequence[Counter[str]], quantile: float = DEFAULT_OPTIONS.consensus_quantile
) -> Counter[str]:
    """:func:`consensus_bag` in Python."""
    consensus: Counter[str] = Counter()
    if not bags:
        return consensus
    rank = _rank(len(bags), quantile)
    # A token missing from more than ``rank`` bags has a zero at ``rank``: skip it unsorted.
    presence: Counter[str] = Counter()
    for bag in bags:
        presence.update(bag.keys())
    needed = len(bags) - rank
    common = [token for token, present in presence.items() if present >= needed]
    # One row of counts per bag, built by map() rather than a Python step per token and bag.
    rows = [list(map(bag.get, common, repeat(0))) for bag in bags]
    columns = zip(*rows, strict=True)  # one column of counts per common token
    consensus.update(dict(zip(common, [sorted(column)[rank] for column in columns], strict=True)))
    return consensus


def agreements(
    candidates: Sequence[Candidate],
    weights: dict[str, int] | None = None,
    options: AutoOptions = DEFAULT_OPTIONS,
) -> dict[str, float]:
    """Each candidate's F1 against the consensus of all candidates (``weights``: votes)."""
    weights = weights or {}
    consensus = consensus_bag(
        [c.bag for c in candidates for _ in range(weights.get(c.method, 1))],
        options.consensus_quantile,
    )
    scores: dict[int, float] = {}  # methods that agree to the character share one bag
    for c in candidates:
        if id(c.bag) not in scores:
            scores[id(c.bag)] = bag_f1(c.bag, consensus)
    return {c.method: scores[id(c.bag)] for c in candidates}


def choose(
    candidates: Sequence[Candidate],
    weights: dict[str, int] | None = None,
    options: AutoOptions = DEFAULT_OPTIONS,
) -> tuple[Candidate, float]:
    """The shortest candidate among those tied for best agreement, and that agreement."""
    if len(candidates) == 1:
        return candidates[0], 1.0
    scores = agreements(candidates, weights, options)
    best = max(scores.values())
    tied = [c for c in candidates if scores[c.method] >= best - options.tie_margin]
    winner = min(tied, key=lambda c: c.size)
    return winner, scores[winner.method]


def clean_lines(
    text: str,
    options: AutoOptions = DEFAULT_OPTIONS,
    doc: Document | None = None,
    runs_only: Callable[[], bool] | None = None,
) -> str:
    """Drop repeated paragraphs and short boilerplate lines.

    The title line is kept: labelled bodies often start with it, and dropping it cost
    0.002 F1 on cwced_zh. With ``doc`` and ``options.repeat_table_cells``, a line that is
    the text of one of the page's table cells may repeat: a table's cells do. When
    ``runs_only`` answers yes (asked only if a line repeats: most texts have none), a repeat
    goes only when a neighbouring line is a repeat too: a copied block goes, a caption
    repeated between distinct lines stays.
    """
    lines = [(line, key) for line in text.split("\n") if (key := line_key(line))]
    seen: set[str] = set()
    cells: frozenset[str] | None = None
    repeats = [False] * len(lines)
    for index, (_, key) in enumerate(lines):
        if len(key) >= options.min_dedup_line and key in seen:
            if doc is not None and options.repeat_table_cells:
                if cells is None:  # read once, on the first repeat: most pages have none
                    cells = table_cell_lines(doc)
                repeats[index] = key not in cells
            else:
                repeats[index] = True
        seen.add(key)
    in_runs = runs_only is not None and any(repeats) and runs_only()
    kept = []
    for index, (line, key) in enumerate(lines):
        if repeats[index] and (
            not in_runs
            or (index > 0 and repeats[index - 1])
            or (index + 1 < len(lines) and repeats[index + 1])
        ):
            continue
        if len(key) <= options.max_boilerplate_line and options.boilerplate_line.search(line):
            continue
        kept.append(line)
    return "\n".join(kept)


def line_key(line: str) -> str:
    """What two lines must share to be the same line: their text without spaces, lower-cased."""
    return "".join(line.split()).lower()


# A cell holding one of these (a paragraph aside) is a layout cell.
_LAYOUT_IN_CELL = BLOCK_TAGS - {"p"}


def table_cell_lines(doc: Document) -> frozenset[str]:
    """The keys (:func:`line_key`) of the lines of the page's plain table cells (text,
    inline markup and paragraphs). A cell holding blocks, forms or widgets is layout (a forum's
    post list, a catalogue's grid laid out in a table), whose repeats are its furniture."""
    body = doc.body
    if body is None:
        return frozenset()
    return frozenset(
        key
        for cell in body.iter("td", "th")
        if not any(el.tag in _LAYOUT_IN_CELL for el in cell.iterdescendants())
        for line in paragraph_text(cell).split("\n")
        if (key := line_key(line))
    )


@dataclass(frozen=True, slots=True)
class Vote:
    """The vote's outcome on a page, before the winner's text is cleaned and trimmed."""

    winner: Candidate
    agreement: float
    candidates: list[Candidate]
    decided_early: bool
    # The winner replaced a far shorter one (newscrawl/extraction/fallback.py).
    fell_back: bool = False


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


Runner = Callable[[Sequence[str]], list[Candidate]]


def page_runner(doc: Document, options: AutoOptions = DEFAULT_OPTIONS) -> Runner:
    """The candidates of the named methods on ``doc``, sharing one segmentation."""
    shared = _shared_runners(doc, options)
    bags: dict[str, Counter[str]] = {}
    threads: dict[tuple[Element, int], list[Element] | None] = {}

    def runner(methods: Sequence[str]) -> list[Candidate]:
        return run_methods(doc, methods, shared, options, bags, threads)

    return runner


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
    # The early pair decides alone only when both read as prose and neither is a list of
    # links (tested last: only a pair that would decide needs it).
    pair = candidates if all(reads_as_prose(c.result.text, options) for c in candidates) else []
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
            voting = voters(candidates, options, voting_links)
            winner, agreement = choose(voting, weights, options)
    if winner is None or agreement < options.confident_agreement:
        add(options.slow_methods)
        if candidates:
            voting = voters(candidates, options, voting_links)
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


def reads_as_prose(
    text: str, options: AutoOptions = DEFAULT_OPTIONS, links: frozenset[str] | None = None
) -> bool:
    """Whether ``text`` is punctuated like prose; a text shorter than
    ``options.prose_min_chars`` always is (a short list may have no punctuation at all).
    With the page's ``links`` (:meth:`Document.link_texts`), a list of links is not."""
    if links is not None and is_link_list(text, links, options):
        return False
    if options.max_chars_per_mark is None:
        return True
    chars = fallback.visible_length(text)
    if chars < options.prose_min_chars:
        return True
    # Most prose passes on its line breaks and commonest marks alone: stop counting there.
    needed = chars / options.max_chars_per_mark
    marks = 0
    for mark in SENTENCE_MARKS:
        marks += text.count(mark)
        if marks >= needed:
            return True
    return False


# Marks that open a list item's line before its link: "·支付宝十年账单", "• Headline".
LIST_MARKS = "·•・-*>»› "
# A list's links are headlines and labels; a longer line is prose (and not looked up).
MAX_LIST_LINK = 200


def is_link_list(text: str, links: frozenset[str], options: AutoOptions = DEFAULT_OPTIONS) -> bool:
    """Whether more than ``options.max_link_share`` of ``text`` stands on lines that are
    each the text of one of the page's ``links``: a list of links, not an article."""
    if options.max_link_share is None or not links:
        return False
    chars = fallback.visible_length(text)
    if chars < options.link_list_min_chars:
        return False
    # Lines outside links may hold less than this; an article's first paragraph spends it.
    allowance = chars - options.max_link_share * chars
    for line in text.split("\n"):
        if len(line) > MAX_LIST_LINK or not _is_link_line(line, links):
            allowance -= fallback.visible_length(line)
        if allowance <= 0:
            return False
    return True


def _is_link_line(line: str, links: frozenset[str]) -> bool:
    """Whether ``line`` is a link's text, after a list mark (a blank line counts as one)."""
    bare = " ".join(line.split()).lstrip(LIST_MARKS)
    return not bare or bare in links


def page_links(doc: Document, options: AutoOptions = DEFAULT_OPTIONS) -> frozenset[str] | None:
    """The page's link texts when the link-list test is on (it needs them), else None."""
    return doc.link_texts() if options.max_link_share is not None else None


def voting_page_links(
    doc: Document, options: AutoOptions = DEFAULT_OPTIONS
) -> frozenset[str] | None:
    """The page's link texts when lists of links are also left out of the vote, else None."""
    return page_links(doc, options) if options.link_lists_vote else None


def voters(
    candidates: Sequence[Candidate],
    options: AutoOptions = DEFAULT_OPTIONS,
    links: frozenset[str] | None = None,
) -> list[Candidate]:
    """The candidates that read as prose (and, with the page's ``links``, are no list of
    links), or all of them when none does (a page of lists)."""
    prose = [c for c in candidates if reads_as_prose(c.result.text, options, links)]
    return prose or list(candidates)


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
