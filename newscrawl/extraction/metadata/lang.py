"""Language of a page: the declared ``lang``, checked against the script of the content."""

from __future__ import annotations

import re

from newscrawl.extraction.document import Document
from newscrawl.extraction.tokens import cjk_count

_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_LETTER = re.compile(r"[^\W\d_]")

# Share of letters that must be CJK ideographs for a text to count as Chinese.
CJK_SHARE_FOR_CHINESE = 0.3
# Characters of the content that decide the script: a few sentences tell Chinese from Latin
# text, and counting costs time linear in the sample.
LANG_SAMPLE_CHARS = 2000


def _count(pattern: re.Pattern[str], text: str) -> int:
    return pattern.subn("", text)[1]  # no string per match, unlike findall


def detect_lang(doc: Document, text: str) -> str | None:
    """``zh``/``ja``/``ko`` from the script when the text says so, else the declared language."""
    sample = text[:LANG_SAMPLE_CHARS]
    letters = _count(_LETTER, sample)
    if letters:
        if _count(_KANA, sample) / letters > 0.05:
            return "ja"
        if _count(_HANGUL, sample) / letters > 0.3:
            return "ko"
        if cjk_count(sample) / letters > CJK_SHARE_FOR_CHINESE:
            return "zh"
    if doc.lang:
        return doc.lang
    return "en" if letters else None


def is_chinese_text(text: str) -> bool:
    letters = _count(_LETTER, text)
    return bool(letters) and cjk_count(text) / letters > CJK_SHARE_FOR_CHINESE
