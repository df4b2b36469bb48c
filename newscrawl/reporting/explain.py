"""The explain model of one page: every method run once, with its per-block decisions.

Built from a loaded :class:`Document`; the template turns it into the explain page.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from newscrawl.extraction.blocks import Block, segment
from newscrawl.extraction.core import assemble_article
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO_OPTIONS
from newscrawl.extraction.metadata import dates
from newscrawl.extraction.metadata.authors.markup import META_KEYS
from newscrawl.extraction.metadata.authors.names import clean_author
from newscrawl.extraction.metadata.title import rank_titles
from newscrawl.extraction.registry import available_methods, get_method
from newscrawl.extraction.text import bag_f1
from newscrawl.extraction.types import Article, ContentResult, Rejection, RejectReason

from . import block_trace
from .block_trace import BlockDecision


@dataclass(slots=True)
class MethodView:
    """One method on the page: its article (or rejection) and a decision per block."""

    name: str
    decisions: list[BlockDecision]
    article: dict[str, Any] | None = None
    rejection: str | None = None
    summary: str = ""
    seconds: float = 0.0


@dataclass(slots=True)
class AutoCandidate:
    method: str
    votes: int
    agreement: float
    size: int
    ran: bool
    winner: bool


@dataclass(slots=True)
class AutoView:
    chinese: bool
    early_pair: tuple[str, ...]
    early_agreement: float | None
    early_threshold: float | None
    early_exit: bool
    winner: str
    winner_agreement: float | None
    candidates: list[AutoCandidate]


@dataclass(slots=True)
class Provenance:
    """A metadata value and the node or field it came from."""

    value: str | None
    source: str


@dataclass(slots=True)
class ExplainModel:
    url: str | None
    anchor_text: str | None
    encoding: str | None
    blocks: list[Block]
    methods: dict[str, MethodView]
    selected: str
    title: Any  # metadata.title.TitleChoice
    publish_time: Provenance
    author: Provenance
    auto: AutoView | None = None
    legend: dict[str, str] = field(default_factory=lambda: dict(block_trace.CLASS_LABELS))


def run_method(doc: Document, name: str) -> tuple[ContentResult | None, Article | Rejection, float]:
    """One method as ``extract_document`` runs it, keeping the ContentResult (its nodes)."""
    started = time.perf_counter()
    try:
        result = get_method(name)(doc)
    except Exception as error:  # noqa: BLE001 -- shown on the page like the crawl counts it
        return None, Rejection(RejectReason.EXTRACTOR_ERROR, repr(error), name, doc.url), 0.0
    if isinstance(result, Rejection):
        return None, result, time.perf_counter() - started
    if not result.text.strip():
        return result, Rejection(RejectReason.NO_CONTENT, "no content found", name, doc.url), 0.0
    seconds = time.perf_counter() - started
    return result, assemble_article(doc, result, name, seconds), seconds


def build(doc: Document, selected: str = "density") -> ExplainModel:
    """Every available method on ``doc``; ``selected`` is the one the page opens with."""
    blocks = segment(doc.root) if doc.body is not None else []
    runs = {name: run_method(doc, name) for name in available_methods()}
    density_result = runs["density"][0] if "density" in runs else None
    density = block_trace.trace_density(doc, blocks, density_result)

    methods: dict[str, MethodView] = {}
    for name, (result, outcome, seconds) in runs.items():
        if name == "auto":
            continue
        decisions, summary = trace(name, doc, blocks, result, density)
        methods[name] = _view(name, decisions, summary, outcome, seconds)
    auto_view = None
    if "auto" in runs:
        result, outcome, seconds = runs["auto"]
        auto_view = _auto_view(doc, outcome)
        base = methods.get(auto_view.winner) if auto_view.winner else None
        decisions = _auto_decisions(base, outcome, blocks)
        summary = f"winner: {auto_view.winner or 'none'}"
        methods["auto"] = _view("auto", decisions, summary, outcome, seconds)

    hint = None
    tcdt_run = runs.get("tcdt")
    if tcdt_run is not None and tcdt_run[0] is not None:
        hint = tcdt_run[0].title_hint
    title = rank_titles(doc, hint)
    for view in methods.values():
        block_trace.mark_title(view.decisions, blocks, title.text)
    article = next((v.article for v in methods.values() if v.article), None)
    publish_time = (article or {}).get("publish_time")
    author = (article or {}).get("author")
    return ExplainModel(
        url=doc.url,
        anchor_text=doc.anchor_text,
        encoding=doc.encoding,
        blocks=blocks,
        methods=methods,
        selected=selected if selected in methods else next(iter(methods), ""),
        title=title,
        publish_time=date_provenance(doc, publish_time),
        author=author_provenance(doc, author),
        auto=auto_view,
    )


def trace(
    name: str,
    doc: Document,
    blocks: list[Block],
    result: ContentResult | None,
    density: list[BlockDecision],
) -> tuple[list[BlockDecision], str]:
    """Method ``name``'s decision per block and a one-line summary of its parameters."""
    if name == "density":
        return density, "the best-scoring element by text and symbol density"
    if name == "tcdt":
        return block_trace.trace_tcdt(doc, blocks, result, density)
    if name == "justext":
        return block_trace.trace_justext(doc, blocks)
    if name in block_trace.BOILERPIPE_CHAINS:
        chain = block_trace.BOILERPIPE_CHAINS[name]
        return block_trace.trace_boilerpipe(doc, blocks, chain), f"{len(chain)}-filter chain"
    if name == "cx":
        return block_trace.trace_cx(doc, blocks)
    return (
        [BlockDecision(block_trace.dropped_class(b), "no trace for this method") for b in blocks],
        "",
    )


