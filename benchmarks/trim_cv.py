"""Which trim rules carry over to unseen sites: a site-grouped cross-validated sweep.

``auto`` runs once per page with the trim off; every variant of :class:`TrimOptions` is
applied to that untrimmed text and scored with the eval metric, which gives a variant x page
F1 matrix. ``crossval.select`` then picks the best variant on K-1 folds of sites and scores it
on the held-out fold. The first variant is the reference, so a change has to win to be chosen.

The grids (``--grid``):

* ``rules`` — the rules' first sweep: the untrimmed text first, then every combination of
  the tail, sidebar, teaser, link-run and leading-link settings (end sections and the cut
  cap off);
* ``cap`` (default) — the shipped rules before the end sections and the cut cap first, the
  untrimmed text second, then the tail share, link-run length and placement crossed with end
  sections on/off and the cut cap (off, 0.3 ... 0.7);
* ``zh`` — the rules before the Chinese portal rules first, then every combination of them
  (recommendation and keyword headings, appeal lines, the original-title line, lines that
  point at other coverage, disclaimer lines);
* ``consent`` — the shipped rules without :attr:`TrimOptions.consent_lines` first, then with
  it (a sign-up or contact form's legal line and a form builder's status messages dropped);
* ``ui`` — the shipped rules without :attr:`TrimOptions.ui_labels` first, then with it (a
  line that is only a control's label dropped);
* ``credits`` — the shipped rules without :attr:`TrimOptions.credit_lines` first, then with
  it (a short line that credits a picture dropped);
* ``signup`` — the shipped rules without :attr:`TrimOptions.signup_lines` first, then with
  it (a line that asks the reader to sign up for mail dropped).

The pages are every labelled page of wcxb_dev (each page type its own set), cwced_zh and
gne_zh. One choice is made for all of them pooled, once among the variants that lower no set
on the tuning folds (``crossval.no_harm``) and once unguarded, then for the wcxb_dev articles
alone; each with its in-sample and cross-validated figure per set.

    python3 benchmarks/trim_cv.py [--data DIR] [--folds 5]
                                  [--grid cap|rules|zh|consent|ui|credits|signup]

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``, whose wcxb_dev is a 266-page sample).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.vote_cv import (
    ARTICLES,
    SETS,
    Scored,
    f1_by_variant,
    line,
    report,
    variant_table,
)
from newscrawl.evaluation.crossval import page_site
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import tokenize
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.trim import (
    NO_TRIM,
    TrimOptions,
    trim_text,
    without_chinese_rules,
)
from newscrawl.extraction.types import ContentResult

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class Untrimmed:
    """One page's auto text before the trim, and what the trim reads from the page."""

    dataset: str
    site: str
    truth: list[str]
    text: str
    links: frozenset[str]


def untrimmed(page: Page, dataset: str) -> Untrimmed:
    text, links = "", frozenset[str]()
    try:
        doc = load_document(page.read_html(), url=page.url)
    except DocumentError:
        pass
    else:
        if doc.body is not None:
            result = auto.extract_content(doc, replace(DEFAULT_AUTO, trim=NO_TRIM))
            if isinstance(result, ContentResult):
                text, links = result.text, doc.link_texts()
    site = page_site(page)
    return Untrimmed(dataset, site, tokenize(page.text), text, links)


