"""Thread expansion: a chosen post of a thread becomes every post of it."""

from __future__ import annotations

from dataclasses import replace

from lxml.etree import _Element as Element

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto import finishing, runs, voting
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.text import token_counts
from newscrawl.extraction.thread import DEFAULT_OPTIONS as DEFAULT_THREAD
from newscrawl.extraction.thread import (
    NO_THREAD,
    ThreadOptions,
    numbered_id_prefix,
    posts_of,
    prose_length,
    thread_text,
)
from newscrawl.extraction.types import ContentResult

ON = ThreadOptions(min_posts=2, min_post_chars=40, max_climb=3, max_link_share=0.5, min_growth=1.0)
PROSE = "This reply says something about the question with enough words to be a post. "


def thread_page(posts: int | list[str]) -> str:
    """A thread page; ``posts``: how many posts of prose, or each post body's HTML."""
    bodies = (
        posts
        if isinstance(posts, list)
        else [f"<p>Post {index}. {PROSE * (3 if index == 0 else 1)}</p>" for index in range(posts)]
    )
    items = "".join(
        f"<div class='post'><span class='user'>user{index}</span>"
        f"<div class='post-body'>{body}</div></div>"
        for index, body in enumerate(bodies)
    )
    return (
        f"<html><body><nav><a href='/'>Home</a> <a href='/f'>Forum</a></nav>"
        f"<div class='thread'>{items}</div></body></html>"
    )


def first_post_body(html: str) -> Element:
    """The node a one-region method picks: the first post's body."""
    node = load_document(html.encode()).root.find(".//div[@class='post-body']")
    assert node is not None
    return node


def test_every_post_of_a_thread_is_kept_in_document_order():
    node = first_post_body(thread_page(4))
    text = thread_text([node], ON)
    assert text is not None
    assert [line.split(".")[0] for line in text.split("\n")] == [
        "Post 0",
        "Post 1",
        "Post 2",
        "Post 3",
    ]
    assert "user1" not in text  # the post body repeats, not the post with its byline


def test_climbs_to_the_repeated_ancestor_when_the_node_has_no_class():
    html = (
        thread_page(3)
        .replace("<div class='post-body'>", "<div><section>")
        .replace("</p></div></div>", "</p></section></div></div>")
    )
    doc = load_document(html.encode())
    node = doc.root.find(".//section")
    posts = posts_of(node, ON)
    assert posts is not None and len(posts) == 3
    assert posts_of(node, replace(ON, max_climb=0)) is None


def test_a_lone_region_is_no_thread():
    node = first_post_body(thread_page(1))
    assert thread_text([node], ON) is None
    assert thread_text([], ON) is None


def test_off_and_below_the_post_count():
    node = first_post_body(thread_page(3))
    assert thread_text([node], NO_THREAD) is None
    assert thread_text([node], replace(ON, min_posts=4)) is None


def test_short_or_link_only_repeats_are_not_posts():
    first = f"<p>Post 0. {PROSE * 3}</p>"
    node = first_post_body(thread_page([first, "<p>Thanks!</p>", "<p>+1</p>"]))
    assert thread_text([node], ON) is None  # the others are too short to be posts
    linked = f"<p><a href='/x'>Post 1. {PROSE}</a></p>"
    node = first_post_body(thread_page([first, linked, f"<p>Post 2. {PROSE}</p>"]))
    text = thread_text([node], ON)
    assert text is not None and "Post 1" not in text and "Post 2" in text


def test_repeats_at_another_depth_count_only_when_allowed():
    html = thread_page(1).replace(
        "</div></body>",
        f"</div><aside><div><div><div class='post-body'><p>{PROSE}</p></div>"
        "</div></div></aside></body>",
    )
    node = first_post_body(html)
    assert thread_text([node], replace(ON, off_depth_repeats=0)) is None
    assert thread_text([node], replace(ON, off_depth_repeats=1)) is not None


