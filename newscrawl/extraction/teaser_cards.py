"""Drop a run of other stories' teaser cards after an article, told by its shape alone.

:mod:`newscrawl.extraction.related_boxes` finds a box of other stories by its heading's
fixed words. Many boxes have a heading in words no list holds ("Keep Exploring This Topic",
"More you might like", "On a related note, here are some interesting articles") or none at
all; what they share is how a blog or news theme prints another post's teaser: a card (an
``<article>``, a ``<div>``, a list item) holding a heading whose whole text is one link to
another page of the same site, often with an image, the post's categories and an excerpt.
Three or more such cards side by side, of one tag and first class word, are a list of other
stories wherever they stand and whatever heads them.

Kept, as in :mod:`newscrawl.extraction.related_boxes`: a run the article's first paragraph
does not precede (a front page or a listing, where the cards are the content), a run that
holds the page's ``<h1>``, cards that show prices (a shop's products). Also kept: cards
whose title links leave the site (a listicle's products, a review's shops) and card runs
where a card holds more than one title (a column of cards, not one).
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml.etree import _Element as Element

from newscrawl.extraction.comment_sections import PROSE_BLOCK_CHARS
from newscrawl.extraction.dom import drop_keep_tail, sole, text_content
from newscrawl.extraction.domains import href_domain, url_domain
from newscrawl.extraction.posts import shape
from newscrawl.extraction.related_boxes import LONG_PARAGRAPHS, ArticleStart, is_product_grid
from newscrawl.extraction.text import token_count

# Headings a teaser card titles its story with (an ``<h1>`` is the page's own headline).
TITLE_TAGS = ("h2", "h3", "h4", "h5", "h6")


@dataclass(frozen=True, slots=True)
class TeaserOptions:
    """Which runs of cards go (``enabled=False``: none)."""

    enabled: bool = True
    # Cards of one shape side by side that make a list (three, as the related boxes' and
    # the tail's runs: two linked headings may be an article's pair of sections).
    min_cards: int = 3
    # Words of a title (a Chinese character is one): a story's headline, not a shop's
    # service ("Our Showrooms", "Complimentary Consultation") or a part's name ("Belts").
    min_title_words: int = 3
    # Levels above its title heading a card may begin (a theme's image and text columns).
    max_card_depth: int = 4
    # More runs than this on one page make it a front page or a listing: its sections are
    # runs of cards, and they are what the page is about. None: no limit.
    max_runs: int | None = 2
    # The article's prose after a run (long paragraphs outside every run) may be at most
    # this share of its prose before it: a box of other stories follows the article's
    # bulk, it does not stand in its middle (a guide's chapter cards). None: no test.
    max_prose_after: float | None = 0.5
    # The article's prose before a run must be at least this share of the run's own text:
    # a short introduction over many cards is a listing's. None: no test.
    min_prose_before: float | None = 0.5


DEFAULT_OPTIONS = TeaserOptions()


def drop_teaser_cards(root: Element, url: str | None, options: TeaserOptions | None = None) -> int:
    """Remove each run of teaser cards after the article from ``root``'s ``<body>`` in
    place (see the module's doc); how many runs went."""
    options = options or DEFAULT_OPTIONS
    body = root.find("body")
    if body is None or not options.enabled:
        return 0
    titles = [h for h in _one_link_headings(body) if _is_story_title(h, url, options)]
    if len(titles) < options.min_cards:
        return 0
    runs = _card_runs(titles, options)
    if not runs or (options.max_runs is not None and len(runs) > options.max_runs):
        return 0
    article = ArticleStart(body)
    prose = _Prose(body, runs, article)
    dropped = 0
    for run in runs:
        if (
            not article.stands_before(run[0])
            or any(card.find(".//h1") is not None for card in run)
            or is_product_grid(run)
            or not prose.follows(run, options)
        ):
            continue
        for card in run:
            drop_keep_tail(card)
        dropped += 1
    return dropped


def _one_link_headings(body: Element) -> list[Element]:
    """The title headings holding exactly one link, in document order. lxml's tag filter
    walks in C; an XPath predicate on every element costs four times as much."""
    return [heading for heading in body.iter(*TITLE_TAGS) if sole(heading.iter("a")) is not None]


def _card_runs(titles: list[Element], options: TeaserOptions) -> list[list[Element]]:
    """Every run of cards the page's story titles head, in document order."""
    title_set = set(titles)
    covered: set[Element] = set()
    runs = []
    for title in titles:
        if title in covered:
            continue
        run = _card_run(title, title_set, options)
        if run:
            runs.append(run)
            for card in run:
                covered.update(el for el in card.iter(*TITLE_TAGS) if el in title_set)
    return runs


class _Prose:
    """The page's long paragraphs outside every run, by position: how much of the
    article's prose stands before and after a run."""

    def __init__(self, body: Element, runs: list[list[Element]], article: ArticleStart):
        self._position = article.position
        inside = {el for run in runs for card in run for el in card.iter()}
        self._paragraphs = [
            (self._position(p), len(" ".join(text_content(p).split())))
            for p in LONG_PARAGRAPHS(body, chars=PROSE_BLOCK_CHARS)
            if p not in inside
        ]

    def follows(self, run: list[Element], options: TeaserOptions) -> bool:
        """Whether ``run`` stands after the bulk of the article's prose, and that prose
        outweighs it as :class:`TeaserOptions` asks."""
        start = self._position(run[0])
        last = run[-1]
        end = self._position(last) + sum(1 for _ in last.iter())
        before = sum(chars for at, chars in self._paragraphs if at < start)
        after = sum(chars for at, chars in self._paragraphs if at >= end)
        if options.max_prose_after is not None and after > options.max_prose_after * before:
            return False
        if options.min_prose_before is None:
            return True
        own = sum(len(" ".join(text_content(card).split())) for card in run)
        return before >= options.min_prose_before * own


def _is_story_title(heading: Element, url: str | None, options: TeaserOptions) -> bool:
    """Whether ``heading``'s whole text is one link's, long enough for a headline, to
    another page of the page's own site."""
    link = heading.find(".//a")
    if link is None:
        return False
    href = (link.get("href") or "").strip()
    if not href or href.startswith(("#", "javascript:", "mailto:")):
        return False
    title = text_content(heading)
    if token_count(title) < options.min_title_words:
        return False
    if "".join(text_content(link).split()) != "".join(title.split()):
        return False
    site = href_domain(href)
    return site is None or site == url_domain(url)


def _card_run(title: Element, titles: set[Element], options: TeaserOptions) -> list[Element] | None:
    """The run of cards ``title`` heads one of: the nearest ancestor of ``title``, at most
    :attr:`TeaserOptions.max_card_depth` levels up, with consecutive siblings of its shape,
    :attr:`TeaserOptions.min_cards` in all, each holding exactly one title."""
    node = title.getparent()
    for _ in range(options.max_card_depth):
        parent = node.getparent() if node is not None else None
        if node is None or parent is None or node.tag in ("body", "html"):
            return None
        if _titles_in(node, titles) != 1:
            return None
        siblings = [el for el in parent if isinstance(el.tag, str)]
        at = siblings.index(node)
        own = shape(node)
        start = at
        while start > 0 and _is_card(siblings[start - 1], own, titles):
            start -= 1
        end = at
        while end + 1 < len(siblings) and _is_card(siblings[end + 1], own, titles):
            end += 1
        if end - start + 1 >= options.min_cards:
            return siblings[start : end + 1]
        node = parent
    return None


def _is_card(el: Element, own: tuple[str, str | None], titles: set[Element]) -> bool:
    return shape(el) == own and _titles_in(el, titles) == 1


def _titles_in(el: Element, titles: set[Element]) -> int:
    return sum(1 for heading in el.iter(*TITLE_TAGS) if heading in titles)
