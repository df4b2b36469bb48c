"""The data root: --data, then NEWSCRAWL_DATA, then the repository's datasets/, which must hold
every set the tests and benchmarks read."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

import pytest

from newscrawl.evaluation.dataset import DatasetError, load_pages
from newscrawl.evaluation.datasets import (
    ENV_VAR,
    REPOSITORY_DATA,
    add_data_option,
    data_root,
    pages_file,
    site_lists,
)

REPO = Path(__file__).resolve().parents[2]


def test_default_is_the_repository_datasets_folder(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert REPOSITORY_DATA == REPO / "datasets"
    assert data_root() == REPOSITORY_DATA
    assert pages_file("cwced_zh") == REPO / "datasets" / "cwced_zh" / "pages.jsonl"


def test_environment_variable_then_explicit_folder_win(monkeypatch, tmp_path):
    from_env, explicit = tmp_path / "env", tmp_path / "explicit"
    from_env.mkdir()
    explicit.mkdir()
    monkeypatch.setenv(ENV_VAR, str(from_env))
    assert data_root() == from_env
    assert data_root(explicit) == explicit
    monkeypatch.setenv(ENV_VAR, "")  # an empty variable counts as unset
    assert data_root() == REPOSITORY_DATA


def test_a_missing_folder_or_set_is_a_one_line_error_naming_it(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "nowhere"))
    with pytest.raises(DatasetError, match=rf"nowhere: data folder \(from {ENV_VAR}\) does not"):
        data_root()
    with pytest.raises(DatasetError, match=r"gone: data folder \(from --data\)"):
        data_root(tmp_path / "gone")
    with pytest.raises(DatasetError, match=r"page set 'wcxb_dev' is not in the data folder"):
        pages_file("wcxb_dev", tmp_path)
    with pytest.raises(DatasetError, match="no site lists"):
        site_lists(tmp_path)


def test_data_option_feeds_data_root(tmp_path, capsys):
    parser = argparse.ArgumentParser()
    add_data_option(parser)
    assert parser.parse_args([]).data is None
    assert data_root(parser.parse_args(["--data", str(tmp_path)]).data) == tmp_path
    with pytest.raises(SystemExit):
        parser.parse_args(["--data", str(tmp_path / "missing")])
    assert "missing: no such data folder" in capsys.readouterr().err


def test_vendored_sets_are_complete(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    # load_pages checks that every page's HTML file exists
    assert len(load_pages(pages_file("cwced_zh"))) == 69
    assert len(load_pages(pages_file("gne_unlabeled"))) == 62
    wcxb = load_pages(pages_file("wcxb_dev"))
    types = Counter(page.page_type for page in wcxb)
    assert types["article"] >= 200
    assert set(types) == {
        "article",
        "collection",
        "documentation",
        "forum",
        "listing",
        "product",
        "service",
    }
    assert {path.name for path in site_lists().iterdir()} >= {
        "chinese_news_entrances_duck_prophet.txt",
        "fundus_publishers.json",
        "dragnet_rss_feeds.toml",
        "newspaper4k_popular_sources.txt",
        "newspaper4k_google_sources.txt",
    }