def test_without_the_depth_test_an_opening_post_wrapped_apart_joins_the_replies():
    # The opening post sits one level above the replies' list, as forum engines write it.
    replies = "".join(
        f"<article class='reply'><div class='content'><p>Reply {index}. {PROSE}</p></div></article>"
        for index in range(3)
    )
    html = (
        "<html><body><article class='topic'><div class='content'>"
        f"<p>Question. {PROSE * 2}</p></div></article>"
        f"<section><div>{replies}</div></section></body></html>"
    )
    node = load_document(html.encode()).root.find(".//div[@class='content']")
    assert node is not None
    assert thread_text([node], replace(ON, max_climb=0, min_posts=4, off_depth_repeats=0)) is None
    for allowed in (None, 1):
        text = thread_text([node], replace(ON, max_climb=0, min_posts=4, off_depth_repeats=allowed))
        assert text is not None
        assert [line.split(".")[0] for line in text.split("\n")] == [
            "Question",
            "Reply 0",
            "Reply 1",
            "Reply 2",
        ]


def test_repeats_off_the_shared_depth_count_only_up_to_the_allowance():
    # Blocks of one class at three depths: a page builder's, not a thread's.
    blocks = "".join(
        "<div>" * depth
        + f"<div class='content'><p>Block {index}. {PROSE}</p></div>"
        + "</div>" * depth
        for index, depth in enumerate((0, 0, 0, 1, 2))
    )
    node = load_document(f"<html><body>{blocks}</body></html>".encode()).root.find(
        ".//div[@class='content']"
    )
    assert node is not None
    loose = replace(ON, max_climb=0, min_posts=4)
    assert thread_text([node], replace(loose, off_depth_repeats=1)) is None  # 3 alike, 2 apart
    assert thread_text([node], replace(loose, off_depth_repeats=2)) is not None


def test_without_the_depth_test_a_repeat_inside_a_repeat_counts_once():
    nested = f"<div class='post-body'><p>Quoted. {PROSE}</p></div>"
    first = f"<p>Post 0. {PROSE * 3}</p>"
    node = first_post_body(thread_page([first, f"{nested}<p>Post 1. {PROSE}</p>"]))
    text = thread_text([node], replace(ON, off_depth_repeats=None))
    assert text is not None
    assert text.count("Quoted.") == 1


def test_auto_keeps_the_whole_thread_by_default():
    doc = load_document(thread_page(5).encode())
    expanded = auto.extract_content(doc)
    plain = auto.extract_content(doc, replace(DEFAULT_AUTO, thread=NO_THREAD))
    assert isinstance(plain, ContentResult) and isinstance(expanded, ContentResult)
    assert "Post 4" in expanded.text and "Post 0" in expanded.text
    assert "Post 4" not in plain.text


def test_a_threads_content_html_holds_every_post_and_the_images_stay_the_regions():
    posts = [f"<p>Post {index}. {PROSE}<img src='/shot{index}.png'></p>" for index in range(5)]
    html = thread_page(posts)
    article = extract(html.encode(), url="https://forum.example.com/t/1", method="auto")
    assert isinstance(article, Article)
    assert all(f"Post {index}." in article.content_html for index in range(5))
    assert "https://forum.example.com/shot4.png" in article.content_html
    region_only = extract(
        html.encode(),
        url="https://forum.example.com/t/1",
        method="auto",
        options=replace(DEFAULT_AUTO, thread=NO_THREAD),
    )
    assert isinstance(region_only, Article)
    assert article.images == region_only.images  # the posts' pictures are not its images


def test_a_region_holding_most_of_the_repeats_text_is_the_content_itself():
    # An article body among a page builder's short widgets of the same class.
    article = f"<p>Post 0. {PROSE * 12}</p>"
    node = first_post_body(thread_page([article, f"<p>{PROSE}</p>", f"<p>{PROSE}</p>"]))
    assert thread_text([node], replace(ON, min_growth=1.5)) is None
    assert thread_text([node], ON) is not None


def test_a_region_of_paragraphs_starts_from_their_common_ancestor():
    page = thread_page(
        [
            f"<p>Post 0. {PROSE}</p><p>{PROSE}</p>",
            f"<p>Post 1. {PROSE}</p>",
            f"<p>Post 2. {PROSE}</p>",
        ]
    )
    paragraphs = load_document(page.encode()).root.findall(".//div[@class='post-body']/p")[:2]
    assert thread_text(paragraphs, replace(ON, max_climb=0)) is None
    text = thread_text(paragraphs, replace(ON, max_climb=0, from_common_ancestor=True))
    assert text is not None and "Post 2" in text


