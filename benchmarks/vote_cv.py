"""Which settings of auto's vote carry over to unseen sites: a site-grouped CV sweep.

Every method runs once per page; each variant (the fallback from a winner far shorter than
the page's text, newscrawl/extraction/fallback.py; the vote's consensus quantile, density's
votes and the agreement that skips TCDT) is replayed on those candidates, its winner turned
into text as auto does and scored with the eval metric. ``crossval.select`` picks a variant
by 5 folds grouped by site, the vote without a fallback first, so a change has to win to be
picked. It picks three times: for every set pooled (the seven wcxb_dev page types, cwced_zh,
gne_zh) among the variants that lower no set on the tuning folds (``crossval.no_harm``), the
same unguarded, and for the wcxb_dev articles alone. Per set it prints the first variant,
the pick in-sample and cross-validated, with the share of pages under F1 0.5, then every
variant's in-sample F1 per set.

    python3 benchmarks/vote_cv.py [--data DIR] [--folds 5] [--grid vote|prose|links|footer]

``--grid prose`` sweeps instead which candidates may vote: all, or only those punctuated like
prose (``AutoOptions.max_chars_per_mark``, ``prose_min_chars``), the first variant being all.

``--grid links`` sweeps whether a candidate that is mostly lines of the page's link texts
(a sidebar of headlines) may decide early or vote (``AutoOptions.max_link_share``,
``link_list_min_chars``, ``link_lists_vote``), the first variant being the test off.

``--grid footer`` sweeps whether the finished text loses the lines only the page's own
``<footer>`` holds, up to which share of it and from which line length
(``AutoOptions.footer_max_drop_share``, ``footer_min_line_chars``), the first variant being
the text as it was.

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from newscrawl.evaluation.crossval import (
    format_selection,
    grouped_folds,
    no_harm,
    page_site,
    select,
)
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.extraction.document import Document, DocumentError, load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.extractors.auto_options import AutoOptions
from newscrawl.extraction.fallback import NO_FALLBACK, FallbackOptions

REPO = Path(__file__).resolve().parent.parent
SETS = (("wcxb_dev", "wcxb "), ("cwced_zh", "cwced_zh"), ("gne_zh", "gne_zh"))
ARTICLES = "wcxb article"


@dataclass(frozen=True, slots=True)
class Scored:
    """One page: its set (wcxb_dev split by page type), site and F1 under every variant."""

    dataset: str
    site: str
    f1: dict[str, float]


def variants() -> dict[str, AutoOptions]:
    """No fallback first (the vote as it was), then the fallback's settings, then the vote's
    own settings without a fallback."""
    off = replace(DEFAULT_AUTO, fallback=NO_FALLBACK)
    found = {"off": off}
    for share, growth, held in itertools.product((0.02, 0.03, 0.05, 0.1), (2.0, 4.0), (0.0, 0.8)):
        found[f"fallback<{share},x{growth},held{held}"] = replace(
            DEFAULT_AUTO, fallback=FallbackOptions(share, growth, held)
        )
    for quantile, density, confident in itertools.product((0.5, 0.49), (2, 3), (0.85, 0.9, 0.95)):
        options = replace(
            off,
            consensus_quantile=quantile,
            non_cjk_weights=(("density", density),),
            confident_agreement=confident,
        )
        if options != off:
            found[f"quantile={quantile},density={density},confident={confident}"] = options
    return found


def prose_variants() -> dict[str, AutoOptions]:
    """The shipped vote first with every candidate voting, then with the candidates that do
    not read as prose (``AutoOptions.max_chars_per_mark``) left out of it, the most lenient
    test first (``crossval.select`` keeps the first of tied variants)."""
    found = {"prose-off": replace(DEFAULT_AUTO, max_chars_per_mark=None)}
    for most, chars in itertools.product((500, 300, 200, 100), (2000, 500)):
        found[f"prose>={chars},per-mark<={most}"] = replace(
            DEFAULT_AUTO, prose_min_chars=chars, max_chars_per_mark=most
        )
    return found


def link_list_variants() -> dict[str, AutoOptions]:
    """The shipped vote with every candidate that reads as prose voting, then with the lists
    of links among them left out (``AutoOptions.max_link_share``, ``link_list_min_chars``),
    the most lenient test first."""
    found = {"links-off": replace(DEFAULT_AUTO, max_link_share=None)}
    for votes, share, chars in itertools.product(
        (False, True), (0.9, 0.8, 0.7, 0.6, 0.5), (500, 200)
    ):
        found[f"links>{share},chars>={chars},{'vote' if votes else 'early'}"] = replace(
            DEFAULT_AUTO, max_link_share=share, link_list_min_chars=chars, link_lists_vote=votes
        )
    return found


def line_filter_variants(
    name: str, shares: tuple[float, ...], chars: tuple[int, ...] = (4, 10, 20)
) -> dict[str, AutoOptions]:
    """A finishing line filter of auto's (``AutoOptions.{name}_max_drop_share`` and
    ``{name}_min_line_chars``) off first, then at each drop cap and minimum line length."""
    found = {f"{name}-off": replace(DEFAULT_AUTO, **{f"{name}_max_drop_share": None})}
    for share, least in itertools.product(shares, chars):
        found[f"{name}<={share},line>={least}"] = replace(
            DEFAULT_AUTO,
            **{f"{name}_max_drop_share": share, f"{name}_min_line_chars": least},
        )
    return found


def footer_variants() -> dict[str, AutoOptions]:
    """The lines only the page's own footer holds (newscrawl/extraction/page_footer.py)."""
    return line_filter_variants("footer", (0.5, 0.8, 1.0))


