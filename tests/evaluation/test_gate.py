"""The gate's rules, on the three-page dataset: digest check, floors, vanished methods."""

from __future__ import annotations

import json

import pytest

from newscrawl.evaluation.dataset import file_sha256
from newscrawl.evaluation.gate import FloorsError, check_corpus, load_floors

pytest.importorskip("newscrawl.extraction.extractors.text_density")


def _floors_file(tmp_path, dataset, floors, sha=None):
    data = {
        "corpora": {
            "tiny": {
                "pages": str(dataset.relative_to(tmp_path)),
                "sha256": sha or file_sha256(dataset),
                "page_type": "article",
            }
        },
        "floors": {"tiny": floors},
    }
    path = tmp_path / "floors.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _check(tmp_path, dataset, floors, sha=None, available=None):
    corpora, pinned = load_floors(_floors_file(tmp_path, dataset, floors, sha), data=tmp_path)
    return check_corpus(corpora["tiny"], pinned["tiny"], available)


def test_passes_when_measured_values_reach_the_floors(tiny_dataset, tmp_path):
    result = _check(
        tmp_path,
        tiny_dataset,
        {"density": {"f1": 0.5, "title_em_anchor": 0.5}},
        available=["density", "othermethod"],
    )
    assert result.failures == []
    assert set(result.measured["density"]) == {"f1", "title_em", "title_em_anchor", "f1_anchor"}
    assert result.notes == ["method 'othermethod' has no floor on tiny"]


def test_a_body_floor_with_anchors_runs_the_anchored_pass(tiny_dataset, tmp_path):
    result = _check(tmp_path, tiny_dataset, {"density": {"f1_anchor": 1.01}})
    assert result.measured["density"]["f1_anchor"] is not None
    assert len(result.failures) == 1 and result.failures[0].startswith("density f1_anchor = ")


def test_fails_below_a_floor(tiny_dataset, tmp_path):
    result = _check(tmp_path, tiny_dataset, {"density": {"f1": 1.01}})
    assert len(result.failures) == 1
    assert result.failures[0].startswith("density f1 = ")
    assert "FAIL density f1" in result.summary()


def test_a_floored_method_that_disappears_fails(tiny_dataset, tmp_path):
    result = _check(tmp_path, tiny_dataset, {"density": {"f1": 0.1}, "vanished": {"f1": 0.5}})
    assert any("floored method 'vanished' is gone" in f for f in result.failures)


def test_a_changed_corpus_fails_before_running(tiny_dataset, tmp_path):
    result = _check(tmp_path, tiny_dataset, {"density": {"f1": 0.1}}, sha="0" * 64)
    assert len(result.failures) == 1 and "changed (sha256" in result.failures[0]
    assert result.measured == {}


def test_missing_corpus_fails(tiny_dataset, tmp_path):
    result = _check(
        tmp_path, tiny_dataset.with_name("gone.jsonl"), {"density": {"f1": 0.1}}, sha="0" * 64
    )
    assert "does not exist" in result.failures[0]


def test_unknown_metric_names_the_entry(tiny_dataset, tmp_path):
    with pytest.raises(FloorsError, match=r"tiny/density: unknown metric\(s\) \['F1'\]"):
        load_floors(_floors_file(tmp_path, tiny_dataset, {"density": {"F1": 0.5}}), tmp_path)


def test_corpus_paths_are_relative_to_the_data_root(tiny_dataset, tmp_path, monkeypatch):
    floors = _floors_file(tmp_path, tiny_dataset, {"density": {"f1": 0.1}})
    monkeypatch.setenv("NEWSCRAWL_DATA", str(tmp_path))
    corpora, _ = load_floors(floors)
    assert corpora["tiny"].pages == tiny_dataset
    other = tmp_path / "elsewhere"
    other.mkdir()
    corpora, _ = load_floors(floors, data=other)  # an explicit root wins over the variable
    assert corpora["tiny"].pages == other / tiny_dataset.relative_to(tmp_path)
