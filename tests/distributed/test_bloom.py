"""Bloom filter sizing and behaviour on the real local Redis."""

from __future__ import annotations

import hashlib

import pytest

from newscrawl.distributed.bloom import BloomParams, RedisBloom


def fp(text: str) -> bytes:
    return hashlib.sha1(text.encode()).digest()


def test_sizing_for_ten_million_urls_at_one_in_a_thousand():
    params = BloomParams(10_000_000, 0.001)
    assert params.hashes == 10
    assert 17.0 < params.megabytes < 17.3  # the goal is <= 64 MB for 10M URLs


def test_offsets_are_in_range_and_deterministic():
    params = BloomParams(1000, 0.01)
    offsets = params.offsets(fp("http://a/1"))
    assert len(offsets) == params.hashes
    assert all(0 <= o < params.bits for o in offsets)
    assert offsets == params.offsets(fp("http://a/1"))
    assert params.offsets(b"short") == params.offsets(hashlib.sha1(b"short").digest())


@pytest.mark.parametrize(
    ("capacity", "rate", "match"),
    [
        (0, 0.01, "capacity"),
        (10, 0.0, "error rate"),
        (10, 1.5, "error rate"),
        (10**12, 1e-9, "more than one Redis string"),
    ],
)
def test_rejects_impossible_parameters(capacity, rate, match):
    with pytest.raises(ValueError, match=match):
        BloomParams(capacity, rate)


def test_add_reports_seen_and_counts_new_items(server, prefix):
    bloom = RedisBloom(server, f"{prefix}:seen", BloomParams(1000, 0.001))
    assert bloom.add(fp("a")) is False
    assert bloom.add(fp("a")) is True
    assert fp("a") in bloom and fp("b") not in bloom
    assert bloom.count() == 1
    bloom.clear()
    assert bloom.add(fp("a")) is False


def test_false_positive_rate_stays_near_the_configured_one(server, prefix):
    capacity, rate = 10_000, 0.01
    bloom = RedisBloom(server, f"{prefix}:seen", BloomParams(capacity, rate))
    # Filling to capacity: the rate only reaches p at the end, so fewer than p*n are "seen".
    assert sum(bloom.add_many(fp(f"in-{n}") for n in range(capacity))) < rate * capacity
    # Fresh URLs against the full filter: each "seen" answer is a false positive.
    false_positives = sum(bloom.contains_many(fp(f"out-{n}") for n in range(5000)))
    # Expected at most 50 of 5000 at p=0.01; 2x is far outside binomial noise (sd ~7).
    assert false_positives < 2 * rate * 5000
    assert all(fp(f"in-{n}") in bloom for n in range(0, capacity, 97))  # no false negatives
