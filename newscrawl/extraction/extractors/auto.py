"""``method="auto"``: run several methods on one Document and keep the one the others confirm.

Signals, all measurable on the page itself:

* **agreement** — each candidate's bag of tokens is compared (F1) with the *consensus bag*,
  the per-token median count over all candidates. Text that only one method includes (a
  comment thread, a footer) is not in the consensus, so the candidate that matches it best is
  the one with the article and little else.
* **method strength** — on non-Chinese pages density, the strongest single method there,
  has three votes in the consensus.
* **length** — among candidates within :data:`TIE_MARGIN` of the best agreement the shortest
  wins: extra text is far more often boilerplate than missed article.
* **cost** — density runs first; with jusText (TCDT on Chinese pages) it decides alone when
  the two agree closely (:data:`EARLY_AGREEMENT`, :data:`EARLY_AGREEMENT_CHINESE`); the other
  cheap methods run otherwise, and on non-Chinese pages the slow TCDT only when those disagree.
* **comment threads** — each candidate is cut at a Chinese comment-section heading (a line
  that is only "评论", "网友评论", "发表评论" ...); a candidate that is nothing but the thread
  drops out of the vote, so a page where most methods took article + comments is decided
  by the article parts they share.
* **line clean-up** — repeated paragraphs and short boilerplate lines
  (ICP numbers, copyright, pagination, "source:" bylines) are dropped from the winner.

Methods come from the registry and may be absent (a module that fails to import is
skipped); a method that raises is logged and skipped, so ``auto`` fails only when all do.
No method may mutate ``doc.root``; jusText and boilerpipe share one segmentation.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lxml.etree import _Element as Element

from newscrawl.extraction.blocks import Block, segment
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors import boilerpipe, justext
from newscrawl.extraction.registry import ContentResult, get_method
from newscrawl.extraction.tokens import is_mostly_cjk, tokens
from newscrawl.extraction.types import Rejection, RejectReason

logger = logging.getLogger(__name__)

METHOD = "auto"

# The cheap methods (a few ms each): all vote on every page the early pair leaves open.
FAST_METHODS = ("density", "justext", "boilerpipe", "cx")
# Run first; on a non-Chinese page where the two agree to EARLY_AGREEMENT (F1 of their
# token bags) the other fast methods and TCDT do not run, and the two vote alone. None turns
# this off. Swept with benchmarks/auto_early_exit.py on the 788 wcxb_dev articles
# (docs/benchmarks/seed-extractors.md): density+justext at 0.8 exits on 81 % of them with F1
# 0.9489 against 0.9478 for the full vote, at 0.67x its CPU; every pair and threshold from
# 0.6 to 0.97 kept F1 within 0.001 of the full vote or above it.
EARLY_PAIR = ("density", "justext")
EARLY_AGREEMENT: float | None = 0.8
# The same on Chinese pages, with TCDT (the best single method there) as density's partner,
# a stricter threshold and equal votes. Swept on cwced_zh (--chinese): density+tcdt at 0.98
# exits on 65 % of the pages with F1 0.9234 against 0.9222 for the full vote; at 0.95-0.97
# (67-75 %) F1 held but two of the 109 hand-labelled gne_unlabeled checks were lost
# (benchmarks/tcdt_bench.py labels), and pairs of fast methods lost F1 (0.915-0.921 at
# 0.8-0.95).
EARLY_PAIR_CHINESE = ("density", "tcdt")
EARLY_AGREEMENT_CHINESE: float | None = 0.98
# Run on Chinese pages (TCDT's home ground: +0.014 F1 on cwced_zh) and wherever the fast
# methods disagree; TCDT costs ~3x a fast method and falls back to density on other scripts.
SLOW_METHODS = ("tcdt",)
# Candidates are kept in this order whatever order they ran in (ties go to the earlier one).
METHOD_ORDER = (*FAST_METHODS, *SLOW_METHODS)
# Agreement (F1 with the consensus bag) above which the fast methods are trusted alone on
# non-Chinese pages. Swept on all 788 wcxb_dev articles: 0.95 -> 0.942 F1 (TCDT on 16 pages),
# 0.90 -> 0.945 (7 pages), 0.85 -> 0.945 (4 pages); cwced_zh is unaffected (Chinese pages
# always run TCDT). See docs/benchmarks/seed-extractors.md.
CONFIDENT_AGREEMENT = 0.90
# Share of CJK tokens in the candidates' text that makes a page Chinese.
CJK_SHARE = 0.3
# Candidates this close to the best agreement count as tied; the shortest wins. Swept
# 0-0.1: 0.02 is best on both sets (+0.003 F1 on cwced_zh, +0.001 on wcxb_dev).
TIE_MARGIN = 0.02
# Quantile of a token's per-candidate counts that forms the consensus (0.5 = median).
# Lower quantiles demand more agreement; 0.3 lost recall on wcxb_dev (-0.05 F1).
CONSENSUS_QUANTILE = 0.5

# Lines dropped from the winner when short: footers, bylines, pagination, share prompts.
BOILERPLATE_LINE = re.compile(
    r"ICP备|ICP证|公网安备|版权所有|版权声明|免责声明|all rights reserved|copyright\s*©|"
    r"©\s*\d{4}|上一页|下一页|\[\s*全文\s*\]|责任编辑|来源[：:]|更新时间|发布时间|点击数|"
    r"阅读次数|已被阅读", re.IGNORECASE)
# Longer lines are kept even when they match: real paragraphs may quote such words.
MAX_BOILERPLATE_LINE = 60
# Votes per method in the consensus on non-Chinese pages. Density is the strongest single
# method on English articles (0.914 F1 vs <= 0.88 for jusText/boilerpipe/CX on 250
# wcxb_dev articles); density weight 1/2/3 gave auto 0.919/0.929/0.935 there. On cwced_zh
# any extra weight cost 0.002, so Chinese pages vote equally.
NON_CJK_WEIGHTS = {"density": 3}

# A line that is only a comment-section heading ("评论", "网友评论", "发表评论：", "评论(63)").
# Chinese only: the English equivalents ("124 Comments", "Response:", "Leave a comment")
# also open share bars, Q&A answers and in-article prompts, and cutting at them cost 0.0015
# F1 on wcxb_dev articles; the Chinese headings cost nothing there and gave +0.012 on cwced_zh.
COMMENT_HEADING = re.compile(
    r"^\s*(?:网友|读者|用户|热门|最新|精彩|全部|相关|发表|我要|查看)?(?:评论|留言)(?:区|列表)?"
    r"\s*[:：(（\d)）]*\s*$")

# Shorter repeated lines may repeat legitimately ("图1", a refrain); longer ones never do.
MIN_DEDUP_LINE = 10
# Body text beyond which only density runs. The longest body in the shared datasets
# (2,358 pages) is 389,348 chars; the hostile 20 MB test page is above 1.3 M.
MAX_VOTING_TEXT_CHARS = 1_000_000


@dataclass(frozen=True, slots=True)
class Candidate:
    method: str
    result: ContentResult
    bag: Counter[str]

    @property
    def size(self) -> int:
        return sum(self.bag.values())


def _shared_runners(doc: Document) -> dict[str, Callable[[], ContentResult | Rejection]]:
    """jusText and boilerpipe on one segmentation of the page (computed on first use)."""
    cache: list[list[Block]] = []

    def blocks() -> list[Block]:
        if not cache:
            cache.append(segment(doc.root))
        return cache[0]

    def run_justext() -> ContentResult | Rejection:
        return justext.content_from_blocks(doc, blocks())

    def run_boilerpipe() -> ContentResult | Rejection:
        return boilerpipe.content_from_blocks(doc, blocks(), boilerpipe.ARTICLE_CHAIN,
                                              "boilerpipe")

    return {"justext": run_justext, "boilerpipe": run_boilerpipe}


def run_methods(doc: Document, methods: Sequence[str],
                shared: dict[str, Callable[[], ContentResult | Rejection]] | None = None,
                ) -> list[Candidate]:
    """Candidates of the given methods; absent or failing methods are skipped."""
    shared = shared or {}
    found = []
    bags: dict[str, Counter[str]] = {}  # methods often agree to the character
    for name in methods:
        try:
            result = shared[name]() if name in shared else get_method(name)(doc)
        except (ImportError, AttributeError, KeyError) as error:
            logger.debug("auto: method %s unavailable: %r", name, error)
            continue
        except RecursionError:
            continue
        except Exception as error:  # noqa: BLE001 -- one broken method must not sink the others
            logger.warning("auto: method %s failed on %s: %r", name, doc.url, error)
            continue
        if isinstance(result, ContentResult) and result.text.strip():
            result = without_comments(result)
            if result.text.strip():
                bag = bags.get(result.text)
                if bag is None:
                    bag = bags[result.text] = Counter(tokens(result.text))
                found.append(Candidate(name, result, bag))
    return found


def cut_at_comments(text: str) -> str:
    """``text`` up to its first comment-section heading line (all of it if there is none)."""
    if "评论" not in text and "留言" not in text:  # the common case: no heading possible
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if COMMENT_HEADING.match(line):
            return "\n".join(lines[:index])
    return text


def without_comments(result: ContentResult) -> ContentResult:
    """``result`` cut at a comment heading; its nodes no longer match the text if cut, and
    its images would include the commenters' avatars, so it keeps none."""
    text = cut_at_comments(result.text)
    if text == result.text:
        return result
    return ContentResult(text=text, nodes=[], title_hint=result.title_hint,
                         diagnostics=result.diagnostics, method=result.method)


