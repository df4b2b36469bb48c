"""Hidden second copies of text the page shows elsewhere are dropped; hidden text shown
nowhere else is kept."""

from __future__ import annotations

from newscrawl.extraction import extract, load_document
from newscrawl.extraction.hidden_copies import (
    NO_DROP,
    HiddenCopyOptions,
    drop_hidden_copies,
    shingles,
)
from newscrawl.extraction.types import Article

from .cleaned_pages import cleaned

ARTICLE = (
    "<p>The city council voted on Tuesday to extend the night bus service to the northern "
    "districts, after two years of complaints from residents who work late shifts.</p>"
    "<p>The extension adds four routes and runs until three in the morning on weekdays, "
    "the transport office said in a statement published after the vote.</p>"
    "<p>Residents of the northern districts had collected more than six thousand "
    "signatures for the petition that brought the question before the council.</p>"
)
NAV = "".join(
    f"<li><a href='/section/{n}'>Section number {n} of the site menu</a></li>" for n in range(12)
)
MARKDOWN = (
    "# Night buses for the north\n\nThe city council voted on Tuesday to extend the night bus "
    "service to the northern districts, after two years of complaints from residents who "
    "work late shifts.\n\nThe extension adds four routes and runs until three in the morning "
    "on weekdays, the transport office said in a statement published after the vote."
)


def test_a_hidden_copy_of_the_visible_menu_is_dropped():
    root = cleaned(
        f"<nav><ul>{NAV}</ul></nav><article>{ARTICLE}</article>"
        f"<div hidden class='mobile-menu'><ul>{NAV}</ul></div>"
    )
    assert drop_hidden_copies(root) == 1
    assert not root.xpath("//*[@hidden]")
    assert len(root.xpath("//nav//li")) == 12


def test_hidden_text_shown_nowhere_else_is_kept():
    # A streamed chunk of a React page, or a closed FAQ answer: the reader sees it later.
    root = cleaned(f"<div id='main'><p>Loading</p></div><div hidden id='S:0'>{ARTICLE}</div>")
    assert drop_hidden_copies(root) == 0
    assert root.xpath("//div[@id='S:0']")


def test_of_two_hidden_copies_of_unshown_text_one_is_kept():
    root = cleaned(f"<div hidden class='a'>{ARTICLE}</div><div hidden class='b'>{ARTICLE}</div>")
    assert drop_hidden_copies(root) == 1
    assert root.xpath("//div[@class='b']")
    assert not root.xpath("//div[@class='a']")


def test_a_reformatted_copy_still_counts_as_a_copy():
    root = cleaned(f"<article>{ARTICLE}</article><pre hidden>{MARKDOWN}</pre>")
    assert drop_hidden_copies(root) == 1
    assert not root.xpath("//pre")


def test_short_hidden_text_is_not_judged():
    root = cleaned(f"<article>{ARTICLE}</article><span hidden>The city council voted</span>")
    assert drop_hidden_copies(root) == 0


def test_only_the_outermost_hidden_element_is_judged():
    root = cleaned(
        f"<article>{ARTICLE}</article><div hidden class='outer'><div hidden>{ARTICLE}</div></div>"
    )
    assert drop_hidden_copies(root) == 1
    assert not root.xpath("//*[@hidden]")


def test_the_text_after_a_dropped_copy_stays():
    root = cleaned(f"<article>{ARTICLE}</article><div><div hidden>{ARTICLE}</div>tail words</div>")
    drop_hidden_copies(root)
    assert "tail words" in "".join(root.itertext())


def test_off_leaves_the_tree_as_it_is():
    root = cleaned(f"<article>{ARTICLE}</article><pre hidden>{MARKDOWN}</pre>")
    assert drop_hidden_copies(root, NO_DROP) == 0
    assert root.xpath("//pre")


def test_a_stricter_share_keeps_a_partial_copy():
    partial = ARTICLE.replace("</p><p>", "</p><p>Unrelated words added here in between. ")
    root = cleaned(f"<article>{ARTICLE}</article><div hidden>{partial}</div>")
    assert drop_hidden_copies(root, HiddenCopyOptions(min_copied_share=0.99)) == 0
    assert drop_hidden_copies(root, HiddenCopyOptions(min_copied_share=0.5)) == 1


def test_shingles_are_runs_of_five_tokens():
    assert shingles("one two three four five six") == [
        ("one", "two", "three", "four", "five"),
        ("two", "three", "four", "five", "six"),
    ]
    assert shingles("too short") == []


def test_the_document_loader_drops_the_copy_and_the_article_is_read_once():
    page = (
        "<html><head><title>Night buses for the north</title></head><body>"
        f"<header><nav><ul>{NAV}</ul></nav></header><main><h1>Night buses for the north</h1>"
        f"<article>{ARTICLE}</article></main><pre hidden class='rawMarkdown'>{MARKDOWN}</pre>"
        "</body></html>"
    )
    doc = load_document(page.encode())
    assert not doc.root.xpath("//pre")
    article = extract(page.encode(), method="auto")
    assert isinstance(article, Article)
    assert article.content.count("night bus service") == 1


WIDGET_SETTINGS = (
    '{"layoutMobile":2,"layoutDesktop":4,"buttonText":"Buy now",'
    '"productTitle":{"hue":213,"brightness":0.83},"products":["bands-set","door-anchor"]}'
)


def test_hidden_script_data_is_dropped_even_when_shown_nowhere_else():
    # A product widget's settings inside the article, a page's metadata for machine readers.
    root = cleaned(
        f"<article>{ARTICLE}<div class='widget'><span hidden>{WIDGET_SETTINGS}</span>"
        "<p>Resistance band set</p></div></article>"
        '<div hidden data-metadata="page">[{"title": "Night buses", "tags": ["city"]}]</div>'
    )
    assert drop_hidden_copies(root) == 2
    assert "layoutMobile" not in root.xpath("string(//body)")
    assert "Resistance band set" in root.xpath("string(//body)")


def test_hidden_code_and_hidden_prose_in_braces_stay():
    # A closed tab's JSON example is documentation; braces alone do not make data.
    root = cleaned(
        f"<article>{ARTICLE}</article>"
        f"<div hidden role='tabpanel'><pre>{WIDGET_SETTINGS}</pre></div>"
        "<div hidden>{a closed answer that happens to sit in braces}</div>"
    )
    assert drop_hidden_copies(root) == 0


def test_script_data_is_dropped_only_when_asked():
    root = cleaned(f"<article>{ARTICLE}</article><span hidden>{WIDGET_SETTINGS}</span>")
    assert drop_hidden_copies(root, HiddenCopyOptions(drop_json=False)) == 0
    assert drop_hidden_copies(root) == 1
