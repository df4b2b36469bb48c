"""The metadata cue patterns compiled with :func:`newscrawl.extraction.patterns.starting_with`,
by name: what tests/extraction/test_speed_equivalence.py checks against the plain patterns
and benchmarks/cue_patterns.py times."""

from __future__ import annotations

import re

from newscrawl.extraction.metadata import authors, dates, source

FIRST_CHARACTER_PATTERNS: dict[str, re.Pattern[str]] = {
    "dates.text._LABEL": dates.text._LABEL,
    "dates.modified._UPDATED_WORD": dates.modified._UPDATED_WORD,
    "authors._CUES[0]": authors._CUES[0],
    "authors._ENDED_CUE": authors._ENDED_CUE,
    "authors._WRITTEN_BY": authors._WRITTEN_BY,
    "source._LABELLED": source._LABELLED,
}
