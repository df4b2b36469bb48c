"""Author boxes: the writer's bio is no article, in the vote or in the finished text."""

from __future__ import annotations

from dataclasses import replace

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.author_boxes import author_box_bag, author_boxes, without_author_box_lines
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto.voting import author_box_test
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS

BIO = (
    "Sara Harberson is the founder of Application Nation, which gives personal advice to"
    " college applicants and their families. In her book she reveals the secrets of her"
    " signature admissions tool and shares exercises that have helped thousands of students"
    " gain admission to the colleges of their dreams, and she speaks at schools every year."
)
# Short paragraphs with links: denser text stands in the bio.
STORY = (
    "<p>This college essay thing is hard, said <a href='/a'>every student</a>.</p>"
    "<p>Yes, it is. If it were easy, <a href='/b'>colleges</a> would not ask.</p>"
    "<p>Most people see the essay as a means. <a href='/c'>I see it</a> as a step.</p>"
)
MENU = "".join(f"<li><a href='/{n}'>Section {n}</a></li>" for n in range(12))


def page(box_class: str = "about-author-sec row-fluid", body_class: str = "") -> str:
    return (
        f"<html><head><title>The essay</title></head><body class='{body_class}'>"
        f"<ul class='menu'>{MENU}</ul>"
        "<h1>The secret tip for writing an unforgettable college essay</h1>"
        f"<div class='post-body'>{STORY}</div>"
        f"<div class='{box_class}'><h3>About Sara Harberson</h3><p>{BIO}</p></div>"
        "</body></html>"
    )


def test_boxes_are_found_by_their_class_or_id() -> None:
    for name in ("about-author-sec", "elementor-author-box", "rkv-author-box__description"):
        doc = load_document(page(name).encode())
        assert [el.get("class") for el in author_boxes(doc)] == [name]
    assert not author_boxes(load_document(page("author").encode()))  # a byline's link
    assert not author_boxes(load_document(page("sidebar").encode()))


def test_an_element_holding_the_headline_is_no_box() -> None:
    doc = load_document(page("x", body_class="tweak-blog-item-show-author-profile").encode())
    assert not author_boxes(doc)
    assert not author_box_bag(doc)


def test_the_bio_is_no_voter_and_its_lines_leave_the_text() -> None:
    doc = load_document(page().encode())
    boxed = author_box_test(doc)
    assert author_box_bag(doc)["harberson"] == 2
    text = f"Yes, it is.\nAbout Sara Harberson\n{BIO}"
    assert without_author_box_lines(text, doc) == "Yes, it is."
    assert without_author_box_lines(BIO, doc) == BIO  # nothing else would stay
    assert callable(boxed)


def test_a_short_article_beside_a_longer_bio_is_the_content() -> None:
    article = extract(page().encode(), url="https://www.example.com/blog/essay-tip")
    assert isinstance(article, Article)
    assert "Most people see the essay" in article.content
    assert "Application Nation" not in article.content
    # Without the author boxes read, the density method's bio wins the vote.
    doc = load_document(page().encode(), url="https://www.example.com/blog/essay-tip")
    blind = replace(DEFAULT_OPTIONS, author_box_share=None, author_box_lines=False)
    assert "Application Nation" in auto.extract_content(doc, blind).text
