"""Sweep of ``auto``'s early exit: which pair of methods, and how closely they must agree.

``auto`` runs EARLY_PAIR first; on a non-Chinese page where the two agree (F1 of their token
bags) at least EARLY_AGREEMENT, the other methods do not run. This script runs ``auto`` on
the wcxb_dev articles (cwced_zh is all Chinese, where the exit never applies) for each pair
and threshold, through the same evaluation as ``newscrawl eval``, and prints F1, the share of
pages that exited early and ``auto``'s CPU ms per page with and without the exit (process
time; each page runs both ways back to back, so machine noise is shared):

    python3 benchmarks/auto_early_exit.py [--pairs density+cx,density+justext]
        [--thresholds 0.9,0.95] [--limit N]
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


def early_winner_on_any_page(pair: list[auto.Candidate], *, chinese: bool
                             ) -> tuple[auto.Candidate | None, float]:
    """:func:`auto.early_winner` on Chinese pages too (``--chinese``), where the full vote
    would not weight density."""
    if (auto.EARLY_AGREEMENT is None or len(pair) != len(auto.EARLY_PAIR)
            or auto.bag_f1(pair[0].bag, pair[1].bag) < auto.EARLY_AGREEMENT):
        return None, 0.0
    return auto.choose(pair, None if chinese else auto.NON_CJK_WEIGHTS)


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


def run(pages: list, pair: tuple[str, str], threshold: float, counter: ExitCounter
        ) -> tuple[float, float, float, float]:
    """(F1, CPU ms per page) of ``auto`` with this early exit on ``pages``, then the same
    without it: each page runs both ways back to back, so machine noise hits both alike."""
    auto.EARLY_PAIR = pair
    f1 = {True: 0.0, False: 0.0}
    cpu = {True: 0.0, False: 0.0}
    for index, (page, html) in enumerate(pages):
        truth = tokenize(page.text)
        for early in ((True, False) if index % 2 else (False, True)):
            auto.EARLY_AGREEMENT = threshold if early else None
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
                        help="cwced_zh instead, with the exit allowed on Chinese pages")
    args = parser.parse_args()
    dataset = "cwced_zh" if args.chinese else "wcxb_dev"
    pages = [(page, page.read_html())
             for page in load_pages(DATASETS / dataset / "pages.jsonl", limit=args.limit,
                                    page_type=None if args.chinese else "article")
             if page.text]
    if args.chinese:
        auto.early_winner = early_winner_on_any_page  # type: ignore[assignment]
    counter = ExitCounter()
    auto.early_winner = counter  # type: ignore[assignment]
    print(f"{len(pages)} {dataset} pages with a labelled body\n")
    print("| early pair | agreement | F1 | exited early | auto CPU ms/page | baseline ms/page |")
    print("|---|---|---|---|---|---|")
    for pair_text in args.pairs.split(","):
        pair = tuple(pair_text.split("+"))
        if len(pair) != 2 or any(name not in auto.FAST_METHODS for name in pair):
            print(f"bad pair {pair_text!r}: two of {auto.FAST_METHODS}", file=sys.stderr)
            return 2
        for threshold_text in args.thresholds.split(","):
            threshold = float(threshold_text)
            counter.decided = 0
            f1, ms, base_f1, base_ms = run(pages, pair, threshold, counter)
            print(f"| {pair_text} | {threshold} | {f1:.4f} (off: {base_f1:.4f}) |"
                  f" {counter.decided / len(pages):.0%} | {ms:.1f} | {base_ms:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