def rule_variants() -> dict[str, TrimOptions]:
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
        options = without_chinese_rules(
            TrimOptions(
                tail_min_share=share,
                sidebar_headings=sidebar,
                teaser_lines=teaser,
                link_run=run,
                runs_only_at_end=at_end,
                leading_links=leading,
                end_sections=False,
                max_cut_share=None,
                consent_lines=False,
                ui_labels=False,
                credit_lines=False,
            )
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


# The single-line rules in the order they were added, each with the names its sweep prints
# without and with it. Each sweep replays the shipped rules with the later ones off, so a
# rule is judged against what was shipped when it came.
LINE_RULES = (
    ("consent_lines", "no consent lines", "consent lines"),
    ("ui_labels", "no control labels", "control labels"),
    ("credit_lines", "no credit lines", "credit lines"),
    ("signup_lines", "no sign-up lines", "sign-up lines"),
)


# The grids before the single-line rules replay their sweeps without them.
BEFORE_LINE_RULES = replace(TrimOptions(), **{name: False for name, _, _ in LINE_RULES})
# The shipped rules before the end sections and the cut cap (and the Chinese portal rules):
# the reference of the cap grid.
BEFORE = without_chinese_rules(replace(BEFORE_LINE_RULES, end_sections=False, max_cut_share=None))


def cap_variants() -> dict[str, TrimOptions]:
    """The rules before end sections and the cap first, the untrimmed text second, then the
    tail share and link runs crossed with end sections and the cut cap."""
    found = {"before": BEFORE, "none": NO_TRIM}
    for share, run, at_end, end_sections, cap in itertools.product(
        (0.5, 0.7, 0.85), (2, 3, 4), (False, True), (False, True), (None, 0.3, 0.4, 0.5, 0.6, 0.7)
    ):
        options = replace(
            BEFORE,
            tail_min_share=share,
            link_run=run,
            runs_only_at_end=at_end,
            end_sections=end_sections,
            max_cut_share=cap,
        )
        if options == BEFORE:
            continue
        name = (
            f"tail={share},run={run}{'@end' if at_end else ''},end={int(end_sections)},"
            f"cap={cap if cap is not None else '-'}"
        )
        found[name] = options
    return found


def zh_variants() -> dict[str, TrimOptions]:
    """The rules before the Chinese portal rules first, then each combination of those."""
    found = {}
    for headings, appeals, original, teasers, disclaimers in itertools.product(
        (False, True), repeat=5
    ):
        name = (
            f"zh_headings={int(headings)},appeals={int(appeals)},"
            f"original_title={int(original)},zh_teasers={int(teasers)},"
            f"disclaimers={int(disclaimers)}"
        )
        found[name] = replace(
            BEFORE_LINE_RULES,
            zh_headings=headings,
            appeal_lines=appeals,
            original_title=original,
            zh_teasers=teasers,
            disclaimers=disclaimers,
        )
    return found


def line_rule_variants(rule: str) -> dict[str, TrimOptions]:
    """The shipped rules without ``rule`` (and the rules added after it) first, then with
    ``rule``."""
    index = [name for name, _, _ in LINE_RULES].index(rule)
    later = {name: False for name, _, _ in LINE_RULES[index + 1 :]}
    _, without, with_rule = LINE_RULES[index]
    return {
        without: replace(TrimOptions(), **{rule: False}, **later),
        with_rule: replace(TrimOptions(), **later),
    }


GRIDS = {
    "cap": cap_variants,
    "rules": rule_variants,
    "zh": zh_variants,
    "consent": lambda: line_rule_variants("consent_lines"),
    "ui": lambda: line_rule_variants("ui_labels"),
    "credits": lambda: line_rule_variants("credit_lines"),
    "signup": lambda: line_rule_variants("signup_lines"),
}


def score(pages: Sequence[Untrimmed], options: dict[str, TrimOptions]) -> list[Scored]:
    scored = []
    for page in pages:
        texts = (
            (name, trim_text(page.text, page.links, option)) for name, option in options.items()
        )
        scored.append(Scored(page.dataset, page.site, f1_by_variant(page.truth, texts)))
    return scored


def load(data: Path) -> list[Untrimmed]:
    pages = []
    for directory, label in SETS:
        for page in load_pages(data / directory / "pages.jsonl"):
            if page.text:
                name = f"{label}{page.page_type}" if label.endswith(" ") else label
                pages.append(untrimmed(page, name))
    return pages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--grid", choices=tuple(GRIDS), default="cap")
    args = parser.parse_args(argv)
    options = GRIDS[args.grid]()
    pages = score(load(args.data), options)
    names = list(options)
    default = next((name for name, option in options.items() if option == TrimOptions()), None)
    # A grid that replays an earlier state (the ui grid, with the credit lines off) holds no
    # variant equal to what ships.
    print(f"shipped default: {default or 'none of these (the shipped rules differ)'}")
    print("all sets pooled, the choice may lower no set:")
    report(pages, names, args.folds, "trim", guarded=True)
    print("all sets pooled, unguarded:")
    report(pages, names, args.folds, "trim", guarded=False)
    print("wcxb_dev articles alone:")
    report([page for page in pages if page.dataset == ARTICLES], names, args.folds, "trim", False)
    # The first two variants and, when the grid holds it, the shipped one.
    for name in dict.fromkeys(n for n in (names[0], names[1], default) if n is not None):
        print(f"{name}:")
        for dataset in sorted(dict.fromkeys(page.dataset for page in pages)):
            values = [page.f1[name] for page in pages if page.dataset == dataset]
            print(f"  {dataset:<20} {line(values)}")
    if args.grid == "zh":
        variant_table(pages, names)
    return 0


if __name__ == "__main__":
    sys.exit(main())
