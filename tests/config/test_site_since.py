"""sites.yaml ``since``: the day a site began, from a year, a month or a day."""

from __future__ import annotations

from datetime import date

import pytest

from newscrawl.config import load_sites
from newscrawl.config.fields import EARLIEST_SINCE_YEAR
from newscrawl.extraction.metadata.dates import MIN_YEAR


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("1998", date(1998, 1, 1)),
        ("'1998-03'", date(1998, 3, 1)),
        ("2003-05-14", date(2003, 5, 14)),
    ],
)
def test_a_year_a_month_or_a_day_is_the_sites_first_day(sites_file, written, day):
    path = sites_file(f"""
        sites:
          - name: alpha
            start_urls: [https://alpha.example/]
            since: {written}
    """)
    [site] = load_sites(path)
    assert site.since == day


def test_without_since_no_site_bound_applies(sites_file):
    path = sites_file("""
        sites:
          - name: alpha
            start_urls: [https://alpha.example/]
    """)
    assert load_sites(path)[0].since is None


@pytest.mark.parametrize(
    ("written", "message"),
    [
        (
            "soon",
            (
                "expected the day the site began, as a year (1998), a month ('1998-03') or a "
                "day (1998-03-15), got str 'soon'"
            ),
        ),
        ("1980", "must lie between 1990 and today, got 1980-01-01"),
        ("2999", "must lie between 1990 and today, got 2999-01-01"),
        ("'2003-13'", "expected the day the site began"),
        ("true", "expected the day the site began"),
    ],
)
def test_a_bad_since_names_file_line_and_field(problems_of, written, message):
    [problem] = problems_of(f"""
        sites:
          - name: alpha
            start_urls: [https://alpha.example/]
            since: {written}
    """)
    assert ":4: site 'alpha': since: " in problem
    assert message in problem


def test_an_impossible_yaml_date_names_its_line(problems_of):
    [problem] = problems_of("""
        sites:
          - name: alpha
            start_urls: [https://alpha.example/]
            since: 2003-02-30
    """)
    assert ":4:" in problem and "'2003-02-30' is not a date" in problem


def test_the_earliest_since_is_the_libraries_earliest_year():
    assert EARLIEST_SINCE_YEAR == MIN_YEAR
