"""How many examples a property test draws: its CI count, times NEWSCRAWL_PROPERTY_SCALE.

CI keeps the counts small; a longer search (``NEWSCRAWL_PROPERTY_SCALE=25 python3 -m pytest
tests/extraction/test_never_raises.py``) is how rarer failing pages are found, as the
U+FFFE and ``&#1;`` pages were.
"""

from __future__ import annotations

import os


def examples(count: int) -> int:
    """``count`` times the scale the environment asks for (1 when unset)."""
    scale = os.environ.get("NEWSCRAWL_PROPERTY_SCALE", "1")
    try:
        factor = int(scale)
    except ValueError:
        raise ValueError(
            f"NEWSCRAWL_PROPERTY_SCALE must be a whole number of at least 1, not {scale!r}"
        ) from None
    if factor < 1:
        raise ValueError(f"NEWSCRAWL_PROPERTY_SCALE must be at least 1, not {factor}")
    return count * factor