def alternating_rows_page() -> str:
    """A thread whose posts alternate their row class, with the first post marked as the
    topic's (the shape of phpBB's "bg1"/"bg2" rows and Discourse's "topic-owner")."""
    classes = ["post bg1 topic-owner", "post bg2", "post bg1", "post bg2"]
    items = "".join(
        f"<div class='{cls}'><p>Post {index}. {PROSE * (3 if index == 0 else 1)}</p></div>"
        for index, cls in enumerate(classes)
    )
    return f"<html><body><div class='thread'>{items}</div></body></html>"


def test_first_class_word_matching_joins_posts_whose_state_words_differ():
    root = load_document(alternating_rows_page().encode()).root
    first = root.find(".//p")
    assert first is not None
    assert thread_text([first], ON) is None  # no two posts share the whole class
    text = thread_text([first], replace(ON, class_match="first_word"))
    assert text is not None
    assert [line.split(".")[0] for line in text.split("\n")] == [
        "Post 0",
        "Post 1",
        "Post 2",
        "Post 3",
    ]


def test_first_class_word_matching_needs_the_same_first_word():
    html = alternating_rows_page().replace("'post bg2'", "'reply post bg2'")
    first = load_document(html.encode()).root.find(".//p")
    assert first is not None
    # "post bg1 topic-owner" and "post bg1" are two, under ON's two-post minimum only
    options = replace(ON, class_match="first_word", min_posts=3)
    assert thread_text([first], options) is None


def discuz_page(replies: int, stamp: str = "2024-5-3") -> str:
    """A Discuz!-style thread: each post a table in a ``div#post_N``, its text in
    ``td.t_f``, the author column beside it, ``stamp`` in its header."""
    sentence = "小区停车位不够用的问题已经讨论很久了，物业应该尽快拿出办法，大家一起想想。"
    posts = "".join(
        f"<div id='post_{n}'><table id='pid{n}' class='plhin'><tr>"
        f"<td class='pls'><a href='/space-uid-{n}.html'>用户{n}</a></td>"
        f"<td class='plc'><div class='pi'>{n + 1}楼 发表于 {stamp}</div>"
        f"<div class='pct'><table><tr><td class='t_f' id='postmessage_{n}'>"
        f"第{n}楼：{sentence * 2}</td></tr></table></div></td></tr></table></div>"
        for n in range(replies + 1)
    )
    return f"<html><body><div id='postlist' class='pl bm'>{posts}</div></body></html>"


def test_a_discuz_thread_of_table_posts_keeps_every_post():
    html = discuz_page(5)
    node = load_document(html.encode()).root.find(".//td[@class='t_f']")
    assert node is not None
    text = thread_text([node], ThreadOptions())
    assert text is not None
    assert [line[:3] for line in text.split("\n")] == [f"第{n}楼" for n in range(6)]
    assert "用户" not in text and "发表于" not in text


def test_a_discuz_thread_of_two_posts_stamped_with_their_time_keeps_both():
    html = discuz_page(1, stamp="2024-5-3 10:12")
    node = load_document(html.encode()).root.find(".//td[@class='t_f']")
    assert node is not None
    text = thread_text([node], ThreadOptions())
    assert text is not None and "第1楼" in text
    assert thread_text([node], ThreadOptions(dated_min_posts=None)) is None


def numbered_thread(posts: int, id_format: str = "post_message_{}") -> str:
    """A vBulletin-style thread: each post's message in a classless element whose id numbers
    it, inside a post wrapper that also holds the poster's furniture."""
    items = "".join(
        f"<li class='postbit'><div class='userinfo'>user{index} Join date: Jan 2020</div>"
        f"<div id='{id_format.format(1000 + index)}'>Post {index}. {PROSE}</div>"
        f"<div class='likes'>user{index + 1} likes this.</div></li>"
        for index in range(posts)
    )
    return f"<html><body><ol class='posts'>{items}</ol></body></html>"


