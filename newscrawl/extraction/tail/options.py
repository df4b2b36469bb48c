"""Which tail subtrees are dropped: :class:`TailOptions`, its defaults and :data:`NO_TAIL`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TailOptions:
    """Which tail subtrees are dropped. Defaults: the variant site-grouped cross-validation
    picked (named subtrees with the Chinese portals' words and without the appeal words,
    each alone, cap 0.5, paragraphs inside named subtrees left out of the prose;
    docs/benchmarks/trim.md; runs of three dated, linked posts, comment threads outside the
    cap, around prose of half the rest: docs/benchmarks/markup.md; a comment heading ending
    the prose: docs/benchmarks/precision.md); :data:`NO_TAIL` leaves the text as it is."""

    names: bool = True
    # With ``names``, also the appeal words (:data:`APPEAL_WORDS`): off, on landing and
    # listing pages a closing call to action is content.
    appeal_names: bool = False
    # With ``names``, also the Chinese portals' words (:data:`ZH_TAIL_WORDS`).
    zh_names: bool = True
    # With ``names``, read only a class's telling tokens (:func:`telling_value`): a post's
    # wrapper classed "tag-housing-market" or a body classed "ast-no-sidebar" is no tail box
    # (its article's paragraphs were skipped as another story's). Chosen in every fold,
    # unguarded and on the articles (docs/benchmarks/trim.md).
    telling_names: bool = True
    # Share of a subtree's characters inside links above which it is dropped; None: off.
    link_share: float | None = None
    # Consecutive same-shape elements, each holding a link, that make a post list; None: off.
    repeats: int | None = None
    # Drop everything from the first dropped subtree on, not just the dropped subtrees.
    cut_rest: bool = False
    # Characters (spaces included) of a ``<p>`` that counts as one of the article's.
    long_paragraph: int = 80
    # Share of the long paragraphs' characters the prose container holds.
    container_share: float = 0.8
    # Act only when the long paragraphs are at least this share of the region's characters
    # (an article, not a listing or a documentation page); None: always.
    min_prose_share: float | None = None
    # Keep the text whole when the cut would remove more than this share of it. 0.3 until
    # the briefs joined the sets: after a short article an author's bio or a box of other
    # stories is often more than that (docs/benchmarks/precision.md).
    max_cut_share: float | None = 0.5
    # With ``names``, a long paragraph inside a named subtree (another article's teaser in a
    # recommendation box) is not the article's: it neither moves the prose container nor
    # ends the prose, so the box after the article can be cut.
    skip_named_paragraphs: bool = True
    # With ``names``, a tail subtree that is not itself named still loses its named
    # descendants: page builders wrap a comment thread or a related-post box in anonymous
    # layout elements, so the name sits a few levels below the subtree's root.
    named_descendants: bool = True
    # With ``named_descendants``, also the tail tags (``nav``, ``aside``, ``form``,
    # ``footer``) below an unnamed tail subtree, not only class/id words.
    tagged_descendants: bool = True
    # With ``named_descendants``, look below unnamed subtrees only when the long paragraphs
    # are at least this share of the region's characters (an article, where what follows
    # the prose is furniture; on a landing page it is the content); None: always. 0.5 until
    # the short-article sets joined the cross-validation: a short article's paragraphs are
    # a small share of a region that holds its author box and its page's boxes, and no
    # gate was chosen in every fold, unguarded and on the articles (docs/benchmarks/trim.md).
    descendants_prose_share: float | None = None
    # Runs of this many dated same-shape elements (:mod:`newscrawl.extraction.posts`: a
    # comment thread, a recent-posts list) make a tail subtree, and their long paragraphs are
    # not the article's: the names' work done by structure, where names say nothing; None: off.
    dated_posts: int | None = 3
    # With ``dated_posts``, each element of a run must also hold a link with text (a reply,
    # an author's page, the post itself), as comments and post lists do and a dated list
    # inside an article (a timeline, a schedule) mostly does not.
    dated_posts_linked: bool = True
    # With ``dated_posts``, the cut cap counts what dated runs remove: off, a comment thread
    # (posts stamped with a time of day or an age, not only a day, their text mostly outside
    # links) many times the article's length goes whole.
    dated_posts_capped: bool = False
    # With ``dated_posts``, the share of the region's characters outside the dated subtrees
    # the article's long paragraphs must hold for the rule to act; None: always.
    dated_posts_prose_share: float | None = 0.5
    # With ``dated_posts``, a post holding a reply link ("Reply", "回复") counts as dated
    # with a time of day: comment engines put one under every comment, dated or not.
    reply_posts: bool = True
    # A comment section's heading (:mod:`newscrawl.extraction.comment_headings`: "3
    # Comments", "6 thoughts on “…”", "Leave a Reply", "网友评论") after the article's first
    # long paragraph ends the prose, and the tail subtree holding it goes with everything
    # after it: the heading and its words outlast class names that say nothing.
    comment_headings: bool = True
    # With ``comment_headings``, whether the cut cap counts what the heading's cut removes
    # (off: a thread many times the article's length goes whole).
    comment_headings_capped: bool = False
    # Whether the cut cap counts what a dropped ``nav``/``aside``/``form``/``footer`` holds
    # (off: markup that says it is no article goes however long it is, as a short article's
    # sidebar of a hundred links does). Off moves no dev page; under briefs made from the dev
    # articles (benchmarks/short_articles.py) it helps (docs/benchmarks/precision.md).
    tags_capped: bool = False
    # With ``comment_headings``, the share of the region's characters outside what follows
    # the heading that the article's long paragraphs must hold for the heading to count;
    # None: always. These three: among on/off, capped or not and this share at 0.5 or None,
    # no dev page moves but one listing (+0.03 without the share; benchmarks/tail_cv.py
    # --grid headings); under other sites' comment sections grafted below the dev articles
    # (benchmarks/grafted_comments.py) uncapped without the share helps most
    # (docs/benchmarks/precision.md).
    comment_headings_prose_share: float | None = None


NO_TAIL = TailOptions(
    names=False, link_share=None, repeats=None, dated_posts=None, comment_headings=False
)
DEFAULT_OPTIONS = TailOptions()


def is_on(options: TailOptions) -> bool:
    return (
        options.names
        or options.link_share is not None
        or options.repeats is not None
        or options.dated_posts is not None
        or options.comment_headings
    )
