"""Accuracy of jusText, boilerpipe and CX against their reference packages, and calibration sweeps.

    python benchmarks/seed_extractors.py datasets/cwced_zh/pages.jsonl
    python benchmarks/seed_extractors.py datasets/wcxb_dev/pages.jsonl --page-type article
    python benchmarks/seed_extractors.py datasets/cwced_zh/pages.jsonl --sweep justext
    python benchmarks/seed_extractors.py datasets/cwced_zh/pages.jsonl --sweep cx
    python benchmarks/seed_extractors.py datasets/cwced_zh/pages.jsonl --sweep auto

Scores are the project metric (newscrawl.evaluation.metric: bag-of-tokens F1 per page,
averaged). Reference packages (justext, boilerpy3, cxextractor) run on the same decoded HTML
and are used here only, never at run time.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import bag_scores
from newscrawl.extraction.blocks import blocks_text, segment
from newscrawl.extraction.document import Document, DocumentError, load_document
from newscrawl.extraction.extractors import justext as our_justext
from newscrawl.extraction.extractors import line_blocks
from newscrawl.extraction.extractors.cx_options import CxOptions
from newscrawl.extraction.extractors.justext_options import DEFAULT_OPTIONS as JUSTEXT_DEFAULTS
from newscrawl.extraction.registry import get_method
from newscrawl.extraction.types import Rejection

OURS = ("justext", "boilerpipe", "boilerpipe-default", "cx", "auto")


def _justext_reference(html: str) -> str:
    import justext

    paragraphs = justext.justext(html, justext.get_stoplist("English"))
    return "\n".join(p.text for p in paragraphs if not p.is_boilerplate)


def _boilerpy3(kind: str) -> Callable[[str], str]:
    def run(html: str) -> str:
        from boilerpy3 import extractors

        extractor = getattr(extractors, kind)(raise_on_failure=False)
        with contextlib.redirect_stdout(io.StringIO()):  # it prints parser warnings
            return str(extractor.get_content(html) or "")

    return run


def _cxextractor(html: str) -> str:
    from cxextractor.CxExtractor import CxExtractor

    extractor = CxExtractor(threshold=86)
    text = str(extractor.getText(extractor.filter_tags(html)))
    return "" if text.startswith("This page has no content") else text


REFERENCES: dict[str, Callable[[str], str]] = {
    "justext-ref (English stop list)": _justext_reference,
    "boilerpy3 ArticleExtractor": _boilerpy3("ArticleExtractor"),
    "boilerpy3 DefaultExtractor": _boilerpy3("DefaultExtractor"),
    "cxextractor 0.0.4": _cxextractor,
}


def load(pages: Iterable[Page]) -> list[tuple[Page, Document | None]]:
    loaded = []
    for page in pages:
        try:
            doc: Document | None = load_document(page.read_html(), url=page.url)
        except DocumentError:
            doc = None
        loaded.append((page, doc))
    return loaded


def score(
    loaded: list[tuple[Page, Document | None]], run: Callable[[Document], str]
) -> tuple[float, float, float, float]:
    """Mean precision, recall, F1 and pages/s of ``run`` over the loaded pages."""
    totals = [0.0, 0.0, 0.0]
    started = time.perf_counter()
    for page, doc in loaded:
        text = ""
        if doc is not None:
            try:
                text = run(doc)
            except Exception as error:  # noqa: BLE001 -- a crashing peer is a miss, not a stop
                print(f"  {page.id}: {error!r}", file=sys.stderr)
        scores = bag_scores(text, page.text)
        totals[0] += scores.precision
        totals[1] += scores.recall
        totals[2] += scores.f1
    seconds = time.perf_counter() - started
    n = max(len(loaded), 1)
    return totals[0] / n, totals[1] / n, totals[2] / n, len(loaded) / seconds


def _method(name: str) -> Callable[[Document], str]:
    function = get_method(name)

    def run(doc: Document) -> str:
        result = function(doc)
        return "" if isinstance(result, Rejection) else result.text

    return run


def table(loaded: list[tuple[Page, Document | None]], methods: list[str]) -> None:
    print("| system | P | R | F1 | pages/s |")
    print("| --- | --- | --- | --- | --- |")
    systems: list[tuple[str, Callable[[Document], str]]] = [(m, _method(m)) for m in methods]
    systems += [(name, lambda doc, f=f: f(doc.html)) for name, f in REFERENCES.items()]
    for name, run in systems:
        p, r, f1, speed = score(loaded, run)
        print(f"| {name} | {p:.3f} | {r:.3f} | {f1:.3f} | {speed:.1f} |", flush=True)


def sweep_justext(loaded: list[tuple[Page, Document | None]], english: bool = False) -> None:
    """Grid over the Chinese length and stop-word limits (or the English stop-word limits);
    prints the best 15 settings."""
    base = JUSTEXT_DEFAULTS.english if english else JUSTEXT_DEFAULTS.chinese
    # Stop-word densities do not depend on the thresholds: measure them once per page.
    pages = [
        (page, our_justext.paragraph_stats(segment(doc.root) if doc else [], base))
        for page, doc in loaded
    ]
    rows = []
    grid = (
        itertools.product(
            (base.length_low,), (base.length_high,), (0.10, 0.14, 0.18, 0.22, 0.26, 0.30), (0.02,)
        )
        if english
        else itertools.product((10, 20, 30), (30, 40, 60), (0.02, 0.04, 0.06, 0.08), (0.0, 0.04))
    )
    for low, high, stop_low, gap in grid:
        params = replace(
            base,
            length_low=low,
            length_high=high,
            stopwords_low=stop_low,
            stopwords_high=stop_low + gap,
        )
        total = 0.0
        for page, paragraphs in pages:
            classes = our_justext.revise_classes(
                paragraphs, our_justext.classify_context_free(paragraphs, params), params
            )
            kept = [
                p.block
                for p, cls in zip(paragraphs, classes, strict=True)
                if cls == our_justext.Cls.GOOD
            ]
            total += bag_scores(blocks_text(kept), page.text).f1
        rows.append((total / len(pages), low, high, stop_low, stop_low + gap))
    rows.sort(reverse=True)
    print("| F1 | length_low | length_high | stopwords_low | stopwords_high |")
    print("| --- | --- | --- | --- | --- |")
    for f1, low, high, stop_low, stop_high in rows[:15]:
        print(f"| {f1:.3f} | {low} | {high} | {stop_low:.2f} | {stop_high:.2f} |")


def sweep_cx(loaded: list[tuple[Page, Document | None]]) -> None:
    print("| threshold | F1 |")
    print("| --- | --- |")
    for threshold in (40, 60, 86, 120, 160, 200):
        params = CxOptions(threshold=threshold)
        f1 = score(loaded, lambda doc, p=params: line_blocks.extract_text(doc.html, p))[2]
        print(f"| {threshold} | {f1:.3f} |", flush=True)


def ablate_auto(loaded: list[tuple[Page, Document | None]]) -> None:
    """auto with one design choice changed at a time (``dataclasses.replace`` of its
    default options)."""
    from newscrawl.extraction.extractors import auto
    from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as AUTO
    from newscrawl.extraction.extractors.auto_options import AutoOptions

    variants: list[tuple[str, dict[str, object]]] = [
        ("as shipped", {}),
        ("TCDT always", {"confident_agreement": 2.0}),
        ("TCDT never", {"slow_methods": ()}),
        ("no tie margin", {"tie_margin": 0.0}),
        ("tie margin 0.05", {"tie_margin": 0.05}),
        ("no line clean-up", {"clean_lines": False}),
        ("+ boilerpipe-default", {"fast_methods": (*AUTO.fast_methods, "boilerpipe-default")}),
    ]
    print("| auto variant | P | R | F1 | pages/s |")
    print("| --- | --- | --- | --- | --- |")
    for label, changes in variants:
        options = replace(AUTO, **changes)

        def run(doc: Document, options: AutoOptions = options) -> str:
            result = auto.extract_content(doc, options)
            return "" if isinstance(result, Rejection) else result.text

        p, r, f1, speed = score(loaded, run)
        print(f"| {label} | {p:.3f} | {r:.3f} | {f1:.3f} | {speed:.1f} |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dataset")
    parser.add_argument("--page-type")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--methods", default=",".join(OURS))
    parser.add_argument("--sweep", choices=("justext", "justext-en", "cx", "auto"))
    args = parser.parse_args()
    loaded = load(load_pages(args.dataset, page_type=args.page_type, limit=args.limit))
    print(f"{args.dataset}: {len(loaded)} pages\n")
    if args.sweep in ("justext", "justext-en"):
        sweep_justext(loaded, english=args.sweep == "justext-en")
    elif args.sweep == "cx":
        sweep_cx(loaded)
    elif args.sweep == "auto":
        ablate_auto(loaded)
    else:
        table(loaded, [m for m in args.methods.split(",") if m])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
