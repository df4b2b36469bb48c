"""benchmarks/grafted_comments.py: other sites' comment sections put under each article."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lxml import html as lxml_html

from tests.scripts import load_script


def _script():
    return load_script("benchmarks/grafted_comments.py")


FIRST = "The council voted on Tuesday to rebuild the bridge over the river next spring."
LAST = "Work starts in April and the road stays open to buses throughout the works."
ARTICLE_PAGE = (
    "<html><body><div id='main'><h1>Bridge</h1><div class='body'>"
    f"<p>{FIRST}</p><p>{'More of the story, told at some length. ' * 4}</p><p>{LAST}</p>"
    "</div><div class='aside'>Other links</div></div></body></html>"
)
COMMENTS_PAGE = (
    "<html><body><div class='post'><p>Another site's article text.</p></div>"
    "<div id='comments' class='comments-area'><h2>2 Comments</h2><ol>"
    + "".join(
        f"<li class='comment'><b>Reader {n}</b><p>{'I read this with interest and agree. ' * 18}"
        f"</p></li>"
        for n in range(2)
    )
    + "</ol></div></body></html>"
)


def _pages(tmp_path: Path) -> Path:
    (tmp_path / "a.html").write_text(ARTICLE_PAGE)
    (tmp_path / "c.html").write_text(COMMENTS_PAGE)
    rows = [
        {"id": "a", "html_path": "a.html", "text": f"{FIRST}\n{LAST}", "url": "https://a.example/x",
         "page_type": "article"},
        {"id": "c", "html_path": "c.html", "text": "Another site's article text.",
         "url": "https://c.example/y", "page_type": "article"},
        {"id": "f", "html_path": "c.html", "text": "A forum thread.", "url": "https://f.example/t",
         "page_type": "forum"},
    ]  # fmt: skip
    (tmp_path / "pages.jsonl").write_text("\n".join(json.dumps(row) for row in rows))
    return tmp_path / "pages.jsonl"


def test_the_thread_goes_right_after_the_article_container() -> None:
    script = _script()
    thread = script.Graft("<div class='t'><p>A comment.</p></div>", ("A comment.",))
    served, grafted = script.graft_into(ARTICLE_PAGE, f"{FIRST}\n{LAST}", thread)
    root = lxml_html.fromstring(grafted)
    body = root.find(".//div[@class='body']")
    assert body is not None and body.getnext().get("class") == "t"
    assert b"A comment." not in served
    assert lxml_html.fromstring(served).text_content() in root.text_content().replace(
        "A comment.", ""
    )


def test_a_box_goes_before_the_article_container_or_between_two_of_its_paragraphs() -> None:
    script = _script()
    box = script.Graft("<div class='t'><p>Another story.</p></div>", ("Another story.",))
    middle = "More of the story, told at some length. " * 4
    label = f"{FIRST}\n{middle.strip()}\n{LAST}"
    _, before = script.graft_into(ARTICLE_PAGE, label, box, "before")
    body = lxml_html.fromstring(before).find(".//div[@class='body']")
    assert body is not None and body.getprevious().get("class") == "t"
    _, inside = script.graft_into(ARTICLE_PAGE, label, box, "middle")
    paragraphs = [el.tag for el in lxml_html.fromstring(inside).find(".//div[@class='body']")]
    assert paragraphs == ["p", "p", "div", "p"]
    # Two long lines have no middle: no graft rather than one at an edge.
    assert script.graft_into(ARTICLE_PAGE, f"{FIRST}\n{LAST}", box, "middle") is None


def test_donors_are_comment_sections_of_pages_other_than_forums(tmp_path: Path) -> None:
    script = _script()
    pages = script.load_pages(_pages(tmp_path))
    donors = script.donor_grafts(pages, chinese=False)
    assert [site for site, _ in donors] == ["c.example"]
    _, graft = donors[0]
    assert graft.markup.startswith('<div id="comments"') and len(graft.lines) == 2
    # a page never gets its own site's section
    assert script.donor_for(pages[1], "c.example", donors) is None
    assert script.donor_for(pages[0], "a.example", donors) is graft
    # the worst pages' list names where a served section came from, renamed too
    assert graft.donor == "c.example"
    renamed = script.thread_for("served-renamed", pages[0], "a.example", [], donors, 6)
    assert renamed is not None and renamed.donor == "c.example"


def test_kept_share_counts_the_comment_lines_in_the_output() -> None:
    script = _script()
    lines = ("First comment here.", "Second, longer comment here.")
    assert script.kept_share("Article.\nFirst comment here.", lines) == len("Firstcommenthere.") / (
        len("Firstcommenthere.") + len("Second,longercommenthere.")
    )
    assert script.kept_share("Article only.", lines) == 0.0


def test_main_scores_every_kind(tmp_path: Path, capsys) -> None:
    script = _script()
    pages = _pages(tmp_path)
    argv = [str(pages), "--page-type", "article", "--systems", "density", "--kinds",
            "named,plain,served,served-renamed", "--worst", "2"]  # fmt: skip
    assert script.main(argv) == 0
    out = capsys.readouterr().out
    assert "served-renamed:" in out and "comment text kept" in out


def test_a_missing_set_an_unknown_kind_or_section_is_a_clear_error(tmp_path: Path, capsys) -> None:
    script = _script()
    with pytest.raises(SystemExit):
        script.main([str(tmp_path / "missing.jsonl")])
    assert "missing.jsonl: cannot read dataset" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        script.main([str(_pages(tmp_path)), "--kinds", "bogus"])
    assert "unknown kinds ['bogus']" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        script.main([str(_pages(tmp_path)), "--section", "sidebar"])
    assert "invalid choice: 'sidebar'" in capsys.readouterr().err


def test_a_documentation_section_about_comments_is_no_donor() -> None:
    script = _script()
    prose = "Reviewers will answer your patch by mail, and each remark deserves a reply. " * 12
    docs = (
        "<html><body><section id='respond-to-review-comments'>"
        f"<h2>Respond to review comments</h2><p>{prose}</p></section></body></html>"
    )
    blog = (
        "<html><body><section id='comments'><h2>Comments</h2>"
        f"<p>{prose}</p></section></body></html>"
    )
    assert script.served_section(lxml_html.document_fromstring(docs)) is None
    assert script.served_section(lxml_html.document_fromstring(blog)) is not None


def test_a_box_of_other_stories_is_a_related_section() -> None:
    script = _script()
    items = "".join(
        f"<li><a href='/s{n}'>Another story about the bridge, part {n}</a></li>" for n in range(12)
    )
    box = f"<div class='related-posts'><h3>Related</h3><ul>{items}</ul></div>"
    root = lxml_html.document_fromstring(f"<html><body>{box}</body></html>")
    assert script.served_section(root, "related") is not None
    assert script.served_section(root) is None


def test_a_served_sections_links_to_its_own_site_become_relative():
    script = _script()
    section = lxml_html.fragment_fromstring(
        "<div class='related'><a href='https://www.donor.example/a/1?x=2#top'>One</a>"
        "<a href='//cdn.donor.example/b'>Two</a><a href='https://other.example/c'>Three</a>"
        "<a href='/d'>Four</a></div>"
    )
    script.as_own_links(section, "https://donor.example/story")
    assert [a.get("href") for a in section.iter("a")] == [
        "/a/1?x=2#top",
        "/b",
        "https://other.example/c",
        "/d",
    ]
    untouched = lxml_html.fragment_fromstring("<div><a href='https://donor.example/a'>A</a></div>")
    script.as_own_links(untouched, None)  # a saved page without a URL: nothing to compare
    assert untouched[0].get("href") == "https://donor.example/a"
