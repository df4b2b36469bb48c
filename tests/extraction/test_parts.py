"""An article split into same-class sibling containers: parts_of and auto's use of it."""

from __future__ import annotations

from dataclasses import replace

from newscrawl.extraction import load_document
from newscrawl.extraction.dom import parse_html
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.parts import PartsOptions, parts_of
from newscrawl.extraction.types import ContentResult

ON = PartsOptions()
CLIMBING = PartsOptions(max_climb=1)

INTRO = "The council met on Tuesday to weigh the harbour plan, which splits the town. " * 3
BODY = "Fishermen said the new quay would end the winter floods along the old wall. " * 12
CTA = "Free download: the harbour report, with every figure the council used."


def split_article(second_class: str = "rich-text", box: str = CTA) -> str:
    return (
        "<html><head><title>Harbour plan</title></head><body><nav><a href='/'>Home</a></nav>"
        "<main><h1>Harbour plan</h1><div class='post-body'>"
        f"<div class='rich-text'><p>{INTRO}</p><h2>What the fishermen say</h2></div>"
        f"<div class='cta-box'><p>{box}</p><a href='/report'>Get it</a></div>"
        f"<div class='{second_class}'><p>{BODY}</p><p>{BODY}</p></div>"
        "</div></main><footer><a href='/about'>About</a></footer></body></html>"
    )


def test_the_region_and_its_same_class_siblings_are_the_parts_in_document_order():
    root = parse_html(split_article())
    assert root is not None
    first, second = root.xpath("//div[@class='rich-text']")
    assert parts_of(second, ON) == [first, second]
    # from a paragraph of a part: only when allowed one ancestor up
    assert parts_of(second.find("p"), ON) is None
    assert parts_of(second.find("p"), CLIMBING) == [first, second]


def test_no_parts_when_off_or_when_the_siblings_differ_or_are_small_or_links():
    root = parse_html(split_article(second_class="rich-text wide"))
    assert root is not None
    assert parts_of(root.xpath("//div[@class='rich-text wide']")[0], ON) is None
    root = parse_html(split_article())
    assert root is not None
    second = root.xpath("//div[@class='rich-text']")[1]
    assert parts_of(second, PartsOptions(enabled=False)) is None
    assert parts_of(second, replace(ON, min_part_chars=len(INTRO))) is None
    linked = split_article().replace(f"<p>{INTRO}</p>", f"<p><a href='/x'>{INTRO}</a></p>")
    root = parse_html(linked)
    assert root is not None
    assert parts_of(root.xpath("//div[@class='rich-text']")[1], ON) is None


def test_auto_keeps_every_part_and_not_the_box_between_them():
    doc = load_document(split_article(), url="https://example.com/harbour")
    alone = auto.extract_content(doc, replace(DEFAULT_AUTO, parts=PartsOptions(enabled=False)))
    joined = auto.extract_content(doc)
    assert isinstance(alone, ContentResult) and isinstance(joined, ContentResult)
    assert "council met" not in alone.text
    assert joined.text.index("council met") < joined.text.index("Fishermen said")
    assert "What the fishermen say" in joined.text
    assert "Free download" not in joined.text
