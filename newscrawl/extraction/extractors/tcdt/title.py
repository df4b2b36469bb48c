"""TCDT title node: the multi-condition choice of the node ``T`` content hangs from (A.4.1).

Conditions, in order: (1) tag in the title tags and no link/resource reference except
self-links; (2) a Chinese-character count in range and no sentence-final punctuation;
(3) the candidate most similar to the anchor text (or, without one, to ``<title>``).
The result records which condition decided, for ``newscrawl extract --explain``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import node_text
from newscrawl.extraction.extractors.tcdt.options import Similarity, TcdtOptions
from newscrawl.extraction.extractors.tcdt.tree import IndexedTree
from newscrawl.extraction.metadata.title import anchor_similarity, anchor_variants
from newscrawl.extraction.metadata.title_text import lcs_dice
from newscrawl.extraction.text import cjk_count, tokens

HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
TITLE_POS = -1  # pseudo position of the <head> <title> candidate


@dataclass(frozen=True, slots=True)
class TitleNode:
    """The chosen title node ``T``: ``pos`` in the body preorder (0 = body itself)."""

    pos: int
    text: str
    cjk: int  # C_T
    tag: str
    similarity: float
    reason: str
    low_confidence: bool = False
    candidates: int = 0


@dataclass(frozen=True, slots=True)
class _Candidate:
    pos: int
    text: str
    tag: str


def find_title_node(doc: Document, tree: IndexedTree, options: TcdtOptions) -> TitleNode:
    """Pick ``T`` by the A.4.1 conditions; never fails (falls back to the body, low confidence)."""
    reference, reference_name = _reference(doc)
    score = _scorer(reference, options) if reference else None
    # Both passes meet the same nodes: condition 1 is tested once, each text read once.
    eligible = _title_tag_positions(tree, options)
    read: dict[int, str] = {}
    keys: dict[int, tuple[str, ...]] = {}
    strict = _candidates(
        tree,
        eligible,
        options,
        options.title_min_cjk,
        options.title_max_cjk,
        options.ending_punctuation,
        read,
        keys,
    )
    chosen = _most_similar(strict, score, doc, options) if strict else None
    stage = f"condition 2 ([{options.title_min_cjk}, {options.title_max_cjk}] Chinese chars)"
    title_won = chosen is not None and chosen[0].pos == TITLE_POS
    if (
        chosen is None
        or (reference and chosen[1] < options.relax_below_similarity)
        or (options.relax_after_title and title_won)
    ):
        relaxed = _candidates(
            tree,
            eligible,
            options,
            options.relaxed_min_cjk,
            options.relaxed_max_cjk,
            options.relaxed_ending_punctuation,
            read,
            keys,
        )
        better = _most_similar(relaxed, score, doc, options) if relaxed else None
        if better is not None and (chosen is None or better[1] > chosen[1]):
            chosen, strict = better, relaxed
            stage = (
                f"relaxed condition 2 ([{options.relaxed_min_cjk}, "
                f"{options.relaxed_max_cjk}] Chinese chars)"
            )
        elif title_won and options.relax_after_title:
            # The <title> still wins: it is placed among the relaxed pass's candidates (the
            # strict pass's and the longer headlines).
            strict = relaxed
    if chosen is None:
        return TitleNode(
            0,
            doc.title_text,
            max(1, cjk_count(doc.title_text)),
            "body",
            0.0,
            "no candidate passed conditions 1-2: body is T, <title> is the title",
            low_confidence=True,
        )
    cand, sim = chosen
    if reference and sim < options.unreliable_below_similarity:
        text = doc.title_text or cand.text
        return TitleNode(
            0,
            text,
            max(1, cjk_count(text)),
            "body",
            sim,
            f"best candidate <{cand.tag}> {cand.text!r} is too unlike the "
            f"{reference_name} (sim {sim:.2f} < "
            f"{options.unreliable_below_similarity}): body is T",
            low_confidence=True,
            candidates=len(strict),
        )
    why = (
        f"{stage}; condition 3: most similar to the {reference_name} (sim {sim:.2f})"
        if reference
        else f"{stage}; no anchor text or <title>: first heading/candidate"
    )
    if cand.pos != TITLE_POS:
        return TitleNode(
            cand.pos,
            cand.text,
            max(1, cjk_count(cand.text)),
            cand.tag,
            sim,
            why,
            candidates=len(strict),
        )
    return _map_title_element(cand, sim, strict, options, why)


def _reference(doc: Document) -> tuple[str, str]:
    """The string candidates are compared with: anchor text, else <title> (A.4.1)."""
    if doc.anchor_text:
        return doc.anchor_text, "anchor text"
    if doc.title_text:
        return doc.title_text, "<title> (no anchor text)"
    return "", ""


def _title_tag_positions(tree: IndexedTree, options: TcdtOptions) -> list[int]:
    """Condition 1: the positions (body aside) of title tags whose subtree references no
    other resource."""
    tags, has_reference, title_tags = tree.tags, tree.has_reference, options.title_tags
    return [
        pos for pos in range(1, len(tree)) if tags[pos] in title_tags and not has_reference[pos]
    ]


def _candidates(
    tree: IndexedTree,
    eligible: list[int],
    options: TcdtOptions,
    low: int,
    high: int,
    enders: frozenset[str],
    read: dict[int, str] | None = None,
    keys: dict[int, tuple[str, ...]] | None = None,
) -> list[_Candidate]:
    """Condition 2 among the ``eligible`` positions (:func:`_title_tag_positions`), with
    nested duplicates reduced to the innermost node. ``read`` and ``keys``: the text, and
    its tokens, of each position an earlier pass read."""
    read = {} if read is None else read
    keys = {} if keys is None else keys
    found: list[_Candidate] = []
    last_by_text: dict[tuple[str, ...], int] = {}  # text -> index in ``found``
    cjk = tree.cjk
    for pos in eligible:
        if not low <= cjk[pos] <= high:
            continue
        text = read.get(pos)
        if text is None:
            text = read[pos] = node_text(tree.nodes[pos])
        if _ends_sentence(text, enders, options.closing_marks):
            continue
        key = keys.get(pos)
        if key is None:
            key = keys[pos] = tuple(tokens(text, normalize=True))
        cand = _Candidate(pos, text, tree.tags[pos])
        index = last_by_text.get(key)
        # Same text nested (a div wrapping the h1): the innermost node is the tightest T.
        # Preorder puts the wrapper first, so a nested duplicate replaces it.
        if index is not None and tree.contains(found[index].pos, pos):
            found[index] = cand
        else:
            last_by_text[key] = len(found)
            found.append(cand)
    return found


def _ends_sentence(text: str, enders: frozenset[str], closing: str) -> bool:
    stripped = text.rstrip().rstrip(closing).rstrip()
    return bool(stripped) and stripped[-1] in enders


def _most_similar(
    candidates: list[_Candidate],
    score: Callable[[str], float] | None,
    doc: Document,
    options: TcdtOptions,
) -> tuple[_Candidate, float] | None:
    """Condition 3 with its tie-breakers: similarity, tag rank, earlier position. ``score``
    is the similarity to the reference (None: no anchor text and no <title>)."""
    pool = list(candidates)
    if doc.anchor_text and doc.title_text:  # <title> competes only against an anchor
        pool.append(_Candidate(TITLE_POS, doc.title_text, "title"))
    if not pool:
        return None
    if score is None:
        headings = [c for c in pool if c.tag in HEADINGS]
        return ((headings or pool)[0], 0.0)
    rank = {tag: i for i, tag in enumerate(options.tag_rank)}
    scored = [(score(c.text), c) for c in pool]
    sim, best = min(
        scored, key=lambda x: (-round(x[0], 6), rank.get(x[1].tag, len(rank)), x[1].pos)
    )
    return best, sim


def _scorer(reference: str, options: TcdtOptions) -> Callable[[str], float]:
    """Similarity of a candidate's text to ``reference``, each text scored once per page (the
    relaxed pass of condition 2 meets the strict pass's candidates again)."""
    if options.similarity == Similarity.LCS_DICE:
        ref_tokens = tokens(reference, normalize=True)

        def similarity(text: str) -> float:
            return lcs_dice(tokens(text, normalize=True), ref_tokens)
    else:
        variants = anchor_variants(reference)

        def similarity(text: str) -> float:
            return anchor_similarity(tuple(tokens(text, normalize=True)), variants)

    scores: dict[str, float] = {}

    def score(text: str) -> float:
        found = scores.get(text)
        if found is None:
            found = scores[text] = similarity(text)
        return found

    return score


def _map_title_element(
    cand: _Candidate, sim: float, pool: list[_Candidate], options: TcdtOptions, why: str
) -> TitleNode:
    """A <title> winner has no body position: borrow the most similar body candidate's."""
    title_tokens = tokens(cand.text, normalize=True)
    scored = [(lcs_dice(tokens(c.text, normalize=True), title_tokens), c) for c in pool]
    best = max(scored, key=lambda x: x[0], default=(0.0, None))
    c_t = max(1, cjk_count(cand.text))
    if best[1] is not None and best[0] >= options.title_map_min_similarity:
        return TitleNode(
            best[1].pos,
            cand.text,
            c_t,
            "title",
            sim,
            f"{why}; <title> won, placed at the most similar body node "
            f"<{best[1].tag}> (sim {best[0]:.2f})",
            candidates=len(pool),
        )
    return TitleNode(
        0,
        cand.text,
        c_t,
        "title",
        sim,
        f"{why}; <title> won and no body node is similar: body is T",
        candidates=len(pool),
    )
