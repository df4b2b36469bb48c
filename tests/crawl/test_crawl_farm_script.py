"""benchmarks/crawl_farm.py: its command-line parsing (the crawl itself is the benchmark)."""

from __future__ import annotations

import argparse

import pytest

from tests.scripts import load_script


@pytest.fixture(scope="module")
def crawl_farm():
    return load_script("benchmarks/crawl_farm.py", "crawl_farm_script")


def test_setting_is_name_and_value(crawl_farm):
    assert crawl_farm.setting_assignment("TWISTED_REACTOR=a.b.C") == ("TWISTED_REACTOR", "a.b.C")
    assert crawl_farm.setting_assignment("X=") == ("X", "")
    assert crawl_farm.setting_assignment("URL=a=b") == ("URL", "a=b")


@pytest.mark.parametrize("text", ["FOO", "=value", " =x"])
def test_a_setting_without_name_or_equals_is_refused_by_name(crawl_farm, text):
    with pytest.raises(argparse.ArgumentTypeError, match="expected NAME=VALUE"):
        crawl_farm.setting_assignment(text)


def test_py_spy_samples_are_grouped_by_crawler_role(crawl_farm):
    crawl = 'process 10:"python3 -m scrapy crawl news"'
    raw = "\n".join(
        [
            (
                f"{crawl};thread (10): MainThread;run (twisted/internet/base.py:1);"
                "doPoll (/usr/lib/python3.11/site-packages/twisted/internet/epollreactor.py:9) 6"
            ),
            (
                f'{crawl};process 11:"python3 -B -c spawn";thread (11): MainThread;'
                "parse_html (newscrawl/extraction/dom.py:84) 3"
            ),
            (
                f"{crawl};thread (12): PoolThread-newscrawl-db-0;compress_html "
                "(newscrawl/storage/compression.py:34) 1"
            ),
            "",
        ]
    )
    table = crawl_farm.spy_breakdown(raw).splitlines()
    assert table[2].startswith("| reactor thread") and "| 60.0% |" in table[2]
    assert "doPoll (twisted/internet/epollreactor.py:9) 100%" in table[2]
    assert table[3].startswith("| extraction worker processes | 30.0% |")
    assert table[4].startswith("| database writer thread") and "compress_html" in table[4]
