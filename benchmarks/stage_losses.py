"""Where a page's F1 goes in auto's finishing stages: the winner's text, then each stage.

For every labelled page, runs auto's vote (and its fallback) as ``auto.extract_content``
does, scores the winner's text after each finishing stage (``auto.finishing_stages``: the
thread or prune, tail and parts, the line clean-up, trim, the articleBody filter, captions,
footer) with the eval metric, and prints per stage how many pages it raised or lowered by
more than ``--margin`` F1 and by how much in all, then the pages each stage lowered most.
A stage that lowers many pages on one kind of line is a class to read (the clean-up's
repeated table cells and the trim's repeated "Read more" were found this way,
docs/benchmarks/precision.md, trim.md). Outsized pages (density alone) are skipped.

    python3 benchmarks/stage_losses.py DATA/pages.jsonl [--page-type article] [--margin 0.02]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from newscrawl.evaluation.crossval import page_site
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import bag_scores
from newscrawl.extraction import load_document
from newscrawl.extraction.document import DocumentError
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO


@dataclass
class StageTally:
    """One stage's effect over the pages it ran on."""

    ran: int = 0
    raised: int = 0
    lowered: int = 0
    gained: float = 0.0
    lost: float = 0.0
    worst: list[tuple[float, str, str, float, float]] = field(default_factory=list)


def stage_scores(page: Page) -> list[tuple[str, float]] | None:
    """Each finishing stage's name and the page's F1 after it, or None when auto does not
    vote on the page (not a page, outsized, nothing found)."""
    try:
        doc = load_document(page.read_html(), url=page.url)
    except DocumentError:
        return None
    options = DEFAULT_AUTO
    decided = None if auto.is_outsized(doc, options) else auto.decide(doc, options)
    if decided is None:
        return None
    vote, _ = decided
    return [
        (name, bag_scores(text, page.text).f1)
        for name, text in auto.finishing_stages(vote, doc, options)
    ]


def tally(pages: list[Page], margin: float) -> tuple[dict[str, StageTally], int]:
    stages: dict[str, StageTally] = {}
    scored = 0
    for page in pages:
        scores = stage_scores(page)
        if scores is None:
            continue
        scored += 1
        for (_, before), (name, after) in pairwise(scores):
            stage = stages.setdefault(name, StageTally())
            stage.ran += 1
            change = after - before
            if change > margin:
                stage.raised += 1
                stage.gained += change
            elif change < -margin:
                stage.lowered += 1
                stage.lost -= change
                stage.worst.append((change, page.id, page_site(page), before, after))
    return stages, scored


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", type=Path)
    parser.add_argument("--page-type", help="only pages of this page_type")
    parser.add_argument("--margin", type=float, default=0.02, help="F1 change that counts")
    parser.add_argument("--show", type=int, default=8, help="pages listed per stage")
    args = parser.parse_args(argv)
    pages = [
        page
        for page in load_pages(args.pages)
        if page.text and (args.page_type is None or page.page_type == args.page_type)
    ]
    stages, scored = tally(pages, args.margin)
    print(f"{scored} of {len(pages)} labelled pages voted on; changes over {args.margin} F1")
    print(f"{'stage':14s} {'ran':>5s} {'raised':>7s} {'gained':>7s} {'lowered':>8s} {'lost':>7s}")
    for name, stage in stages.items():
        print(
            f"{name:14s} {stage.ran:5d} {stage.raised:7d} {stage.gained:7.2f} "
            f"{stage.lowered:8d} {stage.lost:7.2f}"
        )
    for name, stage in stages.items():
        if not stage.worst:
            continue
        print(f"\n{name}: lowered most")
        for change, page_id, site, before, after in sorted(stage.worst)[: args.show]:
            print(f"  {change:+.3f}  {page_id}  {site}  {before:.3f} -> {after:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
