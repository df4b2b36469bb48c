"""Rebuild docs/benchmarks.md: its hand-written head (up to the detail marker line) followed by
the per-area write-ups of docs/benchmarks/*.md, each heading demoted one level (code fences
left alone).

    python3 scripts/build_benchmarks_doc.py [--check]

``--check`` exits 1 when docs/benchmarks.md is not what the parts give (for review, not CI).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
TARGET = DOCS / "benchmarks.md"
MARKER = "The sections below are the detailed write-ups, one per area."
# Reading order of the write-ups: accuracy, speed, each method, then the crawler's parts;
# any other part follows in name order, so a new write-up is never left out.
PARTS = (
    "eval",
    "crossval",
    "decode",
    "metadata",
    "speed",
    "doubling",
    "density",
    "tcdt",
    "seed-extractors",
    "crawl",
    "hostile",
    "canonical",
    "storage",
    "distributed",
    "sites",
    "report",
)


def part_names() -> list[str]:
    present = {path.stem for path in (DOCS / "benchmarks").glob("*.md")}
    return [name for name in PARTS if name in present] + sorted(present - set(PARTS))


def demote(markdown: str) -> str:
    """Every ATX heading one level deeper, except inside fenced code blocks."""
    out, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            line = "#" + line
        out.append(line)
    return "\n".join(out)


def build() -> str:
    current = TARGET.read_text(encoding="utf-8")
    head, found, _ = current.partition(MARKER)
    if not found:
        raise SystemExit(f"{TARGET}: marker line {MARKER!r} not found")
    parts = [
        demote((DOCS / "benchmarks" / f"{name}.md").read_text(encoding="utf-8").strip())
        + f"\n\n(Source: `docs/benchmarks/{name}.md`.)"
        for name in part_names()
    ]
    return head + MARKER + "\n\n" + "\n\n".join(parts) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = build()
    if args.check:
        return 0 if TARGET.read_text(encoding="utf-8") == text else 1
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