def _view(
    name: str,
    decisions: list[BlockDecision],
    summary: str,
    outcome: Article | Rejection,
    seconds: float,
) -> MethodView:
    if isinstance(outcome, Rejection):
        return MethodView(
            name,
            decisions,
            rejection=f"{outcome.reason.value}: {outcome.detail}",
            summary=summary,
            seconds=seconds,
        )
    return MethodView(name, decisions, article=outcome.to_dict(), summary=summary, seconds=seconds)


def _auto_decisions(
    base: MethodView | None, outcome: Article | Rejection, blocks: list[Block]
) -> list[BlockDecision]:
    if base is None:
        return [
            BlockDecision(block_trace.dropped_class(b), "auto found no content") for b in blocks
        ]
    kept_lines = set(outcome.content.split("\n")) if isinstance(outcome, Article) else set()
    decisions = []
    for decision, block in zip(base.decisions, blocks, strict=True):
        if (
            decision.cls == block_trace.BODY
            and block.text not in kept_lines
            and not any(block.text in line for line in kept_lines)
        ):
            decisions.append(
                BlockDecision(
                    block_trace.BOILERPLATE,
                    f"{base.name} kept it; auto's line clean-up dropped "
                    "it (repeat or boilerplate line)",
                    decision.features,
                )
            )
        else:
            decisions.append(
                BlockDecision(decision.cls, f"{base.name}: {decision.rule}", decision.features)
            )
    return decisions


def _auto_view(doc: Document, outcome: Article | Rejection) -> AutoView:
    """Every candidate auto could run, their votes and agreement, and what the run decided."""
    diagnostics = outcome.diagnostics if isinstance(outcome, Article) else {}
    ran = set(diagnostics.get("auto_candidates") or [diagnostics.get("auto_winner")])
    options = DEFAULT_AUTO_OPTIONS
    candidates = auto.run_methods(doc, options.method_order)
    chinese = auto.is_chinese(candidates, options.cjk_share)
    weights = None if chinese else options.weights
    scores = (
        auto.agreements(candidates, weights)
        if len(candidates) > 1
        else {c.method: 1.0 for c in candidates}
    )
    pair_names = options.early_pair_chinese if chinese else options.early_pair
    pair = [c for c in candidates if c.method in pair_names]
    threshold = options.early_agreement_chinese if chinese else options.early_agreement
    pair_agreement = bag_f1(pair[0].bag, pair[1].bag) if len(pair) == 2 else None
    winner = str(diagnostics.get("auto_winner") or "")
    return AutoView(
        chinese=chinese,
        early_pair=tuple(pair_names),
        early_agreement=pair_agreement,
        early_threshold=threshold,
        early_exit=bool(
            pair_agreement is not None and threshold is not None and pair_agreement >= threshold
        ),
        winner=winner,
        winner_agreement=diagnostics.get("auto_agreement"),
        candidates=[
            AutoCandidate(
                c.method,
                (weights or {}).get(c.method, 1),
                round(scores.get(c.method, 0.0), 3),
                c.size,
                c.method in ran,
                c.method == winner,
            )
            for c in candidates
        ],
    )


def date_provenance(doc: Document, value: str | None) -> Provenance:
    """Where ``extract_publish_time`` found ``value``, looked up in its own order."""
    if value is None:
        return Provenance(None, "no source gave a valid date")
    for key in dates.META_KEYS:
        if doc.meta.get(key) and dates.normalize_date(doc.meta[key]) == value:
            return Provenance(value, f'<meta "{key}" content="{doc.meta[key]}">')
    for item in doc.json_ld:
        for key in dates.JSON_LD_KEYS:
            if dates.normalize_date(item.get(key)) == value:
                return Provenance(value, f'JSON-LD "{key}": {item.get(key)}')
    for el in doc.root.iter("time", "*"):
        for attr in ("datetime", "data-published", "data-timestamp", "content"):
            raw = el.get(attr)
            if (
                raw
                and (el.tag == "time" or el.get("itemprop") == "datePublished")
                and dates.normalize_date(raw) == value
            ):
                return Provenance(value, f"{doc.root.getroottree().getpath(el)} @{attr}={raw}")
    return Provenance(value, "page text, the first date after the headline")


def author_provenance(doc: Document, value: str | None) -> Provenance:
    if value is None:
        return Provenance(None, "no byline found")
    for item in doc.json_ld:
        if value in str(item.get("author") or ""):
            return Provenance(value, f'JSON-LD "author": {item.get("author")}')
    for key in META_KEYS:
        if doc.meta.get(key) and clean_author(doc.meta[key]) == value:
            return Provenance(value, f'<meta "{key}" content="{doc.meta[key]}">')
    body = doc.body
    if body is not None:
        holders = body.xpath(".//*[text()[contains(., $name)]]", name=value)
        if holders:
            return Provenance(value, doc.root.getroottree().getpath(holders[0]))
    return Provenance(value, "closing byline of the article text")
