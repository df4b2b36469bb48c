"""The microdata articleBody filter: lines after the publisher's marked body and outside it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from newscrawl.extraction import load_document
from newscrawl.extraction.marked_body import (
    NO_MARKED_BODY,
    MarkedBodyOptions,
    declared_sole,
    filter_after_marked_body,
    filter_after_marked_body_in_python,
    marked_body,
)
from tests.property import examples

HEADLINE = "How a small blog tracks its own work"
STANDFIRST = "A look at the tools a four-person startup did without."
PARAGRAPHS = [
    "Have you ever joined a large organization with a quarter million employees and forms?",
    "When you finally get an account set up, they direct you to a ticket tracker for weeks.",
    "The startup I joined had four employees, and we crammed into a cubicle for four people.",
]
TEASERS = [
    "On a related note, here are some interesting articles.",
    "Why developers build unfinished calculators",
    "Every developer knows the rush of a life-altering idea at a red light on the way home.",
]


def page(item_type: str = "https://schema.org/Article", bodies: int = 1) -> str:
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    marked = f'<div itemprop="articleBody">{body}</div>' * bodies
    teasers = "".join(f"<p>{t}</p>" for t in TEASERS)
    return (
        f'<html><body><div itemscope itemtype="{item_type}"><h1>{HEADLINE}</h1>'
        f"<p>{STANDFIRST}</p>{marked}</div><div class='related'>{teasers}</div></body></html>"
    )


# What the article's markup holds or stands after: the text a filtered page keeps.
ARTICLE_TEXT = "\n".join([HEADLINE, STANDFIRST, *PARAGRAPHS])


def chosen_text() -> str:
    return "\n".join([HEADLINE, STANDFIRST, *PARAGRAPHS, *TEASERS])


def test_lines_after_the_marked_body_go_and_lines_before_it_stay():
    doc = load_document(page())
    assert marked_body(doc) is not None
    assert filter_after_marked_body(chosen_text(), doc) == ARTICLE_TEXT


def test_a_forum_posts_marked_body_is_its_first_post_and_is_not_read():
    doc = load_document(page("https://schema.org/DiscussionForumPosting"))
    assert marked_body(doc) is None
    assert filter_after_marked_body(chosen_text(), doc) == chosen_text()


def test_several_marked_bodies_are_a_listing_and_are_not_read():
    assert marked_body(load_document(page(bodies=2))) is None


def test_a_body_holding_too_little_of_the_text_is_a_part_and_the_text_stays():
    doc = load_document(page())
    strict = MarkedBodyOptions(min_coverage=0.95)
    assert filter_after_marked_body(chosen_text(), doc, strict) == chosen_text()
    assert filter_after_marked_body(chosen_text(), doc, NO_MARKED_BODY) == chosen_text()


def article_page(head: str, articles: int = 1) -> str:
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    teasers = "".join(f"<p>{t}</p>" for t in TEASERS)
    return (
        f"<html><head>{head}</head><body><h1>{HEADLINE}</h1><p>{STANDFIRST}</p>"
        f"{f'<article>{body}</article>' * articles}<div>{teasers}</div></body></html>"
    )


DECLARED = '<meta property="og:type" content="article">'


def test_a_declared_articles_one_article_element_is_its_body():
    doc = load_document(article_page(DECLARED))
    assert declared_sole(doc, "article") is not None
    assert filter_after_marked_body(chosen_text(), doc) == ARTICLE_TEXT


def test_an_article_element_on_an_undeclared_page_or_among_several_is_not_read():
    undeclared = load_document(article_page('<meta property="og:type" content="product">'))
    assert declared_sole(undeclared, "article") is None
    assert filter_after_marked_body(chosen_text(), undeclared) == chosen_text()
    assert declared_sole(load_document(article_page(DECLARED, articles=2)), "article") is None


def test_a_declared_articles_one_main_is_its_body_when_it_holds_the_texts_words_as_often():
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    teasers = "".join(f"<p>{t}</p>" for t in TEASERS)
    page = (
        f"<html><head>{DECLARED}</head><body><main><h1>{HEADLINE}</h1><p>{STANDFIRST}</p>"
        f"{body}</main><aside>{teasers}</aside></body></html>"
    )
    doc = load_document(page)
    assert filter_after_marked_body(chosen_text(), doc) == ARTICLE_TEXT
    # A main that closes before the article ends holds the words of the lines after it, not
    # as often as the text does: counted with repeats, it holds too little, and nothing goes.
    after = [
        f"And you get the set up of the one in the team, and the four of the {word} you set up."
        for word in ("harbour", "glacier", "violin", "meadow", "lantern", "orchard")
    ]
    early = page.replace("</main><aside>", "</main>" + "".join(f"<p>{a}</p>" for a in after))
    text = "\n".join([HEADLINE, STANDFIRST, *PARAGRAPHS, *after])
    assert filter_after_marked_body(text, load_document(early)) == text


# Words the body holds, words it lacks, and parts of its words (a token the body lacks that
# is a substring of a line's other word: "ews" of "news"), CJK characters among them.
_HELD = ["news", "story", "today", "新闻", "报道", "2024", "the", "a"]
_LACKED = ["ews", "tor", "comment", "reply", "闻", "评论", "20", "shop", "SHOP"]
_lines = st.lists(
    st.lists(st.sampled_from(_HELD + _LACKED), min_size=0, max_size=12).map(" ".join),
    min_size=1,
    max_size=12,
)


@settings(max_examples=examples(150), deadline=None)
@given(_lines, st.booleans(), st.sampled_from([0.0, 0.5, 0.9]))
def test_the_whole_text_bags_filter_exactly_as_every_line_tokenized(lines, in_main, share):
    # The body holds many copies of its words, so the coverage test passes on most texts;
    # the standfirst before it holds some of the lacked words.
    paragraphs = "".join(f"<p>{' '.join(_HELD)} {word} {word}</p>" for word in _HELD)
    before = "<p>comment reply 评论</p>"
    if in_main:  # a declared article's one <main>: coverage counted with repeats
        html = f"<html><head>{DECLARED}</head><body>{before}<main>{paragraphs}</main></body></html>"
    else:
        html = (
            page()
            .replace(f"<p>{STANDFIRST}</p>", before)
            .replace("".join(f"<p>{p}</p>" for p in PARAGRAPHS), paragraphs)
        )
    doc = load_document(html)
    options = MarkedBodyOptions(min_coverage=share, main_min_coverage=share, min_body_chars=20)
    text = "\n".join(lines)
    assert filter_after_marked_body(text, doc, options) == filter_after_marked_body_in_python(
        text, doc, options
    )


def test_a_text_with_many_words_the_body_lacks_is_read_line_by_line_alike():
    # More lacked tokens than marked_body.MAX_MISSING_TESTED: every line is tokenized.
    doc = load_document(page())
    extra = [f"word{number} other{number}" for number in range(20)]
    text = "\n".join([HEADLINE, *PARAGRAPHS, *extra, *TEASERS])
    options = MarkedBodyOptions(min_coverage=0.3)
    assert filter_after_marked_body(text, doc, options) == filter_after_marked_body_in_python(
        text, doc, options
    )
    assert "word3 other3" not in filter_after_marked_body(text, doc, options)
