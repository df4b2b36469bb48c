"""The evaluation metric: bag-of-tokens precision, recall and F1, and title exact-match.

Text is NFKC-normalised and lower-cased. Every CJK ideograph, kana or hangul character is
one token (Chinese has no spaces, so characters are the only segmentation free of a
dictionary's bias); every other run of letters and digits is one token. Punctuation and
whitespace are not tokens, so line breaks and quoting style never change a score.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from newscrawl.extraction.text import METRIC_TOKENS, tokens


def tokenize(text: str | None) -> list[str]:
    """The metric's token sequence of ``text`` (empty for None): NFKC tokens under
    :data:`~newscrawl.extraction.text.METRIC_TOKENS`."""
    if not text:
        return []
    return tokens(text, normalize=True, rule=METRIC_TOKENS)


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
