"""TCDT content blocks: distance, weight, merging and selection (docs/algorithms.md A.4.2-A.4.5).

``d(v) = pos(v) - pos(T)``; ``W(v) = α(d) · (C(v) - L(v)) / C_T``; same-depth neighbours with
the same tag and weights of the same order of magnitude merge into groups; the heaviest
group with ``W(G) >= min_weight`` is the content.
"""

from __future__ import annotations

from dataclasses import dataclass

from newscrawl.extraction.extractors.tcdt.options import Neighbours, Numerator, TcdtOptions
from newscrawl.extraction.extractors.tcdt.title import TitleNode
from newscrawl.extraction.extractors.tcdt.tree import IndexedTree


@dataclass(frozen=True, slots=True)
class ScoredBlock:
    """One candidate content block with the quantities of formulas 1 and 2."""

    pos: int
    tag: str
    depth: int
    d: int
    alpha: float
    cjk: int
    link_cjk: int
    weight: float


@dataclass(frozen=True, slots=True)
class Group:
    """A maximal run of merged neighbour blocks (a single block is a group of one).

    ``members`` includes zero-weight same-tag siblings lying between weighted members.
    """

    members: tuple[ScoredBlock, ...]
    weight: float

    @property
    def pos(self) -> int:
        return self.members[0].pos

    @property
    def d(self) -> int:
        return self.members[0].d


def score_blocks(tree: IndexedTree, title: TitleNode, options: TcdtOptions) -> list[ScoredBlock]:
    """Formula 1 for every candidate-tag element except ``T`` itself, in preorder."""
    n_nodes = len(tree)
    c_t = max(title.cjk, 1)
    title_ancestors = _ancestors(tree, title.pos)
    blocks: list[ScoredBlock] = []
    for pos, tag in enumerate(tree.tags):
        if tag not in options.block_tags or pos == title.pos or tree.noise[pos]:
            continue
        d = pos - title.pos
        alpha = options.alpha(d, n_nodes)
        cjk = tree.text_cjk[pos]
        text = cjk - tree.text_link_cjk[pos]
        if options.numerator == Numerator.MINUS_TITLE and pos in title_ancestors:
            text = max(text - c_t, 0)
        elif options.numerator == Numerator.LINK_PENALIZED:
            text = text * text // cjk if cjk else 0
        blocks.append(
            ScoredBlock(
                pos,
                tag,
                tree.depth[pos],
                d,
                alpha,
                cjk,
                tree.text_link_cjk[pos],
                alpha * text / c_t,
            )
        )
    return blocks


def _ancestors(tree: IndexedTree, pos: int) -> set[int]:
    found: set[int] = set()
    parent = tree.parent[pos] if 0 <= pos < len(tree) else -1
    while parent >= 0:
        found.add(parent)
        parent = tree.parent[parent]
    return found


def merge_groups(tree: IndexedTree, blocks: list[ScoredBlock], options: TcdtOptions) -> list[Group]:
    """Maximal runs of same-tag neighbours of the same order of magnitude (A.4.4)."""
    mergeable = blocks if options.merge_containers else _non_containers(tree, blocks, options)
    keep = {b.pos for b in mergeable}
    groups = [Group((b,), b.weight) for b in blocks if b.pos not in keep and b.weight > 0]
    for sequence in _neighbour_sequences(tree, mergeable, options):
        groups.extend(_runs(sequence, options))
    return groups


def _non_containers(
    tree: IndexedTree, blocks: list[ScoredBlock], options: TcdtOptions
) -> list[ScoredBlock]:
    """Blocks with no eligible block (``W >= min_weight``) below them.

    Merging is for paragraph-like neighbours; two wrappers of the same tag (the article
    body and the "related news" box after it) have weights of the same order too.
    """
    heavy = [b.pos for b in blocks if b.weight >= options.min_weight]
    containers: set[int] = set()
    for pos in heavy:
        parent = tree.parent[pos]
        while parent >= 0 and parent not in containers:
            containers.add(parent)
            parent = tree.parent[parent]
    return [b for b in blocks if b.pos not in containers]


