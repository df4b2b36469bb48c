"""The lines a method keeps that the label lacks: where a set's precision goes.

Reads a labelled ``pages.jsonl`` and the predictions ``newscrawl eval --predictions`` wrote
for it, and prints, for every page whose precision is under ``--below`` (worst first), its
site (``crossval.page_site``), precision, recall and F1 (the eval metric) and each predicted
line that is not a substring of the label (whitespace ignored). Reading those lines across
pages is how classes of kept furniture are found; a class worth a rule recurs on several
sites (docs/benchmarks/trim.md).

    python3 -m newscrawl eval DATA/pages.jsonl --method auto --predictions P.jsonl
    python3 benchmarks/extra_lines.py DATA/pages.jsonl P.jsonl [--method auto] [--below 0.97]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from newscrawl.evaluation.crossval import page_site
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import Scores, bag_scores

# Characters of a line shown.
SHOWN = 160


def squeezed(text: str) -> str:
    return "".join(text.split())


def extra_lines(predicted: str, label: str) -> list[str]:
    """The non-blank lines of ``predicted`` that do not occur in ``label``."""
    truth = squeezed(label)
    return [line for line in predicted.split("\n") if squeezed(line) not in truth]


def read_predictions(path: Path, method: str) -> dict[str, str]:
    """Page id -> the ``method``'s predicted text (empty when it rejected the page)."""
    found = {}
    # Records end at "\n" only: splitlines() would also cut at U+0085 or U+2028 inside a
    # page's text (a C1 control of a page read in the wrong code page).
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line:
            continue
        record = json.loads(line)
        if record.get("method") == method:
            found[record["id"]] = record.get("content") or ""
    return found


def report(pages: list[Page], predicted: dict[str, str], below: float) -> list[str]:
    rows: list[tuple[Scores, Page, str]] = []
    for page in pages:
        if page.text and page.id in predicted:
            rows.append((bag_scores(predicted[page.id], page.text), page, predicted[page.id]))
    out = []
    for scores, page, text in sorted(rows, key=lambda row: row[0].precision):
        if scores.precision >= below:
            break
        site = page_site(page)
        out.append(
            f"=== {page.id} {site} P {scores.precision:.3f} R {scores.recall:.3f} "
            f"F1 {scores.f1:.3f}"
        )
        out.extend(f"  + {line.strip()[:SHOWN]}" for line in extra_lines(text, page.text or ""))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", type=Path)
    parser.add_argument("predictions", type=Path)
    parser.add_argument("--method", default="auto")
    parser.add_argument("--below", type=float, default=0.97, help="precision under which")
    args = parser.parse_args(argv)
    lines = report(
        load_pages(args.pages), read_predictions(args.predictions, args.method), args.below
    )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
