"""The lead stage: an article's lead paragraph set apart right before the chosen region."""

from __future__ import annotations

from dataclasses import replace

from lxml import html as lxml_html

from newscrawl.extraction import Article, extract
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.lead import lead_paragraphs, with_lead

LEAD = (
    "Good evening, this is the press review: the president travels to two capitals next week"
    " to lower the tension between the neighbours."
)
BODY = [
    "The weekly paper says the visits were agreed with the other member states beforehand.",
    "The president has spoken three times by telephone with his counterpart this month.",
    "Several heads of government have travelled to the capital in the last few days.",
    "The paper adds that the talks will be held one to one, without the delegations.",
] * 2


def page(before_body: str) -> str:
    body = "".join(f"<p>{line}</p>" for line in BODY)
    return (
        "<html><body><article><h1>Two visits</h1><div class='byline'>By A. Writer</div>"
        f"{before_body}<div class='body'>{body}</div></article></body></html>"
    )


def body_nodes(html: str) -> list:
    root = lxml_html.fromstring(html)
    return list(root.find(".//div[@class='body']"))


def test_the_lead_before_the_body_is_found() -> None:
    html = page(f"<p class='chapo'>{LEAD}</p>")
    assert lead_paragraphs(body_nodes(html), 80) == [LEAD]


def test_what_is_not_a_long_paragraph_ends_the_search() -> None:
    # A byline, a short line or a link list between the lead and the body: no lead.
    for between in (
        "<div>By A. Writer</div>",
        "<p>Short line.</p>",
        f"<p><a href='/x'>{LEAD}</a></p>",
    ):
        html = page(f"<p class='chapo'>{LEAD}</p>{between}")
        assert lead_paragraphs(body_nodes(html), 80) == []
    # Empty elements between are passed over.
    html = page(f"<p class='chapo'>{LEAD}</p><div class='ad'></div>")
    assert lead_paragraphs(body_nodes(html), 80) == [LEAD]


def test_a_lead_the_text_holds_is_not_added_twice() -> None:
    html = page(f"<p class='chapo'>{LEAD}</p>")
    text = "\n".join([LEAD, *BODY])
    assert with_lead(text, body_nodes(html), 80) == text
    assert with_lead("\n".join(BODY), body_nodes(html), 80) == text


def test_auto_keeps_the_lead_and_can_be_turned_off() -> None:
    html = page(f"<p class='chapo'>{LEAD}</p>").encode()
    article = extract(html, method="auto")
    assert isinstance(article, Article) and article.content.split("\n")[0] == LEAD
    off = extract(html, method="auto", options=replace(DEFAULT_AUTO, lead_paragraphs=False))
    assert isinstance(off, Article) and LEAD not in off.content


def test_no_nodes_no_lead() -> None:
    assert lead_paragraphs([], 80) == []
