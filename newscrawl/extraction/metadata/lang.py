"""Language of a page: the declared ``lang``, checked against the script of the content."""

from __future__ import annotations

import re

from newscrawl.extraction.document import Document

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_LETTER = re.compile(r"[^\W\d_]")

# Share of letters that must be CJK ideographs for a text to count as Chinese.
CJK_SHARE_FOR_CHINESE = 0.3


def detect_lang(doc: Document, text: str) -> str | None:
    """``zh``/``ja``/``ko`` from the script when the text says so, else the declared language."""
    sample = text[:5000]
    letters = len(_LETTER.findall(sample))
    if letters:
        if len(_KANA.findall(sample)) / letters > 0.05:
            return "ja"
        if len(_HANGUL.findall(sample)) / letters > 0.3:
            return "ko"
        if len(_CJK.findall(sample)) / letters > CJK_SHARE_FOR_CHINESE:
            return "zh"
    if doc.lang:
        return doc.lang
    return "en" if letters else None


def is_chinese_text(text: str) -> bool:
    letters = len(_LETTER.findall(text))
    return bool(letters) and len(_CJK.findall(text)) / letters > CJK_SHARE_FOR_CHINESE