def _neighbour_sequences(
    tree: IndexedTree, blocks: list[ScoredBlock], options: TcdtOptions
) -> list[list[ScoredBlock]]:
    """Ordered lists in which consecutive blocks are neighbours."""
    sequences: dict[int, list[ScoredBlock]] = {}
    for block in blocks:
        key = tree.parent[block.pos] if options.neighbours == Neighbours.SIBLINGS else block.depth
        sequences.setdefault(key, []).append(block)
    return list(sequences.values())


def _runs(sequence: list[ScoredBlock], options: TcdtOptions) -> list[Group]:
    """Maximal same-tag runs in one neighbour sequence.

    Light blocks (``W < passable_weight``; at least the zero-weight ones of the literal rule)
    wait in ``passing`` and join the run only if a weighted member follows them.
    """
    groups: list[Group] = []
    open_runs: dict[str, tuple[list[ScoredBlock], list[ScoredBlock]]] = {}  # tag -> (run, passing)

    def close(tag: str) -> None:
        run, _ = open_runs.pop(tag, ([], []))
        if run:
            groups.append(Group(tuple(run), sum(b.weight for b in run)))

    for block in sequence:
        if options.other_tags_break_runs:
            for tag in [t for t in open_runs if t != block.tag]:
                close(tag)
        run, passing = open_runs.get(block.tag, ([], []))
        light = block.weight <= 0 or block.weight < options.passable_weight
        if light and run:
            passing.append(block)
            open_runs[block.tag] = (run, passing)
            continue
        if block.weight <= 0:
            continue
        if run and options.same_magnitude(run[-1].weight, block.weight):
            run.extend(passing)
            run.append(block)
            open_runs[block.tag] = (run, [])
        else:
            close(block.tag)
            open_runs[block.tag] = ([block], [])
    for tag in list(open_runs):
        close(tag)
    return groups


def select_group(
    groups: list[Group], options: TcdtOptions, tree: IndexedTree | None = None
) -> Group | None:
    """The heaviest eligible group; ties prefer small |d| after the title, then pos (A.4.5).

    With ``tree`` and ``options.tighten_share > 0``, the answer then moves into the heaviest
    group nested inside it while that keeps at least ``tighten_share`` of the weight.
    """
    eligible = [g for g in groups if g.weight >= options.min_weight]
    if not eligible:
        return None
    best = min(eligible, key=lambda g: (-g.weight, g.d <= 0, abs(g.d), g.pos))
    if tree is None or options.tighten_share <= 0:
        return best
    targets = (
        eligible if options.tighten_into_runs else [g for g in eligible if len(g.members) == 1]
    )
    return tighten(best, targets, tree, options.tighten_share)


def tighten(group: Group, targets: list[Group], tree: IndexedTree, share: float) -> Group:
    """Descend from ``group`` to nested groups that keep ``share`` of its weight.

    W grows with every ancestor after the title, so the raw argmax is the outermost wrapper
    that starts after T (share bars, editor lines, disclaimers included). The tightest
    group holding nearly all of that weight is the article itself.
    """
    # One pass over the targets, heaviest first: the first one nested in ``current`` is the
    # heaviest inside it, and one passed over is inside no later ``current`` either (each
    # lies inside the one before). Rescanning every target per step was quadratic in the
    # nesting depth.
    current = group
    for candidate in sorted(targets, key=lambda g: (-g.weight, g.pos)):
        if candidate is current or not _nested(tree, candidate, current):
            continue
        if candidate.weight < share * current.weight:
            return current
        current = candidate
    return current


def _nested(tree: IndexedTree, inner: Group, outer: Group) -> bool:
    """Every member of ``inner`` lies strictly inside some member of ``outer``."""
    return all(
        any(m.pos != b.pos and tree.contains(m.pos, b.pos) for m in outer.members)
        for b in inner.members
    )
