"""The evaluation metric: bag-of-tokens precision, recall and F1, and title exact-match.

Text is NFKC-normalised and lower-cased. Every CJK ideograph, kana or hangul character is
one token (Chinese has no spaces, so characters are the only segmentation free of a
dictionary's bias); every other run of letters and digits is one token. Punctuation and
whitespace are not tokens, so line breaks and quoting style never change a score.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

# Characters that are one token each: CJK ideographs (unified, extensions A-H, compatibility),
# the ideographic iteration/closing/number marks, kana (incl. the prolonged-sound mark and
# small kana extensions) and hangul (syllables and jamo).
_CJK_RANGES = (
    "\u3005-\u3007"
    "\u3040-\u309f\u30a0-\u30ff\u31f0-\u31ff"
    "\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\U00020000-\U0002a6df\U0002a700-\U0002ebef\U0002f800-\U0002fa1f\U00030000-\U000323af"
)
_TOKEN = re.compile(f"[{_CJK_RANGES}]|(?:(?![{_CJK_RANGES}])[^\\W_])+")


def tokenize(text: str | None) -> list[str]:
    """The metric's token sequence of ``text`` (empty for None)."""
    if not text:
        return []
    return _TOKEN.findall(unicodedata.normalize("NFKC", text).lower())


@dataclass(frozen=True, slots=True)
class Scores:
    precision: float
    recall: float
    f1: float


ZERO = Scores(0.0, 0.0, 0.0)


def bag_scores(predicted: str | None, truth: str | None) -> Scores:
    """Multiset token overlap of ``predicted`` against ``truth``.

    An empty prediction scores zero on all three (a rejected page is a miss, not a pass).
    Callers skip pages without ground truth; here an empty truth also scores zero.
    """
    return token_scores(tokenize(predicted), tokenize(truth))


def token_scores(predicted: list[str], truth: list[str]) -> Scores:
    if not predicted or not truth:
        return ZERO
    overlap = sum((Counter(predicted) & Counter(truth)).values())
    if overlap == 0:
        return ZERO
    precision = overlap / len(predicted)
    recall = overlap / len(truth)
    return Scores(precision, recall, 2 * precision * recall / (precision + recall))


def title_matches(predicted: str | None, truth: str) -> bool:
    """Exact match of the two titles' token sequences (case, width and punctuation ignored)."""
    return tokenize(predicted) == tokenize(truth)
