"""benchmarks/anonymised_names.py: class and id words lose their meaning, not their equality."""

from __future__ import annotations

import json
from pathlib import Path

from lxml import html as lxml_html

from newscrawl.evaluation.systems import method_system
from tests.scripts import load_script


def _script():
    return load_script("benchmarks/anonymised_names.py")


PAGE = """<html><head><meta charset="gbk"><meta http-equiv="Content-Type"
content="text/html; charset=GB2312"></head><body>
<div id="content" class="post main"><p class='post'>正文</p></div>
<div class=comments><div class="post">评论</div></div>
<span itemprop="articleBody" role="main">x</span></body></html>"""


def test_every_class_and_id_word_is_renamed_the_same_way() -> None:
    renamed = _script().anonymise(PAGE)
    root = lxml_html.fromstring(renamed)
    names = [
        word for el in root.iter() for attr in ("class", "id") for word in el.get(attr, "").split()
    ]
    assert names and not {"content", "post", "main", "comments"} & set(names)
    divs = root.findall(".//div")
    # "post" renamed alike wherever it stands; the other words each to their own name
    assert divs[0].get("class").split()[0] == divs[0].find("p").get("class")
    assert divs[2].get("class") == divs[0].find("p").get("class")
    assert len({divs[0].get("id"), *divs[0].get("class").split(), divs[1].get("class")}) == 4


def test_text_tags_and_other_attributes_stay() -> None:
    renamed = _script().anonymise(PAGE)
    root = lxml_html.fromstring(renamed)
    assert root.text_content() == lxml_html.fromstring(PAGE).text_content()
    span = root.find(".//span")
    assert (span.get("itemprop"), span.get("role")) == ("articleBody", "main")
    assert "gbk" not in renamed.lower() and "gb2312" not in renamed.lower()
    assert renamed.lower().count("charset=utf-8") + renamed.lower().count('charset="utf-8') == 2


def test_bare_markup_renames_and_turns_sections_into_divs() -> None:
    script = _script()
    page = (
        "<html><body><article class='post'><nav id='menu'>m</nav><p>t</p></article></body></html>"
    )
    bare = lxml_html.fromstring(script.bare_markup(page))
    assert bare.find(".//article") is None and bare.find(".//nav") is None
    outer = bare.find(".//div")
    assert outer is not None and outer.get("class") not in (None, "post")
    assert outer.find("div").get("id") != "menu" and outer.find("p").text == "t"


def test_scores_both_versions_of_every_labelled_page(tmp_path: Path) -> None:
    script = _script()
    body = "<p>" + "The article says what it says, at some length. " * 12 + "</p>"
    html = f'<html><body><div class="content">{body}</div><div class="nav">Home</div></body></html>'
    (tmp_path / "a.html").write_text(html)
    (tmp_path / "b.html").write_text(html)
    rows = [
        {"id": "a", "html_path": "a.html", "text": body[3:-4], "url": "https://a.example/x"},
        {"id": "b", "html_path": "b.html", "text": ""},  # unlabelled: not scored
    ]
    (tmp_path / "pages.jsonl").write_text("\n".join(json.dumps(row) for row in rows))
    pages = script.load_pages(tmp_path / "pages.jsonl")
    scores, scored = script.score(pages, [method_system("density")])
    assert [page.id for page in scored] == ["a"]
    assert scores["density"].served[0] > 0.9 and scores["density"].altered[0] > 0.9
    assert script.main([str(tmp_path / "pages.jsonl"), "--systems", "density"]) == 0


def test_write_makes_a_set_of_the_altered_pages(tmp_path: Path) -> None:
    script = _script()
    source = tmp_path / "in"
    source.mkdir()
    (source / "a.html").write_text('<html><body><div class="byline">Ann Lee</div></body></html>')
    rows = [
        # U+2028 inside a string: one JSON line all the same
        {"id": "a", "html_path": "a.html", "text": "x\u2028y", "author": "Ann Lee"},
        {"id": "b", "html_path": "a.html", "text": "z", "page_type": "listing"},
    ]
    lines = (json.dumps(row, ensure_ascii=False) for row in rows)
    (source / "pages.jsonl").write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "out"

    def written() -> list[dict[str, str]]:
        text = (out / "pages.jsonl").read_text(encoding="utf-8")
        return [json.loads(line) for line in text.split("\n") if line]

    assert script.main([str(source / "pages.jsonl"), "--write", str(out)]) == 0
    assert [row["id"] for row in written()] == ["a", "b"]
    assert written()[0]["author"] == "Ann Lee" and written()[0]["text"] == "x\u2028y"
    page = script.load_pages(out / "pages.jsonl")[0].read_html().decode()
    assert "byline" not in page and "Ann Lee" in page
    argv = [str(source / "pages.jsonl"), "--page-type", "listing", "--write", str(out)]
    assert script.main(argv) == 0
    assert [row["id"] for row in written()] == ["b"]


def test_a_script_shell_keeps_the_head_and_the_structured_data_only() -> None:
    script = _script()
    page = (
        '<html><head><meta charset="iso-8859-1"><title>T</title></head><body>'
        "<main><p>The article's own words.</p></main>"
        '<script type="application/ld+json">{"articleBody": "The copy."}</script>'
        "</body></html>"
    )
    shell = script.script_shell(page)
    root = lxml_html.fromstring(shell)
    assert root.findtext(".//title") == "T" and 'charset="utf-8"' in shell
    assert "article's own words" not in shell and "Loading..." in shell
    assert '"articleBody": "The copy."' in shell
