"""The site `timezone` field: validation, the default by language, zone lookup."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from newscrawl.config.timezones import is_timezone, site_timezone, zone_info


def test_the_field_wins_then_the_language_then_utc():
    assert site_timezone("Europe/London", "zh") == "Europe/London"
    assert site_timezone(None, "zh") == "Asia/Shanghai"
    assert site_timezone(None, "zh-TW") == "Asia/Shanghai"
    assert site_timezone(None, "en") == "UTC"
    assert site_timezone(None, None) == "UTC"


@pytest.mark.parametrize("name", ["Asia/Shanghai", "UTC", "+08:00", "-0530"])
def test_known_zones(name):
    assert is_timezone(name)


@pytest.mark.parametrize("name", ["Mars/Olympus", "+25:00", "8", "", "../etc/passwd"])
def test_unknown_zones(name):
    assert not is_timezone(name)


def test_offsets_are_fixed_zones():
    assert zone_info("+08:00").utcoffset(None) == timedelta(hours=8)
    assert zone_info("-0530").utcoffset(None) == -timedelta(hours=5, minutes=30)
    assert zone_info("Asia/Shanghai").utcoffset(datetime(2024, 5, 3)) == timedelta(hours=8)


def test_a_bad_timezone_in_sites_yaml_names_file_line_and_field(problems_of):
    [problem] = problems_of("""
        sites:
          - name: alpha
            start_urls: [https://alpha.example/]
            timezone: Asia/Beijing
    """)
    assert problem.endswith(
        ":4: site 'alpha': timezone: expected an IANA time zone such as "
        "'Asia/Shanghai' or a UTC offset such as '+08:00', "
        "got str 'Asia/Beijing'"
    )


def test_a_valid_timezone_is_loaded(sites_file):
    from newscrawl.config import load_sites

    path = sites_file("""
        sites:
          - name: alpha
            start_urls: [https://alpha.example/]
            timezone: "+08:00"
    """)
    [site] = load_sites(path)
    assert site.timezone == "+08:00"
