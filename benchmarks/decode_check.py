"""Which encoding each labelled page is read in, and which pages read as mojibake.

For every page of the given sets, ``decode_html`` reads the original bytes (no HTTP header:
saved pages have none) and the script counts the encodings used. A page is *misread* when
fewer than 90 % of the distinct non-ASCII characters of its labelled text's first 300
characters occur in the decoded text (character references resolved): a wrong single-byte
reading has no U+FFFD, only mojibake, so a count of replacement characters would not see
it. ``--show`` prints the misread pages with the encoding used and the start of the text.

    python3 benchmarks/decode_check.py DATA/SET/pages.jsonl [...] [--show]
"""

from __future__ import annotations

import argparse
import html
import sys
from collections import Counter
from pathlib import Path

from newscrawl.evaluation.dataset import load_pages
from newscrawl.extraction.decode import decode_html

# Share of the label's distinct non-ASCII characters the decoded page must hold.
MIN_FOUND = 0.9
# Label characters looked at: the opening, which any page shows.
LABEL_CHARS = 300


def misread(text: str, label: str) -> bool:
    wanted = {char for char in label[:LABEL_CHARS] if ord(char) > 127 and not char.isspace()}
    return bool(wanted) and sum(char in text for char in wanted) < MIN_FOUND * len(wanted)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="+", type=Path)
    parser.add_argument("--show", action="store_true", help="print each misread page")
    args = parser.parse_args(argv)
    for path in args.pages:
        encodings: Counter[str] = Counter()
        wrong: list[tuple[str, str, str]] = []
        pages = load_pages(path)
        for page in pages:
            text, encoding = decode_html(page.read_html())
            encodings[encoding] += 1
            if page.text and misread(html.unescape(text), page.text):
                wrong.append((page.id, encoding, text))
        print(f"{path}: {len(pages)} pages; encodings {dict(encodings.most_common())}")
        print(f"  misread (labelled characters missing): {len(wrong)}")
        if args.show:
            for page_id, encoding, text in wrong:
                start = " ".join(text.split())[:120]
                print(f"    {page_id} {encoding}: {start}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