def test_classless_messages_numbered_by_their_ids_are_posts():
    doc = load_document(numbered_thread(4).encode())
    node = doc.root.find(".//div[@id='post_message_1000']")
    assert node is not None
    text = thread_text([node], replace(ON, max_climb=0))
    assert text is not None
    assert [line.split(".")[0] for line in text.split("\n")] == [f"Post {n}" for n in range(4)]
    assert "likes this" not in text and "Join date" not in text  # the messages, not the posts
    assert thread_text([node], replace(ON, max_climb=0, numbered_ids=False)) is None


def test_only_ids_of_the_same_kind_and_a_number_repeat():
    assert numbered_id_prefix("post_message_17") == "post_message_"
    assert numbered_id_prefix("pid9") == "pid"
    assert numbered_id_prefix("main") is None
    assert numbered_id_prefix("post_17_body") is None
    assert numbered_id_prefix(None) is None
    # one post numbered "post_message_", the others "post_" and "reply": no repeats
    html = numbered_thread(3, "post_{}").replace("id='post_1000'", "id='post_message_1000'")
    html = html.replace("id='post_1002'", "id='reply'")
    node = load_document(html.encode()).root.find(".//div[@id='post_message_1000']")
    assert node is not None
    assert thread_text([node], replace(ON, max_climb=0)) is None


def sectioned_article(sections: int, paragraph_class: str | None = None) -> str:
    """An article whose sections repeat one class, each titled by a heading between them."""
    cls = f" class='{paragraph_class}'" if paragraph_class else ""
    body = "".join(
        f"<h2>Heading {index}</h2><div class='section'><p{cls}>Section {index}. {PROSE}</p>"
        f"<p{cls}>{PROSE}</p></div>"
        for index in range(sections)
    )
    return f"<html><body><article>{body}</article></body></html>"


def test_headings_between_posts_keep_their_place():
    node = load_document(sectioned_article(4).encode()).root.find(".//div[@class='section']")
    assert node is not None
    text = thread_text([node], ON)
    assert text is not None
    lines = [line.split(".")[0] for line in text.split("\n") if not line.startswith("This")]
    # The heading before the first section titles the page's region, not a post between.
    assert lines == ["Section 0", "Heading 1", "Section 1", "Heading 2", "Section 2",
                     "Heading 3", "Section 3"]  # fmt: skip
    plain = thread_text([node], replace(ON, keep_headings=False))
    assert plain is not None and "Heading" not in plain


def test_paragraphs_of_one_class_are_no_posts():
    html = sectioned_article(1, paragraph_class="body-paragraph").replace(
        "</div></article>",
        "".join(f"<p class='body-paragraph'>{PROSE}</p>" for _ in range(4)) + "</div></article>",
    )
    paragraph = load_document(html.encode()).root.find(".//p")
    assert paragraph is not None
    assert posts_of(paragraph, replace(ON, max_climb=0)) is None
    found = posts_of(paragraph, replace(ON, max_climb=0, paragraph_posts=True))
    assert found is not None and len(found) == 6


def test_a_region_that_already_spans_the_repeats_is_not_replaced():
    node = first_post_body(thread_page(4))
    posts = posts_of(node, ON)
    assert posts is not None
    everything = sum(prose_length(post, ON.min_post_chars, ON.max_link_share) for post in posts)
    assert posts_of(node, replace(ON, min_growth=1.5), region_chars=everything) is None
    assert posts_of(node, replace(ON, min_growth=1.5), region_chars=0) is not None


def test_a_candidate_that_is_one_post_votes_with_the_whole_thread():
    doc = load_document(thread_page(5).encode())
    voted = runs.run_methods(doc, ["density"])
    alone = runs.run_methods(
        doc,
        ["density"],
        options=replace(DEFAULT_AUTO, thread=replace(DEFAULT_THREAD, in_vote=False)),
    )
    assert [c.method for c in voted] == [c.method for c in alone] == ["density"]
    assert "Post 4" in voted[0].result.text and "Post 4" not in alone[0].result.text
    assert "Post 0" in alone[0].result.text


