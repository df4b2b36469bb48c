"""Extraction speed: every registered method against GNE, trafilatura and bare lxml parsing.

All systems run in one process on the same pages (original bytes; every system pays the same
:func:`decode_html`). Rounds repeat the page list and each page runs every system in a rotated
order, so machine noise and cache warmth fall on all systems alike. Time is CPU time of this
process (``time.process_time``), which other jobs on a shared machine do not inflate.

    python3 benchmarks/extraction_speed.py [--wcxb 60] [--rounds 3] [--methods density,tcdt]
        [--data DIR]

Prints pages/s per system, the ratio to GNE and the slowdown against bare parsing, then the
issue targets (density >= 5x GNE and within 3x of parsing; tcdt within 1.5x of density;
auto >= 3x trafilatura).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from newscrawl.evaluation.dataset import Page, load_pages, stable_sample
from newscrawl.evaluation.datasets import add_data_option, pages_file
from newscrawl.evaluation.systems import (
    Prediction,
    System,
    UnavailableSystem,
    bare_parse_system,
    method_system,
    peer_system,
)
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.registry import available_methods

REPO = Path(__file__).resolve().parent.parent
# wcxb pages are larger and English; 60 of them weigh about as much as the two Chinese sets.
DEFAULT_WCXB_PAGES = 60
DEFAULT_ROUNDS = 3
# Untimed first pass over this many pages: imports, jieba's dictionary, lxml warm-up.
WARMUP_PAGES = 5
PARSE = "lxml-parse"
LOAD = "newscrawl-load"


@dataclass(frozen=True, slots=True)
class Target:
    """``system`` must reach ``factor`` times ``baseline``'s pages/s (a factor < 1 allows a
    slowdown: within 3x of parsing is 1/3)."""

    label: str
    system: str
    baseline: str
    factor: float


TARGETS = (
    Target("density >= 5x GNE", "density", "gne", 5.0),
    Target("density within 3x of bare parsing", "density", PARSE, 1 / 3),
    Target("tcdt within 1.5x of density", "tcdt", "density", 1 / 1.5),
    Target("auto >= 3x trafilatura", "auto", "trafilatura", 3.0),
)


def benchmark_pages(wcxb: int, data: str | None = None) -> list[Page]:
    pages = load_pages(pages_file("cwced_zh", data))
    pages += load_pages(pages_file("gne_unlabeled", data))
    if wcxb:
        articles = load_pages(pages_file("wcxb_dev", data), page_type="article")
        pages += stable_sample(articles, wcxb)
    return pages


def build_systems(methods: Sequence[str]) -> list[System]:
    systems = [method_system(name) for name in methods]
    for peer in ("gne", "trafilatura"):
        try:
            systems.append(peer_system(peer))
        except UnavailableSystem as error:
            print(f"note: skipping {error}", file=sys.stderr)
    systems.append(bare_parse_system())
    systems.append(document_system())
    return systems


def document_system() -> System:
    """newscrawl's shared stages alone (decode, parse, read head, clean): what every method
    pays before its own work, so a method's cost can be split into shared and its own."""

    def run(html: bytes, url: str | None, anchor_text: str | None) -> Prediction:
        try:
            load_document(html, url=url)
        except DocumentError as error:
            return Prediction(rejection=error.reason)
        return Prediction()

    return System(LOAD, run, is_peer=True)


def warm_up_date_parsing() -> None:
    """dateparser (under htmldate, which auto's last date stage and trafilatura both call)
    compiles every locale's patterns the first time a text matches none of the early ones:
    1-3 s of CPU once per process. The system that first reached it paid it in the timed
    rounds, by chance of the page order; a crawl's worker pays it once at its start."""
    try:
        import dateparser
    except ImportError:  # neither system can reach it then
        return
    dateparser.parse("no date in any locale's words here")
    # htmldate 1.11 also gathers every locale's month names once (0.1 s), the first time a
    # text has no year and no English month: the same chance, the same remedy.
    try:
        from htmldate.extractors import month_words
    except ImportError:  # another htmldate: nothing of the kind to warm
        return
    month_words()


def measure(pages: Sequence[Page], systems: Sequence[System], rounds: int) -> dict[str, float]:
    """CPU seconds per system over ``rounds`` passes of ``pages``."""
    return system_totals(measure_by_language(pages, systems, rounds))


