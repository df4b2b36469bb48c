"""Render a page into numbered visible text lines, for labelling a page by reading it.

    python3 scripts/label_view.py datasets/gne_unlabeled/html/163-1.html.gz [--width 0]

One line per block-level element's own text (its text and that of its inline children; a
nested block starts a new line), and a ``<br>`` also ends a line. Scripts, styles, noscript,
templates, comments and the ``<head>`` are dropped (``</html>`` and ``</body>`` end tags are
ignored, as a browser does); whitespace runs collapse to one space and
empty lines are skipped. There is NO content selection: every visible line of the body is
printed, so the person labelling decides which line ranges are the article. The same function
rebuilds the labelled text from the recorded ranges (``scripts/build_gne_zh.py``), so a
decision names exactly the lines the labeller read.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from pathlib import Path

import lxml.etree
import lxml.html

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from newscrawl.extraction.decode import decode_html  # noqa: E402
from newscrawl.extraction.dom import BLOCK_TAGS  # noqa: E402

DROPPED = {"script", "style", "noscript", "template", "head", "iframe", "svg", "select"}
# Elements whose start and end break the text flow in a browser's default rendering.
# Line breaks: the extraction library's block tags plus the form parts and obsolete lists a
# reader also sees on their own line.
BLOCKS = BLOCK_TAGS | {"button", "dir", "hgroup", "menu", "option", "textarea"}
_SPACE = re.compile(r"\s+")
# libxml2 stops at the first </html> (or </body>); browsers ignore those end tags and go on
# rendering, and some portals include a whole header document before the article.
_DOCUMENT_END_TAGS = re.compile(r"</\s*(?:html|body)\s*>", re.IGNORECASE)


def _tag(element: lxml.etree._Element) -> str:
    tag = element.tag
    return tag.lower() if isinstance(tag, str) else ""


class _Lines:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self._parts: list[str] = []

    def add(self, text: str | None) -> None:
        if text:
            self._parts.append(text)

    def flush(self) -> None:
        line = _SPACE.sub(" ", "".join(self._parts)).strip()
        self._parts = []
        if line:
            self.lines.append(line)


def _walk(element: lxml.etree._Element, out: _Lines) -> None:
    tag = _tag(element)
    if not tag or tag in DROPPED:  # comments and processing instructions have no str tag
        out.add(element.tail)
        return
    block = tag in BLOCKS
    if block:
        out.flush()
    if tag == "br":
        out.flush()
    out.add(element.text)
    for child in element:
        _walk(child, out)
    if block:
        out.flush()
    out.add(element.tail)


def visible_lines(data: bytes) -> list[str]:
    """The page's visible text lines, in document order (see the module doc)."""
    text, _ = decode_html(data)
    text = _DOCUMENT_END_TAGS.sub("", text)
    root = lxml.html.document_fromstring(
        text.encode("utf-8"), parser=lxml.html.HTMLParser(encoding="utf-8")
    )
    out = _Lines()
    _walk(root, out)
    out.flush()
    return out.lines


def read_page(path: Path) -> bytes:
    raw = path.read_bytes()
    return gzip.decompress(raw) if path.suffix == ".gz" else raw


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("page", type=Path, help="an .html or .html.gz file")
    parser.add_argument(
        "--width",
        type=int,
        default=0,
        help="cut each printed line to this many characters (0: whole lines)",
    )
    args = parser.parse_args(argv)
    if not args.page.is_file():
        parser.error(f"{args.page}: no such file")
    for number, line in enumerate(visible_lines(read_page(args.page)), start=1):
        shown = line if args.width <= 0 or len(line) <= args.width else line[: args.width] + "…"
        print(f"{number:4d}  {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
