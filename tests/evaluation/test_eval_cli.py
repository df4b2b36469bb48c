"""``newscrawl eval`` end to end on a three-page dataset (two articles, one unlabelled page)."""

from __future__ import annotations

import json

import pytest

from newscrawl.cli import main
from newscrawl.evaluation import systems as systems_module
from newscrawl.evaluation.systems import Prediction

pytest.importorskip("newscrawl.extraction.extractors.text_density")


def _table(out: str) -> dict[tuple[str, str], list[str]]:
    lines = [line.split() for line in out.splitlines() if line and not line.startswith("rej")]
    return {(cells[0], cells[1]): cells for cells in lines[1:]}


def test_eval_prints_rows_per_method_and_language_and_writes_predictions(
    tiny_dataset, tmp_path, capsys
):
    out_path = tmp_path / "predictions.jsonl"
    status = main(
        [
            "eval",
            str(tiny_dataset),
            "--method",
            "density",
            "--predictions",
            str(out_path),
            "--no-progress",
        ]
    )
    assert status == 0
    rows = _table(capsys.readouterr().out)
    assert set(rows) == {("density", "en"), ("density", "zh"), ("density", "all")}
    # columns: system lang pages scored P R F1 F1>=0.9 F1<0.5 titled titleEM pages/s
    assert rows[("density", "en")][2:4] == ["2", "1"]
    assert rows[("density", "zh")][2:4] == ["1", "1"]
    assert float(rows[("density", "zh")][6]) > 0.8  # GBK page decoded and extracted
    records = [json.loads(line) for line in out_path.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in records] == ["en-1", "zh-1", "en-2"]
    assert set(records[0]) >= {"id", "method", "title", "content", "publish_time", "author"}
    assert records[0]["method"] == "density"
    assert "budget" in records[0]["content"]


def test_page_type_limit_and_sample_select_pages(tiny_dataset, capsys):
    assert (
        main(
            [
                "eval",
                str(tiny_dataset),
                "--method",
                "density",
                "--page-type",
                "article",
                "--limit",
                "1",
                "--no-progress",
            ]
        )
        == 0
    )
    assert set(_table(capsys.readouterr().out)) == {("density", "en")}


def test_unknown_method_is_an_error_naming_it(tiny_dataset, capsys):
    assert main(["eval", str(tiny_dataset), "--method", "nosuch"]) == 2
    assert "unknown method 'nosuch'" in capsys.readouterr().err


def test_missing_anchor_field_is_an_error(tiny_dataset, capsys):
    assert main(["eval", str(tiny_dataset), "--method", "density", "--anchor-text", "nofield"]) == 2
    err = capsys.readouterr().err
    assert "no selected page" in err and "'nofield'" in err


def test_bad_dataset_is_an_error_naming_the_line(tmp_path, capsys):
    path = tmp_path / "pages.jsonl"
    path.write_text('{"id": "a"}\n', encoding="utf-8")
    assert main(["eval", str(path), "--method", "density"]) == 2
    assert f"{path}:1: field 'html_path'" in capsys.readouterr().err


