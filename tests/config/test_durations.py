from __future__ import annotations

import pytest

from newscrawl.config import format_duration, parse_duration


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        (90, 90.0),
        (2.5, 2.5),
        ("45", 45.0),
        ("45s", 45.0),
        ("30m", 1800.0),
        ("1h", 3600.0),
        ("2d", 172800.0),
        ("1w", 604800.0),
        ("1h30m", 5400.0),
        ("1H 30M", 5400.0),
        ("0.5h", 1800.0),
    ],
)
def test_parse_duration_accepts_units_and_numbers(text: object, seconds: float) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("bad", ["", "1x", "h", "1h 2", "soon", "-5m"])
def test_parse_duration_rejects_bad_strings(bad: str) -> None:
    with pytest.raises(ValueError, match=r"duration|positive"):
        parse_duration(bad)


@pytest.mark.parametrize("bad", [0, -1, "0s", float("nan")])
def test_parse_duration_rejects_non_positive(bad: object) -> None:
    with pytest.raises(ValueError, match="positive"):
        parse_duration(bad)


@pytest.mark.parametrize("bad", [True, None, [1]])
def test_parse_duration_rejects_wrong_types(bad: object) -> None:
    with pytest.raises(TypeError, match="duration"):
        parse_duration(bad)


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (5400, "1h30m"),
        (3600, "1h"),
        (86400 + 60, "1d1m"),
        (1.5, "1.5s"),
        (0, "0s"),
    ],
)
def test_format_duration_round_trips(seconds: float, text: str) -> None:
    assert format_duration(seconds) == text
    if seconds:
        assert parse_duration(text) == seconds
