"""Is a change kept under site-grouped cross-validation? Runs' predictions decide it.

For a change that has no option to sweep (a rule that is on or off), the variants are the
predictions ``newscrawl eval --predictions`` wrote with each version of the code: the first
is the baseline. Each page gets every variant's F1 (the eval metric); :func:`crossval.select`
chooses among them on four of five folds grouped by site and scores the fifth, pooled over
every set given (``--set PAGES PREDICTIONS...``, repeatable, one file per variant in the
order of ``--variants``), guarded (a variant may not lower the mean of any set and page type
on the tuning folds below the baseline's: :func:`crossval.no_harm`) and on the article pages
alone. The baseline is listed first, so a tie keeps it. A page's group is its site whatever
set holds it: the briefs ``short_articles.py --write`` cuts from wcxb_dev pages keep their
source page's URL, so a brief and the page it was cut from are always in the same fold (with
the set's name in the group they were dealt apart, and a variant tuned on one was scored on
the other).

``--field title|date|author|source|editor`` scores a metadata field instead of the body: each
page that carries the field's label scores 1 when the variant's value matches it (the match
rules of ``newscrawl eval``: a title's token sequence exactly) and 0 otherwise, and the
figures are accuracies.

    python3 -m newscrawl eval DATA/pages.jsonl --method auto --predictions before.jsonl  # old code
    python3 -m newscrawl eval DATA/pages.jsonl --method auto --predictions after.jsonl   # new code
    python3 benchmarks/predictions_cv.py [--variants before after] \
        --set DATA/pages.jsonl before.jsonl after.jsonl [--set ...] [--folds 5] [--field date]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from newscrawl.evaluation.crossval import format_selection, no_harm, page_site, select
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metadata import MetadataScore, score_fields
from newscrawl.evaluation.metric import bag_scores, title_matches

# field -> (labelled pages, hits) of a page's MetadataScore
FIELDS: dict[str, Callable[[MetadataScore], tuple[int, int]]] = {
    "date": lambda s: (s.dates, s.date_hits),
    "author": lambda s: (s.authors, s.author_hits),
    "source": lambda s: (s.sources, s.source_hits),
    "editor": lambda s: (s.editors, s.editor_hits),
}


def read_records(path: Path, method: str) -> dict[str, dict[str, Any]]:
    """Page id -> the ``method``'s whole prediction record."""
    found = {}
    # Records end at "\n" only: splitlines() would also cut at U+0085 or U+2028 inside a
    # page's text (a C1 control of a page read in the wrong code page).
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line:
            continue
        record = json.loads(line)
        if record.get("method") == method:
            found[record["id"]] = record
    return found


def field_score(field: str, record: dict[str, Any], page: Page) -> float | None:
    """1.0 or 0.0 for a page labelled with ``field``, None for a page without the label."""
    if field == "title":  # the eval's title exact match: the same token sequence
        return float(title_matches(record.get("title"), page.title)) if page.title else None
    score = score_fields(
        record.get("publish_time"),
        record.get("author"),
        record.get("source"),
        page,
        record.get("editor"),
    )
    labelled, hits = FIELDS[field](score)
    return float(hits) if labelled else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--set",
        nargs="+",
        action="append",
        type=Path,
        required=True,
        metavar="PATH",
        help="a labelled pages.jsonl, then one prediction file per variant made on it",
    )
    parser.add_argument("--variants", nargs="+", default=["before", "after"])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--method", default="auto")
    parser.add_argument("--field", choices=("body", "title", *FIELDS), default="body")
    args = parser.parse_args(argv)

    variants = args.variants
    if len(set(variants)) != len(variants):  # one name would pool two variants' scores
        parser.error(f"--variants: each name once, got {variants}")
    baseline = variants[0]
    scores: dict[str, list[float]] = {name: [] for name in variants}
    groups: list[str] = []
    kinds: list[str] = []
    for pages_path, *prediction_paths in args.set:
        if len(prediction_paths) != len(variants):
            parser.error(f"--set {pages_path}: one prediction file per variant {variants}")
        name = pages_path.parent.name
        records = {
            variant: read_records(path, args.method)
            for variant, path in zip(variants, prediction_paths, strict=True)
        }
        for page in load_pages(pages_path):
            if any(page.id not in found for found in records.values()):
                continue
            if args.field == "body":
                if not page.text:
                    continue
                page_scores = [
                    bag_scores(records[v][page.id].get("content") or "", page.text).f1
                    for v in variants
                ]
            else:
                found = [field_score(args.field, records[v][page.id], page) for v in variants]
                if found[0] is None:
                    continue
                page_scores = [value or 0.0 for value in found]
            for variant, value in zip(variants, page_scores, strict=True):
                scores[variant].append(value)
            groups.append(page_site(page))
            kinds.append(f"{name}:{page.page_type or 'article'}")

    def report(label: str, indices: list[int], guarded: bool) -> None:
        subset = {name: [values[i] for i in indices] for name, values in scores.items()}
        sets = [kinds[i] for i in indices]
        eligible = no_harm(subset, sets, baseline) if guarded else None
        selection = select(subset, [groups[i] for i in indices], args.folds, eligible)
        means = ", ".join(
            f"{name} {sum(values) / len(values):.4f}" for name, values in subset.items()
        )
        print(f"## {label} ({len(indices)} pages): {means}")
        print(format_selection(selection, label="variant"))

    everything = list(range(len(groups)))
    articles = [i for i in everything if kinds[i].endswith(":article")]
    report("pooled, unguarded", everything, guarded=False)
    report("pooled, guarded by set and page type", everything, guarded=True)
    report("articles alone", articles, guarded=False)
    print(f"per set and page type, in the order {' '.join(variants)}:")
    for kind in sorted(set(kinds)):
        members = [i for i in everything if kinds[i] == kind]
        means = " ".join(
            f"{sum(scores[name][i] for i in members) / len(members):.4f}" for name in variants
        )
        below = " ".join(str(sum(1 for i in members if scores[name][i] < 0.5)) for name in variants)
        if args.field == "body":
            print(f"  {kind:28} {len(members):5} pages  F1 {means}  F1 < 0.5: {below}")
        else:
            print(f"  {kind:28} {len(members):5} pages  {args.field} {means}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