def test_the_winner_keeps_what_the_votes_thread_test_found():
    doc = load_document(thread_page(5).encode())
    (candidate,) = runs.run_methods(
        doc,
        ["density"],
        options=replace(DEFAULT_AUTO, thread=replace(DEFAULT_THREAD, in_vote=False)),
    )
    assert candidate.posts is None  # the test did not run: the winner is expanded after
    assert "Post 4" in finishing.winner_text(voting.Vote(candidate, 1.0, [candidate], False), doc)
    # Found no thread in the vote: the winner stays its region.
    seen = replace(candidate, posts=False)
    assert "Post 4" not in finishing.winner_text(voting.Vote(seen, 1.0, [seen], False), doc)
    (voted,) = runs.run_methods(doc, ["density"])
    assert voted.posts is True
    assert "Post 4" in finishing.winner_text(voting.Vote(voted, 1.0, [voted], False), doc)


def stamped_page(bodies: list[str], stamps: list[str], box: str = "div") -> str:
    """A thread whose posts each stand in a box with a header: the poster and ``stamps[i]``
    beside the message, as forum engines lay a post out."""
    items = "".join(
        f"<{box} class='postbox'><div class='head'><a href='/u/{i}'>user{i}</a> "
        f"<span>{stamp}</span></div><div class='message'>{body}</div></{box}>"
        for i, (body, stamp) in enumerate(zip(bodies, stamps, strict=True))
    )
    return f"<html><body><div class='thread'>{items}</div></body></html>"


def message(html: str) -> Element:
    node = load_document(html.encode()).root.find(".//div[@class='message']")
    assert node is not None
    return node


STAMPED = replace(DEFAULT_THREAD, min_posts=4, dated_min_posts=2, dated_min_growth=1.0)
UNSTAMPED = replace(STAMPED, dated_min_posts=None)


def test_two_posts_whose_headers_are_stamped_are_a_thread():
    html = stamped_page(
        [f"<p>Opening. {PROSE * 2}</p>", f"<p>Reply. {PROSE}</p>"],
        ["2025-11-01 15:14:37", "3 hours ago"],
    )
    text = thread_text([message(html)], STAMPED)
    assert text is not None and "Opening." in text and "Reply." in text
    assert thread_text([message(html)], UNSTAMPED) is None  # two posts: below min_posts


def test_a_long_opening_post_with_short_stamped_replies_is_a_thread():
    # The replies together hold less than the opening post: the growth test alone fails.
    bodies = [f"<p>Opening. {PROSE * 12}</p>"] + [f"<p>Reply {i}. {PROSE}</p>" for i in range(4)]
    stamps = [f"May {i + 1}, 2024 at 10:1{i} am" for i in range(5)]
    html = stamped_page(bodies, stamps)
    text = thread_text([message(html)], STAMPED)
    assert text is not None and "Reply 3." in text
    assert thread_text([message(html)], UNSTAMPED) is None


def test_a_day_alone_or_a_time_inside_the_message_stamps_no_post():
    # Related stories beside an article show their day; a time in a message is any time.
    bodies = [f"<p>Article. {PROSE * 2}</p>", f"<p>Teaser. {PROSE}</p>"]
    days = stamped_page(bodies, ["December 13, 2025", "October 29, 2024"])
    assert thread_text([message(days)], STAMPED) is None
    inside = stamped_page(
        [f"<p>Article at 05:49. {PROSE * 2}</p>", f"<p>Track 03:37. {PROSE}</p>"], ["", ""]
    )
    assert thread_text([message(inside)], STAMPED) is None


def test_a_time_element_with_a_clock_in_the_header_stamps_a_post():
    bodies = [f"<p>Opening. {PROSE * 2}</p>", f"<p>Reply. {PROSE}</p>"]
    clocks = [f"<time datetime='2024-05-0{i + 1}T10:00:00Z'>May {i + 1}</time>" for i in range(2)]
    text = thread_text([message(stamped_page(bodies, clocks, box="article"))], STAMPED)
    assert text is not None and "Reply." in text
    spaced = [f"<time datetime='2024-05-0{i + 1} 10:00:00Z'>May {i + 1}</time>" for i in range(2)]
    assert thread_text([message(stamped_page(bodies, spaced, box="article"))], STAMPED)
    days = [f"<time datetime='2024-05-0{i + 1}'>May {i + 1}</time>" for i in range(2)]
    assert thread_text([message(stamped_page(bodies, days, box="article"))], STAMPED) is None


