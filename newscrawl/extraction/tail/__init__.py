"""Cut the blocks that follow the article's prose inside the chosen region (DOM signals).

The line rules of :mod:`newscrawl.extraction.trim` read the winner's lines; what follows an
article's last paragraph (an author box, previous/next links, a recent-posts list with
excerpts, a newsletter box, comments) is often lines a line rule cannot tell from prose. In
the markup it is a separate subtree after the element that holds the article's paragraphs:

* **prose container** — the deepest element holding most of the region's long paragraphs'
  characters (:attr:`TailOptions.container_share`); the *tail* is what follows its last long
  paragraph: the later siblings of that paragraph and of each of its ancestors up to the
  region.
* a tail subtree is dropped when it is not prose-shaped:
  **named** (:attr:`TailOptions.names`: a ``class``/``id`` token such as author, bio,
  related, post-nav, comments, share, tags; with
  :attr:`TailOptions.appeal_names` also newsletter, subscribe, cta; with
  :attr:`TailOptions.zh_names` also the Chinese portals' xgyd, tuijian, hot, keywords,
  qrcode ...; or a ``nav``/``aside``/``form``/``footer`` element), **link-dense**
  (:attr:`TailOptions.link_share` of its characters inside links, with two or more links),
  or a **repeated list**
  (:attr:`TailOptions.repeats` or more consecutive same tag+class elements, each holding a
  link: a related/recent-post list with excerpts);
* with :attr:`TailOptions.named_descendants`, an unnamed tail subtree (a page builder's
  layout wrapper) loses its outermost named descendants (a comment section, adjacent-post
  links), when the region is article-shaped (:attr:`TailOptions.descendants_prose_share`,
  off by default: always);
* with :attr:`TailOptions.skip_named_paragraphs`, a long paragraph inside a named subtree
  (another article's teaser in a recommendation box) is not the article's: it neither
  moves the container nor ends the prose;
* with :attr:`TailOptions.cut_rest`, everything from the first such subtree on goes;
* with :attr:`TailOptions.comment_headings`, a comment section's heading ("3 Comments",
  "Leave a Reply", "网友评论": :mod:`newscrawl.extraction.comment_headings`) after the
  article's first long paragraph ends the prose, and the subtree holding it goes with all
  after it, outside the cap;
* a cut that would remove more than :attr:`TailOptions.max_cut_share` of the text keeps it.

Nothing before the container's last long paragraph is ever cut. Which rules are on (named
subtrees and descendants, named paragraphs skipped) was chosen by site-grouped cross-validation
(benchmarks/tail_cv.py, docs/benchmarks/trim.md).

The package, one concept a module: :mod:`.options` (:class:`TailOptions`), :mod:`.names` (the
tail words and tags, and what a class/id names), :mod:`.paragraphs` (an article's paragraph,
and those before an element), :mod:`.prose` (the prose container and its share of a region),
:mod:`.subtrees` (the tail subtrees and the signals that drop one), :mod:`.headings` (a
comment heading that ends the prose), :mod:`.dropped` (:func:`tail_of`: which subtrees go)
and :mod:`.cut` (:func:`cut_tail`: the text without them). The names below are re-exported
for reading: a name looked up at run time is monkeypatched (or wrapped by
``benchmarks/stage_times.py``) on the submodule that looks it up (``tail.cut:tail_of``, as
:func:`cut_tail` calls it), not here.
"""

from __future__ import annotations

from newscrawl.extraction.tail.cut import cut_tail, without_tail_lines
from newscrawl.extraction.tail.dropped import THREAD_LINK_SHARE, dropped_subtrees, tail_of
from newscrawl.extraction.tail.names import (
    APPEAL_WORDS,
    TAIL_TAGS,
    TAIL_WORDS,
    ZH_TAIL_WORDS,
    named_inside,
    named_test,
    names_tail,
    telling_value,
)
from newscrawl.extraction.tail.options import DEFAULT_OPTIONS, NO_TAIL, TailOptions, is_on
from newscrawl.extraction.tail.paragraphs import article_paragraph_length, prose_before
from newscrawl.extraction.tail.prose import Prose, prose_container, prose_share, share_of
from newscrawl.extraction.tail.subtrees import (
    dated_posts_test,
    is_dated_tail,
    is_post_list,
    is_tail,
    tail_subtrees,
)

__all__ = [
    "APPEAL_WORDS",
    "DEFAULT_OPTIONS",
    "NO_TAIL",
    "TAIL_TAGS",
    "TAIL_WORDS",
    "THREAD_LINK_SHARE",
    "ZH_TAIL_WORDS",
    "Prose",
    "TailOptions",
    "article_paragraph_length",
    "cut_tail",
    "dated_posts_test",
    "dropped_subtrees",
    "is_dated_tail",
    "is_on",
    "is_post_list",
    "is_tail",
    "named_inside",
    "named_test",
    "names_tail",
    "prose_before",
    "prose_container",
    "prose_share",
    "share_of",
    "tail_of",
    "tail_subtrees",
    "telling_value",
    "without_tail_lines",
]
