"""Which trim rules carry over to unseen sites: a site-grouped cross-validated sweep.

``auto`` runs once per page with the trim off; every variant of :class:`TrimOptions` (each
rule alone, then every combination) is applied to that untrimmed text and scored with the
eval metric, which gives a variant x page F1 matrix per dataset. ``crossval.select`` then
picks the best variant on K-1 folds of sites and scores it on the held-out fold. The
untrimmed variant is listed first, so a rule has to win to be chosen.

    python3 benchmarks/trim_cv.py [--data DIR] [--folds 5]

``--data`` is a directory holding ``wcxb_dev/`` and ``cwced_zh/`` (default: the repository's
``datasets/``, whose wcxb_dev is a 200-article sample).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from newscrawl.evaluation.crossval import format_selection, select, site_of
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.trim import NO_TRIM, TrimOptions, link_texts, trim_text
from newscrawl.extraction.types import ContentResult

REPO = Path(__file__).resolve().parent.parent
# (dataset directory, page type kept)
SETS = (("wcxb_dev", "article"), ("cwced_zh", None))


@dataclass(frozen=True, slots=True)
class Untrimmed:
    """One page's auto text before the trim, and what the trim reads from the page."""

    site: str
    truth: list[str]
    text: str
    links: frozenset[str]


def untrimmed(page: Page) -> Untrimmed:
    text, links = "", frozenset[str]()
    try:
        doc = load_document(page.read_html(), url=page.url)
    except DocumentError:
        pass
    else:
        if doc.body is not None:
            result = auto.extract_content(doc, replace(DEFAULT_AUTO, trim=NO_TRIM))
            if isinstance(result, ContentResult):
                text, links = result.text, link_texts(doc)
    return Untrimmed(site_of(page.url, page.id), tokenize(page.text), text, links)


def variants() -> dict[str, TrimOptions]:
    """The untrimmed text first, then every combination of the rules' settings."""
    found = {"none": NO_TRIM}
    for share, sidebar, teaser, run, at_end, leading in itertools.product(
        (None, 0.3, 0.5, 0.7, 0.85),
        (False, True),
        (False, True),
        (None, 1, 2, 3, 4, 6),
        (False, True),
        (False, True),
    ):
        if (share is None and sidebar) or (run is None and at_end):  # no rule to modify
            continue
        options = TrimOptions(
            tail_min_share=share,
            sidebar_headings=sidebar,
            teaser_lines=teaser,
            link_run=run,
            runs_only_at_end=at_end,
            leading_links=leading,
        )
        if options == NO_TRIM:
            continue
        name = (
            f"tail={share if share is not None else '-'},side={int(sidebar)},"
            f"teaser={int(teaser)},run={run or '-'}{'@end' if at_end else ''},"
            f"lead={int(leading)}"
        )
        found[name] = options
    return found


def f1_matrix(
    pages: Sequence[Untrimmed], options: dict[str, TrimOptions]
) -> dict[str, list[float]]:
    scores: dict[str, list[float]] = {name: [] for name in options}
    for page in pages:
        known: dict[str, float] = {}  # most variants leave most pages alone
        for name, option in options.items():
            text = trim_text(page.text, page.links, option)
            if text not in known:
                known[text] = token_scores(tokenize(text), page.truth).f1
            scores[name].append(known[text])
    return scores


def summary(name: str, scores: dict[str, list[float]], variant: str) -> str:
    values = scores[variant]
    failed = sum(value < FAILED_F1 for value in values) / len(values)
    return f"  {name:<42} F1 {sum(values) / len(values):.4f}  F1<{FAILED_F1} {failed:.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    options = variants()
    singles = [
        "none",
        "tail=0.7,side=0,teaser=0,run=-,lead=0",
        "tail=0.7,side=1,teaser=0,run=-,lead=0",
        "tail=-,side=0,teaser=1,run=-,lead=0",
        "tail=-,side=0,teaser=0,run=2,lead=0",
        "tail=-,side=0,teaser=0,run=2@end,lead=0",
        "tail=-,side=0,teaser=0,run=-,lead=1",
    ]
    default = TrimOptions()
    combined_scores: dict[str, list[float]] = {name: [] for name in options}
    combined_groups: list[str] = []
    for directory, page_type in SETS:
        pages = [
            untrimmed(page)
            for page in load_pages(args.data / directory / "pages.jsonl", page_type=page_type)
            if page.text
        ]
        scores = f1_matrix(pages, options)
        default_name = next(name for name, option in options.items() if option == default)
        groups = [page.site for page in pages]
        print(f"{directory}: {len(pages)} pages, {len(set(groups))} sites")
        for name in singles:
            print(summary(name, scores, name))
        print(summary(f"default ({default_name})", scores, default_name))
        print(
            "  "
            + format_selection(select(scores, groups, args.folds), label="trim").replace(
                "\n", "\n  "
            )
        )
        for name, values in scores.items():
            combined_scores[name].extend(values)
        combined_groups.extend(f"{directory}:{group}" for group in groups)
    none = combined_scores["none"]
    print(f"both sets (one choice for both languages); untrimmed {sum(none) / len(none):.4f}:")
    print(
        "  "
        + format_selection(
            select(combined_scores, combined_groups, args.folds), label="trim"
        ).replace("\n", "\n  ")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