def consensus_bag(bags: Sequence[Counter[str]], quantile: float = CONSENSUS_QUANTILE
                  ) -> Counter[str]:
    """Per token, the ``quantile`` of its counts over ``bags`` (zero counts included)."""
    consensus: Counter[str] = Counter()
    if not bags:
        return consensus
    rank = min(len(bags) - 1, int(len(bags) * quantile))
    # A token missing from more than ``rank`` bags has a zero at ``rank``: skip it unsorted.
    presence: Counter[str] = Counter()
    for bag in bags:
        presence.update(bag.keys())
    needed = len(bags) - rank
    for token, present in presence.items():
        if present >= needed:
            counts = [bag.get(token, 0) for bag in bags]
            counts.sort()
            consensus[token] = counts[rank]
    return consensus


def bag_f1(predicted: Counter[str], reference: Counter[str]) -> float:
    # Counter's ``&`` builds a whole new Counter; only the overlap's size is needed here.
    small, large = (predicted, reference) if len(predicted) <= len(reference) else (
        reference, predicted)
    overlap = 0
    for token, count in small.items():
        other = large.get(token, 0)
        overlap += min(other, count)
    if not overlap:
        return 0.0
    precision = overlap / sum(predicted.values())
    recall = overlap / sum(reference.values())
    return 2 * precision * recall / (precision + recall)


