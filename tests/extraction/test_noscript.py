"""A page drawn by its scripts: its ``<noscript>`` copy is kept when it is the page's text."""

from __future__ import annotations

from newscrawl.extraction import extract, load_document
from newscrawl.extraction.dom import parse_html
from newscrawl.extraction.noscript import keep_scriptless_copy, may_hold_a_copy
from newscrawl.extraction.types import Article

POST = (
    "<div class='post'><p>I am in need of a new laptop, since the power connector of mine "
    "is completely shot and the repair costs more than the laptop is worth by now. {n}</p>"
    "<p>Mostly used for browsing and for media, and light gaming when I travel. {n}</p></div>"
)


def scripted_page(copy: str, shown: str = "<div id='app'>Loading</div>") -> str:
    """A page whose body shows ``shown`` and holds ``copy`` for readers without scripts."""
    return (
        "<html><head><title>Laptop recommendations</title>"
        "<noscript><style>#splash{display:none}</style></noscript></head>"
        f"<body>{shown}<script>render()</script><noscript>{copy}</noscript>"
        "<noscript><img src='/pixel.gif'></noscript></body></html>"
    )


THREAD = "".join(POST.format(n=n) for n in range(4))


def test_a_copy_holding_more_text_than_the_body_is_kept():
    root = parse_html(scripted_page(THREAD))
    assert root is not None
    assert keep_scriptless_copy(root)
    assert not root.xpath("//body//noscript")
    assert len(root.xpath("//div[@class='post']")) == 4


def test_the_page_is_extracted_from_the_copy():
    article = extract(scripted_page(THREAD).encode(), method="auto")
    assert isinstance(article, Article)
    assert "power connector" in article.content
    assert "Loading" not in article.content


def test_a_copy_beside_a_page_that_shows_its_text_is_dropped():
    shown = f"<article>{THREAD}</article>"
    notice = "<p>Please enable JavaScript to use the comment form of this site.</p>"
    root = parse_html(scripted_page(notice, shown=shown))
    assert root is not None
    assert not keep_scriptless_copy(root)
    doc = load_document(scripted_page(notice, shown=shown).encode())
    assert "enable JavaScript" not in doc.body_text()


def test_script_and_style_text_count_for_neither_side():
    # The head's <noscript> holds only a style, the body's copy only a script: no text.
    page = scripted_page("<script>var posts = '" + "x" * 5000 + "';</script>")
    root = parse_html(page)
    assert root is not None
    assert not keep_scriptless_copy(root)


def test_pages_without_noscript_skip_the_walk():
    assert not may_hold_a_copy("<html><body><p>Plain page</p></body></html>")
    assert may_hold_a_copy("<html><body><NOSCRIPT>x</NOSCRIPT></body></html>")


def test_nested_copies_count_once():
    nested = f"<noscript>{THREAD}</noscript>"
    shown = "<p>" + "Shown words." * 100 + "</p>"  # 1,200 characters: 864 < 1,200 < 2 * 864
    root = parse_html(scripted_page(nested, shown=shown))
    assert root is not None
    # The inner copy is inside the outer one: counted twice it would outweigh the body.
    assert not keep_scriptless_copy(root)
