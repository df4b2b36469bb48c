"""Whether keeping every post of a thread carries over to unseen sites: a grouped CV sweep.

``auto``'s vote runs once per page, without the thread test in the vote; every variant of
:class:`ThreadOptions` (thread expansion off first, then each combination of its thresholds)
turns the winner into text (``auto.winner_text``: thread expansion, line clean-up, trim) and
is scored with the eval metric. One variant is chosen for all sets together by
``crossval.select`` (5 folds grouped by site): articles must not lose what forum threads
gain. Per set, the script prints the in-sample figure of the chosen variant and the
cross-validated one (each page scored with the variant picked without its fold).

    python3 benchmarks/thread_cv.py [--data DIR] [--folds 5] [--grid full|class]

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``); wcxb_dev is read twice, its articles and its forum threads.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.vote_cv import f1_by_variant
from newscrawl.evaluation.crossval import format_selection, grouped_folds, page_site, select
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.extractors.auto_options import AutoOptions
from newscrawl.extraction.thread import DEFAULT_OPTIONS as DEFAULT_THREAD
from newscrawl.extraction.thread import NO_THREAD, ThreadOptions

REPO = Path(__file__).resolve().parent.parent
# (name, dataset directory, page type kept)
SETS = (
    ("wcxb articles", "wcxb_dev", "article"),
    ("wcxb forums", "wcxb_dev", "forum"),
    ("cwced_zh", "cwced_zh", None),
    ("gne_zh", "gne_zh", None),
)


@dataclass(frozen=True, slots=True)
class Scored:
    """One page: its set, site and F1 under every variant."""

    dataset: str
    site: str
    f1: dict[str, float]
    page: str = ""


def variants() -> dict[str, ThreadOptions]:
    """Expansion off first, then every combination of the thresholds."""
    found = {"off": NO_THREAD}
    for posts, chars, climb, links, growth, common in itertools.product(
        (2, 3, 4), (40, 80), (2, 4), (0.3, 0.5), (1.0, 1.5, 2.0, 3.0), (False, True)
    ):
        found[
            f"posts={posts},chars={chars},climb={climb},links={links},growth={growth},"
            f"common={int(common)}"
        ] = ThreadOptions(
            min_posts=posts,
            min_post_chars=chars,
            max_climb=climb,
            max_link_share=links,
            min_growth=growth,
            from_common_ancestor=common,
        )
    return found


def class_variants() -> dict[str, ThreadOptions]:
    """Expansion off first, the shipped variant, then how a post's class is matched (the
    whole class or its first word) crossed with the thresholds that bound what a thread is
    (posts, growth): the grid for :attr:`ThreadOptions.class_match`."""
    found = {"off": NO_THREAD, "shipped": DEFAULT_THREAD}
    for match, posts, growth in itertools.product(
        ("exact", "first_word"), (3, 4, 6), (1.5, 2.0, 3.0)
    ):
        found[f"class={match},posts={posts},growth={growth}"] = replace(
            DEFAULT_THREAD, class_match=match, min_posts=posts, min_growth=growth
        )
    return found


def dated_variants() -> dict[str, ThreadOptions]:
    """Expansion off first, the shipped variant, then the stamped-thread test
    (:attr:`ThreadOptions.dated_min_posts`) at each number of posts and growth: the grid
    for a thread of few posts, or of one long post and short replies, whose posts' boxes
    each carry a date or a time."""
    found = {"off": NO_THREAD, "shipped": DEFAULT_THREAD}
    before = replace(DEFAULT_THREAD, dated_min_posts=None, skip_quotes=False)
    found["no stamps, quotes kept"] = before
    found["no stamps, quotes skipped"] = replace(before, skip_quotes=True)
    for quotes, posts, growth in itertools.product((False, True), (2, 3, 4), (1.0, 1.25, 1.5, 2.0)):
        found[f"quotes={'skipped' if quotes else 'kept'},posts={posts},growth={growth}"] = replace(
            DEFAULT_THREAD, dated_min_posts=posts, dated_min_growth=growth, skip_quotes=quotes
        )
    return found


GRIDS = {"full": variants, "class": class_variants, "dated": dated_variants}
# The vote runs without the thread test (``ThreadOptions.in_vote``), so each variant expands
# the winner itself: the sweep is of the winner's expansion, not of the vote's.
VOTE_WITHOUT_THREADS = replace(DEFAULT_AUTO, thread=replace(DEFAULT_THREAD, in_vote=False))


def score_page(dataset: str, page: Page, options: dict[str, AutoOptions]) -> Scored:
    """The page's F1 with the winner of one vote turned into text by each variant."""
    truth = tokenize(page.text)
    site = page_site(page)
    try:
        doc = load_document(page.read_html(), url=page.url)
    except DocumentError:
        return Scored(dataset, site, dict.fromkeys(options, 0.0), page.id)
    vote = auto.run_vote(doc, VOTE_WITHOUT_THREADS) if doc.body is not None else None
    if vote is None:
        return Scored(dataset, site, dict.fromkeys(options, 0.0), page.id)
    texts = ((name, auto.winner_text(vote, doc, option)) for name, option in options.items())
    return Scored(dataset, site, f1_by_variant(truth, texts), page.id)


