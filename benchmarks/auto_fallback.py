"""Does falling back from a suspicious auto choice to a safer candidate carry over?

A choice is *suspicious* when the winner is much shorter than the candidates' median size
(``short<R``: winner tokens < R x median) or when the methods disagree widely (``disagree<A``:
the lowest candidate agreement with the consensus < A). The fallback is the candidate of
median size or the largest one, cleaned and trimmed like a winner. Every candidate of every
method runs once per page; the variants are scored with the eval metric and chosen by
site-grouped cross-validation (``crossval.select``), ``none`` (auto as it is) first.

    python3 benchmarks/auto_fallback.py [--data DIR] [--folds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from newscrawl.evaluation.crossval import format_selection, page_site, select
from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.trim import TrimOptions, trim
from newscrawl.extraction.types import ContentResult

REPO = Path(__file__).resolve().parent.parent
SETS = (("wcxb_dev", "article"), ("cwced_zh", None))
Rule = Callable[[auto.Candidate, Sequence[auto.Candidate], dict[str, float]], bool]


def rules() -> dict[str, tuple[Rule, str]]:
    found: dict[str, tuple[Rule, str]] = {}
    for pick in ("median", "largest"):
        for ratio in (0.2, 0.3, 0.4, 0.5):
            found[f"short<{ratio},{pick}"] = (
                lambda w, cs, _s, r=ratio: w.size < r * statistics.median(c.size for c in cs),
                pick,
            )
        for level in (0.2, 0.35, 0.5):
            found[f"disagree<{level},{pick}"] = (
                lambda _w, _cs, scores, a=level: min(scores.values()) < a,
                pick,
            )
    return found


def fallback(candidates: Sequence[auto.Candidate], pick: str) -> auto.Candidate:
    if pick == "largest":
        return max(candidates, key=lambda c: c.size)
    median = statistics.median(c.size for c in candidates)
    return min(candidates, key=lambda c: abs(c.size - median))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    variants = rules()
    for directory, page_type in SETS:
        scores: dict[str, list[float]] = {"none": [], **{name: [] for name in variants}}
        groups: list[str] = []
        for page in load_pages(args.data / directory / "pages.jsonl", page_type=page_type):
            if not page.text:
                continue
            truth = tokenize(page.text)
            groups.append(page_site(page))
            try:
                doc = load_document(page.read_html(), url=page.url)
            except DocumentError:
                for values in scores.values():
                    values.append(0.0)
                continue
            result = auto.extract_content(doc) if doc.body is not None else None
            chosen = result.text if isinstance(result, ContentResult) else ""
            base = token_scores(tokenize(chosen), truth).f1
            scores["none"].append(base)
            order = DEFAULT_AUTO.method_order
            candidates = auto.page_runner(doc)(order) if doc.body is not None else []
            chinese = auto.is_chinese(candidates)
            agreements = (
                auto.agreements(candidates, None if chinese else DEFAULT_AUTO.weights)
                if len(candidates) > 1
                else {}
            )
            winner = next(
                (
                    c
                    for c in candidates
                    if c.result.text
                    and auto.clean_lines(c.result.text)
                    and result is not None
                    and isinstance(result, ContentResult)
                    and c.method == result.diagnostics.get("auto_winner")
                ),
                None,
            )
            for name, (suspicious, pick) in variants.items():
                value = base
                if winner is not None and agreements and suspicious(winner, candidates, agreements):
                    text = trim(
                        auto.clean_lines(fallback(candidates, pick).result.text), doc, TrimOptions()
                    )
                    value = token_scores(tokenize(text), truth).f1
                scores[name].append(value)
        print(f"{directory}: {len(groups)} pages")
        for name, values in scores.items():
            failed = sum(value < FAILED_F1 for value in values) / len(values)
            print(f"  {name:<24} F1 {sum(values) / len(values):.4f}  F1<{FAILED_F1} {failed:.3f}")
        print(
            "  "
            + format_selection(select(scores, groups, args.folds), label="fallback").replace(
                "\n", "\n  "
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
