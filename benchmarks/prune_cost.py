"""What the prune stage costs per page, beside the whole of ``auto``.

Per page the vote runs once (untimed); then, in alternating order over ``--rounds``, the
winner is turned into text with prune off and with the given rules on, and ``auto`` runs
whole. Time is CPU time of this process (``time.process_time``), so other jobs on a shared
machine do not inflate it. Prints ms/page of each and the prune stage's share of ``auto``.

    python3 benchmarks/prune_cost.py [--data DIR] [--rounds 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

from newscrawl.evaluation.dataset import load_pages
from newscrawl.extraction.document import Document, DocumentError, load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.prune import NO_PRUNE, PruneOptions

REPO = Path(__file__).resolve().parent.parent
SETS = ("wcxb_dev", "cwced_zh", "gne_zh")
# Every rule on: the dearest setting.
ALL_ON = PruneOptions(link_share=0.5, box_names=True, sibling_run=3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    votes: list[tuple[Document, auto.Vote]] = []
    for directory in SETS:
        for page in load_pages(args.data / directory / "pages.jsonl"):
            try:
                doc = load_document(page.read_html(), url=page.url)
            except DocumentError:
                continue
            vote = auto.run_vote(doc) if doc.body is not None else None
            if vote is not None:
                votes.append((doc, vote))
    off, on = replace(DEFAULT_AUTO, prune=NO_PRUNE), replace(DEFAULT_AUTO, prune=ALL_ON)
    spent = {"text, prune off": 0.0, "text, prune on": 0.0, "auto whole": 0.0}
    for round_ in range(args.rounds):
        for index, (doc, vote) in enumerate(votes):
            order = [("text, prune off", off), ("text, prune on", on)]
            if (index + round_) % 2:
                order.reverse()
            for name, options in order:
                began = time.process_time()
                auto.winner_text(vote, doc, options)
                spent[name] += time.process_time() - began
            began = time.process_time()
            auto.extract_content(doc)
            spent["auto whole"] += time.process_time() - began
    runs = len(votes) * args.rounds
    for name, seconds in spent.items():
        print(f"{name:<16} {1000 * seconds / runs:.3f} ms/page")
    stage = spent["text, prune on"] - spent["text, prune off"]
    print(
        f"prune stage (all rules on): {1000 * stage / runs:.3f} ms/page, "
        f"{stage / spent['auto whole']:.1%} of auto ({len(votes)} pages, {args.rounds} rounds)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
