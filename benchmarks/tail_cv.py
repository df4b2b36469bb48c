"""Which DOM tail rules carry over to unseen sites: a site-grouped cross-validated sweep.

Every method runs once per page; each variant of :class:`TailOptions` replays auto's vote
on those candidates and turns the winner into text as auto does (newscrawl/extraction/tail/,
then the line trim). Off first, so a rule has to win to be picked; then named (the class/id
words with or without the appeal words), link-dense (70 %) and repeated-list subtrees after
the prose container, alone and together, dropped alone or with everything after them, under
a cut cap of 0.3 / 0.5 / none, on every region or only where long paragraphs are 30 % of its
characters. ``crossval.select`` picks a variant by 5 folds grouped by site, for all nine sets
pooled (the seven wcxb_dev page types, cwced_zh, gne_zh) among the variants that lower no set
on the tuning folds (``crossval.no_harm``), the same unguarded, and for the wcxb_dev articles
alone; then every variant's in-sample F1 per set.

``--grid zh`` sweeps instead the Chinese portals' class/id words (``TailOptions.zh_names``)
and the paragraphs inside named subtrees left out of the prose
(``TailOptions.skip_named_paragraphs``): the rules before them first, then each combination,
under the shipped cap and 0.5, dropped each alone or with everything after them. ``--grid cap``
sweeps the shipped rules' cut cap (0.3 to 0.7, none); ``--grid descend`` the named descendants
of unnamed tail subtrees (``TailOptions.named_descendants``, ``tagged_descendants``,
``descendants_prose_share``) with the cap and cut-rest settings around the shipped ones;
``--grid headings`` a comment section's heading ending the prose
(``TailOptions.comment_headings``), capped or not, guarded by the prose share or not.

    python3 benchmarks/tail_cv.py [--data DIR] [--folds 5] [--grid all|zh|cap|descend|headings]

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.vote_cv import report_sweep, score_sets
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.extractors.auto_options import AutoOptions
from newscrawl.extraction.tail import NO_TAIL, TailOptions, is_on

REPO = Path(__file__).resolve().parent.parent


def variants() -> dict[str, TailOptions]:
    """Off first, then every combination of the rules, the cut-rest switch and the cap."""
    found = {"off": NO_TAIL}
    for names, share, repeats, rest, cap, prose in itertools.product(
        (None, "all", "no-appeals"),
        (None, 0.7),
        (None, 3),
        (False, True),
        (0.3, 0.5, None),
        (None, 0.3),
    ):
        options = TailOptions(
            names=names is not None,
            appeal_names=names == "all",
            link_share=share,
            repeats=repeats,
            cut_rest=rest,
            max_cut_share=cap,
            min_prose_share=prose,
            zh_names=False,
            skip_named_paragraphs=False,
        )
        if not is_on(options):
            continue
        name = (
            f"names={names or '-'},links={share or '-'},repeats={repeats or '-'},"
            f"{'rest' if rest else 'each'},cap={cap or '-'},prose={prose or '-'}"
        )
        found[name] = options
    return found


def zh_variants() -> dict[str, TailOptions]:
    """The rules before the Chinese portals' words and the skipped named paragraphs first,
    then each combination of those, with the cap and cut-rest settings around the shipped
    ones."""
    before = replace(TailOptions(), zh_names=False, skip_named_paragraphs=False)
    found = {"before": before}
    for zh_names, skip, rest, cap in itertools.product(
        (False, True), (False, True), (False, True), (0.3, 0.5)
    ):
        options = replace(
            before,
            zh_names=zh_names,
            skip_named_paragraphs=skip,
            cut_rest=rest,
            max_cut_share=cap,
        )
        if options != before:
            name = f"zh={int(zh_names)},skip={int(skip)},{'rest' if rest else 'each'},cap={cap}"
            found[name] = options
    return found


def cap_variants() -> dict[str, TailOptions]:
    """The shipped rules with the cut cap at each level, and without it: whether the cap the
    first sweep chose (before named paragraphs were skipped) still holds."""
    shipped = TailOptions()
    found = {"shipped": shipped}
    for cap in (0.3, 0.4, 0.5, 0.6, 0.7, None):
        for rest in (False, True):
            options = replace(shipped, max_cut_share=cap, cut_rest=rest)
            if options != shipped:
                found[f"{'rest' if rest else 'each'},cap={cap or '-'}"] = options
    return found


def descendant_variants() -> dict[str, TailOptions]:
    """The shipped rules, then with the named descendants of unnamed tail subtrees dropped
    too (:attr:`TailOptions.named_descendants`; by class/id words and tail tags, or by the
    words alone; on every region or only where long paragraphs hold 30 % / 50 % of its
    text), each with the cap and cut-rest settings around the shipped ones."""
    shipped = TailOptions()
    found = {"shipped": shipped}
    for descend, prose, rest, cap in itertools.product(
        ("-", "words+tags", "words"), (None, 0.3, 0.5), (False, True), (0.3, 0.5)
    ):
        if descend == "-" and prose is not None:
            continue
        options = replace(
            shipped,
            named_descendants=descend != "-",
            tagged_descendants=descend == "words+tags",
            descendants_prose_share=prose,
            cut_rest=rest,
            max_cut_share=cap,
        )
        if options != shipped:
            name = f"descend={descend},prose={prose or '-'},{'rest' if rest else 'each'},cap={cap}"
            found[name] = options
    return found


def heading_variants() -> dict[str, TailOptions]:
    """The shipped rules, then with a comment section's heading ending the prose
    (:attr:`TailOptions.comment_headings`), its cut counted by the cap or not, on article-
    shaped regions only (the prose half the text outside the cut) or on any."""
    shipped = TailOptions()
    found = {"shipped": shipped}
    for capped, share in itertools.product((True, False), (0.5, None)):
        options = replace(
            shipped,
            comment_headings=True,
            comment_headings_capped=capped,
            comment_headings_prose_share=share,
        )
        found[f"headings,{'capped' if capped else 'uncapped'},prose={share or '-'}"] = options
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument(
        "--grid", choices=("all", "zh", "cap", "descend", "headings"), default="all"
    )
    args = parser.parse_args(argv)
    grid = {
        "all": variants,
        "zh": zh_variants,
        "cap": cap_variants,
        "descend": descendant_variants,
        "headings": heading_variants,
    }[args.grid]()
    options: dict[str, AutoOptions] = {
        name: replace(DEFAULT_AUTO, tail=option) for name, option in grid.items()
    }
    report_sweep(score_sets(args.data, options), list(options), args.folds, "tail")
    return 0


if __name__ == "__main__":
    sys.exit(main())
