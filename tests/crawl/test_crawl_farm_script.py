"""benchmarks/crawl_farm.py: its command-line parsing (the crawl itself is the benchmark)."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "crawl_farm.py"


@pytest.fixture(scope="module")
def crawl_farm():
    spec = importlib.util.spec_from_file_location("crawl_farm_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_setting_is_name_and_value(crawl_farm):
    assert crawl_farm.setting_assignment("TWISTED_REACTOR=a.b.C") == ("TWISTED_REACTOR", "a.b.C")
    assert crawl_farm.setting_assignment("X=") == ("X", "")
    assert crawl_farm.setting_assignment("URL=a=b") == ("URL", "a=b")


@pytest.mark.parametrize("text", ["FOO", "=value", " =x"])
def test_a_setting_without_name_or_equals_is_refused_by_name(crawl_farm, text):
    with pytest.raises(argparse.ArgumentTypeError, match="expected NAME=VALUE"):
        crawl_farm.setting_assignment(text)
