"""Which settings of auto's vote carry over to unseen sites: a site-grouped CV sweep.

Every method runs once per page; each variant of the vote (the consensus quantile, density's
votes, the agreement that skips TCDT, a fallback from a region much shorter than the page's
text) is replayed on those candidates, its winner turned into text as auto does
(``auto.winner_text``) and scored with the eval metric. ``crossval.select`` picks one
variant (5 folds grouped by site), the shipped vote first, so a change has to win to be
picked. It picks twice: once for every set pooled (all seven wcxb_dev page types, cwced_zh,
gne_zh), once for the wcxb_dev articles alone; per set the script prints the shipped vote,
the pooled pick in-sample and cross-validated, with the share of pages under F1 0.5.

    python3 benchmarks/vote_cv.py [--data DIR] [--folds 5]

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from newscrawl.evaluation.crossval import format_selection, grouped_folds, select, site_of
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.extraction.document import Document, DocumentError, load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.extractors.auto_options import AutoOptions

REPO = Path(__file__).resolve().parent.parent
SETS = (("wcxb_dev", "wcxb "), ("cwced_zh", "cwced_zh"), ("gne_zh", "gne_zh"))
ARTICLES = "wcxb article"


@dataclass(frozen=True, slots=True)
class Scored:
    """One page: its set (wcxb_dev split by page type), site and F1 under every variant."""

    dataset: str
    site: str
    f1: dict[str, float]


@dataclass(frozen=True, slots=True)
class Fallback:
    """When the winner's text is under ``share`` of the page's text (characters, spaces
    excluded), the candidate ``pick`` replaces it if it has ``growth`` times its tokens:
    ``largest``, or ``next``, the smallest candidate that large."""

    share: float
    growth: float
    pick: str
    # Share of the winner's tokens the fallback must hold: the winner is a fragment of it,
    # not another region.
    holds: float = 0.0


@dataclass(frozen=True, slots=True)
class Variant:
    options: AutoOptions
    fallback: Fallback | None = None


def variants() -> dict[str, Variant]:
    """The shipped vote first, then every combination of the settings swept."""
    found = {"shipped": Variant(DEFAULT_AUTO)}
    for share, growth, pick, holds in itertools.product(
        (0.02, 0.05, 0.1, 0.15), (2.0, 4.0), ("largest", "next"), (0.0, 0.8)
    ):
        found[f"fallback<{share},x{growth},{pick},holds{holds}"] = Variant(
            DEFAULT_AUTO, Fallback(share, growth, pick, holds)
        )
    for quantile, density, confident in itertools.product((0.5, 0.49), (2, 3), (0.85, 0.9, 0.95)):
        name = f"quantile={quantile},density={density},confident={confident}"
        options = replace(
            DEFAULT_AUTO,
            consensus_quantile=quantile,
            non_cjk_weights=(("density", density),),
            confident_agreement=confident,
        )
        if options != DEFAULT_AUTO:
            found[name] = Variant(options)
    return found


def visible(text: str) -> int:
    return len(text) - text.count(" ") - text.count("\n")


def held(part: Counter[str], whole: Counter[str]) -> int:
    """How many of ``part``'s tokens ``whole`` holds."""
    return sum(min(count, whole[token]) for token, count in part.items())


def fallback_text(
    doc: Document, vote: auto.Vote, text: str, fallback: Fallback, runner: auto.Runner
) -> str:
    """``text``, or the fallback candidate's text when the winner's looks too short."""
    if visible(text) >= fallback.share * visible(doc.body_text()):
        return text
    candidates = runner(DEFAULT_AUTO.method_order)
    winner = vote.winner
    larger = [
        c
        for c in candidates
        if c.size >= fallback.growth * winner.size
        and held(winner.bag, c.bag) >= fallback.holds * winner.size
    ]
    if not larger:
        return text
    pick = max if fallback.pick == "largest" else min
    chosen = pick(larger, key=lambda c: c.size)
    return auto.winner_text(replace(vote, winner=chosen), doc, DEFAULT_AUTO)


