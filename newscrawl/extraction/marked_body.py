"""Drop the lines the chosen text took from after the publisher's marked article body.

Schema.org microdata marks the element that holds an article's body: ``itemprop=
"articleBody"`` inside the ``itemscope`` of an article type (Article, NewsArticle,
BlogPosting, ...). What the page prints after that element (other stories' teasers, a
newsletter box, the comments) lies outside the article by the publisher's own markup, and a
method that reads lines (jusText, boilerpipe, CX) takes it with a short article: three of the
vote's four texts then hold it, and the consensus with them.

When the page marks exactly one such element and it holds at least ``min_coverage`` of the
chosen text's tokens, a line whose tokens are mostly missing both from the element and from
the page's text before it goes. Lines before the element stay (a headline, a standfirst, a
byline the template writes outside the body). A forum's ``DiscussionForumPosting`` marks its
first post as its articleBody: only article types count. Without such a mark, the page's
one HTML5 ``<article>`` element (the markup's "self-contained composition") is read the same
way on a page that says it is an article (``og:type``, a JSON-LD article type); several
``<article>`` elements are a listing's cards. Without either, such a page's one ``<main>``
is read the same way, its coverage counted with repeats. The JSON-LD copy of the body is
:mod:`newscrawl.extraction.article_body`'s.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from lxml.etree import XPath
from lxml.etree import _Element as Element

from newscrawl.extraction.document import Document, source_markers
from newscrawl.extraction.dom import paragraph_text, sole
from newscrawl.extraction.narrow import ARTICLE_TYPE_SUFFIXES, declares_article
from newscrawl.extraction.text import bag_overlap, token_counts, tokens


@dataclass(frozen=True, slots=True)
class MarkedBodyOptions:
    """When the marked body filters the chosen text; ``min_coverage=None``: never."""

    # Share of the chosen text's tokens the marked element must hold: below it the element
    # holds a part of the article (its first page, a lead) and the text stays as it is.
    min_coverage: float | None = 0.5
    # Share of a line's tokens the element (or the text before it) must hold for the line
    # to stay: article_body's line share.
    min_line_share: float = 0.9
    # Characters the element needs to be read at all (a stub beside the real body is
    # shorter): the density method's articleBody minimum.
    min_body_chars: int = 200
    # Without a microdata mark, the page's one HTML5 ``<article>`` element is its body when
    # it holds this share of the text's tokens (None: never read). 0.5 with
    # ``article_declared``: chosen in every site-grouped fold among 0.3/0.5/0.7, declared
    # or not (docs/benchmarks/precision.md).
    article_min_coverage: float | None = 0.5
    # ... and only on a page that says it is an article (og:type, JSON-LD type): a shop's
    # product page with one <article> lost its details after it.
    article_declared: bool = True
    # Without either, a declared article's one ``<main>`` element when it holds this share
    # of the text's tokens counted with repeats (None: never read). A template's <main> may
    # close before the article does (a parser's repair): counted repeats see that a main
    # holding the article's words once does not hold its text. 0.5: chosen in 4 of 5
    # site-grouped folds among 0.3/0.5/0.7 (docs/benchmarks/precision.md).
    main_min_coverage: float | None = 0.5


DEFAULT_OPTIONS = MarkedBodyOptions()
NO_MARKED_BODY = MarkedBodyOptions(
    min_coverage=None, article_min_coverage=None, main_min_coverage=None
)

_MARKED = XPath("//*[contains(concat(' ', normalize-space(@itemprop), ' '), ' articleBody ')]")
_TEXT_BEFORE = XPath("preceding::text()", smart_strings=False)


source_markers("articleBody")


def marked_body(doc: Document) -> Element | None:
    """The page's one element marked ``itemprop="articleBody"`` of an article's item; None
    when it marks none, several (a listing's posts) or one of another type's item."""
    if not doc.holds("articleBody"):  # most pages: no tree search
        return None
    found = _MARKED(doc.root)
    if len(found) != 1:
        return None
    element: Element = found[0]
    scope = next((el for el in element.iterancestors() if el.get("itemtype")), None)
    if scope is None:
        return None
    kind = (scope.get("itemtype") or "").rstrip("/").rsplit("/", 1)[-1]
    return element if kind.endswith(ARTICLE_TYPE_SUFFIXES) else None


source_markers("<article", "<main")  # the tags declared_sole is asked about


def declared_sole(doc: Document, tag: str, declared: bool = True) -> Element | None:
    """The page's one ``tag`` element (``<article>``, ``<main>``; None when it has none or
    several: a listing's cards), on a page that says it is an article when ``declared``."""
    if (declared and not declares_article(doc)) or not doc.holds(f"<{tag}"):
        return None  # the declaration first: it is read from the head, the search scans
    return sole(doc.root.iter(tag))


def _body_element(doc: Document, options: MarkedBodyOptions) -> tuple[Element, float, bool] | None:
    """The element that holds the article by the page's markup, the coverage it needs and
    whether that coverage counts repeats; None when the markup names none."""
    if options.min_coverage is not None and (element := marked_body(doc)) is not None:
        return element, options.min_coverage, False
    if options.article_min_coverage is not None:
        element = declared_sole(doc, "article", options.article_declared)
        if element is not None:
            return element, options.article_min_coverage, False
    if options.main_min_coverage is not None:
        element = declared_sole(doc, "main")
        if element is not None:
            return element, options.main_min_coverage, True
    return None


def _body_text(
    doc: Document, options: MarkedBodyOptions
) -> tuple[Element, str, float, bool] | None:
    """The marked element (:func:`_body_element`), its paragraph text, the coverage it needs
    and whether that coverage counts repeats; None without one or when its text is too short
    to be the body."""
    found = _body_element(doc, options)
    if found is None:
        return None
    element, coverage, counted = found
    body = paragraph_text(element)
    if len("".join(body.split())) < options.min_body_chars:
        return None
    return element, body, coverage, counted


def filter_after_marked_body(
    text: str, doc: Document, options: MarkedBodyOptions = DEFAULT_OPTIONS
) -> str:
    """``text`` without the lines that stand after the marked body and outside it (see the
    module's doc); ``text`` unchanged when the page marks no body or it holds too little."""
    found = _body_text(doc, options)
    if found is None:
        return text
    element, body, coverage, counted = found
    # Whole-text bags first (one C pass each): most texts are held by the body line for
    # line, and only a line holding a token the body lacks can fall short of the share.
    held = token_counts(body)
    text_bag = token_counts(text)
    total = sum(text_bag.values())
    missing = [word for word in text_bag if word not in held]
    if counted:
        covered = bag_overlap(text_bag, held)
    else:
        covered = total - sum(text_bag[word] for word in missing)
    if not total or covered < coverage * total:
        return text
    if not missing:
        return text
    share = options.min_line_share
    lines = text.split("\n")
    outside = [
        (index, words)
        for index, words in _lines_holding(lines, missing)
        if sum(map(held.__contains__, words)) < share * len(words)
    ]
    if not outside:
        return text
    # The page's text before the element, read only when a line is outside it.
    before = set(tokens(" ".join(_TEXT_BEFORE(element))))
    dropped = {
        index
        for index, words in outside
        if sum(map(before.__contains__, words)) < share * len(words)
    }
    kept = [line for i, line in enumerate(lines) if i not in dropped]
    return "\n".join(kept) if kept else text


# Above this many tokens the body lacks, every line is tokenized instead of first asking
# which lines hold one of them (a substring test per line and token).
MAX_MISSING_TESTED = 16


def _lines_holding(lines: list[str], missing: list[str]) -> list[tuple[int, list[str]]]:
    """The lines (index, tokens) that may hold one of the ``missing`` tokens: every line
    that does, and perhaps some that only hold one as a part of a longer word (a token is a
    substring of its lower-cased line)."""
    if len(missing) > MAX_MISSING_TESTED:
        return [(index, tokens(line)) for index, line in enumerate(lines)]
    found = []
    for index, line in enumerate(lines):
        lowered = line.lower()
        if any(word in lowered for word in missing):
            found.append((index, tokens(line)))
    return found


def filter_after_marked_body_in_python(
    text: str, doc: Document, options: MarkedBodyOptions = DEFAULT_OPTIONS
) -> str:
    """:func:`filter_after_marked_body` line by line, every line tokenized (the reference
    the whole-text bags are tested against)."""
    found = _body_text(doc, options)
    if found is None:
        return text
    element, body, coverage, counted = found
    body_words = tokens(body)
    held = set(body_words)
    lines = text.split("\n")
    words = [tokens(line) for line in lines]
    inside = [sum(map(held.__contains__, line)) for line in words]
    total = sum(map(len, words))
    if counted:
        text_bag = Counter(word for line in words for word in line)
        covered = sum((text_bag & Counter(body_words)).values())
    else:
        covered = sum(inside)
    if not total or covered < coverage * total:
        return text
    share = options.min_line_share
    outside = [i for i, line in enumerate(words) if inside[i] < share * len(line)]
    if not outside:
        return text
    # The page's text before the element, read only when a line is outside it.
    before = set(tokens(" ".join(_TEXT_BEFORE(element))))
    dropped = {
        i for i in outside if sum(map(before.__contains__, words[i])) < share * len(words[i])
    }
    kept = [line for i, line in enumerate(lines) if i not in dropped]
    return "\n".join(kept) if kept else text
