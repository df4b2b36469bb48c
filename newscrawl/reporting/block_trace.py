"""Per-block decisions of every extraction method, for the explain page.

Each tracer re-runs one method's public stages on a loaded Document and says, for every text
block of the page (``blocks.segment``), what the method made of it and the numbers behind it.
This lives outside the extraction library on purpose: ``extract()`` computes none of it, so
explaining costs nothing in a crawl.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lxml.etree import _Element as Element

from newscrawl.extraction.blocks import Block
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors import justext, line_blocks, text_density
from newscrawl.extraction.extractors.boilerpipe.options import (
    DEFAULT_OPTIONS as BOILERPIPE_DEFAULTS,
)
from newscrawl.extraction.extractors.cx_options import DEFAULT_OPTIONS as CX_DEFAULTS
from newscrawl.extraction.extractors.justext_options import JustextParams
from newscrawl.extraction.extractors.tcdt.extractor import analyse, node_path
from newscrawl.extraction.types import ContentResult

# Colour classes of the page, in legend order. Which dropped class a block gets is only the
# legend's wording: the method decides kept or dropped, the page says what the block looks like.
BODY, TITLE, BOILERPLATE, LINK_LIST, TOO_SHORT, NOISE = (
    "body",
    "title",
    "boilerplate",
    "linklist",
    "short",
    "noise",
)
CLASS_LABELS = {
    BODY: "article body",
    TITLE: "title",
    BOILERPLATE: "dropped as boilerplate",
    LINK_LIST: "dropped as link list",
    TOO_SHORT: "dropped as too short",
    NOISE: "left out as page furniture",
}
# A dropped block with more than half of its characters in links reads as a link list.
LINK_LIST_SHARE = 0.5
# A dropped block shorter than this (characters) reads as too short to be a paragraph.
SHORT_CHARS = 20


@dataclass(slots=True)
class BlockDecision:
    """What one method made of one block: colour class, the deciding rule, the features."""

    cls: str
    rule: str
    features: dict[str, Any] = field(default_factory=dict)


def dropped_class(block: Block) -> str:
    if block.link_density > LINK_LIST_SHARE:
        return LINK_LIST
    if len(block.text.replace(" ", "")) < SHORT_CHARS:
        return TOO_SHORT
    return BOILERPLATE


def inside(element: Element, nodes: set[Element]) -> Element | None:
    """The member of ``nodes`` that is ``element`` or one of its ancestors, if any."""
    if element in nodes:
        return element
    for ancestor in element.iterancestors():
        if ancestor in nodes:
            return ancestor
    return None


def trace_density(
    doc: Document, blocks: Sequence[Block], result: ContentResult | None
) -> list[BlockDecision]:
    root = text_density.content_root(doc)
    if root is None:
        return [BlockDecision(NOISE, "page has no <body>") for _ in blocks]
    features, excluded = text_density.measure(root)
    by_element = {f.element: f for f in features}
    winner = text_density.best_node(features)
    excluded_set = set(excluded)
    nodes = set(result.nodes) if result is not None else set()
    winner_score = winner.score if winner is not None else 0.0
    decisions = []
    for block in blocks:
        # Leaves are not scored on their own: the nearest scored element around the block.
        own = next(
            (
                by_element[el]
                for el in (block.element, *block.element.iterancestors())
                if el in by_element
            ),
            None,
        )
        shown = own.as_dict() if own is not None else {}
        shown.pop("path", None)
        feature_map: dict[str, Any] = {"element": _short_path(block.element)}
        if own is not None:
            feature_map["scored element"] = _short_path(own.element)
        feature_map.update(shown)
        if inside(block.element, excluded_set) is not None:
            decisions.append(
                BlockDecision(
                    NOISE,
                    "left out of every count: nav/aside/footer/header or a furniture class/id word",
                    feature_map,
                )
            )
        elif (holder := inside(block.element, nodes)) is not None:
            decisions.append(
                BlockDecision(
                    BODY,
                    f"inside the best-scoring element {_short_path(holder)} "
                    f"(score {winner_score:.1f})",
                    feature_map,
                )
            )
        else:
            score = own.score if own is not None else 0.0
            decisions.append(
                BlockDecision(
                    dropped_class(block),
                    f"outside the best-scoring element: its element scores "
                    f"{score:.1f} < winner's {winner_score:.1f}",
                    feature_map,
                )
            )
    return decisions


def trace_tcdt(
    doc: Document,
    blocks: Sequence[Block],
    result: ContentResult | None,
    density: list[BlockDecision],
) -> tuple[list[BlockDecision], str]:
    """TCDT's decisions, and a one-line summary (title node, or why it fell back)."""
    fallback = (result.diagnostics.get("tcdt") or {}).get("fallback") if result else None
    analysis = analyse(doc) if doc.body is not None and fallback is None else None
    if analysis is None or analysis.selected is None:
        why = (result.diagnostics.get("tcdt") or {}).get("reason", "") if result else ""
        return (
            [
                BlockDecision(
                    d.cls, f"TCDT fell back to density ({why}); density: {d.rule}", d.features
                )
                for d in density
            ],
            f"fell back to density: {why}",
        )
    tree = analysis.tree
    position = {el: pos for pos, el in enumerate(tree.nodes)}
    scored = {member.pos: (member, group) for group in analysis.groups for member in group.members}
    # The selected group may be a tightened copy of a merged one: its weight is the one shown.
    scored.update((member.pos, (member, analysis.selected)) for member in analysis.selected.members)
    selected = {tree.nodes[m.pos] for m in analysis.selected.members}
    title_node = tree.nodes[analysis.title.pos]
    decisions = []
    for block in blocks:
        feature_map: dict[str, Any] = {"element": _short_path(block.element)}
        pos = position.get(block.element)
        candidate = block.element
        while pos is not None and pos not in scored and candidate.getparent() is not None:
            candidate = candidate.getparent()
            pos = position.get(candidate)
        if pos is not None and pos in scored:
            member, group = scored[pos]
            if candidate is not block.element:  # the block's own element is not scored
                feature_map["scored node"] = node_path(tree, pos)
            feature_map.update(
                {
                    "d": member.d,
                    "α": round(member.alpha, 4),
                    "W": round(member.weight, 2),
                    "group W": round(group.weight, 2),
                    "C": member.cjk,
                    "L": member.link_cjk,
                }
            )
        if inside(block.element, {title_node}) is not None:
            decisions.append(
                BlockDecision(TITLE, f"title node T: {analysis.title.reason}", feature_map)
            )
        elif (holder := inside(block.element, selected)) is not None:
            rule = (
                f"inside {node_path(tree, position[holder])}, a member of the selected "
                f"group (W = {analysis.selected.weight:.2f}, the highest)"
            )
            if pos is not None and pos in scored and scored[pos][1] is not analysis.selected:
                rule += f"; its own group weighs {scored[pos][1].weight:.2f}"
            decisions.append(BlockDecision(BODY, rule, feature_map))
        elif pos is not None and pos in scored:
            decisions.append(
                BlockDecision(
                    dropped_class(block),
                    f"its group weighs W = {scored[pos][1].weight:.2f} < "
                    f"selected {analysis.selected.weight:.2f}",
                    feature_map,
                )
            )
        else:
            decisions.append(
                BlockDecision(
                    dropped_class(block),
                    "not a scored block (no text of its own or noise)",
                    feature_map,
                )
            )
    summary = (
        f"title node <{analysis.title.tag}> at {node_path(tree, analysis.title.pos)}: "
        f"{analysis.title.reason}"
    )
    return decisions, summary


