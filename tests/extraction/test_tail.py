"""Tail: subtrees after the article's prose container that are named, link-dense or lists."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lxml.etree import _Element as Element

from newscrawl.extraction import load_document
from newscrawl.extraction.document import separate_blocks
from newscrawl.extraction.dom import clean_tree, paragraph_text, parse_html
from newscrawl.extraction.tail import (
    NO_TAIL,
    TailOptions,
    cut_tail,
    dropped_subtrees,
    is_post_list,
    named_test,
    names_tail,
    prose_before,
    prose_container,
    tail_subtrees,
    telling_value,
    without_tail_lines,
)

PROSE = "The council voted on Tuesday to rebuild the bridge over the river next spring. "
ARTICLE = f"<div class='body'><p>{PROSE * 2}</p><p>{PROSE}</p><p>{PROSE * 3}</p></div>"
AUTHOR_BOX = "<div class='author-box'><p>Jane Doe writes about city politics.</p></div>"
POSTS = "".join(
    f"<div class='card'><a href='/{n}'>Another story number {n}</a><p>{PROSE}</p></div>"
    for n in range(4)
)
LINKS = "<div><a href='/a'>First other story</a> <a href='/b'>Second other story</a></div>"


def tree(html: str) -> Element:
    """The page as the tail stage alone sees it: parsed and cleaned, its comment section
    still there (``load_document`` drops one first: test_comment_sections.py)."""
    root = parse_html(separate_blocks(html))
    assert root is not None
    clean_tree(root)
    return root


def region(inner: str) -> Element:
    html = f"<html><body><div id='region'>{inner}</div></body></html>"
    node = tree(html).find(".//div[@id='region']")
    assert node is not None
    return node


def cut(inner: str, options: TailOptions) -> str:
    node = region(inner)
    return cut_tail(paragraph_text(node), (node, node), options)


def test_off_leaves_the_text_alone() -> None:
    node = region(ARTICLE + AUTHOR_BOX + POSTS)
    assert cut_tail(paragraph_text(node), (node, node), NO_TAIL) == paragraph_text(node)


def test_named_box_after_the_article_is_dropped() -> None:
    text = cut(ARTICLE + AUTHOR_BOX, TailOptions(names=True))
    assert "Jane Doe" not in text
    assert text.count("council") == 6


def test_named_box_before_the_last_paragraph_is_kept() -> None:
    inner = f"<div class='body'><p>{PROSE * 2}</p>{AUTHOR_BOX}<p>{PROSE * 3}</p></div>"
    assert "Jane Doe" in cut(inner, TailOptions(names=True))


def test_link_dense_block_after_the_article_is_dropped() -> None:
    text = cut(ARTICLE + LINKS, TailOptions(link_share=0.5))
    assert "other story" not in text


def test_post_list_with_excerpts_is_dropped() -> None:
    text = cut(ARTICLE + f"<section>{POSTS}</section>", TailOptions(repeats=3, max_cut_share=None))
    assert "Another story" not in text
    assert text.count("council") == 6


def test_excerpts_do_not_move_the_prose_container() -> None:
    node = region(ARTICLE + f"<section>{POSTS}</section>")
    found = prose_container(node, 80, 0.8)
    assert found is not None
    assert found.container.get("class") == "body"
    assert found.last.getparent() is found.container


def test_article_split_over_sibling_wrappers_is_one_container() -> None:
    inner = "".join(f"<div class='wrap'><p>{PROSE * 2}</p></div>" for _ in range(4))
    node = region(inner)
    found = prose_container(node, 80, 0.8)
    assert found is not None
    assert found.container is node
    assert cut(inner + AUTHOR_BOX, TailOptions(names=True)).count("council") == 8


def test_cut_rest_drops_what_follows_the_first_tail_subtree() -> None:
    after = "<div><p>Short closing words.</p></div>"
    assert "closing" in cut(ARTICLE + AUTHOR_BOX + after, TailOptions(names=True))
    text = cut(ARTICLE + AUTHOR_BOX + after, TailOptions(names=True, cut_rest=True))
    assert "closing" not in text


def test_cap_keeps_the_text_when_most_would_go() -> None:
    lines = "".join(f"<p>Another short line of the box, number {n}</p>" for n in range(40))
    inner = ARTICLE + f"<div class='related'>{lines}</div>"
    assert "short line" not in cut(inner, TailOptions(names=True, max_cut_share=None))
    assert cut(inner, TailOptions(names=True, max_cut_share=0.5)) == paragraph_text(region(inner))


def test_a_long_aside_after_a_short_article_goes_past_the_cap() -> None:
    # a brief in a template whose sidebar of links outweighs it: the tag says it is no article
    lines = "".join(f"<p>Another short line of the box, number {n}</p>" for n in range(40))
    capped = TailOptions(names=True, max_cut_share=0.3, tags_capped=True)
    aside = ARTICLE + f"<aside>{lines}</aside>"
    assert "short line" not in cut(aside, replace(capped, tags_capped=False))
    assert cut(aside, capped) == paragraph_text(region(aside))
    # a named box is no such statement: it stays under the cap
    named = ARTICLE + f"<div class='related'>{lines}</div>"
    assert cut(named, replace(capped, tags_capped=False)) == paragraph_text(region(named))


def test_names_are_whole_tokens_or_tail_tags() -> None:
    node = region("<div class='authorName'>a</div><div class='authority'>b</div><nav>c</nav>")
    first, second, third = node
    assert names_tail(first)
    assert not names_tail(second)
    assert names_tail(third)


def test_page_builder_block_names_are_not_tail_names() -> None:
    node = region("<div class='hs_cos_wrapper hs_cos_wrapper_widget'>FAQ</div>")
    assert not names_tail(node[0])


def test_post_list_needs_repeats_with_links() -> None:
    node = region(f"<section>{POSTS}</section>")
    assert is_post_list(node, 3)
    assert not is_post_list(node, 5)
    plain = region("".join(f"<div class='card'><p>{PROSE}</p></div>" for _ in range(4)))
    assert not is_post_list(plain, 3)


def test_no_long_paragraph_no_cut() -> None:
    inner = "<p>Short.</p>" + AUTHOR_BOX
    assert cut(inner, TailOptions(names=True)) == paragraph_text(region(inner))


def test_block_method_lines_after_the_last_paragraph_are_cut() -> None:
    # a block method keeps some of a subtree's lines: each is removed after the anchor line
    node = region(ARTICLE + "<div class='bio'><p>Jane Doe</p><p>writes about the city.</p></div>")
    text = paragraph_text(node).replace("\nJane Doe", "")
    assert "writes about" in text
    first, last = node[0][0], node[1]
    assert "writes about" not in cut_tail(text, (first, last), TailOptions(names=True))


def test_prose_share_gate_leaves_a_listing_alone() -> None:
    items = "".join(f"<li>Item {n} of a long list of things</li>" for n in range(60))
    inner = f"<div><p>{PROSE * 2}</p></div><ul>{items}</ul>" + AUTHOR_BOX
    node = region(inner)
    assert "Jane" in cut(inner, TailOptions(names=True, min_prose_share=0.5))
    assert "Jane" not in cut(inner, TailOptions(names=True))
    assert node is not None


def test_appeal_words_are_a_separate_switch() -> None:
    node = region("<div class='newsletter-cta'>Sign up</div>")
    assert names_tail(node[0])
    assert not names_tail(node[0], appeals=False)
    inner = ARTICLE + "<div class='newsletter'><p>Get our newsletter every week.</p></div>"
    assert "newsletter" not in cut(inner, TailOptions(appeal_names=True))
    assert "newsletter" in cut(inner, TailOptions())  # the default leaves appeals


def test_the_default_drops_an_author_box_after_the_article() -> None:
    text = cut(ARTICLE + AUTHOR_BOX, TailOptions())
    assert "Jane Doe" not in text
    assert text.count("council") == 6


COMMENTS = (
    "<div id='comments'>"
    + "".join(
        f"<div class='c'><b>Reader {n}</b><p>I think the plan is fine but the river floods "
        f"every spring and nobody on the council seems to remember that, number {n}.</p></div>"
        for n in range(12)
    )
    + "</div>"
)


def test_a_long_comment_thread_does_not_become_the_prose_container() -> None:
    # the thread holds more long paragraphs than the article; its own name leaves it out
    node = region(ARTICLE + COMMENTS)
    found = prose_container(node, 80, 0.8)
    assert found is not None and found.container is node
    found = prose_container(node, 80, 0.8, named_test(TailOptions()))
    assert found is not None and found.container.get("class") == "body"


def test_a_block_method_keeping_the_first_comment_loses_it() -> None:
    # a winner that reaches one comment into the thread: the rest of the thread is in its
    # region, not in its text
    node = region(ARTICLE + COMMENTS)
    first_comment = node.find(".//div[@class='c']")
    assert first_comment is not None
    body = node.find("div[@class='body']")
    assert body is not None
    text = paragraph_text(body) + "\n" + paragraph_text(first_comment)
    first, last = node.find(".//p"), first_comment.find("p")
    assert first is not None and last is not None
    span = (first, last)
    kept = cut_tail(text, span, TailOptions(skip_named_paragraphs=False))
    assert "Reader 0" in kept
    cut_text = cut_tail(text, span, TailOptions())
    assert "Reader 0" not in cut_text
    assert "floods" not in cut_text
    assert cut_text.count("council") == 6


def test_chinese_portal_words_are_a_separate_switch() -> None:
    for name in ("xgyd", "box_tj", "hot-news", "article-keywords", "qrcode", "post_next"):
        node = region(f"<div class='{name}'>x</div>")
        assert not names_tail(node[0]), name
        assert names_tail(node[0], zh_words=True), name
    node = region("<div class='hotel-review'>x</div><div class='next-steps-tjx'>y</div>")
    assert not names_tail(node[0], zh_words=True)  # whole tokens only
    inner = ARTICLE + "<div class='xgyd'><p>Another story the site recommends.</p></div>"
    assert "Another story" in cut(inner, TailOptions(zh_names=False))
    assert "Another story" not in cut(inner, TailOptions(zh_names=True))


def test_a_teaser_paragraph_in_a_named_box_does_not_end_the_prose() -> None:
    excerpt = "Another story: the mayor opened a new library in the old station building. " * 2
    inner = f"<div class='body'>{ARTICLE}<div class='related-box'><p>{excerpt}</p></div></div>"
    # the excerpt is the last long paragraph, so nothing after the prose is left to cut
    assert "Another story" in cut(inner, TailOptions(skip_named_paragraphs=False))
    text = cut(inner, TailOptions(skip_named_paragraphs=True))
    assert "Another story" not in text
    assert text.count("council") == 6
    node = region(inner)
    found = prose_container(node, 80, 0.8, lambda el: el.get("class") == "related-box")
    assert found is not None and found.last is node[0][0][2]


def test_a_named_box_inside_an_anonymous_wrapper_goes_with_named_descendants() -> None:
    # page builders wrap the comment section in layout divs with no words of their own
    wrapped = (
        "<div class='pc-flex pc-reset'><div class='pc-col'>"
        "<div class='comments-section'><p>Reader: the bridge was fine as it was.</p></div>"
        "<div class='pc-note'><p>Thanks for reading.</p></div></div></div>"
    )
    kept = cut(ARTICLE + wrapped, TailOptions(named_descendants=False))
    assert "Reader:" in kept
    text = cut(ARTICLE + wrapped, TailOptions(named_descendants=True))
    assert "Reader:" not in text
    assert "Thanks for reading." in text  # the wrapper's unnamed parts stay
    assert text.count("council") == 6


def test_tail_tags_below_a_wrapper_are_a_separate_switch() -> None:
    wrapped = "<div class='row'><form><p>Get our letters by email every week.</p></form></div>"
    words_only = TailOptions(named_descendants=True, tagged_descendants=False)
    assert "letters" in cut(ARTICLE + wrapped, words_only)
    assert "letters" not in cut(ARTICLE + wrapped, TailOptions(named_descendants=True))


def test_named_descendants_never_reach_before_the_last_paragraph() -> None:
    inner = f"<div class='body'><p>{PROSE * 2}</p><div>{AUTHOR_BOX}</div><p>{PROSE * 3}</p></div>"
    assert "Jane Doe" in cut(inner, TailOptions(named_descendants=True))


def test_named_descendants_wait_for_an_article_shaped_region() -> None:
    # a landing page's region is mostly short blocks: what follows its prose is content
    cards = "".join(
        f"<div class='card'><h3>Plan {n}</h3><span>Feature list {n}</span></div>" for n in range(40)
    )
    wrapped = "<div class='row'><div class='comments'><p>Reader: good plans.</p></div></div>"
    inner = f"<div class='body'><p>{PROSE * 2}</p></div>{wrapped}{cards}"
    gated = TailOptions(named_descendants=True, descendants_prose_share=0.5)
    assert "Reader:" in cut(inner, gated)
    assert "Reader:" not in cut(
        inner, TailOptions(named_descendants=True, descendants_prose_share=None)
    )


def test_a_region_that_is_one_paragraph_has_no_tail_outside_it() -> None:
    html = f"<html><body><div><p id='only'>{PROSE * 3}</p><div class='related'>x</div></div>"
    node = load_document((html + "</body></html>").encode()).root.find(".//p[@id='only']")
    assert node is not None
    found = prose_container(node, 80, 0.8)
    assert found is not None and found.container is node and found.last is node
    assert list(tail_subtrees(node, node)) == []


def dated_thread(
    count: int, clock: str = " at 5:12 pm", heading: str = "Comments", reply: str = "Reply"
) -> str:
    """A comment thread whose names say nothing: dated, linked, same-shape posts."""
    posts = "".join(
        f"<li class='x7f odd'><a href='/u/{n}'>Reader {n}</a>"
        f" <span>May {n + 1}, 2024{clock}</span>"
        f"<p>{'I tried this in my own town and the council there did the same thing. ' * 3}</p>"
        f"<a href='#r{n}'>{reply}</a></li>"
        for n in range(count)
    )
    return f"<div class='q2z'><h3>{count} {heading}</h3><ol class='k9a'>{posts}</ol></div>"


NOTICE = (
    "<p>" + "This site reduces spam; learn how your comment data is processed here. " * 2 + "</p>"
)


def replied_thread(count: int, reply: str = "Reply") -> str:
    """A comment thread with neither names, dates nor heading: author links, text, a reply
    link under each post."""
    posts = "".join(
        f"<div class='i3'><div class='w2'><a href='/u/{n}'>Reader {n}</a></div>"
        f"<div class='b5'>{'I tried this in my own town and the council did the same. ' * 3}</div>"
        f"<div class='a1'><a href='?r={n}'>{reply}</a></div></div>"
        for n in range(count)
    )
    return f"<div class='x9'>{posts}</div>"


def test_an_undated_thread_with_reply_links_is_dropped() -> None:
    text = cut(ARTICLE + replied_thread(4), TailOptions())
    assert "rebuild the bridge" in text and "own town" not in text
    kept = cut(ARTICLE + replied_thread(4), replace(TailOptions(), reply_posts=False))
    assert "own town" in kept


def test_items_without_a_reply_link_are_no_thread() -> None:
    text = cut(ARTICLE + replied_thread(4, reply="Read the story"), TailOptions())
    assert "own town" in text


def test_a_dated_thread_after_the_article_is_dropped_without_names() -> None:
    options = TailOptions(names=False, dated_posts=3, dated_posts_capped=False)
    text = cut(ARTICLE + dated_thread(3), options)
    assert "Reader" not in text and "own town" not in text
    assert text.count("council") == 6


def test_the_prose_ends_where_the_dated_thread_begins() -> None:
    # the reply form's long notice after the thread is not the article's last paragraph
    options = TailOptions(names=False, dated_posts=3)
    node = region(ARTICLE + dated_thread(3) + NOTICE)
    prose, dropped = dropped_subtrees(node, options)
    assert prose is not None and "rebuild the bridge" in paragraph_text(prose.last)
    assert any("Reader 1" in paragraph_text(el) for el in dropped)


def test_a_thread_longer_than_the_article_goes_only_when_uncapped() -> None:
    # the thread's heading alone would cut it: the dated posts are what is tested here
    capped = TailOptions(
        names=False,
        dated_posts=3,
        max_cut_share=0.3,
        dated_posts_capped=True,
        comment_headings=False,
    )
    uncapped = replace(capped, dated_posts_capped=False)
    inner = ARTICLE + dated_thread(12)
    assert "Reader 5" in cut(inner, capped)
    assert "Reader 5" not in cut(inner, uncapped)


def test_a_page_of_dated_posts_alone_is_left_whole() -> None:
    # a forum thread or a live blog: no prose outside the posts, nothing to cut after
    options = TailOptions(names=False, dated_posts=3, dated_posts_capped=False)
    inner = dated_thread(5)
    assert cut(inner, options) == paragraph_text(region(inner))


def test_dated_posts_before_the_article_do_not_end_it() -> None:
    options = TailOptions(names=False, dated_posts=3, dated_posts_capped=False)
    node = region(dated_thread(3) + ARTICLE + AUTHOR_BOX)
    prose, _ = dropped_subtrees(node, options)
    alone, _ = dropped_subtrees(region(ARTICLE), options)
    assert prose is not None and alone is not None and prose.chars == alone.chars


def test_a_long_list_dated_by_day_only_stays_capped() -> None:
    # a listing's items (book releases, events) show a day, a comment thread a time of day
    uncapped = TailOptions(names=False, dated_posts=3, max_cut_share=0.3, dated_posts_capped=False)
    # (no reply link under its items: one would make them comments, dated or not)
    listing = dated_thread(12, clock="", heading="new releases", reply="Details")
    assert "Reader 5" in cut(ARTICLE + listing, uncapped)


def test_dated_posts_around_little_prose_are_content() -> None:
    # a short introduction above a long dated list: the list is what the page is about
    options = TailOptions(names=False, dated_posts=3, dated_posts_capped=False)
    intro = f"<div class='i'><p>{PROSE * 2}</p></div>"
    furniture = "".join(f"<div class='f'><span>Menu item {n}</span></div>" for n in range(40))
    assert "Reader 2" in cut(
        intro + furniture + dated_thread(3, heading="upcoming events"), options
    )


def test_a_long_run_of_linked_teasers_stays_capped() -> None:
    # "2 hrs ago" news teasers are links; a comment is written outside them
    uncapped = TailOptions(names=False, dated_posts=3, max_cut_share=0.3, dated_posts_capped=False)
    teasers = "".join(
        f"<div class='t'><a href='/s/{n}'><span>{n + 1} hrs ago</span>"
        f"<p>{PROSE}{PROSE}</p></a></div>"
        for n in range(12)
    )
    assert "hrs ago" in cut(ARTICLE + f"<div class='w'>{teasers}</div>", uncapped)


def test_prose_before_counts_the_article_paragraphs_before_an_element() -> None:
    long = "The council voted on the harbour plan and the fishermen said what it costs. " * 2
    html = (
        f"<html><body><p>{long}</p><p>short</p><p><a href='/x'>{long}</a></p>"
        f"<div id='end'><p>{long}</p></div></body></html>"
    )
    end = load_document(html.encode()).root.find(".//div[@id='end']")
    assert end is not None
    # the link paragraph is a teaser, the short one too short, the one inside is not before
    assert prose_before(end, 80) == len(long.strip())


def test_prose_before_counts_long_lines_between_line_breaks() -> None:
    # a post written as lines between <br>s (blog engines that keep a post's line breaks)
    long = "The council voted on the harbour plan and the fishermen said what it costs. " * 2
    html = (
        f"<html><body><div>{long}<br><br>short line<br><br><b>{long}</b><br><br>"
        f"<a href='/x'>{long}</a><br><br>{long}</div>"
        f"<div id='end'>{long}</div></body></html>"
    )
    end = load_document(html.encode()).root.find(".//div[@id='end']")
    assert end is not None
    # the bold line is a piece of its own and counts; the link line and the short one do not
    assert prose_before(end, 80) == 3 * len(long.strip())


@pytest.mark.parametrize(
    "name", ["taboola-below-article", "OUTBRAIN", "trending-stories", "popular", "readnext"]
)
def test_a_recirculation_widget_after_the_article_is_dropped(name: str) -> None:
    # what news sites name the boxes of other stories they put after an article
    widget = f"<div class='{name}'><p>Five things the council will not tell you.</p></div>"
    text = cut(ARTICLE + widget, TailOptions())
    assert "Five things" not in text
    assert text.count("council") == 6


def undated_thread(count: int, heading: str = "Comments") -> str:
    """A comment thread with neither telling names nor dates: only its heading says it."""
    posts = "".join(
        f"<div class='c{n % 2}'><b>Reader {n}</b>"
        f"<p>{'I tried this in my own town and the council there did the same thing. ' * 3}</p>"
        f"</div>"
        for n in range(count)
    )
    return f"<div class='x1'><h3>{count} {heading}</h3><div class='x2'>{posts}</div></div>"


HEADINGS = TailOptions(comment_headings=True, comment_headings_capped=False)


def test_a_comment_heading_ends_the_article_and_its_thread_goes() -> None:
    inner = ARTICLE + undated_thread(3)
    assert "Reader 1" in cut(inner, replace(HEADINGS, comment_headings=False))
    text = cut(inner, HEADINGS)
    assert "Reader" not in text and "own town" not in text and "Comments" not in text
    assert text.count("council") == 6


def test_a_thread_longer_than_the_article_goes_only_when_the_heading_is_uncapped() -> None:
    inner = ARTICLE + undated_thread(12)
    assert "Reader 5" in cut(inner, replace(HEADINGS, comment_headings_capped=True))
    assert "Reader 5" not in cut(inner, HEADINGS)


def test_a_comment_heading_before_the_article_does_not_end_it() -> None:
    node = region(undated_thread(1) + ARTICLE)
    prose, dropped = dropped_subtrees(node, HEADINGS)
    assert prose is not None and prose.ended_by is None and not dropped


def test_an_article_section_heading_does_not_end_the_prose() -> None:
    inner = ARTICLE + "<h3>Thoughts on the vote</h3>" + ARTICLE
    assert cut(inner, HEADINGS).count("council") == 12


def test_comment_counters_of_a_listing_do_not_end_it() -> None:
    # each item of a listing shows its comment count; the items are the page's content
    items = "".join(
        f"<div class='item'><h3>App {n}</h3><p>{PROSE}</p>"
        f"<ul>{'<li>Windows</li><li>Mac</li><li>Linux</li>' * 8}</ul>"
        f"<div>{n + 2} comments</div></div>"
        for n in range(6)
    )
    inner = f"<p>{PROSE * 2}</p>{items}"
    assert cut(inner, HEADINGS).count("App ") == 6


def test_a_last_paragraph_the_method_left_out_still_anchors_the_cut() -> None:
    # A method that leaves out the article's last paragraph (a "disclaimer" its class names
    # as furniture) still loses the box after it: the container's last line it kept anchors.
    note = "Transcripts may be revised to correct errors or to match later updates to the audio. "
    disclaimer = f"<p class='disclaimer'>{note * 2}</p>"
    node = region(
        f"<div class='body'><p>{PROSE * 2}</p><p>{PROSE * 3}</p>{disclaimer}</div>{POSTS}"
    )
    prose = prose_container(node, TailOptions().long_paragraph, TailOptions().container_share)
    assert prose is not None and prose.last.get("class") == "disclaimer"
    posts = [el for el in node if el.get("class") == "card"]
    kept = [PROSE * 2, PROSE * 3]
    text = "\n".join([*(line.strip() for line in kept), *(paragraph_text(el) for el in posts)])
    assert without_tail_lines(text, prose.last, posts) is None
    cut_text = without_tail_lines(text, prose.last, posts, prose.container)
    assert cut_text is not None and "Another story" not in cut_text
    assert cut_text.count("The council voted") == 5


@pytest.mark.parametrize(
    ("value", "telling"),
    [
        ("post type-post category-news tag-social-media hentry", "post hentry"),
        ("ast-no-sidebar single-post", "single-post"),
        ("node--type-newsletter-article", ""),
        ("tags", "tags"),
        ("post-tags entry-footer", "post-tags entry-footer"),
    ],
)
def test_telling_value_leaves_out_taxonomy_terms_and_layouts(value: str, telling: str) -> None:
    assert telling_value(value) == telling


def test_a_post_wrapper_classed_with_its_tags_is_no_tail_box() -> None:
    # WordPress writes the post's terms into its wrapper: "tag-social" names no share box
    wrapper = tree("<div class='post tag-social category-sharing'><p>x</p></div>").find(".//div")
    assert wrapper is not None
    assert names_tail(wrapper, telling=False)
    assert not names_tail(wrapper, telling=True)
    box = tree("<div class='post-tags'><a href='/t'>Bridges</a></div>").find(".//div")
    assert box is not None and names_tail(box, telling=True)


def test_the_article_inside_a_tagged_wrapper_keeps_its_prose_and_loses_its_tail() -> None:
    inner = f"<div class='post tag-share-news'>{ARTICLE}{AUTHOR_BOX}</div>"
    assert "Jane Doe" in cut(inner, TailOptions(telling_names=False))
    assert "Jane Doe" not in cut(inner, TailOptions(telling_names=True))
