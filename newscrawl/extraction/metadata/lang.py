"""Language of a page: the declared ``lang``, checked against the script of the content."""

from __future__ import annotations

import re

from newscrawl.extraction.document import Document
from newscrawl.extraction.text import (
    CHINESE_SHARE,
    HANGUL_SYLLABLES,
    KANA,
    cjk_count,
    letter_count,
)

_KANA = re.compile(f"[{KANA}]")
_HANGUL = re.compile(f"[{HANGUL_SYLLABLES}]")

# Share of letters that must be kana for a text to be Japanese (kana are frequent in any
# Japanese sentence), and hangul for Korean.
KANA_SHARE_FOR_JAPANESE = 0.05
HANGUL_SHARE_FOR_KOREAN = 0.3
# Characters of the content that decide the script: a few sentences tell Chinese from Latin
# text, and counting costs time linear in the sample.
LANG_SAMPLE_CHARS = 2000


def _count(pattern: re.Pattern[str], text: str) -> int:
    return pattern.subn("", text)[1]  # no string per match, unlike findall


def detect_lang(doc: Document, text: str) -> str | None:
    """``zh``/``ja``/``ko`` from the script when the text says so, else the declared language."""
    sample = text[:LANG_SAMPLE_CHARS]
    letters = letter_count(sample)
    if letters:
        if _count(_KANA, sample) / letters > KANA_SHARE_FOR_JAPANESE:
            return "ja"
        if _count(_HANGUL, sample) / letters > HANGUL_SHARE_FOR_KOREAN:
            return "ko"
        # is_mostly_cjk(sample, per="letter") with the letters already counted
        if cjk_count(sample) / letters >= CHINESE_SHARE:
            return "zh"
    if doc.lang:
        return doc.lang
    return "en" if letters else None
