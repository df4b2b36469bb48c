"""A discussion thread whose posts the site names "comment": there the comments are the page.

The density method leaves out elements whose class or id names furniture
(:data:`newscrawl.extraction.noise.NOISE_WORDS`), "comment" among them: under an article the
comment thread is not the article. Forum and link-aggregator engines name their posts the
same way (Invision Community's ``comment-724096_wrap``, a subreddit's comment tree), and on
such a page the posts are all there is: with them left out the method keeps a heading, a tab
panel or one post.

Posts of one shape (tag and first class word), :data:`MIN_POSTS` or more, that a class or id
word marks as noise and whose class or id says "comment", are counted back in when together
they hold a share of the page's text (``DensityOptions.comment_thread_share``) and do not
follow an article: no more of an article's paragraph text stands before the first of them
than that post holds (the test :func:`newscrawl.extraction.metadata.dates.thread_of` applies
to a thread's dates). A comment thread under an article keeps its noise mark. The share was
chosen by site-grouped cross-validation (docs/benchmarks/precision.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import text_content
from newscrawl.extraction.native import walks
from newscrawl.extraction.noise import NoiseRules
from newscrawl.extraction.tail import DEFAULT_OPTIONS as TAIL_OPTIONS
from newscrawl.extraction.tail import prose_before
from newscrawl.extraction.thread import outermost

# Posts a thread needs: fewer are an article's own comment-named boxes (a comment form, a
# "comments" heading and its count), not a discussion.
MIN_POSTS = 3
# What a comment-named class or id holds ("comment", "Comment", "comments").
_COMMENT_PART = "omment"
_COMMENT_PARTS = ((b"class", _COMMENT_PART.encode()), (b"id", _COMMENT_PART.encode()))

Flags = dict[str, tuple[bool, bool]]


def kept_comment_flags(root: Element, rules: NoiseRules, share: float) -> Flags:
    """The (noise, content) flags that count a comment-named thread under ``root`` back in:
    for each class or id value that marks one of its posts, or an ancestor of one below
    ``root``, as noise, the same flags with noise off. Empty when the page has no such
    thread."""
    kept: Flags = {}
    page_chars: int | None = None
    for posts in _comment_named_runs(root, rules):
        if page_chars is None:
            page_chars = len(text_content(root))
        if sum(len(text_content(post)) for post in posts) < share * page_chars:
            continue
        first = posts[0]
        if prose_before(first, TAIL_OPTIONS.long_paragraph) > len(text_content(first).strip()):
            continue  # comments under an article
        for post in posts:
            for el in (post, *post.iterancestors()):
                for value in (el.get("class"), el.get("id")):
                    if value:
                        noise, content = rules.flags(value)
                        if noise:
                            kept[value] = (False, content)
                if el is root:
                    break
    return kept


def names_comment(el: Element) -> bool:
    """Whether ``el``'s class or id holds "omment" (a superset of the comment-named)."""
    return any(_COMMENT_PART in (el.get(name) or "") for name in ("class", "id"))


def _comment_named_runs(root: Element, rules: NoiseRules) -> list[list[Element]]:
    """The outermost noise-marked, comment-named elements under ``root``, grouped by tag and
    first class word; groups of fewer than :data:`MIN_POSTS` left out."""
    groups: dict[tuple[str, str], list[Element]] = defaultdict(list)
    for el in _comment_named(root):
        words = (el.get("class") or "").split()
        values = [value for value in (el.get("class"), el.get("id")) if value]
        if words and any(rules.flags(value)[0] for value in values):
            groups[(el.tag, words[0])].append(el)
    runs = [outermost(group) for group in groups.values() if len(group) >= MIN_POSTS]
    return [run for run in runs if len(run) >= MIN_POSTS]


def _comment_named(root: Element) -> Sequence[Element]:
    """Elements whose class or id holds "omment", in document order (a superset of the
    comment-named ones): the C attribute walk, else a Python pass."""
    if walks is None:
        return [el for el in root.iter() if isinstance(el.tag, str) and names_comment(el)]
    found: list[Element] = walks.elements_with(root=root, attribute_substrings=_COMMENT_PARTS)
    return found
