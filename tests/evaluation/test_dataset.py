from __future__ import annotations

import json
import re

import pytest

from newscrawl.evaluation.dataset import DatasetError, load_pages, stable_sample, write_pages


def test_loads_pages_with_paths_relative_to_the_jsonl_and_gzip(tiny_dataset):
    pages = load_pages(tiny_dataset)
    assert [page.id for page in pages] == ["en-1", "zh-1", "en-2"]
    english = pages[0]
    assert english.html_path == tiny_dataset.parent / "html" / "en-1.html.gz"
    assert english.read_html().startswith(b"<html>")
    assert english.fields["anchor_text"] == "Council approves…"
    assert pages[1].read_html().decode("gbk").count("市政府") >= 2
    assert pages[2].text is None and pages[2].title is None


def test_page_type_filter_and_limit(tiny_dataset):
    assert [p.id for p in load_pages(tiny_dataset, page_type="article")] == ["en-1", "zh-1"]
    assert [p.id for p in load_pages(tiny_dataset, page_type="article", limit=1)] == ["en-1"]


def test_json_line_separators_inside_strings_do_not_split_records(tmp_path):
    (tmp_path / "p.html").write_bytes(b"<html><body><p>x</p></body></html>")
    record = {"id": "a", "html_path": "p.html", "text": "one\u2028two\u2029three"}
    path = tmp_path / "pages.jsonl"
    path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    assert load_pages(path)[0].text == "one\u2028two\u2029three"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "pages.jsonl:2: not valid JSON"),
        ("[1, 2]", "pages.jsonl:2: expected a JSON object"),
        ('{"html_path": "a.html"}', "pages.jsonl:2: field 'id'"),
        ('{"id": "b"}', "pages.jsonl:2: field 'html_path'"),
        ('{"id": "b", "html_path": "a.html", "text": 3}', "pages.jsonl:2: field 'text'"),
        (
            '{"id": "b", "html_path": "missing.html"}',
            "pages.jsonl:2: field 'html_path': no such file",
        ),
        ('{"id": "a", "html_path": "a.html"}', "pages.jsonl:2: duplicate id 'a' (first on line 1)"),
    ],
)
def test_bad_lines_are_reported_with_file_line_and_field(tmp_path, line, message):
    (tmp_path / "a.html").write_bytes(b"<html></html>")
    path = tmp_path / "pages.jsonl"
    path.write_text('{"id": "a", "html_path": "a.html"}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=re.escape(message)):
        load_pages(path)


def test_missing_dataset_file_is_named(tmp_path):
    with pytest.raises(DatasetError, match=re.escape("nope.jsonl: cannot read dataset")):
        load_pages(tmp_path / "nope.jsonl")


def test_unreadable_html_names_the_page(tiny_dataset):
    page = load_pages(tiny_dataset)[0]
    page.html_path.write_bytes(b"not gzip at all")
    with pytest.raises(DatasetError, match=re.escape("page en-1: cannot read")):
        page.read_html()


def test_stable_sample_is_deterministic_and_independent_of_file_order(tiny_dataset):
    pages = load_pages(tiny_dataset)
    first = [p.id for p in stable_sample(pages, 2)]
    again = [p.id for p in stable_sample(list(reversed(pages)), 2)]
    assert len(first) == 2
    assert sorted(first) == sorted(again)
    assert stable_sample(pages, 10) == pages


def test_named_site_is_the_site_field_when_it_is_a_name() -> None:
    from pathlib import Path

    from newscrawl.evaluation.dataset import Page

    def page(fields: dict[str, object]) -> Page:
        return Page("p", Path("p.html"), "text", None, fields=fields)

    assert page({"site": "163"}).named_site == "163"
    assert page({"site": ""}).named_site is None
    assert page({"site": 3}).named_site is None
    assert page({}).named_site is None


def test_written_pages_load_back_with_their_html(tmp_path):
    records = [
        ({"id": "a", "html_path": "old/a.html", "text": "body a", "lang": "en"}, b"<p>a</p>"),
        ({"id": 7, "text": "body b", "lang": "zh", "site": "x"}, "<p>乙</p>".encode()),
    ]
    assert write_pages(tmp_path / "set", iter(records)) == 2
    pages = load_pages(tmp_path / "set" / "pages.jsonl")
    assert [page.id for page in pages] == ["a", "7"]
    assert [page.read_html() for page in pages] == [b"<p>a</p>", "<p>乙</p>".encode()]
    assert pages[0].html_path == tmp_path / "set" / "html" / "a.html.gz"
    assert pages[1].fields["site"] == "x"
    # no timestamp in the gzip header: the same pages give the same bytes
    first = (tmp_path / "set" / "html" / "a.html.gz").read_bytes()
    write_pages(tmp_path / "again", iter(records[:1]))
    assert (tmp_path / "again" / "html" / "a.html.gz").read_bytes() == first
