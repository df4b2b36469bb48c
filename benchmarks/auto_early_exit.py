"""Sweep of ``auto``'s early exit: which pair of methods, and how closely they must agree.

``auto`` runs density and its partner first (EARLY_PAIR, or EARLY_PAIR_CHINESE on Chinese
pages); where the two agree (F1 of their token bags) at least EARLY_AGREEMENT
(EARLY_AGREEMENT_CHINESE), the other methods do not run. This script runs ``auto`` on the
wcxb_dev articles (``--chinese``: on cwced_zh, sweeping the Chinese pair) for each pair and
threshold, scored as ``newscrawl eval`` scores, and prints F1, the share of pages that
exited early and ``auto``'s CPU ms per page with and without the exit (process time; each
page runs both ways back to back, so machine noise is shared):

    python3 benchmarks/auto_early_exit.py [--pairs density+cx,density+justext]
        [--thresholds 0.9,0.95] [--limit N] [--chinese]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.extraction import Rejection, extract
from newscrawl.extraction.extractors import auto

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"


class ExitCounter:
    """Counts how often :func:`auto.early_winner` decided a page."""

    def __init__(self) -> None:
        self.decided = 0
        self.original = auto.early_winner

    def __call__(self, pair: list[auto.Candidate], *, chinese: bool
                 ) -> tuple[auto.Candidate | None, float]:
        winner, agreement = self.original(pair, chinese=chinese)
        self.decided += winner is not None
        return winner, agreement


def run(pages: list, pair: tuple[str, str], threshold: float, *, chinese: bool
        ) -> tuple[float, float, float, float]:
    """(F1, CPU ms per page) of ``auto`` with this early exit on ``pages``, then the same
    without it: each page runs both ways back to back, so machine noise hits both alike."""
    pair_name, threshold_name = (("EARLY_PAIR_CHINESE", "EARLY_AGREEMENT_CHINESE") if chinese
                                 else ("EARLY_PAIR", "EARLY_AGREEMENT"))
    setattr(auto, pair_name, pair)
    f1 = {True: 0.0, False: 0.0}
    cpu = {True: 0.0, False: 0.0}
    for index, (page, html) in enumerate(pages):
        truth = tokenize(page.text)
        for early in ((True, False) if index % 2 else (False, True)):
            setattr(auto, threshold_name, threshold if early else None)
            started = time.process_time()
            result = extract(html, url=page.url, method="auto")
            cpu[early] += time.process_time() - started
            content = "" if isinstance(result, Rejection) else result.content
            f1[early] += token_scores(tokenize(content), truth).f1
    count = len(pages)
    return f1[True] / count, cpu[True] * 1000 / count, f1[False] / count, cpu[False] * 1000 / count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", default="density+cx,density+justext,density+boilerpipe")
    parser.add_argument("--thresholds", default="0.85,0.9,0.93,0.95,0.97")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--chinese", action="store_true",
                        help="the Chinese pages' pair and threshold, on cwced_zh")
    args = parser.parse_args()
    dataset = "cwced_zh" if args.chinese else "wcxb_dev"
    pages = [(page, page.read_html())
             for page in load_pages(DATASETS / dataset / "pages.jsonl", limit=args.limit,
                                    page_type=None if args.chinese else "article")
             if page.text]
    counter = ExitCounter()
    auto.early_winner = counter  # type: ignore[assignment]
    print(f"{len(pages)} {dataset} pages with a labelled body\n")
    print("| early pair | agreement | F1 | exited early | auto CPU ms/page | baseline ms/page |")
    print("|---|---|---|---|---|---|")
    for pair_text in args.pairs.split(","):
        pair = tuple(pair_text.split("+"))
        if len(pair) != 2 or any(name not in auto.METHOD_ORDER for name in pair):
            print(f"bad pair {pair_text!r}: two of {auto.METHOD_ORDER}", file=sys.stderr)
            return 2
        if pair[0] != "density":
            print(f"bad pair {pair_text!r}: auto runs density first", file=sys.stderr)
            return 2
        for threshold_text in args.thresholds.split(","):
            threshold = float(threshold_text)
            counter.decided = 0
            f1, ms, base_f1, base_ms = run(pages, pair, threshold, chinese=args.chinese)
            print(f"| {pair_text} | {threshold} | {f1:.4f} (off: {base_f1:.4f}) |"
                  f" {counter.decided / len(pages):.0%} | {ms:.1f} | {base_ms:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
