"""Tokens, Chinese characters and the Chinese-page test: one definition for the extraction
methods, the crawler and the evaluation metric (docs/algorithms.md A.9).

Whitespace tokenisation gives one "word" per Chinese clause, which breaks every word-count
threshold of the reference algorithms (A.5, A.6, A.9). Here a CJK character is one token and
any other run of letters/digits is one token. Which characters count as CJK, and whether a
letter run may run on into them, is a :class:`TokenRule`: the extraction methods, the metric
and the near-duplicate shingles each keep their documented rule, through one :func:`tokens`.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from typing import Literal

from newscrawl.extraction.native import walks

# CJK Unified Ideographs, Extension A and the Compatibility Ideographs: a "Chinese character".
IDEOGRAPHS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
KANA = "\u3040-\u30ff"
HANGUL_SYLLABLES = "\uac00-\ud7af"
# The evaluation metric's one-token characters: CJK ideographs (unified, extensions A-H,
# compatibility), the ideographic iteration/closing/number marks, kana (incl. the
# prolonged-sound mark and small kana extensions) and hangul (syllables and jamo).
METRIC_SINGLES = (
    "\u3005-\u3007"
    "\u3040-\u309f\u30a0-\u30ff\u31f0-\u31ff"
    "\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\U00020000-\U0002a6df\U0002a700-\U0002ebef\U0002f800-\U0002fa1f\U00030000-\U000323af"
)
# The near-duplicate shingles' one-token characters: kana, U+3400-U+9FFF, hangul syllables.
SHINGLE_SINGLES = f"{KANA}\u3400-\u9fff{HANGUL_SYLLABLES}"
# Characters about twice as wide as a Latin letter, for :func:`text_weight`: CJK radicals to
# ideographs (incl. punctuation and kana), hangul, compatibility ideographs, full-width forms.
WIDE = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"

# Share of a text's tokens (or letters) that must be CJK ideographs for it to be Chinese. The
# default of every options field that decides "Chinese page" (auto, jusText) and of the
# page language (metadata/lang.py).
CHINESE_SHARE = 0.3
# Chinese characters per boilerpipe-comparable "word": a Chinese word is 1.5-2 characters
# on average (jieba on cwced_zh texts gives 1.6-1.8); 1.7 is the middle (A.9).
CJK_CHARS_PER_WORD = 1.7


@dataclass(frozen=True, slots=True)
class TokenRule:
    """Which characters are a token each (``singles``, character-class ranges), whether a run
    of other letters/digits stops at them, and whether case is folded with ``str.casefold``
    (else ``str.lower``)."""

    singles: str
    runs_stop_at_singles: bool = True
    casefold: bool = False
    pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        run = f"[^\\W_{self.singles}]+" if self.runs_stop_at_singles else "[^\\W_]+"
        object.__setattr__(self, "pattern", re.compile(f"[{self.singles}]|{run}"))


# The extraction methods' tokens (jusText, boilerpipe, auto, titles, TCDT).
IDEOGRAPH_TOKENS = TokenRule(IDEOGRAPHS)
# The evaluation metric's tokens (docs/benchmarks: "every CJK ideograph, kana or hangul
# character is one token").
METRIC_TOKENS = TokenRule(METRIC_SINGLES)
# The near-duplicate shingles' tokens. A letter/digit run runs on into CJK characters
# ("2024年5月" is one token): simhashes stored by earlier crawls are compared with new ones,
# so the rule they were computed with stays.
SHINGLE_TOKENS = TokenRule(SHINGLE_SINGLES, runs_stop_at_singles=False, casefold=True)

_CJK = re.compile(f"[{IDEOGRAPHS}]")
_WIDE = re.compile(f"[{WIDE}]")
_LETTER = re.compile(r"[^\W\d_]")


def tokens(text: str, normalize: bool = False, rule: TokenRule = IDEOGRAPH_TOKENS) -> list[str]:
    """Lower-cased tokens of ``text`` under ``rule``; ``normalize``: NFKC first (full-width
    letters and digits become ASCII, so they compare equal)."""
    if normalize:
        text = unicodedata.normalize("NFKC", text)
    return rule.pattern.findall(text.casefold() if rule.casefold else text.lower())


def token_counts(text: str) -> Counter[str]:
    """``Counter(tokens(text))``: the C walks count without a list of every token (auto
    counts the text of every candidate of every page)."""
    if walks is None:
        return Counter(tokens(text))
    counts: Counter[str] = Counter()
    walks.token_counts(text=text.lower(), counts=counts)
    return counts


def bag_overlap(first: Counter[str], second: Counter[str]) -> int:
    """Tokens two bags share, counted with multiplicity (the size of ``first & second``,
    without building that Counter): in C when the extension is built."""
    if walks is not None:
        return walks.bag_overlap(first=first, second=second)
    return bag_overlap_in_python(first, second)


def bag_overlap_in_python(first: Counter[str], second: Counter[str]) -> int:
    """:func:`bag_overlap` in Python (the reference)."""
    small, large = (first, second) if len(first) <= len(second) else (second, first)
    return sum(map(min, small.values(), map(large.get, small, repeat(0))))


def bag_f1(predicted: Counter[str], reference: Counter[str]) -> float:
    """The F1 of two token bags: how far two texts agree, whatever their order."""
    overlap = bag_overlap(predicted, reference)
    if not overlap:
        return 0.0
    precision = overlap / sum(predicted.values())
    recall = overlap / sum(reference.values())
    return 2 * precision * recall / (precision + recall)


def token_count(text: str) -> int:
    """``len(tokens(text))`` without building the list."""
    return tally(text.lower())[0]


def tally(text: str) -> tuple[int, int]:
    """``(len(tokens(text)), cjk_count(text))`` in one pass (case as given: lower-casing can
    change what is a token, "İ" becomes two characters)."""
    if walks is not None:
        return walks.token_tally(text=text)
    # subn counts without building a string per match: ~40% faster than findall on Chinese
    found = IDEOGRAPH_TOKENS.pattern.subn("", text)[1]
    return found, (0 if text.isascii() else _CJK.subn("", text)[1])


def cjk_count(text: str) -> int:
    """Chinese characters (:data:`IDEOGRAPHS`) in ``text``."""
    if text.isascii():  # O(1) in CPython, and most English text: no scan
        return 0
    return tally(text)[1]


def has_cjk(text: str | None) -> bool:
    return text is not None and not text.isascii() and _CJK.search(text) is not None


def letter_count(text: str) -> int:
    """Letters of any script, without digits and underscores."""
    return _LETTER.subn("", text)[1]


def word_count(text: str, cjk: int | None = None) -> int:
    """Words comparable with English word counts: ``ceil(CJK / 1.7)`` + non-CJK words.
    ``cjk``: the text's :func:`cjk_count`, when the caller has it already."""
    found, counted = tally(text)
    if cjk is None:
        cjk = counted
    # Each CJK ideograph is one token and non-CJK runs stop at ideographs, so the other
    # words are the remaining tokens.
    return math.ceil(cjk / CJK_CHARS_PER_WORD) + found - cjk