def test_quotes_of_one_post_in_the_replies_are_no_thread():
    # Each reply quotes the opening post in a block of one class: the quotes repeat, with
    # the same text; the replies' own messages are the thread.
    opening = f"Opening. {PROSE * 2}"
    quote = f"<blockquote class='quote'><div class='quoted'>{opening}</div></blockquote>"
    bodies = [f"<p>{opening}</p>"] + [f"{quote}<p>Reply {i}. {PROSE}</p>" for i in range(4)]
    html = stamped_page(bodies, [f"2024-05-0{i + 1} 10:00" for i in range(5)])
    quoted = load_document(html.encode()).root.find(".//div[@class='quoted']")
    assert quoted is not None
    assert posts_of(quoted, replace(STAMPED, max_climb=0)) is None
    kept = posts_of(quoted, replace(STAMPED, max_climb=0, skip_quotes=False))
    assert kept is not None and len(kept) == 4


def test_a_day_whose_tooltip_gives_the_time_stamps_a_post():
    bodies = [f"<p>Opening. {PROSE * 2}</p>", f"<p>Reply. {PROSE}</p>"]
    tooltips = [
        f"<span class='DateTime' title='May {i + 1}, 2025 at 11:1{i} PM'>May {i + 1}, 2025</span>"
        for i in range(2)
    ]
    text = thread_text([message(stamped_page(bodies, tooltips))], STAMPED)
    assert text is not None and "Reply." in text
    days = [f"<span title='May {i + 1}, 2025'>May {i + 1}, 2025</span>" for i in range(2)]
    assert thread_text([message(stamped_page(bodies, days))], STAMPED) is None


def test_once_a_thread_its_replies_of_a_few_words_are_posts_too():
    posts = [f"<p>Post {index}. {PROSE}</p>" for index in range(3)] + ["<p>Thanks, it works!</p>"]
    node = first_post_body(thread_page(posts))
    text = thread_text([node], ON)
    assert text is not None and "Thanks, it works!" in text
    text = thread_text([node], replace(ON, short_replies=False))
    assert text is not None and "Thanks" not in text
    # A repeat that is only a link is still no post.
    node = first_post_body(thread_page([*posts[:3], "<p><a href='/u/1'>user1</a></p>"]))
    assert "user1" not in (thread_text([node], ON) or "")


def test_an_opening_post_with_one_line_stamped_replies_is_a_thread():
    # No reply is long enough to count as a post; their stamps make the thread.
    bodies = [f"<p>Opening. {PROSE * 4}</p>", "<p>顶，支持楼主！</p>", "<p>同问，我也想知道</p>"]
    html = stamped_page(bodies, ["2024-05-03 10:12", "2024-05-03 11:40", "2024-05-04 08:05"])
    text = thread_text([message(html)], STAMPED)
    assert text is not None and "支持楼主" in text and "我也想知道" in text
    assert thread_text([message(html)], replace(STAMPED, short_replies=False)) is None


def test_a_thread_holding_the_winner_wins_the_vote():
    # Block methods keep a thread's opening post and pass over its one-line replies; the
    # candidate that is every post and holds that winner's text wins instead.
    html = stamped_page(
        [f"<p>Opening. {PROSE * 4}</p>", "<p>顶，支持楼主！</p>", "<p>同问，我也想知道</p>"],
        ["2024-05-03 10:12", "2024-05-03 11:40", "2024-05-04 08:05"],
    )
    doc = load_document(html.encode())
    (thread,) = runs.run_methods(doc, ["density"])
    assert thread.posts is True and "我也想知道" in thread.result.text
    opening = runs.Candidate(
        "justext",
        ContentResult(text=f"Opening. {PROSE * 4}", method="justext"),
        token_counts(f"Opening. {PROSE * 4}"),
    )
    assert voting.thread_of(opening, [thread, opening]) is thread
    off = replace(DEFAULT_AUTO, thread_holds_winner=None)
    assert voting.thread_of(opening, [thread, opening], off) is opening
    # A thread that does not hold the winner (another region) does not replace it.
    other = runs.Candidate(
        "justext",
        ContentResult(text="A different story. " * 20, method="justext"),
        token_counts("A different story. " * 20),
    )
    assert voting.thread_of(other, [thread, other]) is other