def test_missing_peer_is_skipped_with_a_note_and_peers_share_the_decoding(
    tiny_dataset, monkeypatch, capsys
):
    seen: list[str] = []

    def echo_factory():
        def run(html: str, url: str | None) -> Prediction:
            seen.append(html)
            return Prediction(title="Council approves budget", content=html)

        return run

    def missing_factory():
        raise ImportError("No module named 'nopeer'")

    monkeypatch.setitem(systems_module.PEERS, "echo", echo_factory)
    monkeypatch.setitem(systems_module.PEERS, "nopeer", missing_factory)
    assert (
        main(
            [
                "eval",
                str(tiny_dataset),
                "--method",
                "density",
                "--compare",
                "echo,nopeer",
                "--page-type",
                "article",
                "--no-progress",
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert "skipping peer 'nopeer' is not installed" in captured.err
    rows = _table(captured.out)
    assert ("echo", "zh") in rows and ("nopeer", "zh") not in rows
    assert any("市政府" in html for html in seen)  # GBK bytes reached the peer as text
    assert rows[("echo", "en")][10] == "1.000"  # title EM


def test_anchor_text_field_reaches_the_extractor(tiny_dataset, monkeypatch, capsys):
    anchors: list[str | None] = []
    real = systems_module.extract

    def spy(html, *, url=None, anchor_text=None, method="density"):
        anchors.append(anchor_text)
        return real(html, url=url, anchor_text=anchor_text, method=method)

    monkeypatch.setattr(systems_module, "extract", spy)
    assert (
        main(
            [
                "eval",
                str(tiny_dataset),
                "--method",
                "density",
                "--anchor-text",
                "anchor_text",
                "--no-progress",
            ]
        )
        == 0
    )
    assert anchors == ["Council approves…", None, None]
    anchors.clear()
    assert (
        main(
            [
                "eval",
                str(tiny_dataset),
                "--method",
                "density",
                "--anchor-text",
                "title-variants",
                "--no-progress",
            ]
        )
        == 0
    )
    assert anchors[0] is not None and anchors[2] is None


def test_folds_print_the_cross_validated_choice(tiny_dataset, capsys):
    assert (
        main(["eval", str(tiny_dataset), "--method", "density,cx", "--folds", "2", "--no-progress"])
        == 0
    )
    out = capsys.readouterr().out
    assert "best system in-sample:" in out and "cross-validated by site (2 folds)" in out


def test_folds_beyond_the_number_of_sites_is_an_error(tiny_dataset, capsys):
    assert (
        main(["eval", str(tiny_dataset), "--method", "density", "--folds", "9", "--no-progress"])
        == 2
    )
    assert "--folds" in capsys.readouterr().err


def test_unknown_peer_is_an_error(tiny_dataset, capsys):
    assert (
        main(
            [
                "eval",
                str(tiny_dataset),
                "--method",
                "density",
                "--compare",
                "newspaper",
                "--no-progress",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err == (
        "newscrawl eval: --compare: unknown peer 'newspaper'; "
        "known: gne, trafilatura, readability\n"
    )


def test_eval_reports_date_author_and_source_accuracy_on_labelled_pages(tmp_path, capsys):
    from tests.evaluation.conftest import BODY_ZH, article_html, write_dataset

    byline = "<p>来源：新华社 作者：王建宏 张文攀 2024-05-03 08:00</p>\n"
    credit = "\n<p>责任编辑：李四</p>\n"
    page = (
        article_html("市政府批准新预算", BODY_ZH.replace("。", ". "))
        .replace("<div class=article>", "<div class=article>" + byline)
        .replace("</div><div class=footer>", credit + "</div><div class=footer>")
    )
    records = [
        {
            "id": "right",
            "lang": "zh",
            "title": None,
            "text": BODY_ZH,
            "html_path": "html/a.html",
            "publish_date": "2024-5-3",
            "author": "张文攀、王建宏",
            "source": "新华社",
            "editor": "李四",
        },
        {
            "id": "wrong",
            "lang": "zh",
            "title": None,
            "text": BODY_ZH,
            "html_path": "html/a.html",
            "publish_date": "2024-05-04",
            "author": "王建宏",
            "source": "人民网",
            "editor": "",
        },
        {
            "id": "unlabelled",
            "lang": "zh",
            "title": None,
            "text": BODY_ZH,
            "html_path": "html/a.html",
        },
    ]
    dataset = write_dataset(tmp_path, records, {"a.html": page.encode()})
    assert main(["eval", str(dataset), "--method", "density", "--no-progress"]) == 0
    out = capsys.readouterr().out
    header, row = out.split("\n\n", 1)[1].strip().splitlines()
    assert header.split() == [
        "system",
        "dated",
        "date",
        "authored",
        "author",
        "author",
        "F1",
        "sourced",
        "source",
        "edited",
        "editor",
    ]
    # two labelled pages each, one right: same day, same set of names, same source, and
    # the editor credited on both pages, where one label says none is
    assert row.split()[:5] == ["density", "2", "0.500", "2", "0.500"]
    assert row.split()[6:] == ["2", "0.500", "2", "0.500"]
