"""sites.yaml limits: nesting depth and every number are bounded, each violation at its line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from newscrawl.cli import main
from newscrawl.config import parse_duration
from newscrawl.config.fields import MAX_DEPTH
from newscrawl.config.yaml_lines import MAX_NESTING

HEAD = "sites:\n  - name: a\n    start_urls: [https://a.example/]\n"


def deep_lists(levels: int) -> str:
    return f"sites:\n  - name: a\n    start_urls: {'[' * levels}{']' * levels}\n"


@pytest.mark.parametrize("levels", [MAX_NESTING - 2, 500, 100_000])
def test_deep_nesting_is_one_error_at_its_line(problems_of, levels):
    problems = problems_of(deep_lists(levels))
    assert len(problems) == 1
    assert problems[0].endswith(
        f"sites.yaml:3: nested more than {MAX_NESTING} levels deep "
        "(lists and mappings inside each other)"
    )


def test_nesting_within_the_limit_is_judged_on_its_fields(problems_of):
    # the top mapping, the sites list and the site are three levels; the lists add the rest
    problems = problems_of(deep_lists(MAX_NESTING - 3))
    assert len(problems) == 1 and "start_urls:" in problems[0] and "nested" not in problems[0]


def test_aliases_cannot_build_deeper_objects_than_the_limit(problems_of):
    levels = MAX_NESTING // 2
    chain = [f"a0: &a0 {'[' * levels}{']' * levels}"]
    chain += [f"a{i}: &a{i} {'[' * levels}*a{i - 1}{']' * levels}" for i in range(1, 200)]
    text = "x:\n" + "".join(f"  {line}\n" for line in chain) + HEAD
    problems = problems_of(text)
    assert len(problems) == 1
    assert problems[0].endswith(
        f"sites.yaml:3: nested more than {MAX_NESTING} levels deep "
        "(lists and mappings inside each other)"
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "max_depth",
            "99999999999999999999999999999",
            f"max_depth: must be at most {MAX_DEPTH}, got 99999999999999999999999999999",
        ),
        ("max_depth", str(MAX_DEPTH + 1), f"max_depth: must be at most {MAX_DEPTH}, got 21"),
        (
            "recrawl_interval",
            "99999999999999999999w",
            "recrawl_interval: must be at most 52w2d (a year), got 99999999999999999999w",
        ),
        ("recrawl_interval", "367d", "recrawl_interval: must be at most 52w2d (a year), got 367d"),
        (
            "recrawl_interval",
            "1e999",
            "recrawl_interval: must be a finite number of seconds, got '1e999'",
        ),
        (
            "recrawl_interval",
            "'" + "9" * 400 + "'",
            "recrawl_interval: must be a finite number of seconds, got '9999",
        ),
    ],
)
def test_every_number_is_bounded(problems_of, field, value, message):
    problems = problems_of(f"{HEAD}    {field}: {value}\n")
    assert len(problems) == 1
    assert f"sites.yaml:4: site 'a': {message}" in problems[0]
    assert len(problems[0]) < 300  # a huge value is cut in the message


def test_a_number_too_long_for_python_is_an_error_at_its_line(problems_of):
    problems = problems_of(f"{HEAD}    max_depth: {'9' * 5000}\n")
    assert len(problems) == 1
    assert problems[0].endswith(
        "sites.yaml:4: YAML syntax error: a number of 5000 characters is too long"
    )


def test_bounds_themselves_are_accepted(sites_file: Callable[[str], Path], capsys):
    path = sites_file(f"{HEAD}    max_depth: {MAX_DEPTH}\n    recrawl_interval: 366d\n")
    assert main(["sites", "check", str(path)]) == 0
    assert parse_duration("366d") == 366 * 86400


def test_sites_check_reports_deep_nesting_without_a_traceback(
    sites_file: Callable[[str], Path], capsys
):
    path = sites_file(deep_lists(500))
    assert main(["sites", "check", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        (
            f"{path}:3: nested more than {MAX_NESTING} levels deep "
            "(lists and mappings inside each other)"
        ),
        f"FAILED: 1 problem(s) in {path}",
    ]
