from __future__ import annotations

import itertools
import json

import pytest

from newscrawl.crawl.dedup import NearDuplicateIndex, hamming, simhash
from newscrawl.evaluation.datasets import pages_file


def _texts(name: str, limit: int) -> list[str]:
    with pages_file(name).open(encoding="utf-8") as rows:
        texts = [json.loads(line).get("text") for line in rows]
    return [t for t in texts if t and len(t) > 400][:limit]


def test_small_edits_stay_near_and_distinct_articles_far():
    texts = _texts("cwced_zh", 40) + _texts("wcxb_dev", 80)
    for text in texts[:20]:
        edited = text.replace("。", "！", 1).replace(" the ", " a ", 1) + " 责任编辑：张三"
        assert hamming(simhash(text), simhash(edited)) <= 3
    hashes = [simhash(t) for t in texts]
    closest = min(hamming(a, b) for a, b in itertools.combinations(hashes, 2))
    assert closest > 3, closest


def test_index_finds_near_duplicates_of_other_urls_only():
    index = NearDuplicateIndex(3)
    base = simhash("one two three four five six seven eight nine ten " * 20)
    index.add(base, "http://a/1")
    assert index.find(base ^ 0b101, "http://b/2") == "http://a/1"  # 2 bits away
    assert index.find(base, "http://a/1") is None  # the same URL again is no duplicate
    assert index.find(base ^ 0b1111, "http://b/2") is None  # 4 bits away
    assert len(index) == 1


def test_distance_must_fit_the_bands():
    with pytest.raises(ValueError, match="distance"):
        NearDuplicateIndex(4)
