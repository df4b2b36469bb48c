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

The package, one concept a module: :mod:`.runs` (the other methods run on the page, each
answer a :class:`Candidate`, cut at comments and grown to a thread's posts),
:mod:`.consensus` (the consensus bag, the agreements and :func:`choose`), :mod:`.prose` (who
may vote: prose, no list of links), :mod:`.voting` (:func:`run_vote`: the stages, the early
pair, the headline's pair, a thread's posts), :mod:`.cleanup` (the line clean-up),
:mod:`.finishing` (the finishing stages and the fallback), :mod:`.images` (the finished
text's image span) and :mod:`.entry` (:func:`extract_content`, the registry's ``auto``, and
the result it builds). The names below are re-exported for reading: a name looked up at run
time is monkeypatched (or wrapped by ``benchmarks/stage_times.py``) on the submodule that
looks it up (``runs.get_method``, ``images.span_to_last_kept_text``, ``voting:choose``),
not here.
"""

from __future__ import annotations

from newscrawl.extraction.extractors.auto.cleanup import clean_lines
from newscrawl.extraction.extractors.auto.consensus import (
    agreements,
    choose,
    consensus_bag,
    consensus_bag_in_python,
)
from newscrawl.extraction.extractors.auto.entry import decide, extract_content, is_outsized
from newscrawl.extraction.extractors.auto.finishing import (
    fall_back,
    finishing_stages,
    is_article_shaped,
    winner_text,
)
from newscrawl.extraction.extractors.auto.prose import is_link_list, reads_as_prose
from newscrawl.extraction.extractors.auto.runs import (
    Candidate,
    Runner,
    cut_at_comments,
    page_runner,
    run_methods,
)
from newscrawl.extraction.extractors.auto.voting import (
    Vote,
    early_winner,
    headline_winner,
    is_chinese,
    pair_vote,
    run_vote,
    thread_of,
    voters,
)

__all__ = [
    "Candidate",
    "Runner",
    "Vote",
    "agreements",
    "choose",
    "clean_lines",
    "consensus_bag",
    "consensus_bag_in_python",
    "cut_at_comments",
    "decide",
    "early_winner",
    "extract_content",
    "fall_back",
    "finishing_stages",
    "headline_winner",
    "is_article_shaped",
    "is_chinese",
    "is_link_list",
    "is_outsized",
    "page_runner",
    "pair_vote",
    "reads_as_prose",
    "run_methods",
    "run_vote",
    "thread_of",
    "voters",
    "winner_text",
]