def cached_runner(doc: Document, found: dict[str, list[auto.Candidate]]) -> auto.Runner:
    """Runs each method once on ``doc``; later votes reuse its candidates."""
    shared = auto._shared_runners(doc)

    def runner(methods: Sequence[str]) -> list[auto.Candidate]:
        for method in methods:
            if method not in found:
                found[method] = auto.run_methods(doc, (method,), shared)
        return [candidate for method in methods for candidate in found[method]]

    return runner


def score_page(dataset: str, page: Page, options: dict[str, Variant]) -> Scored:
    truth = tokenize(page.text or "")
    site = site_of(page.url, page.id)
    try:
        doc = load_document(page.read_html(), url=page.url)
    except DocumentError:
        return Scored(dataset, site, dict.fromkeys(options, 0.0))
    if doc.body is None:
        return Scored(dataset, site, dict.fromkeys(options, 0.0))
    runner = cached_runner(doc, {})
    known: dict[str, float] = {}
    f1: dict[str, float] = {}
    for name, variant in options.items():
        vote = auto.run_vote(doc, variant.options, runner)
        text = auto.winner_text(vote, doc, variant.options) if vote is not None else ""
        if vote is not None and variant.fallback is not None:
            text = fallback_text(doc, vote, text, variant.fallback, runner)
        if text not in known:
            known[text] = token_scores(tokenize(text), truth).f1
        f1[name] = known[text]
    return Scored(dataset, site, f1)


def score_sets(data: Path, options: dict[str, Variant]) -> list[Scored]:
    pages: list[Scored] = []
    for directory, label in SETS:
        for page in load_pages(data / directory / "pages.jsonl"):
            if page.text:
                name = f"{label}{page.page_type}" if label.endswith(" ") else label
                pages.append(score_page(name, page, options))
    return pages


def line(values: Sequence[float]) -> str:
    failed = sum(value < FAILED_F1 for value in values) / len(values)
    return f"F1 {sum(values) / len(values):.4f}  F1<{FAILED_F1} {failed:.3f}"


def report(pages: Sequence[Scored], names: Sequence[str], folds: int, label: str) -> None:
    """One variant chosen for ``pages`` by site-grouped CV; per set the shipped vote, the
    chosen variant in-sample and the cross-validated figure."""
    groups = [f"{page.dataset}:{page.site}" for page in pages]
    scores = {name: [page.f1[name] for page in pages] for name in names}
    selection = select(scores, groups, folds)
    print(format_selection(selection, label=label))
    fold_of = grouped_folds(groups, folds)
    held_out = [
        page.f1[selection.fold_choices[fold]] for page, fold in zip(pages, fold_of, strict=True)
    ]
    chosen = selection.in_sample_choice
    sets = sorted(dict.fromkeys(page.dataset for page in pages))
    for name in [*sets, "all"] if len(sets) > 1 else sets:
        indices = [i for i, page in enumerate(pages) if name in ("all", page.dataset)]
        print(f"  {name} ({len(indices)} pages)")
        print("    shipped          " + line([scores[names[0]][i] for i in indices]))
        print("    chosen in-sample " + line([scores[chosen][i] for i in indices]))
        print("    cross-validated  " + line([held_out[i] for i in indices]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    options = variants()
    pages = score_sets(args.data, options)
    names = list(options)
    print("all sets pooled:")
    report(pages, names, args.folds, "vote")
    print("wcxb_dev articles alone:")
    report([page for page in pages if page.dataset == ARTICLES], names, args.folds, "vote")
    sets = sorted(dict.fromkeys(page.dataset for page in pages))
    print("each variant in-sample, F1 per set (all: F1 and share under 0.5):")
    print(f"  {'variant':<40} {'all':>12} " + " ".join(f"{name[-8:]:>8}" for name in sets))
    for name in names:
        values = [page.f1[name] for page in pages]
        per_set = [
            sum(page.f1[name] for page in pages if page.dataset == dataset)
            / sum(page.dataset == dataset for page in pages)
            for dataset in sets
        ]
        failed = sum(value < FAILED_F1 for value in values) / len(values)
        print(
            f"  {name:<40} {sum(values) / len(values):.4f} {failed:.3f} "
            + " ".join(f"{value:>8.4f}" for value in per_set)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