def caption_variants() -> dict[str, AutoOptions]:
    """The lines only the page's figure captions hold (newscrawl/extraction/captions.py)."""
    return line_filter_variants("caption", (0.2, 0.5, 0.8))


def offsite_variants() -> dict[str, AutoOptions]:
    """Link runs as shipped first, then with the lines whose links all lead to other sites
    left out of them (``TrimOptions.offsite_runs_kept``)."""
    return {
        "offsite-in-runs": replace(
            DEFAULT_AUTO, trim=replace(DEFAULT_AUTO.trim, offsite_runs_kept=False)
        ),
        "offsite-kept": replace(
            DEFAULT_AUTO, trim=replace(DEFAULT_AUTO.trim, offsite_runs_kept=True)
        ),
    }


GRIDS: dict[str, Callable[[], dict[str, AutoOptions]]] = {
    "vote": variants,
    "prose": prose_variants,
    "links": link_list_variants,
    "footer": footer_variants,
    "captions": caption_variants,
    "offsite": offsite_variants,
}


def cached_runner(doc: Document, found: dict[str, list[auto.Candidate]]) -> auto.Runner:
    """Runs each method once on ``doc``; later votes reuse its candidates."""
    run = auto.page_runner(doc)

    def runner(methods: Sequence[str]) -> list[auto.Candidate]:
        for method in methods:
            if method not in found:
                found[method] = run((method,))
        return [candidate for method in methods for candidate in found[method]]

    return runner


def f1_by_variant(truth: list[str], texts: Iterable[tuple[str, str]]) -> dict[str, float]:
    """Each variant's F1 against ``truth`` from its ``(name, text)``, every distinct text
    scored once: most variants leave most pages as they were."""
    known: dict[str, float] = {}
    f1: dict[str, float] = {}
    for name, text in texts:
        if text not in known:
            known[text] = token_scores(tokenize(text), truth).f1
        f1[name] = known[text]
    return f1


def score_page(dataset: str, page: Page, options: dict[str, AutoOptions]) -> Scored:
    truth = tokenize(page.text or "")
    site = page_site(page)
    try:
        doc = load_document(page.read_html(), url=page.url)
    except DocumentError:
        return Scored(dataset, site, dict.fromkeys(options, 0.0))
    if doc.body is None:
        return Scored(dataset, site, dict.fromkeys(options, 0.0))
    runner = cached_runner(doc, {})

    def text_of(option: AutoOptions) -> str:
        vote = auto.run_vote(doc, option, runner)
        if vote is None:
            return ""
        return auto.fall_back(vote, auto.winner_text(vote, doc, option), doc, runner, option)[1]

    texts = ((name, text_of(option)) for name, option in options.items())
    return Scored(dataset, site, f1_by_variant(truth, texts))


def labelled_pages(data: Path) -> Iterator[tuple[str, Page]]:
    """Every page with a body label in ``data``'s sets, with its set's name (wcxb_dev split
    by page type)."""
    for directory, label in SETS:
        for page in load_pages(data / directory / "pages.jsonl"):
            if page.text:
                yield (f"{label}{page.page_type}" if label.endswith(" ") else label), page


def score_sets(data: Path, options: dict[str, AutoOptions]) -> list[Scored]:
    return [score_page(name, page, options) for name, page in labelled_pages(data)]


def line(values: Sequence[float]) -> str:
    failed = sum(value < FAILED_F1 for value in values) / len(values)
    return f"F1 {sum(values) / len(values):.4f}  F1<{FAILED_F1} {failed:.3f}"


def report(
    pages: Sequence[Scored],
    names: Sequence[str],
    folds: int,
    label: str,
    guarded: bool,
    group_of: Callable[[Scored], str] | None = None,
) -> None:
    """One variant chosen for ``pages`` by site-grouped CV (``guarded``: among those that
    lower no set on the tuning folds); per set the first variant, the chosen one in-sample
    and the cross-validated figure. ``group_of`` names a page's fold group (default: its set
    and site)."""
    groups = [group_of(page) if group_of else f"{page.dataset}:{page.site}" for page in pages]
    scores = {name: [page.f1[name] for page in pages] for name in names}
    eligible = no_harm(scores, [page.dataset for page in pages], names[0]) if guarded else None
    selection = select(scores, groups, folds, eligible)
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
        print(f"    {names[0]:<16} " + line([scores[names[0]][i] for i in indices]))
        print("    chosen in-sample " + line([scores[chosen][i] for i in indices]))
        print("    cross-validated  " + line([held_out[i] for i in indices]))


def variant_table(pages: Sequence[Scored], names: Sequence[str]) -> None:
    """Every variant's in-sample F1 per set, with the pooled share of pages under 0.5."""
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


def report_sweep(pages: Sequence[Scored], names: Sequence[str], folds: int, label: str) -> None:
    """The choice for all sets pooled (guarded, then unguarded) and for the wcxb_dev articles
    alone, then every variant's in-sample F1 per set."""
    print("all sets pooled, the choice may lower no set:")
    report(pages, names, folds, label, guarded=True)
    print("all sets pooled, unguarded:")
    report(pages, names, folds, label, guarded=False)
    print("wcxb_dev articles alone:")
    articles = [page for page in pages if page.dataset == ARTICLES]
    report(articles, names, folds, label, guarded=False)
    variant_table(pages, names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--grid", choices=sorted(GRIDS), default="vote")
    args = parser.parse_args(argv)
    options = GRIDS[args.grid]()
    report_sweep(score_sets(args.data, options), list(options), args.folds, "vote")
    return 0


if __name__ == "__main__":
    sys.exit(main())
