"""Dates of other posts: a comment thread's or a post list's stamps after the article are
theirs, never the page's publish time."""

from __future__ import annotations

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.document import TEXT_PIECES
from newscrawl.extraction.metadata.dates import (
    DEFAULT_DATE_RULES,
    STAGE_ORDER,
    choose_date,
    extract_publish_time,
    structured_date,
    structured_dates,
    text_dates,
    thread_days,
    thread_of,
)

URL = "https://example.org/news/harbour-plan"
PARAGRAPH = (
    "The council voted on the new harbour plan on the second reading, and the fishermen "
    "said what the costs would mean for them over the next season."
)


def article(paragraphs: int = 6, byline: str = "") -> str:
    body = "".join(f"<p class='x9f{n}'>{PARAGRAPH}</p>" for n in range(paragraphs))
    return f"<div class='a71c'><h1>Harbour plan passes</h1>{byline}{body}</div>"


def comments(count: int = 12, stamp: str = "March {day}, 2025 at 4:{minute} pm") -> str:
    posts = "".join(
        f"<div class='q3e7 r{n % 2}'><a href='/u/{n}'>reader{n}</a> "
        f"<span>{stamp.format(day=n + 1, minute=10 + n)}</span>"
        f"<p>Comment {n}: a fair point about the harbour.</p><a href='#r{n}'>Reply</a></div>"
        for n in range(count)
    )
    return f"<div class='k2b0'><h3>{count} thoughts</h3>{posts}</div>"


def page(body: str) -> bytes:
    return (
        f"<html><head><title>Harbour plan passes</title></head><body>{body}</body></html>"
    ).encode()


def test_a_page_without_a_date_of_its_own_does_not_take_its_first_comments() -> None:
    html = page(article() + comments())
    doc = load_document(html, url=URL)
    found = text_dates(doc, None)
    assert found.found is None
    assert len(found.thread) == 12
    assert extract_publish_time(doc, None) is None  # htmldate's answer is a comment's too
    result = extract(html, url=URL, method="auto")
    assert isinstance(result, Article)
    assert result.publish_time is None
    assert "Comment 3" not in result.content


def test_the_article_byline_date_stands_before_its_comments() -> None:
    html = page(article(byline="<p>By Ann Lee, 12 February 2025</p>") + comments())
    assert extract_publish_time(load_document(html, url=URL), None) == "2025-02-12"


def test_a_date_after_the_comments_is_not_read_past_them() -> None:
    # The search starts again before the thread: a date later in the window is not taken.
    html = page(article(paragraphs=2) + comments(count=4) + "<p>Updated 9 April 2025</p>")
    assert text_dates(load_document(html, url=URL), None).found is None


def test_comment_time_elements_are_not_the_structured_date() -> None:
    stamped = comments(stamp="<time datetime='2025-03-{day:02d}T16:{minute}:00+00:00'>x</time>")
    doc = load_document(page(article() + stamped), url=URL)
    assert structured_date(doc, None) is None
    assert thread_of(next(doc.root.iter("time")))


def test_comments_stamped_only_in_markup_are_not_the_publish_time() -> None:
    # No visible date: the text stage passes over nothing, htmldate reads the first
    # comment's datetime; the structured stage's skipped posts refuse that day.
    stamp = "<time datetime='2025-03-{day:02d}T16:{minute}:00+00:00'>Permalink</time>"
    doc = load_document(page(article() + comments(stamp=stamp)), url=URL)
    found = structured_dates(doc, None)
    assert found.found is None
    assert len(found.thread) == 12
    assert text_dates(doc, None).thread == ()
    assert extract_publish_time(doc, None) is None


def test_a_declared_publish_time_inside_a_post_list_still_counts() -> None:
    stamped = comments(stamp="<time pubdate datetime='2025-03-{day:02d}'>x</time>")
    doc = load_document(page(article() + stamped), url=URL)
    assert structured_date(doc, None) == "2025-03-01"


def test_a_forum_threads_first_post_is_the_pages_own() -> None:
    # No article prose before the run: its first post is what the page is.
    html = page("<h1>Harbour plan passes</h1>" + comments(count=5))
    doc = load_document(html, url=URL)
    assert text_dates(doc, None).found == "2025-03-01T16:10"
    assert text_dates(doc, None).thread == ()


def test_a_post_that_holds_the_article_is_not_another_post() -> None:
    # A page-wide block of the run's shape holding the article and its date, after a short
    # introduction: its post holds more than the prose before it.
    intro = f"<p>{PARAGRAPH}</p>"
    own = (
        "<div class='q3e7'><a href='/guide'>Guide</a> <span>15 November 2018</span>"
        + "".join(f"<p>{PARAGRAPH}</p>" for _ in range(5))
        + "<div class='q3e7'><a href='/s1'>Step 1</a><span>16 November 2018</span></div></div>"
        "<div class='q3e7'><a href='/s2'>Step 2</a> <span>17 November 2018</span></div>"
    )
    html = page("<h1>Harbour plan passes</h1>" + intro + own)
    assert text_dates(load_document(html, url=URL), None).found == "2018-11-15"


def test_thread_days_are_each_posts_stamp() -> None:
    doc = load_document(page(article() + comments(count=3)), url=URL)
    thread = text_dates(doc, None).thread
    assert thread_days(thread) == {"2025-03-01", "2025-03-02", "2025-03-03"}


def test_a_later_stage_on_a_thread_day_is_passed_over() -> None:
    answers = {"structured": None, "url": None, "text": None, "htmldate": "2025-03-02"}
    days = frozenset({"2025-03-02"})
    assert choose_date(STAGE_ORDER, answers.get, None, DEFAULT_DATE_RULES, lambda: days) is None
    answers["htmldate"] = "2025-02-12"
    found = choose_date(STAGE_ORDER, answers.get, None, DEFAULT_DATE_RULES, lambda: days)
    assert found == "2025-02-12"


def test_a_stage_before_the_text_stage_is_not_checked_against_the_thread() -> None:
    answers = {"structured": "2025-03-02", "url": None, "text": None, "htmldate": None}
    days = frozenset({"2025-03-02"})
    found = choose_date(STAGE_ORDER, answers.get, None, DEFAULT_DATE_RULES, lambda: days)
    assert found == "2025-03-02"


def test_a_post_lists_entry_for_this_very_page_gives_its_date() -> None:
    # A recent-posts list after the article that names the page itself: its entry's date is
    # the page's own.
    entries = "".join(
        f"<li class='p9'><a href='{href}'>{title}</a> <time datetime='{day}'>x</time></li>"
        for href, title, day in [
            ("/news/harbour-plan/", "Harbour plan passes", "2025-02-12"),
            ("/news/ferry", "Ferry timetable", "2025-01-30"),
            ("/news/bridge", "Bridge repairs", "2025-01-02"),
        ]
    )
    doc = load_document(page(article() + f"<ul>{entries}</ul>"), url=URL)
    assert structured_date(doc, None) == "2025-02-12"
    other = load_document(page(article() + f"<ul>{entries}</ul>"), url=URL + "-2")
    assert structured_date(other, None) is None


def test_the_body_text_pieces_join_to_the_body_text() -> None:
    # Offsets in Document.body_text() are found by summing piece lengths: the two must agree.
    html = (
        b"<html><body>lead <b>bold</b> tail<br>next &amp; more<!-- gone -->"
        b"<script>var x = 1;</script><div>a<span>b</span>c</div>end</body></html>"
    )
    doc = load_document(html, url=URL)
    assert doc.body is not None
    assert "".join(TEXT_PIECES(doc.body)) == doc.body_text()