def line(name: str, values: Sequence[float]) -> str:
    failed = sum(value < FAILED_F1 for value in values) / len(values)
    return f"{name:<18} F1 {sum(values) / len(values):.4f}  F1<{FAILED_F1} {failed:.3f}"


def report(pages: Sequence[Scored], names: Sequence[str], folds: int, label: str) -> None:
    """One variant chosen for all sets together by site-grouped CV; per set the first
    variant (off), the chosen one in-sample and the cross-validated figure."""
    groups = [f"{page.dataset}:{page.site}" for page in pages]
    scores = {name: [page.f1[name] for page in pages] for name in names}
    selection = select(scores, groups, folds)
    print(format_selection(selection, label=label))
    fold_of = grouped_folds(groups, folds)
    held_out = [
        page.f1[selection.fold_choices[fold]] for page, fold in zip(pages, fold_of, strict=True)
    ]
    chosen = selection.in_sample_choice
    if "shipped" in scores:
        pooled = scores["shipped"]
        print(f"shipped, all sets pooled: F1 {sum(pooled) / len(pooled):.4f}")
    for name in dict.fromkeys(page.dataset for page in pages):
        indices = [i for i, page in enumerate(pages) if page.dataset == name]
        print(f"{name} ({len(indices)} pages)")
        print("  off               " + line("", [scores[names[0]][i] for i in indices]))
        if "shipped" in scores:
            print("  shipped           " + line("", [scores["shipped"][i] for i in indices]))
        print(f"  in-sample {chosen}: " + line("", [scores[chosen][i] for i in indices]))
        print("  cross-validated   " + line("", [held_out[i] for i in indices]))


def show_changes(pages: Sequence[Scored], variant: str, margin: float = 0.02) -> None:
    """The pages whose F1 under ``variant`` differs from the shipped variant's by more than
    ``margin``, largest change first."""
    reference = "shipped" if "shipped" in pages[0].f1 else "off"
    changed = [
        (page.f1[variant] - page.f1[reference], page)
        for page in pages
        if abs(page.f1[variant] - page.f1[reference]) > margin
    ]
    print(f"pages changed by {variant} against {reference} (more than {margin} F1):")
    for delta, page in sorted(changed, key=lambda item: item[0]):
        print(
            f"  {delta:+.3f}  {page.f1[reference]:.3f} -> {page.f1[variant]:.3f}  "
            f"{page.dataset}  {page.page}  {page.site}"
        )


def score_sets(data: Path, options: dict[str, AutoOptions]) -> list[Scored]:
    """Every labelled page of ``SETS`` under ``data``, scored under each variant."""
    pages: list[Scored] = []
    for name, directory, page_type in SETS:
        pages.extend(
            score_page(name, page, options)
            for page in load_pages(data / directory / "pages.jsonl", page_type=page_type)
            if page.text
        )
    return pages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--grid", choices=sorted(GRIDS), default="full")
    parser.add_argument("--all-variants", action="store_true", help="print every variant's F1")
    parser.add_argument(
        "--show-changes",
        metavar="VARIANT",
        help="list the pages whose F1 under VARIANT differs from the shipped one's",
    )
    args = parser.parse_args(argv)
    grid = GRIDS[args.grid]()
    options = {name: replace(DEFAULT_AUTO, thread=option) for name, option in grid.items()}
    pages = score_sets(args.data, options)
    report(pages, list(options), args.folds, "thread variant")
    if args.all_variants:
        print("every variant, all sets pooled, in-sample:")
        for name in options:
            values = [page.f1[name] for page in pages]
            print(f"  {sum(values) / len(values):.4f}  {name}")
    if args.show_changes:
        show_changes(pages, args.show_changes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
