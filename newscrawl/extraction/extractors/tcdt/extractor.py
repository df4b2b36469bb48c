"""TCDT: title/content dependency tree extraction for Chinese news pages (docs/algorithms.md A.4).

王晓飞's method locates the title node ``T`` first (A.4.1), then weighs every content block by
its non-link Chinese text and its dependency distance to ``T`` in preorder (A.4.2-A.4.3), merges
same-tag neighbours (A.4.4) and outputs ``T`` with the heaviest group as its children (A.4.5).
The stages are public and separately tested::

    index_tree -> find_title_node -> score_blocks -> merge_groups -> select_group

Pages with no Chinese title candidate are not TCDT's to judge: they go to the density
method, and the result says so (method ``"tcdt>density"``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors.tcdt.blocks import (
    Group,
    ScoredBlock,
    merge_groups,
    score_blocks,
    select_group,
)
from newscrawl.extraction.extractors.tcdt.options import DEFAULT_OPTIONS, TcdtOptions
from newscrawl.extraction.extractors.tcdt.title import TitleNode, find_title_node
from newscrawl.extraction.extractors.tcdt.tree import IndexedTree, index_tree
from newscrawl.extraction.text import has_cjk
from newscrawl.extraction.types import ContentResult, Rejection, RejectReason

logger = logging.getLogger(__name__)

METHOD = "tcdt"
FALLBACK_METHOD = "density"
# Groups listed in the diagnostics (the CLI's --explain shows more from analyse()).
DIAGNOSTIC_TOP = 5


@dataclass(slots=True)
class TcdtAnalysis:
    """Everything TCDT computed on one page: what ``--explain`` prints."""

    tree: IndexedTree
    title: TitleNode
    blocks: list[ScoredBlock]
    groups: list[Group]
    selected: Group | None
    chinese: bool

    def ranked_groups(self) -> list[Group]:
        return sorted(self.groups, key=lambda g: -g.weight)


def analyse(doc: Document, options: TcdtOptions = DEFAULT_OPTIONS) -> TcdtAnalysis | None:
    """Run every TCDT stage on ``doc``; None when the page has no ``<body>``."""
    body = doc.body
    if body is None:
        return None
    tree = index_tree(
        body, doc.url, options.density if options.skip_noise else None, options.noise_max_text_share
    )
    title = find_title_node(doc, tree, options)
    chinese = has_cjk(title.text) or has_cjk(doc.anchor_text)
    blocks = score_blocks(tree, title, options)
    groups = merge_groups(tree, blocks, options)
    return TcdtAnalysis(tree, title, blocks, groups, select_group(groups, options, tree), chinese)


def extract_content(
    doc: Document,
    options: TcdtOptions = DEFAULT_OPTIONS,
) -> ContentResult | Rejection:
    """TCDT content for ``doc``, or the density method's when TCDT does not apply."""
    if not has_cjk(doc.html) and not has_cjk(doc.anchor_text):
        # No Chinese character anywhere, so no Chinese title candidate: skip the analysis
        # (English pages would otherwise pay for TCDT and the density method).
        return _fallback(
            doc, None, "no Chinese characters in any title candidate (none on the page)", options
        )
    analysis = analyse(doc, options)
    if analysis is None:
        return Rejection(RejectReason.NO_BODY, "page has no <body>", METHOD, doc.url)
    if not analysis.chinese:
        return _fallback(doc, analysis, "no Chinese characters in any title candidate", options)
    if analysis.selected is None:
        return _fallback(
            doc,
            analysis,
            f"no block group weighs at least the title (W >= {options.min_weight})",
            options,
        )
    members = [analysis.tree.nodes[b.pos] for b in analysis.selected.members]
    skip = set(analysis.tree.noise_roots)
    text = "\n".join(t for t in (dom.paragraph_text(n, exclude=skip) for n in members) if t)
    hint = None if analysis.title.low_confidence else analysis.title.text
    return ContentResult(
        text=text,
        nodes=members,
        title_hint=hint,
        image_span=(members[0], members[-1]),
        diagnostics={"tcdt": diagnostics(analysis)},
        method=METHOD,
    )


def diagnostics(analysis: TcdtAnalysis) -> dict[str, Any]:
    """A JSON-friendly summary: the title decision and the top groups."""
    title = analysis.title
    return {
        "title": {
            "text": title.text,
            "tag": title.tag,
            "pos": title.pos,
            "c_t": title.cjk,
            "similarity": round(title.similarity, 3),
            "reason": title.reason,
            "low_confidence": title.low_confidence,
        },
        "nodes": len(analysis.tree),
        "groups": [
            group_summary(analysis.tree, g) for g in analysis.ranked_groups()[:DIAGNOSTIC_TOP]
        ],
        "selected_pos": analysis.selected.pos if analysis.selected else None,
    }


def group_summary(tree: IndexedTree, group: Group) -> dict[str, Any]:
    first = group.members[0]
    return {
        "pos": first.pos,
        "tag": first.tag,
        "depth": first.depth,
        "d": first.d,
        "alpha": round(first.alpha, 3),
        "weight": round(group.weight, 2),
        "members": len(group.members),
        "path": node_path(tree, first.pos),
    }


def node_path(tree: IndexedTree, pos: int) -> str:
    """A short CSS-like path (``body>div#main>p.text``) for people reading diagnostics."""
    parts: list[str] = []
    while pos >= 0 and len(parts) < 6:
        el = tree.nodes[pos]
        ident = (el.get("id") or "").split()
        classes = (el.get("class") or "").split()
        suffix = f"#{ident[0]}" if ident else f".{classes[0]}" if classes else ""
        parts.append(tree.tags[pos] + suffix)
        pos = tree.parent[pos]
    return ">".join(reversed(parts))


def _fallback(
    doc: Document, analysis: TcdtAnalysis | None, why: str, options: TcdtOptions = DEFAULT_OPTIONS
) -> ContentResult | Rejection:
    """Hand the page to the density method, saying so in the method name and diagnostics."""
    from newscrawl.extraction.registry import get_method

    try:
        density = get_method(FALLBACK_METHOD)
    except (ImportError, AttributeError, KeyError) as error:
        return Rejection(
            RejectReason.NO_CONTENT,
            f"TCDT not applicable ({why}) and the {FALLBACK_METHOD} method is "
            f"unavailable: {error!r}",
            METHOD,
            doc.url,
        )
    logger.debug("tcdt falls back to %s on %s: %s", FALLBACK_METHOD, doc.url, why)
    result = density(doc, options.density)
    if isinstance(result, Rejection):
        return Rejection(
            result.reason,
            f"TCDT not applicable ({why}); {result.detail}",
            f"{METHOD}>{FALLBACK_METHOD}",
            doc.url,
        )
    result.diagnostics["tcdt"] = {
        "fallback": FALLBACK_METHOD,
        "reason": why,
        **(diagnostics(analysis) if analysis else {}),
    }
    result.method = f"{METHOD}>{FALLBACK_METHOD}"
    return result
