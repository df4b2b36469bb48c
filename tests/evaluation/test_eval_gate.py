"""The CI eval gate: floored methods must keep their F1 / title exact-match on the data root's sets
(the repository's datasets/ unless NEWSCRAWL_DATA names another folder).

Floors and corpus digests live in floors.json next to this file; see its "about" line and
``python3 -m newscrawl.evaluation.gate`` for re-pinning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from newscrawl.evaluation.gate import check_corpus, load_floors
from newscrawl.extraction.registry import available_methods

FLOORS_FILE = Path(__file__).with_name("floors.json")
CORPORA, FLOORS = load_floors(FLOORS_FILE)


@pytest.mark.slow
@pytest.mark.parametrize("corpus_name", sorted(CORPORA))
def test_eval_gate(corpus_name: str) -> None:
    floors = FLOORS.get(corpus_name, {})
    assert floors, f"{FLOORS_FILE}: no floors pinned for {corpus_name}"
    result = check_corpus(CORPORA[corpus_name], floors, available_methods())
    print(result.summary())
    assert not result.failures, result.summary()
