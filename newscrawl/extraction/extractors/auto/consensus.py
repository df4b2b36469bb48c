"""The consensus of the candidates' token bags, each candidate's agreement with it, and the
choice: the shortest of the candidates tied for the best agreement."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import repeat

from newscrawl.extraction.extractors.auto.runs import Candidate
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions
from newscrawl.extraction.native import walks
from newscrawl.extraction.text import bag_f1

# Voters the C consensus takes (weighted methods count once per vote).
MAX_C_BAGS = 64


def consensus_bag(
    bags: Sequence[Counter[str]], quantile: float = DEFAULT_OPTIONS.consensus_quantile
) -> Counter[str]:
    """Per token, the ``quantile`` of its counts over ``bags`` (zero counts included): in C
    when the extension is built (:func:`consensus_bag_in_python` is the reference)."""
    if walks is None or not bags or len(bags) > MAX_C_BAGS:
        return consensus_bag_in_python(bags, quantile)
    consensus: Counter[str] = Counter()
    walks.consensus_counts(bags=list(bags), rank=_rank(len(bags), quantile), consensus=consensus)
    return consensus


def _rank(voters: int, quantile: float) -> int:
    return min(voters - 1, int(voters * quantile))


def consensus_bag_in_python(
    bags: Sequence[Counter[str]], quantile: float = DEFAULT_OPTIONS.consensus_quantile
) -> Counter[str]:
    """:func:`consensus_bag` in Python."""
    consensus: Counter[str] = Counter()
    if not bags:
        return consensus
    rank = _rank(len(bags), quantile)
    # A token missing from more than ``rank`` bags has a zero at ``rank``: skip it unsorted.
    presence: Counter[str] = Counter()
    for bag in bags:
        presence.update(bag.keys())
    needed = len(bags) - rank
    common = [token for token, present in presence.items() if present >= needed]
    # One row of counts per bag, built by map() rather than a Python step per token and bag.
    rows = [list(map(bag.get, common, repeat(0))) for bag in bags]
    columns = zip(*rows, strict=True)  # one column of counts per common token
    consensus.update(dict(zip(common, [sorted(column)[rank] for column in columns], strict=True)))
    return consensus


def agreements(
    candidates: Sequence[Candidate],
    weights: dict[str, int] | None = None,
    options: AutoOptions = DEFAULT_OPTIONS,
) -> dict[str, float]:
    """Each candidate's F1 against the consensus of all candidates (``weights``: votes)."""
    weights = weights or {}
    consensus = consensus_bag(
        [c.bag for c in candidates for _ in range(weights.get(c.method, 1))],
        options.consensus_quantile,
    )
    scores: dict[int, float] = {}  # methods that agree to the character share one bag
    for c in candidates:
        if id(c.bag) not in scores:
            scores[id(c.bag)] = bag_f1(c.bag, consensus)
    return {c.method: scores[id(c.bag)] for c in candidates}


def choose(
    candidates: Sequence[Candidate],
    weights: dict[str, int] | None = None,
    options: AutoOptions = DEFAULT_OPTIONS,
) -> tuple[Candidate, float]:
    """The shortest candidate among those tied for best agreement, and that agreement."""
    if len(candidates) == 1:
        return candidates[0], 1.0
    scores = agreements(candidates, weights, options)
    best = max(scores.values())
    tied = [c for c in candidates if scores[c.method] >= best - options.tie_margin]
    winner = min(tied, key=lambda c: c.size)
    return winner, scores[winner.method]
