"""Which prune rules carry over to unseen sites: a site-grouped cross-validated sweep.

``auto``'s vote runs once per page; every variant of :class:`PruneOptions` (prune off
first, then each combination of the rules and their thresholds) turns the winner into text
(``auto.winner_text``: thread expansion or prune, line clean-up, trim) and is scored with the
eval metric. One variant is chosen for all sets together by ``crossval.select`` (5 folds
grouped by site), so a rule has to win on the sets together to be picked; per set the script
prints off, the chosen variant in-sample and the cross-validated figure.

    python3 benchmarks/prune_cv.py [--data DIR] [--folds 5]

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``); wcxb_dev is read twice, its articles and its forum threads.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.thread_cv import report, score_sets
from newscrawl.extraction.extractors.auto_options import (
    DEFAULT_OPTIONS as DEFAULT_AUTO,
)
from newscrawl.extraction.prune import NO_PRUNE, PruneOptions, is_on

REPO = Path(__file__).resolve().parent.parent
SINGLES = (
    "off",
    "links=0.5/2,names=0,run=-",
    "links=0.8/4,names=0,run=-",
    "links=0.5/2,names=0,run=-,after",
    "links=-/2,names=1,run=-",
    "links=-/2,names=1,run=-,after",
    "links=-/2,names=1,run=-,block<0.8",
    "links=-/2,names=0,run=3",
    "links=-/2,names=0,run=3,after",
    "links=0.5/2,names=1,run=3",
)


def variants() -> dict[str, PruneOptions]:
    """Prune off first, then every combination of the rules' settings."""
    found = {"off": NO_PRUNE}
    for share, anchors, names, run, after, largest in itertools.product(
        (None, 0.5, 0.65, 0.8), (2, 4), (False, True), (None, 3, 5), (False, True), (0.5, 0.8)
    ):
        options = PruneOptions(
            link_share=share,
            min_links=anchors,
            box_names=names,
            sibling_run=run,
            only_after_article=after,
            max_block_share=largest,
        )
        if (
            not is_on(options)
            or (share is None and anchors != 2)  # no rule to modify
            or (largest != 0.5 and not names)  # only a named box may be most of the region
        ):
            continue
        name = (
            f"links={share if share is not None else '-'}/{anchors},names={int(names)},"
            f"run={run or '-'}{',after' if after else ''}"
            + (f",block<{largest}" if largest != 0.5 else "")
        )
        found[name] = options
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    options = {name: replace(DEFAULT_AUTO, prune=option) for name, option in variants().items()}
    pages = score_sets(args.data, options)
    report(pages, list(options), args.folds, "prune variant")
    print("each rule alone, in-sample over the sets together (off first):")
    for name in SINGLES:
        values = [page.f1[name] for page in pages]
        print(f"  {name:<40} F1 {sum(values) / len(values):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
