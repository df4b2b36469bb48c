"""Title similarity shared by the title chooser and TCDT: LCS over token sequences.

Titles are compared as ``text.tokens(title, normalize=True)``: NFKC, lowercase, one token per
CJK ideograph and one per run of other letters/digits (docs/algorithms.md A.9).
"""

from __future__ import annotations

from collections.abc import Sequence

from newscrawl.extraction.native import walks

__all__ = ["LcsReference", "lcs_dice", "lcs_length", "prefix_cover"]

# Tokens a reference may have for the C walk, whose bit vector is one 64-bit word.
WORD_BITS = 64


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence, bit-parallel (Hyyrö 2004).

    One pass over ``b`` with Python big-int arithmetic: titles are compared with hundreds of
    candidates per page, and the O(n·m) table would dominate TCDT's run time.
    """
    if not a or not b:
        return 0
    if len(a) > len(b):
        # LCS is symmetric; the bit vectors span ``a``, and building its masks costs
        # len(a)^2/64, so they span the shorter one (a <title> of 100,000 tokens read as
        # TCDT's reference took 25 ms per candidate the other way round).
        a, b = b, a
    return LcsReference(a).lcs(b)


class LcsReference:
    """One sequence compared with many (an anchor reading with every title candidate of a
    page): :func:`lcs_length`'s bit masks are built for it once instead of per comparison.
    Meant for short references (a headline); :func:`lcs_length` spans the shorter side."""

    __slots__ = ("full", "length", "masks", "tokens")

    def __init__(self, tokens: Sequence[str]) -> None:
        self.tokens = tokens
        self.length = len(tokens)
        self.full = (1 << self.length) - 1
        self.masks: dict[str, int] = {}
        for i, item in enumerate(tokens):
            self.masks[item] = self.masks.get(item, 0) | (1 << i)

    def lcs(self, other: Sequence[str]) -> int:
        """``lcs_length(self.tokens, other)``: on one machine word in C when the reference
        has at most 64 tokens (:meth:`lcs_in_python` is the reference)."""
        if not self.length or not other:
            return 0
        if walks is not None and self.length <= WORD_BITS:
            return walks.lcs_masked(masks=self.masks, length=self.length, other=other)
        return self.lcs_in_python(other)

    def lcs_in_python(self, other: Sequence[str]) -> int:
        """:meth:`lcs` with Python's unbounded integers as the bit vectors."""
        if not self.length or not other:
            return 0
        masks, full = self.masks, self.full
        v = full
        for item in other:
            u = v & masks.get(item, 0)
            v = ((v + u) | (v - u)) & full
        return self.length - v.bit_count()

    def dice(self, other: Sequence[str]) -> float:
        """``lcs_dice(self.tokens, other)``."""
        if not self.length or not other:
            return 0.0
        return 2.0 * self.lcs(other) / (self.length + len(other))


def lcs_dice(a: Sequence[str], b: Sequence[str]) -> float:
    """Title similarity ``2·LCS(a, b) / (len(a) + len(b))`` in [0, 1] (docs/algorithms.md A.9)."""
    if not a or not b:
        return 0.0
    return 2.0 * lcs_length(a, b) / (len(a) + len(b))


def prefix_cover(prefix: Sequence[str], full: Sequence[str]) -> float:
    """How well ``prefix`` (a truncated title) matches the start of ``full``, in [0, 1].

    Compared against the first ``len(prefix)`` tokens of ``full`` only, so a candidate that is
    much longer than the truncated anchor is not penalised for its missing tail.
    """
    if not prefix or not full or len(full) < len(prefix):
        return 0.0
    head = full[: len(prefix)]
    return lcs_length(prefix, head) / len(prefix)
