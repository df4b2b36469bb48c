"""CPU time of the metadata cue patterns told their first characters, against the same
patterns compiled plain.

``newscrawl.extraction.patterns.starting_with`` opens a pattern with a lookahead for its
possible first characters, so ``re`` skips to them at C speed instead of trying the pattern
at every position (:data:`FIRST_CHARACTER_PATTERNS`). This scans the visible text of every
page of cwced_zh, gne_zh and a wcxb_dev sample with each pattern both ways, in turn, over
``--rounds`` (``finditer`` to the end: every match, as a rule that reads all cues does), checks
that both find the same spans, and prints seconds and the ratio per pattern. Time is CPU
time of this process (``time.process_time``).

    python3 benchmarks/cue_patterns.py [--data DIR] [--wcxb 200] [--rounds 5]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from newscrawl.evaluation.dataset import Page, load_pages, stable_sample
from newscrawl.evaluation.datasets import add_data_option, pages_file
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.metadata.first_character_patterns import FIRST_CHARACTER_PATTERNS
from newscrawl.extraction.patterns import plain


def page_texts(data: str | None, wcxb: int) -> list[str]:
    """The body text of every page of the benchmark's sets that loads."""
    pages = load_pages(pages_file("cwced_zh", data)) + load_pages(pages_file("gne_zh", data))
    return body_texts(pages + stable_sample(load_pages(pages_file("wcxb_dev", data)), wcxb))


def body_texts(pages: Iterable[Page]) -> list[str]:
    """Each page's ``<body>`` text, in order; pages that are no HTML page are left out."""
    texts = []
    for page in pages:
        try:
            texts.append(load_document(page.read_html(), url=page.url).body_text())
        except DocumentError:
            continue
    return texts


def scan(pattern: re.Pattern[str], texts: Sequence[str]) -> tuple[float, list[list[tuple]]]:
    """CPU seconds of finding every match in every text, and the matches' spans."""
    start = time.process_time()
    spans = [[match.span() for match in pattern.finditer(text)] for text in texts]
    return time.process_time() - start, spans


def row(name: str, plain_seconds: float, told_seconds: float) -> str:
    ratio = told_seconds / plain_seconds if plain_seconds else float("nan")
    return f"{name:24} {plain_seconds:9.3f} {told_seconds:9.3f} {ratio:11.3f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_option(parser)
    parser.add_argument("--wcxb", type=int, default=200, help="wcxb_dev pages (stable sample)")
    parser.add_argument("--rounds", type=int, default=5, help="scans of each kind per pattern")
    args = parser.parse_args(argv)
    texts = page_texts(args.data, args.wcxb)
    print(f"{len(texts)} pages, {sum(map(len, texts)):,} characters, {args.rounds} rounds")
    print(f"{'pattern':24} {'plain s':>9} {'told s':>9} {'told/plain':>11}")
    differing = []
    told_total = plain_total = 0.0
    for name, told in FIRST_CHARACTER_PATTERNS.items():
        slow = plain(told)
        told_seconds = plain_seconds = 0.0
        for round_ in range(args.rounds):
            # Alternate which goes first, so cache warmth favours neither.
            order = (told, slow) if round_ % 2 == 0 else (slow, told)
            for pattern in order:
                seconds, spans = scan(pattern, texts)
                if pattern is told:
                    told_seconds += seconds
                    told_spans = spans
                else:
                    plain_seconds += seconds
                    plain_spans = spans
        if told_spans != plain_spans:
            differing.append(name)
        told_total += told_seconds
        plain_total += plain_seconds
        print(row(name, plain_seconds, told_seconds))
    print(row("all", plain_total, told_total))
    if differing:
        print(f"DIFFERENT MATCHES: {', '.join(differing)}")
        return 1
    print("every pattern found the same matches both ways")
    return 0


if __name__ == "__main__":
    sys.exit(main())
