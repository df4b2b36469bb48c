"""auto options: which methods vote and when, the vote's weights and margins, the clean-up,
and the options each voting method runs with.

Variants are ``dataclasses.replace(DEFAULT_OPTIONS, ...)`` passed to
``auto.extract_content(doc, options)`` (or ``extract(..., method="auto", options=...)``);
``replace(DEFAULT_OPTIONS, density=replace(DEFAULT_OPTIONS.density, ...))`` changes a voter.
Figures behind the defaults: docs/benchmarks/seed-extractors.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from newscrawl.extraction.article_body import DEFAULT_OPTIONS as DEFAULT_ARTICLE_BODY
from newscrawl.extraction.article_body import ArticleBodyOptions
from newscrawl.extraction.captions import MAX_DROP_SHARE as CAPTION_MAX_DROP_SHARE
from newscrawl.extraction.captions import MIN_LINE_CHARS as CAPTION_MIN_LINE_CHARS
from newscrawl.extraction.extractors.boilerpipe.options import (
    DEFAULT_OPTIONS as DEFAULT_BOILERPIPE,
)
from newscrawl.extraction.extractors.boilerpipe.options import BoilerpipeOptions
from newscrawl.extraction.extractors.cx_options import DEFAULT_OPTIONS as DEFAULT_CX
from newscrawl.extraction.extractors.cx_options import CxOptions
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS as DEFAULT_DENSITY
from newscrawl.extraction.extractors.density_options import DensityOptions
from newscrawl.extraction.extractors.justext_options import DEFAULT_OPTIONS as DEFAULT_JUSTEXT
from newscrawl.extraction.extractors.justext_options import JustextOptions
from newscrawl.extraction.extractors.tcdt.options import DEFAULT_OPTIONS as DEFAULT_TCDT
from newscrawl.extraction.extractors.tcdt.options import TcdtOptions
from newscrawl.extraction.fallback import DEFAULT_OPTIONS as DEFAULT_FALLBACK
from newscrawl.extraction.fallback import FallbackOptions
from newscrawl.extraction.headline_anchor import DEFAULT_OPTIONS as DEFAULT_HEADLINE
from newscrawl.extraction.headline_anchor import HeadlineOptions
from newscrawl.extraction.marked_body import DEFAULT_OPTIONS as DEFAULT_MARKED_BODY
from newscrawl.extraction.marked_body import MarkedBodyOptions
from newscrawl.extraction.narrow import DEFAULT_OPTIONS as DEFAULT_NARROW
from newscrawl.extraction.narrow import NarrowOptions
from newscrawl.extraction.page_footer import MAX_DROP_SHARE, MIN_LINE_CHARS
from newscrawl.extraction.parts import DEFAULT_OPTIONS as DEFAULT_PARTS
from newscrawl.extraction.parts import PartsOptions
from newscrawl.extraction.prune import DEFAULT_OPTIONS as DEFAULT_PRUNE
from newscrawl.extraction.prune import PruneOptions
from newscrawl.extraction.tail import DEFAULT_OPTIONS as DEFAULT_TAIL
from newscrawl.extraction.tail import TailOptions
from newscrawl.extraction.text import CHINESE_SHARE
from newscrawl.extraction.thread import DEFAULT_OPTIONS as DEFAULT_THREAD
from newscrawl.extraction.thread import ThreadOptions
from newscrawl.extraction.trim import DEFAULT_OPTIONS as DEFAULT_TRIM
from newscrawl.extraction.trim import TrimOptions

# Lines dropped from the winner when short: footers, bylines, pagination, share prompts.
BOILERPLATE_LINE = re.compile(
    r"ICP备|ICP证|公网安备|版权所有|版权声明|免责声明|all rights reserved|copyright\s*©|"
    r"©\s*\d{4}|上一页|下一页|\[\s*全文\s*\]|责任编辑|来源[：:]|更新时间|发布时间|点击数|"
    r"阅读次数|已被阅读",
    re.IGNORECASE,
)
# A line that is only a comment-section heading ("评论", "网友评论", "发表评论：", "评论(63)").
# Chinese only: the English equivalents ("124 Comments", "Response:", "Leave a comment")
# also open share bars, Q&A answers and in-article prompts, and cutting at them cost 0.0015
# F1 on wcxb_dev articles; the Chinese headings cost nothing there and gave +0.012 on cwced_zh.
COMMENT_HEADING = re.compile(
    r"^\s*(?:网友|读者|用户|热门|最新|精彩|全部|相关|发表|我要|查看)?(?:评论|留言)(?:区|列表)?"
    r"\s*[:：(（\d)）]*\s*$"
)


@dataclass(frozen=True, slots=True)
class AutoOptions:
    """Parameters of ``auto``; defaults are the shipped behaviour."""

    # The cheap methods (a few ms each): all vote on every page the early pair leaves open.
    fast_methods: tuple[str, ...] = ("density", "justext", "boilerpipe", "cx")
    # Run first; on a non-Chinese page where the two agree to early_agreement (F1 of their
    # token bags) the other fast methods and TCDT do not run, and the two vote alone. None
    # turns this off. Swept with benchmarks/auto_early_exit.py on the 788 wcxb_dev articles:
    # density+justext at 0.8 exits on 81 % of them with F1 0.9489 against 0.9478 for the
    # full vote, at 0.67x its CPU; every pair and threshold from 0.6 to 0.97 kept F1 within
    # 0.001 of the full vote or above it.
    early_pair: tuple[str, str] = ("density", "justext")
    early_agreement: float | None = 0.8
    # The same on Chinese pages, with TCDT (the best single method there) as density's
    # partner, a stricter threshold and equal votes. Swept on cwced_zh (--chinese):
    # density+tcdt at 0.98 exits on 65 % of the pages with F1 0.9234 against 0.9222 for the
    # full vote; at 0.95-0.97 (67-75 %) F1 held but two of the 109 hand-labelled
    # gne_unlabeled checks were lost (benchmarks/tcdt_bench.py labels), and pairs of fast
    # methods lost F1 (0.915-0.921 at 0.8-0.95).
    early_pair_chinese: tuple[str, str] = ("density", "tcdt")
    early_agreement_chinese: float | None = 0.98
    # Run on Chinese pages (TCDT's home ground: +0.014 F1 on cwced_zh) and wherever the fast
    # methods disagree; TCDT costs ~3x a fast method and falls back to density on other
    # scripts.
    slow_methods: tuple[str, ...] = ("tcdt",)
    # Agreement (F1 with the consensus bag) above which the fast methods are trusted alone on
    # non-Chinese pages. Swept on all 788 wcxb_dev articles: 0.95 -> 0.942 F1 (TCDT on 16
    # pages), 0.90 -> 0.945 (7 pages), 0.85 -> 0.945 (4 pages); cwced_zh is unaffected
    # (Chinese pages always run TCDT).
    confident_agreement: float = 0.90
    # Share of CJK tokens in the candidates' text that makes a page Chinese.
    cjk_share: float = CHINESE_SHARE
    # Share of a candidate's tokens the page's author boxes hold that makes it an author's
    # bio, no voter (newscrawl/extraction/author_boxes.py); None: never. Among None, 0.5,
    # 0.8 and 0.95 (with the lines dropped below), 0.95 was chosen in 4 of 5 site-grouped
    # folds over the five dev sets: pooled 0.8817 -> 0.8831 in-sample, 0.8827 cross-validated
    # (docs/benchmarks/precision.md).
    author_box_share: float | None = 0.95
    # Drop the finished text's lines that are lines of the page's author boxes (alone:
    # pooled 0.8817 -> 0.8826).
    author_box_lines: bool = True
    # Candidates this close to the best agreement count as tied; the shortest wins. Swept
    # 0-0.1: 0.02 is best on both sets (+0.003 F1 on cwced_zh, +0.001 on wcxb_dev).
    tie_margin: float = 0.02
    # Quantile of a token's per-candidate counts that forms the consensus (0.5 = median).
    # Lower quantiles demand more agreement; 0.3 lost recall on wcxb_dev (-0.05 F1).
    consensus_quantile: float = 0.5
    # Votes per method in the consensus on non-Chinese pages (others have one). Density is
    # the strongest single method on English articles (0.914 F1 vs <= 0.88 for
    # jusText/boilerpipe/CX on 250 wcxb_dev articles); density weight 1/2/3 gave auto
    # 0.919/0.929/0.935 there. On cwced_zh any extra weight cost 0.002, so Chinese pages
    # vote equally.
    non_cjk_weights: tuple[tuple[str, int], ...] = (("density", 3),)
    # A candidate that is every post of a thread (:class:`ThreadOptions`) wins over a winner
    # whose tokens it holds at this share or more: that winner is one post of the thread
    # (block methods pass over replies of a line and keep the opening post). None: never.
    # 0.8, 0.9 and 0.95 move the same dev pages (forums +0.47 F1 summed over 6 pages); on
    # written Discuz!/Tieba/phpBB threads of one-line Chinese replies 0.870 -> 0.985
    # (benchmarks/forum_threads.py, docs/benchmarks/precision.md).
    thread_holds_winner: float | None = 0.9
    # Whether the winner's repeated paragraphs and short boilerplate lines are dropped.
    clean_lines: bool = True
    boilerplate_line: re.Pattern[str] = BOILERPLATE_LINE
    # Longer lines are kept even when they match: real paragraphs may quote such words.
    max_boilerplate_line: int = 60
    # Shorter repeated lines may repeat legitimately ("图1", a refrain); longer ones are
    # mostly copies. 30 and 60 keep more of articles' tables and lose forums', listings'
    # and products' repeated furniture: not kept (precision.md, "Repeated lines").
    min_dedup_line: int = 10
    # Whether a repeated line that is the text of a plain table cell is kept: a table's
    # cells repeat ("Optional cross-training 30 min" in a training plan's every week).
    # Measured off: the labels keep such tables on some sites and leave them out on others.
    repeat_table_cells: bool = False
    # On a region whose article paragraphs hold at least this share of its characters (not
    # a thread's posts), a repeated line goes only beside another repeat: an article's
    # captions repeated between distinct lines stay, a copied block goes. None: every
    # repeat goes. 0.5: the share the tail cut's article tests use (not tuned; the prose is
    # measured without their named-box exclusion, :func:`tail.prose_share`); against None chosen
    # in 5 of 5 site-grouped folds, all sets pooled and the articles alone (precision.md).
    repeats_in_runs_share: float | None = 0.5
    comment_heading: re.Pattern[str] = COMMENT_HEADING
    # What is trimmed from the winner after the line clean-up (docs/benchmarks/trim.md).
    trim: TrimOptions = DEFAULT_TRIM
    # When the winner is one post of a thread, every post's text replaces it
    # (newscrawl/extraction/thread.py, docs/benchmarks/precision.md).
    thread: ThreadOptions = DEFAULT_THREAD
    # When the winner is one part of an article split into same-class sibling containers,
    # the other parts join it (newscrawl/extraction/parts.py).
    parts: PartsOptions = DEFAULT_PARTS
    # Blocks dropped from inside the winner's region before its text is cleaned
    # (newscrawl/extraction/prune.py, docs/benchmarks/precision.md).
    prune: PruneOptions = DEFAULT_PRUNE
    # Subtrees after the article's prose container dropped from the winner's region
    # (newscrawl/extraction/tail/, docs/benchmarks/trim.md).
    tail: TailOptions = DEFAULT_TAIL
    # Lines of the finished text the page's JSON-LD articleBody lacks are dropped
    # (newscrawl/extraction/article_body.py, docs/benchmarks/precision.md).
    article_body: ArticleBodyOptions = DEFAULT_ARTICLE_BODY
    # Lines after the page's microdata-marked article body and outside it are dropped
    # (newscrawl/extraction/marked_body.py, docs/benchmarks/precision.md).
    marked_body: MarkedBodyOptions = DEFAULT_MARKED_BODY
    # The finished text loses the lines only the page's own footer holds, unless they are
    # more than ``footer_max_drop_share`` of it; lines of fewer word characters than
    # ``footer_min_line_chars`` stay. None: off. 0.8 and 4: chosen in 5 of 5 site-grouped
    # folds, all sets pooled (benchmarks/vote_cv.py --grid footer,
    # newscrawl/extraction/page_footer.py, docs/benchmarks/precision.md).
    footer_max_drop_share: float | None = MAX_DROP_SHARE
    footer_min_line_chars: int = MIN_LINE_CHARS
    # The same for the lines only the page's figure captions hold. 0.5 and 10: chosen in 4
    # of 5 folds pooled and on (5 of 5) for the articles alone; the guarded pooled choice
    # keeps it off for documentation pages, whose labels keep their captions
    # (benchmarks/vote_cv.py --grid captions, newscrawl/extraction/captions.py).
    caption_max_drop_share: float | None = CAPTION_MAX_DROP_SHARE
    caption_min_line_chars: int = CAPTION_MIN_LINE_CHARS
    # A winner that read the page's source (CX) loses the lines the cleaned page does not
    # show (what the document's stages dropped: consent panels, comment sections, boxes of
    # other stories), unless they are more than ``unshown_max_drop_share`` of its text;
    # lines of fewer word characters than ``unshown_min_line_chars`` stay. None: off
    # (newscrawl/extraction/shown_lines.py).
    unshown_max_drop_share: float | None = 0.5
    unshown_min_line_chars: int = 10
    # A winner region that wraps a short article in the page's links, on a page that says it
    # is an article, narrows to the article's prose (newscrawl/extraction/narrow.py).
    narrow: NarrowOptions = DEFAULT_NARROW
    # The article's lead paragraphs right before the chosen region join its text
    # (newscrawl/extraction/lead.py).
    lead_paragraphs: bool = True
    # When a winner far shorter than the page's text gives way to the largest candidate
    # (newscrawl/extraction/fallback.py, docs/benchmarks/precision.md).
    fallback: FallbackOptions = DEFAULT_FALLBACK
    # When a winner below, around or inside the article gives way to two agreeing candidates
    # that start at its headline (newscrawl/extraction/headline_anchor.py,
    # docs/benchmarks/precision.md).
    headline: HeadlineOptions = DEFAULT_HEADLINE
    # A candidate of at least ``prose_min_chars`` characters (spaces excluded) with more than
    # ``max_chars_per_mark`` of them per sentence punctuation mark is not prose (a keyword-
    # stuffed block, a tag cloud, a run of navigation labels) and does not vote while a
    # candidate that is prose does; a line break counts as a mark (a list's items are lines).
    # None: every candidate votes. 100 and 2000: chosen in 4 and 5 of 5 site-grouped folds
    # (benchmarks/vote_cv.py --grid prose, docs/benchmarks/precision.md).
    max_chars_per_mark: float | None = 100
    prose_min_chars: int = 2000
    # A candidate of at least ``link_list_min_chars`` characters (spaces excluded) more than
    # ``max_link_share`` of whose text stands on lines that are the text of one of the page's
    # links is a list of links (a sidebar of headlines, a related list), no article: the
    # early pair does not decide alone with it, and (``link_lists_vote``) it does not vote
    # while another candidate is prose. None: the test is off. 0.7 and 500, early exit only:
    # chosen in 4 of 5 site-grouped folds, a tie on the held-out figure (one gne_zh page,
    # 0.31 -> 1.0); leaving link lists out of the vote lowers listing and collection pages,
    # whose content is a list (benchmarks/vote_cv.py --grid links, docs/benchmarks/precision.md).
    max_link_share: float | None = 0.7
    link_list_min_chars: int = 500
    link_lists_vote: bool = False
    # Body text beyond which only density runs. The longest body in the datasets is
    # 389,348 chars; the hostile 20 MB test page is above 1.3 M.
    max_voting_text_chars: int = 1_000_000
    # The options each voting method runs with.
    density: DensityOptions = DEFAULT_DENSITY
    justext: JustextOptions = DEFAULT_JUSTEXT
    boilerpipe: BoilerpipeOptions = DEFAULT_BOILERPIPE
    cx: CxOptions = DEFAULT_CX
    tcdt: TcdtOptions = DEFAULT_TCDT

    @property
    def method_order(self) -> tuple[str, ...]:
        """Candidates are kept in this order whatever order they ran in (ties go to the
        earlier one)."""
        return (*self.fast_methods, *self.slow_methods)

    @property
    def weights(self) -> dict[str, int]:
        """:attr:`non_cjk_weights` as a mapping."""
        return dict(self.non_cjk_weights)

    def options_of(self, method: str) -> Any:
        """The options ``method`` runs with under auto, or None for a method without."""
        return {
            "density": self.density,
            "justext": self.justext,
            "boilerpipe": self.boilerpipe,
            "boilerpipe-default": self.boilerpipe,
            "cx": self.cx,
            "tcdt": self.tcdt,
        }.get(method)


DEFAULT_OPTIONS = AutoOptions()
