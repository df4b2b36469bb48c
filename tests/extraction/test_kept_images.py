"""The image span ended at the last text the finished article kept: the thumbnails of what
the finishing stages cut after the article go, the lead image before it stays."""

from __future__ import annotations

from lxml import etree

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.dom import images_between
from newscrawl.extraction.kept_images import pieces_backwards, span_to_last_kept_text

LEAD = "<figure><img src='/lead.jpg'><figcaption>The bridge at dawn.</figcaption></figure>"
PARAGRAPHS = [
    "The council said on Tuesday that the new bridge would be open to traffic this year.",
    "Work on the roads that lead to it was finished ahead of the time set in the spring.",
    "Drivers who cross it daily will save this much: twenty minutes each way, it says.",
]
TEASER = (
    "<div class='card'><img src='/thumb-{n}.jpg'><h3>Other story number {n} on the site</h3>"
    "<p>A teaser that says <a href='/x'>this</a> and little else about story {n}.</p></div>"
)
CARD = (
    "<div class='post-summary'><a href='/story-{n}'><img src='/thumb-{n}.jpg'></a>"
    "<h3><a href='/story-{n}'>Other story number {n} on the site</a></h3>"
    "<p>A teaser that says little else about story {n}, which is all a teaser does.</p></div>"
)


def story(teasers: int = 2, figure: str = "") -> str:
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    cards = "".join(TEASER.format(n=n) for n in range(teasers))
    return (
        f"<html><body><div id='story'><h1>Bridge opens</h1>{LEAD}{body}{figure}"
        f"<div class='related'>{cards}</div></div></body></html>"
    )


def span_of(html: str) -> tuple:
    doc = load_document(html)
    region = doc.root.xpath("//div[@id='story']")[0]
    return region, region


def sources(span: tuple | None) -> list[str]:
    return [img.get("src") for img in images_between(*span)] if span else []


KEPT = "\n".join(["Bridge opens", *PARAGRAPHS])


def test_thumbnails_after_the_last_kept_line_go_the_lead_image_stays():
    ended = span_to_last_kept_text(span_of(story()), KEPT)
    assert sources(ended) == ["/lead.jpg"]


def test_a_figure_between_kept_lines_stays():
    figure = f"<img src='/middle.jpg'><p>{PARAGRAPHS[0]} Again, and at more length.</p>"
    kept = KEPT + f"\n{PARAGRAPHS[0]} Again, and at more length."
    ended = span_to_last_kept_text(span_of(story(figure=figure)), kept)
    assert sources(ended) == ["/lead.jpg", "/middle.jpg"]


def test_a_word_the_article_also_holds_does_not_count_as_kept():
    # the teaser's linked "this" stands in the article's text too ("save this much")
    pieces = list(pieces_backwards(*span_of(story())))
    assert "this" in pieces
    assert sources(span_to_last_kept_text(span_of(story()), KEPT)) == ["/lead.jpg"]


def test_no_image_before_the_last_kept_text_gives_no_span():
    html = story().replace(LEAD, "")
    assert span_to_last_kept_text(span_of(html), KEPT) is None


def test_text_from_elsewhere_leaves_the_span_as_it_was():
    span = span_of(story())
    assert span_to_last_kept_text(span, "A text this region does not hold at all.") == span


def test_a_span_without_images_is_left_alone():
    span = span_of(story(teasers=0).replace(LEAD, ""))
    assert span_to_last_kept_text(span, KEPT) == span


def declared_story() -> str:
    """A declared article whose one <article> ends before two teaser cards with thumbnails:
    the cards are cut from auto's text."""
    paragraphs = "".join(f"<p>{p} {p}</p>" for p in PARAGRAPHS)
    cards = "".join(CARD.format(n=n) for n in range(2))
    return (
        "<html><head><title>Bridge opens</title><meta property='og:type' content='article'>"
        f"</head><body><div id='story'><article><h1>Bridge opens</h1>{LEAD}{paragraphs}"
        f"</article>{cards}</div></body></html>"
    )


def test_auto_reports_the_lead_image_and_not_the_cut_teasers_thumbnails():
    # the page's one <article> ends the article: the cards after it are cut from the text
    html = declared_story()
    result = extract(html, url="https://news.example/2025/bridge.html", method="auto")
    assert isinstance(result, Article), result
    assert "Other story" not in result.content
    assert result.images == ["https://news.example/lead.jpg"]


def forwards(root: etree._Element) -> list:
    """Every element, text and tail below ``root`` in document order (``root``'s tail out)."""
    found: list = []
    for event, el in etree.iterwalk(root, events=("start", "end")):
        if event == "start":
            found.append(el)
            if isinstance(el.tag, str) and el.text:
                found.append(el.text)
        elif el is not root and el.tail:
            found.append(el.tail)
    return found


def test_the_backward_walk_is_document_order_reversed_between_the_span_ends():
    root = load_document(story(figure="<!-- a note --> and a tail")).root
    elements = list(root.iter())
    forward = forwards(root)
    for start, stop in [(elements[3], elements[-1]), (elements[5], elements[9]), (root, root)]:
        backward = list(pieces_backwards(start, stop))
        first = next(i for i, piece in enumerate(forward) if piece is start)
        # ``stop``'s subtree stands in document order as its own walk does
        last = next(i for i, piece in enumerate(forward) if piece is stop) + len(forwards(stop))
        assert [str(p) if isinstance(p, str) else p for p in reversed(backward)] == [
            str(p) if isinstance(p, str) else p for p in forward[first:last]
        ]


def test_a_page_nested_deeper_than_the_recursion_limit_is_walked():
    depth = 5000
    html = "<html><body>" + "<div>" * depth + "<img src='/a.jpg'>deep text of the page here"
    root = load_document(html + "</div>" * depth + "</body></html>").root
    body = root.find("body")
    assert span_to_last_kept_text((body, body), "nothing kept at all from it") == (body, body)


def test_the_benchmark_reads_the_images_the_span_lost(tmp_path, capsys):
    from newscrawl.evaluation.dataset import write_pages
    from tests.scripts import load_script

    html = declared_story()
    record = {"id": "p1", "url": "https://news.example/2025/bridge.html", "text": "x"}
    write_pages(tmp_path, [(record, html.encode())])
    script = load_script("benchmarks/kept_images.py")
    assert script.main([str(tmp_path / "pages.jsonl"), "--show", "5"]) == 0
    printed = capsys.readouterr().out
    assert "images changed on 1; span images 3 -> 1" in printed
    assert "thumb-0.jpg" in printed
    from newscrawl.extraction.extractors.auto import images

    assert images.span_to_last_kept_text is span_to_last_kept_text  # the recorder is gone


def test_a_span_whose_end_holds_its_start_is_walked_from_the_start_only():
    # a block method's span may end at an element that holds its first one
    root = load_document(
        "<html><body><div id='outer'><img src='/before.jpg'><p>A menu line of the page</p>"
        f"<p id='first'>{PARAGRAPHS[0]}</p><img src='/thumb.jpg'>"
        "<p>Other story number one on the site</p></div></body></html>"
    ).root
    outer, first = root.xpath("//div[@id='outer']")[0], root.xpath("//p[@id='first']")[0]
    pieces = list(pieces_backwards(first, outer))
    assert pieces[-1] is first and "A menu line of the page" not in pieces
    assert span_to_last_kept_text((first, outer), PARAGRAPHS[0]) is None