def is_mostly_cjk(
    text: str, share: float = CHINESE_SHARE, per: Literal["token", "letter"] = "token"
) -> bool:
    """Whether at least ``share`` of the text's tokens (``per="letter"``: of its letters) are
    CJK ideographs: the one test of "this text is Chinese"."""
    cjk = cjk_count(text)
    if not cjk and share > 0:
        return False  # most non-Chinese text: no need to count its tokens
    if cjk and cjk / len(text) >= share:
        # Tokens (and letters) are disjoint runs of at least one character, so there are no
        # more of them than characters: the share is reached without counting them (most
        # Chinese text). Division rounds monotonically, so cjk / total passes too.
        return True
    # Every CJK ideograph is a token (and a letter) of its own, so no per-token loop.
    total = letter_count(text) if per == "letter" else tally(text)[0]
    return bool(total) and cjk / total >= share


def text_weight(text: str) -> int:
    """Length without whitespace, with wide (CJK) characters counted twice: about equal for
    the same information in Chinese and English."""
    stripped = "".join(text.split())
    return len(stripped) + _WIDE.subn("", stripped)[1]


@lru_cache(maxsize=8)
def single_ideograph_pattern(words: frozenset[str]) -> re.Pattern[str] | None:
    """A character class matching ``words`` when every one is a single CJK ideograph (each
    then is one token of its own, so counting matches counts tokens); else None."""
    if not words or not all(len(word) == 1 and _CJK.match(word) for word in words):
        return None
    return re.compile("[" + re.escape("".join(sorted(words))) + "]")