def _justext_rule(paragraph: justext.Paragraph, params: JustextParams) -> str:
    """The first context-free rule of ``justext.classify_one`` that matched, in words."""
    block = paragraph.block
    if block.link_density > params.max_link_density:
        return f"link density {block.link_density:.2f} > {params.max_link_density} → bad"
    if "©" in block.text or "&copy" in block.text:
        return "contains © → bad"
    if block.length < params.length_low:
        if block.link_chars > 0:
            return f"length {block.length} < {params.length_low} with links → bad"
        return f"length {block.length} < {params.length_low} → short"
    density = paragraph.stopword_density
    if density >= params.stopwords_high:
        if block.length > params.length_high:
            return (
                f"stop-word density {density:.2f} ≥ {params.stopwords_high} and length "
                f"{block.length} > {params.length_high} → good"
            )
        return f"stop-word density {density:.2f} ≥ {params.stopwords_high} → neargood"
    if density >= params.stopwords_low:
        return f"stop-word density {density:.2f} ≥ {params.stopwords_low} → neargood"
    return f"stop-word density {density:.2f} < {params.stopwords_low} → bad"


def trace_justext(doc: Document, blocks: Sequence[Block]) -> tuple[list[BlockDecision], str]:
    params = justext.params_for(blocks, doc.lang)
    paragraphs = justext.paragraph_stats(blocks, params)
    initial = justext.classify_context_free(paragraphs, params)
    final = justext.revise_classes(paragraphs, initial, params)
    decisions = []
    for paragraph, first, last in zip(paragraphs, initial, final, strict=True):
        block = paragraph.block
        rule = _justext_rule(paragraph, params)
        if first != last:
            rule += f"; revised by its neighbours: {first} → {last}"
        feature_map = {
            "class": str(last),
            "context-free class": str(first),
            "length": block.length,
            "stop-word density": round(paragraph.stopword_density, 3),
            "link density": round(block.link_density, 3),
            "heading": block.heading,
        }
        if last == justext.Cls.GOOD:
            cls = BODY
        elif block.link_density > params.max_link_density:
            cls = LINK_LIST
        elif first == justext.Cls.SHORT:
            cls = TOO_SHORT
        else:
            cls = BOILERPLATE
        decisions.append(BlockDecision(cls, rule, feature_map))
    summary = (
        f"parameters {params.lang}: length {params.length_low}/{params.length_high}, "
        f"stop-words {params.stopwords_low}/{params.stopwords_high}, max link density "
        f"{params.max_link_density}"
    )
    return decisions, summary