def agreements(candidates: Sequence[Candidate], weights: dict[str, int] | None = None
               ) -> dict[str, float]:
    """Each candidate's F1 against the consensus of all candidates (``weights``: votes)."""
    weights = weights or {}
    consensus = consensus_bag([c.bag for c in candidates
                               for _ in range(weights.get(c.method, 1))])
    return {c.method: bag_f1(c.bag, consensus) for c in candidates}


def choose(candidates: Sequence[Candidate], weights: dict[str, int] | None = None
           ) -> tuple[Candidate, float]:
    """The shortest candidate among those tied for best agreement, and that agreement."""
    if len(candidates) == 1:
        return candidates[0], 1.0
    scores = agreements(candidates, weights)
    best = max(scores.values())
    tied = [c for c in candidates if scores[c.method] >= best - TIE_MARGIN]
    winner = min(tied, key=lambda c: c.size)
    return winner, scores[winner.method]


def clean_lines(text: str) -> str:
    """Drop repeated paragraphs and short boilerplate lines.

    The title line is kept: labelled bodies often start with it, and dropping it cost
    0.002 F1 on cwced_zh.
    """
    seen: set[str] = set()
    kept = []
    for line in text.split("\n"):
        key = "".join(line.split()).lower()
        if not key or (len(key) >= MIN_DEDUP_LINE and key in seen):
            continue
        seen.add(key)
        if len(key) <= MAX_BOILERPLATE_LINE and BOILERPLATE_LINE.search(line):
            continue
        kept.append(line)
    return "\n".join(kept)


