"""The CI eval gate: measured F1 / title exact-match must stay at or above pinned floors.

The floors file (JSON) names each corpus with its sha256 and selection, and per corpus one
line per method::

    "density": {"f1": 0.76, "title_em": 0.79, "title_em_anchor": 0.9},

``f1`` and ``title_em`` are measured without anchor text, ``title_em_anchor`` and
``f1_anchor`` with ``title-variants`` anchors (a second pass, run only for methods that have
one of those floors): a crawl always has the anchor text of the link that led to a page, and
the methods that read it (TCDT's title node, the title chooser) must not lose body text for
it.
A floored method that no longer imports fails the gate; registered methods without a floor
are listed as notes so their owners can pin one. Floors are lowered only by editing the file.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

from newscrawl.extraction.registry import available_methods

from .dataset import DatasetError, Page, file_sha256, load_pages, stable_sample
from .datasets import add_data_option, data_root
from .report import ALL_LANGS, Row, summarize_group
from .runner import evaluate
from .simulated_anchors import TITLE_VARIANTS
from .systems import System, UnavailableSystem, method_system

METRICS = ("f1", "title_em", "title_em_anchor", "f1_anchor")
ANCHORED_METRICS = frozenset({"title_em_anchor", "f1_anchor"})
# Floors sit this far below the measured value: room for harmless changes (a tie broken
# differently) while a real regression still fails.
FLOOR_MARGIN = 0.01


class FloorsError(ValueError):
    """A malformed floors file; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class Corpus:
    name: str
    pages: Path
    sha256: str
    page_type: str | None = None
    sample: int | None = None


@dataclass(slots=True)
class GateResult:
    """What one corpus measured, and every floor it broke (empty: the gate passes)."""

    corpus: str
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    measured: dict[str, dict[str, float | None]] = field(default_factory=dict)

    def summary(self) -> str:
        lines = [f"{self.corpus}: " + ("OK" if not self.failures else "FAILED")]
        for method, values in self.measured.items():
            shown = ", ".join(f"{k}={'-' if v is None else f'{v:.4f}'}" for k, v in values.items())
            lines.append(f"  {method}: {shown}")
        lines += [f"  FAIL {failure}" for failure in self.failures]
        lines += [f"  note: {note}" for note in self.notes]
        return "\n".join(lines)


MethodFloors = dict[str, dict[str, float]]
"""method -> metric -> floor, for one corpus."""


def load_floors(
    path: str | Path,
    data: str | Path | None = None,
) -> tuple[dict[str, Corpus], dict[str, MethodFloors]]:
    """Read the floors file; its corpus paths are relative to the data root
    (:func:`~newscrawl.evaluation.datasets.data_root` of ``data``)."""
    path = Path(path)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise FloorsError(f"{path}: cannot read floors: {error}") from error
    root = data_root(data)
    corpora: dict[str, Corpus] = {}
    for name, spec in document.get("corpora", {}).items():
        try:
            corpora[name] = Corpus(
                name,
                root / spec["pages"],
                spec["sha256"],
                spec.get("page_type"),
                spec.get("sample"),
            )
        except (KeyError, TypeError) as error:
            raise FloorsError(f"{path}: corpus {name!r}: missing or bad {error}") from error
    floors = document.get("floors", {})
    for corpus_name, methods in floors.items():
        if corpus_name not in corpora:
            raise FloorsError(f"{path}: floors for unknown corpus {corpus_name!r}")
        for method, values in methods.items():
            unknown = set(values) - set(METRICS)
            if unknown:
                raise FloorsError(
                    f"{path}: {corpus_name}/{method}: unknown metric(s) "
                    f"{sorted(unknown)}; known: {', '.join(METRICS)}"
                )
    return corpora, floors


