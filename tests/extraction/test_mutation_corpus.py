"""A seeded mutation corpus: real pages broken the ways transport, templates and hostile sites
break them (tests/extraction/mutation.py), run through every method: no call may raise or
end in an ``extractor_error`` (the last-resort guard must never be what saved a page).

Seeds fix every mutant, so a failure message is enough to reproduce it.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from newscrawl.extraction import Article, Rejection, RejectReason, available_methods, extract

from .mutation import mutant

PAGES = sorted((Path(__file__).parent.parent / "data" / "mutation").glob("*.html.gz"))
# 4 pages x 25 mutants x 7 methods = 700 calls, about 15 s of CPU on the test machine.
MUTANTS_PER_PAGE = 25


def test_corpus_is_present():
    assert len(PAGES) >= 3


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name.split(".")[0])
def test_no_mutant_makes_extract_fail(page):
    original = gzip.decompress(page.read_bytes())
    failures = []
    for seed in range(MUTANTS_PER_PAGE):
        broken = mutant(original, seed)
        for method in available_methods():
            where = f"seed {seed} {broken.steps} encoding={broken.encoding!r} method {method}"
            try:
                result = extract(
                    broken.data,
                    url="https://example.com/news/1.html",
                    method=method,
                    encoding=broken.encoding,
                )
            except Exception as error:  # noqa: BLE001 - collected and reported below
                failures.append(f"{where}: raised {error!r}")
                continue
            if not isinstance(result, Article | Rejection):
                failures.append(f"{where}: returned {type(result).__name__}")
            elif isinstance(result, Rejection) and result.reason is RejectReason.EXTRACTOR_ERROR:
                failures.append(f"{where}: {result.detail}")
    assert failures == []


def test_mutants_are_deterministic_and_differ_from_the_page():
    original = gzip.decompress(PAGES[0].read_bytes())
    first = [mutant(original, seed) for seed in range(10)]
    assert first == [mutant(original, seed) for seed in range(10)]
    assert all(m.data != original for m in first)
