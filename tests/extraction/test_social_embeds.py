"""Posts embedded from social networks leave the page before any method reads it."""

from __future__ import annotations

import lxml.html

from newscrawl.extraction import extract, load_document
from newscrawl.extraction.social_embeds import drop_social_embeds

PARAGRAPHS = "".join(
    f"<p>The minister said on Tuesday that the new rules would apply from March, paragraph {i}."
    " Critics called the timetable unrealistic and asked for a delay of a year.</p>"
    for i in range(6)
)
TWEET = (
    '<blockquote class="twitter-tweet" data-lang="en"><p lang="en">Nobody asked for this rule'
    " and nobody will follow it. Shameful.</p>&mdash; Someone (@someone) "
    '<a href="https://twitter.com/someone/status/1">March 3, 2025</a></blockquote>'
)
INSTAGRAM = (
    '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/x/">'
    "<div><a href='https://www.instagram.com/p/x/'>View this post on Instagram</a></div>"
    "<p>A post shared by Someone (@someone)</p></blockquote>"
)


def test_every_network_embed_goes_with_its_text_and_keeps_the_tail():
    root = lxml.html.fromstring(f"<div><p>Before.</p>{TWEET}After the tweet.{INSTAGRAM}</div>")
    assert drop_social_embeds(root) == 2
    text = root.text_content()
    assert "Shameful" not in text and "View this post" not in text
    assert "After the tweet." in text and "Before." in text


def test_a_class_that_only_contains_the_name_is_no_embed():
    root = lxml.html.fromstring(
        "<div><blockquote class='my-twitter-tweet-ish'>q</blockquote></div>"
    )
    assert drop_social_embeds(root) == 0


def test_an_article_with_an_embedded_post_keeps_its_paragraphs_only():
    html = f"<html><body><article><h1>New rules</h1>{PARAGRAPHS}{TWEET}{PARAGRAPHS}</article>"
    html += "</body></html>"
    article = extract(html.encode(), url="https://news.example.com/a.html", method="auto")
    assert "paragraph 5" in article.content
    assert "Shameful" not in article.content
    assert "Shameful" not in load_document(html).body_text()