def trace_boilerpipe(
    doc: Document, blocks: Sequence[Block], chain: Sequence[Any]
) -> list[BlockDecision]:
    from newscrawl.extraction.extractors.boilerpipe.filters import run_chain, to_document

    start = to_document(doc.title_text, blocks)
    final = run_chain(chain, start)
    decisions = [BlockDecision(dropped_class(b), "removed by the filter chain") for b in blocks]
    for fused in final.blocks:
        labels = ", ".join(sorted(str(label) for label in fused.labels)) or "none"
        for index in range(fused.start, fused.end + 1):
            own = start.blocks[index]
            feature_map = {
                "words": own.words,
                "linked words": own.linked_words,
                "link density": round(own.link_density, 3),
                "text density": round(own.text_density, 2),
                "fused block": f"{fused.start}–{fused.end}",
                "labels": labels,
                "fused words": fused.words,
                "fused link density": round(fused.link_density, 3),
            }
            if fused.is_content:
                decisions[index] = BlockDecision(
                    BODY, f"content after the chain; labels: {labels}", feature_map
                )
            else:
                decisions[index] = BlockDecision(
                    dropped_class(blocks[index]),
                    f"not content after the chain; labels: {labels}",
                    feature_map,
                )
    return decisions


def trace_cx(doc: Document, blocks: Sequence[Block]) -> tuple[list[BlockDecision], str]:
    params = CX_DEFAULTS
    lines = line_blocks.text_lines(doc.html)
    regions = line_blocks.line_regions(lines, params)
    lengths = [len("".join(line.split())) for line in lines]
    k = params.block_lines
    located = _locate_lines(lines, blocks)
    decisions = []
    for block, line in zip(blocks, located, strict=True):
        if line is None:
            decisions.append(
                BlockDecision(
                    dropped_class(block),
                    "not found in the source lines (entities or markup inside the text)",
                )
            )
            continue
        window = sum(lengths[line : line + k])
        region = next(((s, e) for s, e in regions if s <= line <= e), None)
        feature_map = {
            "line": line + 1,
            f"chars in lines {line + 1}–{line + k}": window,
            "threshold": params.threshold,
            "region": f"{region[0] + 1}–{region[1] + 1}" if region else "none",
        }
        if region is None:
            decisions.append(
                BlockDecision(
                    dropped_class(block),
                    f"line {line + 1} lies in no region (a region starts "
                    f"where {k} lines hold > {params.threshold} characters)",
                    feature_map,
                )
            )
        elif lengths[line] < params.min_line_chars:
            decisions.append(
                BlockDecision(
                    TOO_SHORT, f"line under {params.min_line_chars} characters", feature_map
                )
            )
        else:
            decisions.append(
                BlockDecision(
                    BODY,
                    f"line {line + 1} lies in region {region[0] + 1}–{region[1] + 1}",
                    feature_map,
                )
            )
    summary = (
        f"{len(lines)} source lines, window K = {k} lines, threshold "
        f"{params.threshold} characters, {len(regions)} region(s)"
    )
    return decisions, summary


def _locate_lines(lines: Sequence[str], blocks: Sequence[Block]) -> list[int | None]:
    """The source line where each block's text starts, searched forwards in document order."""
    keys = ["".join(line.split()) for line in lines]
    offsets = []
    total = 0
    for key in keys:
        offsets.append(total)
        total += len(key)
    joined = "".join(keys)
    found: list[int | None] = []
    cursor = 0
    for block in blocks:
        key = "".join(block.text.split())[:24]
        at = joined.find(key, cursor) if key else -1
        if at < 0:
            found.append(None)
            continue
        cursor = at + len(key)
        found.append(_line_of(offsets, at))
    return found


def _line_of(offsets: Sequence[int], at: int) -> int:
    from bisect import bisect_right

    return max(bisect_right(offsets, at) - 1, 0)


def _short_path(element: Element) -> str:
    parts = []
    for el in (element, *element.iterancestors()):
        tag = el.tag if isinstance(el.tag, str) else "?"
        ident = el.get("id")
        cls = (el.get("class") or "").split()
        parts.append(tag + (f"#{ident}" if ident else "") + (f".{cls[0]}" if cls else ""))
        if tag == "body" or len(parts) == 4:
            break
    return ">".join(reversed(parts))


def mark_title(decisions: list[BlockDecision], blocks: Sequence[Block], title: str) -> None:
    """The block whose whole text is the chosen title is coloured as the title."""
    wanted = " ".join(title.split())
    for decision, block in zip(decisions, blocks, strict=True):
        if wanted and block.text == wanted:
            decision.cls = TITLE
            decision.rule = f"the chosen title; {decision.rule}"
            return


BOILERPIPE_CHAINS = {
    "boilerpipe": BOILERPIPE_DEFAULTS.article_chain,
    "boilerpipe-default": BOILERPIPE_DEFAULTS.default_chain,
}