def measure_by_language(
    pages: Sequence[Page], systems: Sequence[System], rounds: int
) -> dict[tuple[str, str], float]:
    """CPU seconds per system and page language over ``rounds`` passes of ``pages``."""
    inputs = [(page.read_html(), page.url) for page in pages]
    warm_up_date_parsing()
    for html, url in inputs[:WARMUP_PAGES]:
        for system in systems:
            system.run(html, url, None)
    seconds: dict[tuple[str, str], float] = defaultdict(float)
    step = 0
    for _ in range(rounds):
        for (html, url), page in zip(inputs, pages, strict=True):
            shift = step % len(systems)
            step += 1
            for system in (*systems[shift:], *systems[:shift]):
                started = time.process_time()
                system.run(html, url, None)
                seconds[system.name, page.lang] += time.process_time() - started
    return dict(seconds)


def system_totals(by_lang: dict[tuple[str, str], float]) -> dict[str, float]:
    """:func:`measure_by_language`'s seconds summed over the languages."""
    totals: dict[str, float] = defaultdict(float)
    for (name, _), spent in by_lang.items():
        totals[name] += spent
    return dict(totals)


def language_ratios(by_lang: dict[tuple[str, str], float], pages: Sequence[Page]) -> str:
    """Each target's pages/s ratio on the pages of each language apart (no verdict: the
    targets are set on the whole mix, which weighs the two languages about equally)."""
    counts = Counter(page.lang for page in pages)
    lines = []
    for target in TARGETS:
        parts = []
        for lang in sorted(counts):
            mine, theirs = by_lang.get((target.system, lang)), by_lang.get((target.baseline, lang))
            if mine and theirs:
                parts.append(f"{lang} {theirs / mine:.2f} ({counts[lang]} pages)")
        if parts:
            lines.append(f"{target.label}, by page language: " + ", ".join(parts))
    return "\n".join(lines)


def report(seconds: dict[str, float], runs: int, markdown: bool) -> str:
    rate = {name: runs / total if total > 0 else float("inf") for name, total in seconds.items()}
    gne, parse = rate.get("gne"), rate.get(PARSE)
    header = ("system", "pages/s", "ms/page", "x GNE", "slower than parsing")
    lines: list[tuple[str, ...]] = [header]
    for name, pages_per_second in sorted(rate.items(), key=lambda item: -item[1]):
        lines.append(
            (
                name,
                f"{pages_per_second:.1f}",
                f"{1000 / pages_per_second:.2f}",
                f"{pages_per_second / gne:.2f}" if gne else "-",
                f"{parse / pages_per_second:.2f}x" if parse else "-",
            )
        )
    checks = []
    for target in TARGETS:
        if target.system not in rate or target.baseline not in rate:
            checks.append(f"{target.label}: n/a ({target.system} or {target.baseline} missing)")
            continue
        ratio = rate[target.system] / rate[target.baseline]
        verdict = "PASS" if ratio >= target.factor else "FAIL"
        checks.append(
            f"{target.label}: {verdict} ({target.system}/{target.baseline} pages/s "
            f"ratio {ratio:.2f}, needs >= {target.factor:.2f})"
        )
    return _table(lines, markdown) + "\n\n" + "\n".join(checks)


def _table(lines: list[tuple[str, ...]], markdown: bool) -> str:
    if markdown:
        out = ["| " + " | ".join(lines[0]) + " |", "|" + "---|" * len(lines[0])]
        return "\n".join([*out, *("| " + " | ".join(line) + " |" for line in lines[1:])])
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    return "\n".join(
        "  ".join(
            cell.rjust(w) if i else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        )
        for line in lines
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--wcxb",
        type=int,
        default=DEFAULT_WCXB_PAGES,
        help="wcxb_dev article pages to add (deterministic sample)",
    )
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    parser.add_argument("--methods", help="comma-separated (default: every method that imports)")
    parser.add_argument("--markdown", action="store_true")
    add_data_option(parser)
    args = parser.parse_args(argv)
    methods = args.methods.split(",") if args.methods else available_methods()
    try:
        systems = build_systems(methods)
    except UnavailableSystem as error:
        print(f"extraction_speed: {error}", file=sys.stderr)
        return 2
    pages = benchmark_pages(args.wcxb, args.data)
    by_lang = measure_by_language(pages, systems, args.rounds)
    print(f"{len(pages)} pages x {args.rounds} rounds, CPU time of one process")
    print(report(system_totals(by_lang), len(pages) * args.rounds, args.markdown))
    by_language = language_ratios(by_lang, pages)
    if by_language:
        print(by_language)
    return 0


if __name__ == "__main__":
    sys.exit(main())
