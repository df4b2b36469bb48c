"""Sweep of ``auto``'s early exit: which pair of methods, and how closely they must agree.

``auto`` runs density and its partner first (``AutoOptions.early_pair``, or
``early_pair_chinese`` on Chinese pages); where the two agree (F1 of their token bags) at
least ``early_agreement`` (``early_agreement_chinese``), the other methods do not run. Each
setting is a ``dataclasses.replace`` of auto's default options, passed to ``extract``.
This script runs ``auto`` on the wcxb_dev articles (``--chinese``: on cwced_zh, sweeping
the Chinese pair) for each pair and threshold, scored as ``newscrawl eval`` scores, and
prints F1, the share of pages that exited early and ``auto``'s CPU ms per page with and
without the exit (process time; each page runs both ways back to back, so machine noise
is shared):

    python3 benchmarks/auto_early_exit.py [--pairs density+cx,density+justext]
        [--thresholds 0.9,0.95] [--limit N] [--chinese] [--data DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace

from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.datasets import add_data_option, pages_file
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.extraction import Rejection, extract
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions


def early_options(pair: tuple[str, str], threshold: float | None, *, chinese: bool) -> AutoOptions:
    """auto's default options with this early pair and threshold (None: no early exit)."""
    if chinese:
        return replace(DEFAULT_OPTIONS, early_pair_chinese=pair, early_agreement_chinese=threshold)
    return replace(DEFAULT_OPTIONS, early_pair=pair, early_agreement=threshold)


def run(
    pages: list, pair: tuple[str, str], threshold: float, *, chinese: bool
) -> tuple[float, float, float, float, float]:
    """(F1, CPU ms per page) of ``auto`` with this early exit on ``pages``, then the same
    without it, and the share of pages the early pair decided: each page runs both ways back
    to back, so machine noise hits both alike."""
    variants = {
        True: early_options(pair, threshold, chinese=chinese),
        False: early_options(pair, None, chinese=chinese),
    }
    f1 = {True: 0.0, False: 0.0}
    cpu = {True: 0.0, False: 0.0}
    decided = 0
    for index, (page, html) in enumerate(pages):
        truth = tokenize(page.text)
        for early in (True, False) if index % 2 else (False, True):
            started = time.process_time()
            result = extract(html, url=page.url, method="auto", options=variants[early])
            cpu[early] += time.process_time() - started
            content = "" if isinstance(result, Rejection) else result.content
            f1[early] += token_scores(tokenize(content), truth).f1
            if early and not isinstance(result, Rejection):
                decided += bool(result.diagnostics.get("auto_early_exit"))
    count = len(pages)
    return (
        f1[True] / count,
        cpu[True] * 1000 / count,
        f1[False] / count,
        cpu[False] * 1000 / count,
        decided / count,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", default="density+cx,density+justext,density+boilerpipe")
    parser.add_argument("--thresholds", default="0.85,0.9,0.93,0.95,0.97")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument(
        "--chinese", action="store_true", help="the Chinese pages' pair and threshold, on cwced_zh"
    )
    add_data_option(parser)
    args = parser.parse_args()
    dataset = "cwced_zh" if args.chinese else "wcxb_dev"
    pages = [
        (page, page.read_html())
        for page in load_pages(
            pages_file(dataset, args.data),
            limit=args.limit,
            page_type=None if args.chinese else "article",
        )
        if page.text
    ]
    print(f"{len(pages)} {dataset} pages with a labelled body\n")
    print("| early pair | agreement | F1 | exited early | auto CPU ms/page | baseline ms/page |")
    print("|---|---|---|---|---|---|")
    for pair_text in args.pairs.split(","):
        pair = tuple(pair_text.split("+"))
        order = DEFAULT_OPTIONS.method_order
        if len(pair) != 2 or any(name not in order for name in pair):
            print(f"bad pair {pair_text!r}: two of {order}", file=sys.stderr)
            return 2
        if pair[0] != "density":
            print(f"bad pair {pair_text!r}: auto runs density first", file=sys.stderr)
            return 2
        for threshold_text in args.thresholds.split(","):
            threshold = float(threshold_text)
            f1, ms, base_f1, base_ms, decided = run(
                pages, (pair[0], pair[1]), threshold, chinese=args.chinese
            )
            print(
                f"| {pair_text} | {threshold} | {f1:.4f} (off: {base_f1:.4f}) |"
                f" {decided:.0%} | {ms:.1f} | {base_ms:.1f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