def extract_content(doc: Document) -> ContentResult | Rejection:
    """Registry entry ``auto``."""
    body = doc.body
    if body is not None and len(doc.body_text()) > MAX_VOTING_TEXT_CHARS:  # cached: dates reuse it
        # Voting costs one pass per method; on an outsized page that is seconds, and no
        # real article is this long, so the fastest method decides alone.
        found = run_methods(doc, ("density",))
        if not found:
            return Rejection(RejectReason.NO_CONTENT, "no method found content", METHOD, doc.url)
        result = found[0].result
        return ContentResult(text=result.text, nodes=result.nodes, title_hint=result.title_hint,
                             method=METHOD, image_span=result.image_span,
                             diagnostics={"auto_winner": "density",
                                          "auto_reason": "outsized page"})
    shared = _shared_runners(doc)
    candidates: list[Candidate] = []
    ran: set[str] = set()

    def add(methods: Sequence[str]) -> None:
        """Run the methods not run yet; keep the candidates in METHOD_ORDER."""
        wanted = [m for m in methods if m not in ran]
        ran.update(wanted)
        candidates.extend(run_methods(doc, wanted, shared))
        candidates.sort(key=lambda c: METHOD_ORDER.index(c.method))

    add(EARLY_PAIR[:1])  # density: its text tells the script, which picks the early pair
    # The script of the first candidate in FAST_METHODS order decides: density's text when
    # it found any, else the first other fast method's.
    chinese = is_chinese(candidates) if candidates else None
    if chinese is not None:
        add(EARLY_PAIR_CHINESE if chinese else EARLY_PAIR)
    winner, agreement = early_winner(candidates, chinese=bool(chinese))
    if winner is None:
        add(FAST_METHODS)
        if chinese is None:
            chinese = is_chinese(candidates)
        # Chinese pages always add TCDT, so a vote among the fast methods alone is wasted.
        winner, agreement = (choose(candidates, NON_CJK_WEIGHTS) if candidates and not chinese
                             else (None, 0.0))
    if winner is None or agreement < CONFIDENT_AGREEMENT:
        add(SLOW_METHODS)
        if candidates:
            winner, agreement = choose(candidates, None if chinese else NON_CJK_WEIGHTS)
    if winner is None:
        return Rejection(RejectReason.NO_CONTENT, "no method found content", METHOD, doc.url)
    text = clean_lines(winner.result.text)
    if not text:
        return Rejection(RejectReason.NO_CONTENT, "only boilerplate lines", METHOD, doc.url)
    # The winner's nodes still describe the content only if no line was dropped; they (or
    # another candidate's, for a winner without any: CX) still hold the article's images.
    nodes = winner.result.nodes if text == winner.result.text else []
    return ContentResult(
        text=text, nodes=nodes, title_hint=winner.result.title_hint, method=METHOD,
        image_span=winner.result.image_span if nodes else image_span(winner, candidates),
        diagnostics={"auto_winner": winner.method, "auto_agreement": round(agreement, 3),
                     "auto_candidates": [c.method for c in candidates]})


def is_chinese(candidates: Sequence[Candidate]) -> bool:
    """Whether the first candidate's text is mostly CJK (a Chinese page)."""
    return bool(candidates) and is_mostly_cjk(candidates[0].result.text[:5000], CJK_SHARE)


def early_winner(pair: Sequence[Candidate], *, chinese: bool) -> tuple[Candidate | None, float]:
    """The winner among the early pair of the page's script (:data:`EARLY_PAIR`,
    :data:`EARLY_PAIR_CHINESE`) alone when the two agree closely, else (None, 0.0): the other
    methods would only confirm them."""
    threshold = EARLY_AGREEMENT_CHINESE if chinese else EARLY_AGREEMENT
    if threshold is None or len(pair) != 2:
        return None, 0.0
    agreement = bag_f1(pair[0].bag, pair[1].bag)
    if agreement < threshold:
        return None, 0.0
    if chinese:  # Chinese pages vote with equal weights, as in the full vote
        return choose(pair, None)
    return pair_vote(pair[0], pair[1], agreement)


def pair_vote(first: Candidate, second: Candidate, agreement: float
              ) -> tuple[Candidate, float]:
    """``choose([first, second], NON_CJK_WEIGHTS)``, given the pair's ``agreement``.

    When ``first`` has two or more votes and ``second`` one, the median count of every token
    is ``first``'s own, so the consensus is ``first``'s bag: its agreement is 1 and
    ``second``'s is the pair's F1, and no consensus needs to be built.
    """
    if NON_CJK_WEIGHTS.get(first.method, 1) < 2 or NON_CJK_WEIGHTS.get(second.method, 1) != 1:
        return choose([first, second], NON_CJK_WEIGHTS)
    scores = {first.method: 1.0, second.method: agreement}
    tied = [c for c in (first, second) if scores[c.method] >= 1.0 - TIE_MARGIN]
    winner = min(tied, key=lambda c: c.size)
    return winner, scores[winner.method]


def image_span(winner: Candidate, candidates: Sequence[Candidate]
               ) -> tuple[Element, Element] | None:
    """Where the article's images are: the winner's span, else the first candidate's (in
    :data:`FAST_METHODS` order, density first) that has one."""
    for candidate in (winner, *candidates):
        if (span := candidate.result.images_from) is not None:
            return span
    return None
