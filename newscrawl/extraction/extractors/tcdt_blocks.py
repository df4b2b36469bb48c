"""TCDT content blocks: distance, weight, neighbour merging and selection (spec A.5-A.9).

``d(v) = pos(v) - pos(T)``; ``W(v) = α(d) · (C(v) - L(v)) / C_T``; same-depth neighbours with
the same tag and weights of the same order of magnitude merge into groups; the heaviest
group with ``W(G) >= min_weight`` is the content.
"""

from __future__ import annotations

from dataclasses import dataclass

from newscrawl.extraction.extractors.tcdt_options import Neighbours, Numerator, TcdtOptions
from newscrawl.extraction.extractors.tcdt_title import TitleNode
from newscrawl.extraction.extractors.tcdt_tree import IndexedTree


@dataclass(frozen=True, slots=True)
class Block:
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

    members: tuple[Block, ...]
    weight: float

    @property
    def pos(self) -> int:
        return self.members[0].pos

    @property
    def d(self) -> int:
        return self.members[0].d


def score_blocks(tree: IndexedTree, title: TitleNode, options: TcdtOptions) -> list[Block]:
    """Formula 1 for every candidate-tag element except ``T`` itself, in preorder."""
    n_nodes = len(tree)
    c_t = max(title.cjk, 1)
    title_ancestors = _ancestors(tree, title.pos)
    blocks: list[Block] = []
    for pos, tag in enumerate(tree.tags):
        if tag not in options.block_tags or pos == title.pos:
            continue
        d = pos - title.pos
        alpha = options.alpha(d, n_nodes)
        text = tree.cjk[pos] - tree.link_cjk[pos]
        if options.numerator is Numerator.MINUS_TITLE and pos in title_ancestors:
            text = max(text - c_t, 0)
        elif options.numerator is Numerator.LINK_PENALIZED:
            text = text * text // tree.cjk[pos] if tree.cjk[pos] else 0
        blocks.append(Block(pos, tag, tree.depth[pos], d, alpha, tree.cjk[pos],
                            tree.link_cjk[pos], alpha * text / c_t))
    return blocks


def _ancestors(tree: IndexedTree, pos: int) -> set[int]:
    found: set[int] = set()
    parent = tree.parent[pos] if 0 <= pos < len(tree) else -1
    while parent >= 0:
        found.add(parent)
        parent = tree.parent[parent]
    return found


def merge_groups(tree: IndexedTree, blocks: list[Block], options: TcdtOptions) -> list[Group]:
    """Spec A.8: maximal runs of same-tag neighbours of the same order of magnitude."""
    groups: list[Group] = []
    for sequence in _neighbour_sequences(tree, blocks, options):
        groups.extend(_runs(sequence, options))
    return groups


def _neighbour_sequences(tree: IndexedTree, blocks: list[Block],
                         options: TcdtOptions) -> list[list[Block]]:
    """Ordered lists in which consecutive blocks are neighbours."""
    sequences: dict[int, list[Block]] = {}
    for block in blocks:
        if options.neighbours is Neighbours.SIBLINGS:
            key = tree.parent[block.pos]
        else:
            key = block.depth
        sequences.setdefault(key, []).append(block)
    return list(sequences.values())


def _runs(sequence: list[Block], options: TcdtOptions) -> list[Group]:
    """Maximal same-tag runs in one neighbour sequence.

    Light blocks (``W < passable_weight``; at least the zero-weight ones of the spec) wait in
    ``passing`` and join the run only if a weighted member follows them.
    """
    groups: list[Group] = []
    open_runs: dict[str, tuple[list[Block], list[Block]]] = {}  # tag -> (run, passing)

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


def select_group(groups: list[Group], options: TcdtOptions) -> Group | None:
    """Spec A.9: the heaviest eligible group; ties prefer small |d| after the title, then pos."""
    eligible = [g for g in groups if g.weight >= options.min_weight]
    if not eligible:
        return None
    return min(eligible, key=lambda g: (-g.weight, g.d <= 0, abs(g.d), g.pos))
