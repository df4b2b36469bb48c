"""Duplicate content: exact (content hash) and near (64-bit simhash over word shingles).

The near-duplicate index splits each simhash into ``BANDS`` bands: two hashes within
``distance`` < ``BANDS`` bits agree exactly on at least one band, so candidates are found by
band lookup instead of a scan.
"""

from __future__ import annotations

import hashlib

from newscrawl.extraction.text import SHINGLE_TOKENS, tokens

# Tokens per shingle (simhash() combines exactly three): 3 words or 3 CJK characters keep
# the word order yet let a small edit change only a few shingles.
SHINGLE = 3
BANDS = 4
# Only shingles whose hash has these bits clear are counted: both copies of a text sample the
# same shingles, so near-duplicates stay near while the cost drops 4x (long texts keep
# hundreds of samples; cwced/wcxb texts stay >= 16 bits apart, tests/crawl/test_dedup.py).
SAMPLE_MASK = 0b11
_BITS = 64
# For each byte value, the bit positions set in it: turns 64 bit tests per shingle into 8
# table lookups (simhash of a long article in a few milliseconds, in pure Python).
_MASK64 = (1 << 64) - 1
_MIX = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: spreads the combined bits
_BYTE_BITS = [[bit for bit in range(8) if value >> bit & 1] for value in range(256)]


def _token_hash(token: str) -> int:
    return int.from_bytes(hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest(), "big")


def simhash(text: str) -> int:
    """64-bit simhash of the text's shingles (each shingle weighs 1)."""
    cache: dict[str, int] = {}
    hashes = []
    for word in tokens(text, normalize=True, rule=SHINGLE_TOKENS):
        value = cache.get(word)
        if value is None:
            value = cache[word] = _token_hash(word)
        hashes.append(value)
    if not hashes:
        return 0
    hashes += [0] * max(0, SHINGLE - len(hashes))
    histograms = [[0] * 256 for _ in range(8)]
    sampled = 0
    for index in range(len(hashes) - SHINGLE + 1):
        # Shingle hash from its token hashes: rotations keep the order significant.
        a, b, c = hashes[index], hashes[index + 1], hashes[index + 2]
        value = (a ^ ((b << 21 | b >> 43) & _MASK64) ^ ((c << 42 | c >> 22) & _MASK64)) * _MIX
        value = (value ^ value >> 29) & _MASK64
        if value & SAMPLE_MASK:
            continue
        sampled += 1
        for histogram in histograms:
            histogram[value & 255] += 1
            value >>= 8
    result = 0
    for position, histogram in enumerate(histograms):
        ones = [0] * 8
        for value, seen in enumerate(histogram):
            if seen:
                for bit in _BYTE_BITS[value]:
                    ones[bit] += seen
        for bit in range(8):
            if ones[bit] * 2 > sampled:
                result |= 1 << (position * 8 + bit)
    return result


def hamming(a: int, b: int) -> int:
    return (a ^ b).bit_count()


class NearDuplicateIndex:
    """Simhashes seen so far, with the URL each came from."""

    def __init__(self, distance: int = 3) -> None:
        if not 0 <= distance < BANDS:
            raise ValueError(f"near-duplicate distance must be 0..{BANDS - 1}, got {distance}")
        self.distance = distance
        self._bands: list[dict[int, list[tuple[int, str]]]] = [{} for _ in range(BANDS)]
        self._width = _BITS // BANDS
        self._mask = (1 << self._width) - 1

    def _keys(self, value: int) -> list[int]:
        return [(value >> (band * self._width)) & self._mask for band in range(BANDS)]

    def find(self, value: int, url: str) -> str | None:
        """URL of an indexed text within ``distance`` bits (other than ``url`` itself)."""
        for band, key in zip(self._bands, self._keys(value), strict=True):
            for other, other_url in band.get(key, ()):
                if other_url != url and hamming(value, other) <= self.distance:
                    return other_url
        return None

    def add(self, value: int, url: str) -> None:
        entry = (value, url)  # one tuple shared by the four bands
        for band, key in zip(self._bands, self._keys(value), strict=True):
            band.setdefault(key, []).append(entry)

    def __len__(self) -> int:
        return sum(len(entries) for entries in self._bands[0].values())
