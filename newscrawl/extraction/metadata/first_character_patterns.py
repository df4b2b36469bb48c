"""The metadata cue patterns compiled with :func:`newscrawl.extraction.patterns.starting_with`,
by name: what tests/extraction/test_speed_equivalence.py checks against the plain patterns
and benchmarks/cue_patterns.py times."""

from __future__ import annotations

import re

from newscrawl.extraction.metadata import dates, source
from newscrawl.extraction.metadata.authors import cues

FIRST_CHARACTER_PATTERNS: dict[str, re.Pattern[str]] = {
    "dates.text._LABEL": dates.text._LABEL,
    "dates.modified._UPDATED_WORD": dates.modified._UPDATED_WORD,
    "authors.cues._CUES[0]": cues._CUES[0],
    "authors.cues.ENDED_CUE": cues.ENDED_CUE,
    "authors.cues.WRITTEN_BY": cues.WRITTEN_BY,
    "source._LABELLED": source._LABELLED,
}
