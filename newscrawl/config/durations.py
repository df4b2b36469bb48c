"""Durations as written in sites.yaml: ``30m``, ``1h``, ``2d``, ``1h30m``, or plain seconds."""

from __future__ import annotations

import math
import re

# Seconds per unit letter. Weeks are the largest unit a recrawl interval plausibly needs.
UNIT_SECONDS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}

_PART = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw])", re.IGNORECASE)
_WHOLE = re.compile(r"\s*(?:\d+(?:\.\d+)?\s*[smhdw]\s*)+", re.IGNORECASE)


def parse_duration(value: object) -> float:
    """Seconds for ``value``: an int/float (seconds) or a string such as ``"90s"``, ``"1h30m"``.

    Raises ``TypeError`` for a value of the wrong type and ``ValueError`` for a string that is
    not a duration or a value that is not positive; both messages name the value.
    """
    # bool is an int subclass, but ``true`` is never a duration.
    if isinstance(value, int | float) and not isinstance(value, bool):
        seconds = float(value)
    elif isinstance(value, str):
        text = value.strip()
        try:
            seconds = float(text)
        except ValueError:
            if not _WHOLE.fullmatch(text):
                raise ValueError(
                    f"expected a duration like 30m, 1h, 2d or seconds, got {value!r}"
                ) from None
            seconds = sum(float(n) * UNIT_SECONDS[u.lower()] for n, u in _PART.findall(text))
    else:
        raise TypeError(f"expected a duration like 30m, 1h, 2d or seconds, got {value!r}")
    if not seconds > 0:  # also rejects NaN
        raise ValueError(f"must be positive, got {value!r}")
    if not math.isfinite(seconds):  # "1e999" or a 400-digit number parse as infinity
        raise ValueError(f"must be a finite number of seconds, got {value!r}")
    return seconds


def format_duration(seconds: float) -> str:
    """The shortest exact ``1h``-style spelling of ``seconds`` (``5400`` -> ``"1h30m"``)."""
    if seconds != int(seconds):
        return f"{seconds:g}s"
    remaining = int(seconds)
    parts = []
    for unit in ("w", "d", "h", "m", "s"):
        size = int(UNIT_SECONDS[unit])
        count, remaining = divmod(remaining, size)
        if count:
            parts.append(f"{count}{unit}")
    return "".join(parts) or "0s"
