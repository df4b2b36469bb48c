"""benchmarks/filler_runs.py: its pages hold the run where they say, and it reports them."""

from __future__ import annotations

from lxml import html

from tests.scripts import load_script

filler_runs = load_script("benchmarks/filler_runs.py")


def test_each_place_holds_the_trigger_and_its_run():
    for place in filler_runs.PLACES:
        page = filler_runs.page(place, "Written by", "_", 50).decode()
        assert "Written by " + "_" * 50 in page, place
        root = html.fromstring(page)
        assert root.find(".//article") is not None, place
    title = html.fromstring(filler_runs.page("title", "", "-", 10)).findtext(".//title")
    assert title == "Budget " + "-" * 10 + " approved"


def test_the_report_lists_the_worst_combinations(capsys):
    assert filler_runs.main(["--lengths", "2", "4", "8", "--worst", "3", "--places", "h1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("run lengths [2, 4, 8]")
    assert len(lines) == 4 and all(" h1 " in line for line in lines[1:])
