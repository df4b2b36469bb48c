"""Article images for every method: node methods from their nodes, block methods from the span
of their first and last kept paragraph, ``auto`` even when it rewrote the winner's text."""

from __future__ import annotations

import lxml.html
import pytest

from newscrawl.extraction import Article, dom, extract, load_document
from newscrawl.extraction.blocks import segment
from newscrawl.extraction.dom import images_between

PARAGRAPH = (
    "The council said on Tuesday that the new bridge over the river would be open to "
    "traffic by the end of the year, and that the work on the roads which lead to it "
    "had been finished ahead of the time that was set for it in the spring. "
)
ZH_PARAGRAPH = (
    "记者从市交通部门了解到，今年以来本市新建的大桥工程进展顺利，主要节点均按计划完成，"
    "预计年底前正式通车，周边道路的改造工作也已提前完成。"
)


def page(paragraph: str, lines: int = 6, extra: str = "") -> str:
    body = "".join(f"<p>{paragraph}</p>\n" for _ in range(lines // 2))
    body += "<figure><img data-src='/img/bridge.jpg' src='/lazy.gif'></figure>\n"
    body += "".join(f"<p>{paragraph}</p>\n" for _ in range(lines - lines // 2))
    return (
        "<html><head><title>Bridge</title></head><body>"
        "<div class='nav'><a href='/'><img src='/logo.png'></a> <a href='/a'>Home</a> "
        "<a href='/b'>World</a></div>\n"
        f"<div class='story'><h1>Bridge opens</h1>\n{body}{extra}</div>\n"
        "<div class='sidebar'><img src='/ad.png'><a href='/c'>More news</a></div>"
        "</body></html>"
    )


def test_images_between_spans_first_to_last_block_only():
    doc = load_document(page(PARAGRAPH))
    blocks = segment(doc.root)
    paragraphs = [b for b in blocks if b.text.startswith("The council")]
    images = images_between(paragraphs[0].element, paragraphs[-1].element)
    assert [img.get("data-src") for img in images] == ["/img/bridge.jpg"]


@pytest.mark.parametrize(
    "method", ["density", "tcdt", "justext", "boilerpipe", "boilerpipe-default", "auto"]
)
def test_every_node_or_block_method_reports_the_article_image(method):
    result = extract(page(PARAGRAPH), url="https://news.example/2025/bridge.html", method=method)
    assert isinstance(result, Article), result
    assert "https://news.example/img/bridge.jpg" in result.images
    # the sidebar after the article is never in it (boilerpipe keeps the menu line before
    # the headline on this page, and with it the logo: its images follow its text)
    assert "https://news.example/ad.png" not in result.images
    if method != "boilerpipe":
        assert result.images == ["https://news.example/img/bridge.jpg"]


def test_auto_keeps_images_when_it_drops_boilerplate_lines():
    # the short "责任编辑" line is dropped from the winner's text, so its nodes no longer
    # describe the content; the image is still the article's
    html = page(ZH_PARAGRAPH, extra="<p>责任编辑：王五</p>")
    result = extract(html, url="https://news.example/2025/bridge.html", method="auto")
    assert isinstance(result, Article)
    assert "责任编辑" not in result.content
    assert result.images == ["https://news.example/img/bridge.jpg"]


def test_cx_alone_has_no_tree_so_no_images():
    result = extract(page(PARAGRAPH), url="https://news.example/2025/bridge.html", method="cx")
    assert isinstance(result, Article)
    assert result.images == []


def test_an_amp_page_s_images_are_its_amp_img_elements():
    body = "".join(
        f"<p>The county council voted on Tuesday to approve the new budget, part {n}, which "
        "funds schools and roads across the county after months of debate.</p>"
        for n in range(6)
    )
    page = (
        "<html amp><head><title>Council approves budget</title></head><body><article>"
        "<h1>Council approves budget</h1><amp-img src='/img/council.jpg' width='1200' "
        f"height='800' layout='responsive'></amp-img>{body}</article></body></html>"
    )
    for method in ("density", "auto"):
        article = extract(page.encode(), url="https://example.com/amp/council", method=method)
        assert article.images == ["https://example.com/img/council.jpg"], method
    root = lxml.html.fromstring("<div><amp-img src='/a.jpg' layout='fill'></amp-img></div>")
    assert dom.sanitized_html([root], "https://example.com/x") == (
        '<div><img src="https://example.com/a.jpg"></div>'
    )


@pytest.mark.parametrize(
    ("image", "url"),
    [
        # a data: URI or a lazy loader's placeholder file stands in for the srcset's picture
        (
            "<img src='data:image/gif;base64,R0lGOD' srcset='/a-400.jpg 400w, /a-800.jpg 800w'>",
            "/a-800.jpg",
        ),
        (
            "<img src='/plugins/lazy-load/1x1.trans.gif' data-srcset='/b.jpg 1x, /b@2x.jpg 2x'>",
            "/b@2x.jpg",
        ),
        ("<img src='/img/grey-placeholder.png' data-src='/c.jpg'>", "/c.jpg"),
        ("<img srcset='/d-small.jpg, /d-large.jpg 1200w'>", "/d-large.jpg"),
        # names that only look like a placeholder's are pictures
        ("<img src='/img/logo-transparent.png'>", "/img/logo-transparent.png"),
        (
            "<img src='/img/digital-transformation-podcast.gif'>",
            "/img/digital-transformation-podcast.gif",
        ),
        ("<img src='/img/banner-81x18.svg'>", "/img/banner-81x18.svg"),
        # a placeholder alone is no picture
        ("<img src='/wp-content/plugins/a3-lazy-load/images/lazy_placeholder.gif'>", None),
    ],
)
def test_an_image_s_url_passes_over_lazy_loading_stand_ins(image, url):
    img = lxml.html.fromstring(f"<div>{image}</div>")[0]
    expected = f"https://example.com{url}" if url else None
    assert dom.image_url(img, "https://example.com/news/a.html") == expected