def check_corpus(
    corpus: Corpus, floors: MethodFloors, available: list[str] | None = None
) -> GateResult:
    """Run the floored methods on ``corpus`` and compare against ``floors``."""
    result = GateResult(corpus.name)
    if not corpus.pages.is_file():
        result.failures.append(f"corpus file {corpus.pages} does not exist")
        return result
    digest = file_sha256(corpus.pages)
    if digest != corpus.sha256:
        result.failures.append(
            f"{corpus.pages} changed (sha256 {digest}, pinned "
            f"{corpus.sha256}): re-measure and re-pin the floors"
        )
        return result
    pages = load_pages(corpus.pages, page_type=corpus.page_type)
    if corpus.sample:
        pages = stable_sample(pages, corpus.sample)
    systems: list[System] = []
    for method in floors:
        try:
            systems.append(method_system(method))
        except UnavailableSystem as error:
            result.failures.append(f"floored method {method!r} is gone: {error}")
    for name in available or []:
        if name not in floors:
            result.notes.append(f"method {name!r} has no floor on {corpus.name}")
    plain = _rows(pages, systems, None)
    with_anchor = [s for s in systems if ANCHORED_METRICS & set(floors[s.name])]
    anchored = _rows(pages, with_anchor, TITLE_VARIANTS) if with_anchor else {}
    for system in systems:
        row = plain[system.name]
        measured = {"f1": row.f1, "title_em": row.title_em}
        if system.name in anchored:
            measured["title_em_anchor"] = anchored[system.name].title_em
            measured["f1_anchor"] = anchored[system.name].f1
        result.measured[system.name] = measured
        for metric, floor in floors[system.name].items():
            value = measured.get(metric)
            if value is None or value < floor:
                result.failures.append(
                    f"{system.name} {metric} = "
                    f"{'n/a' if value is None else f'{value:.4f}'} "
                    f"< floor {floor}"
                )
    return result


def _rows(pages: list[Page], systems: list[System], anchor_mode: str | None) -> dict[str, Row]:
    results = evaluate(pages, systems, anchor_mode=anchor_mode, progress=False)
    return {
        system.name: summarize_group(
            system.name, ALL_LANGS, [r for r in results if r.system == system.name]
        )
        for system in systems
    }


def suggest_floors(corpus: Corpus, methods: list[str]) -> dict[str, dict[str, float]]:
    """Measured values minus :data:`FLOOR_MARGIN`, rounded down: what to pin for ``methods``."""
    pages = load_pages(corpus.pages, page_type=corpus.page_type)
    if corpus.sample:
        pages = stable_sample(pages, corpus.sample)
    systems = [method_system(name) for name in methods]
    plain = _rows(pages, systems, None)
    anchored = _rows(pages, systems, TITLE_VARIANTS)
    suggested: dict[str, dict[str, float]] = {}
    for name, row in plain.items():
        values = {
            "f1": row.f1,
            "title_em": row.title_em,
            "title_em_anchor": anchored[name].title_em,
            "f1_anchor": anchored[name].f1,
        }
        suggested[name] = {
            metric: math.floor((value - FLOOR_MARGIN) * 100) / 100
            for metric, value in values.items()
            if value is not None
        }
    return suggested


def main(argv: list[str] | None = None) -> int:
    """``python -m newscrawl.evaluation.gate FLOORS.json [METHOD ...] [--data DIR]``: print one
    floors line per method and corpus, ready to paste, and the corpus digests."""
    parser = argparse.ArgumentParser(
        prog="python -m newscrawl.evaluation.gate",
        description="Measure the gate's corpora and suggest floors.",
    )
    parser.add_argument("floors", type=Path, help="the floors file (tests/evaluation/floors.json)")
    parser.add_argument("methods", nargs="*", help="methods to measure (default: all)")
    add_data_option(parser)
    args = parser.parse_args(argv)
    try:
        corpora, _ = load_floors(args.floors, args.data)
    except (FloorsError, DatasetError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    methods = args.methods or available_methods()
    for corpus in corpora.values():
        print(f"{corpus.name}: sha256 {file_sha256(corpus.pages)}")
        for name, values in suggest_floors(corpus, methods).items():
            print(f"    {json.dumps(name)}: {json.dumps(values)},")
    return 0


if __name__ == "__main__":
    sys.exit(main())
