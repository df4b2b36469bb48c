"""Whether a system keeps its precision when the article is short: news briefs.

A news site serves many short stories (a brief of two or three paragraphs) in the same
template as its long ones: the same menus, teasers, boxes and footer, around far less
article text, so whatever a system keeps beside the article weighs more. The dev sets hold
few short articles (25 of wcxb_dev's 788 labelled articles are under 1,500 characters). This
benchmark makes briefs of the labelled articles: each article is cut after its first
``--keep`` long lines (20 or more characters, the lines a graft is placed by in
``grafted_comments.py``), in the page and in the label alike: in the page's article
container (the element holding the label's first and last long lines) everything after the
element holding the last kept line goes (and a JSON-LD ``articleBody`` becomes the brief's
text, as its publisher would write it); the label keeps its lines up to that one. Pages
whose article has fewer than twice ``--keep`` long lines, whose kept line stands in no
element of its own, or which still show more than a fifth of the later paragraphs' text
(a second copy of the article) are left out.

For each system it prints the mean F1, precision and recall and the pages with F1 < 0.5 on
the pages as served and as briefs, then the pages whose F1 falls most:

    python3 benchmarks/short_articles.py PAGES.jsonl [--page-type article] [--keep 3]
        [--systems auto,trafilatura] [--worst 15] [--limit N] [--write DIR]

``--write DIR`` also writes the briefs as a labelled set (``DIR/pages.jsonl``, the pages'
own fields with the brief's text as the label and no snippet checks, and
``DIR/html/ID.html.gz``), so that ``newscrawl eval --predictions`` and
``benchmarks/predictions_cv.py`` score a change on them like on any set, grouped by the same
sites.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree
from lxml import html as lxml_html

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.grafted_comments import (
    ANCHOR_CHARS,
    article_element,
    holder_of,
    normalised,
    print_falls,
    run_system,
)
from newscrawl.evaluation.dataset import DatasetError, Page, load_pages, write_pages
from newscrawl.evaluation.metric import Scores as TokenScores
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.evaluation.systems import System, systems_named
from newscrawl.extraction.decode import decode_html

# A label line counts as one of the article's lines (kept or cut) from this many characters.
LONG_LINE = 20
# The mark a label writes before a list item ("- ", "3. "), which the page's markup draws.
_LIST_MARK = re.compile(r"^(?:-|\d{1,3}\.)")
# A cut paragraph of this many characters (whitespace removed) still found on the page means
# the page holds a second copy of the article.
COPY_LINE = 80
# A page where more than this share of the later paragraphs' text is still shown after the
# cut (a second copy, a part outside the container) is no brief and is left out.
MAX_LEFT_SHARE = 0.2


@dataclass(frozen=True, slots=True)
class Brief:
    html: bytes
    label: str


def brief_of(text: str, label: str, keep: int) -> tuple[bytes, Brief] | None:
    """The page as served (parsed and written out) and as a brief of the label's first
    ``keep`` long lines; None when the article cannot be cut cleanly."""
    root = lxml_html.document_fromstring(text)
    served = lxml_html.tostring(root, encoding="utf-8")
    container = article_element(root, label)
    if container is None or container.tag in ("body", "html"):
        return None
    lines = [line for line in label.split("\n") if line.strip()]
    long_at = [i for i, line in enumerate(lines) if len(normalised(line)) >= LONG_LINE]
    if len(long_at) < 2 * keep:
        return None
    cut = long_at[keep - 1] + 1
    last = _line_holder(root, normalised(lines[cut - 1]), container)
    if last is None:
        return None
    _cut_after(last, container)
    # A later paragraph the page still shows (a second copy of the article: a mobile
    # version, a print view; a part outside the container) was not cut out.
    shown = normalised(_visible_text(root))
    later = [piece for line in lines[cut:] if len(piece := normalised(line)) >= COPY_LINE]
    left = sum(len(piece) for piece in later if piece[:ANCHOR_CHARS] in shown)
    if left > MAX_LEFT_SHARE * sum(len(piece) for piece in later):
        return None
    brief = "\n".join(lines[:cut])
    _shorten_article_bodies(root, brief)
    return served, Brief(lxml_html.tostring(root, encoding="utf-8"), brief)


def _cut_after(last: etree._Element, container: etree._Element) -> None:
    """Remove from ``container`` everything after ``last``: its tail, and the later
    siblings (and their tails) of it and of each of its ancestors below the container."""
    node = last
    node.tail = None
    while node is not container:
        parent = node.getparent()
        if parent is None:
            return
        for sibling in list(node.itersiblings()):
            parent.remove(sibling)
        node = parent
        if node is not container:
            node.tail = None


def _visible_text(root: etree._Element) -> str:
    """The text of ``root``'s ``<body>`` outside scripts and styles."""
    body = root.find("body")
    if body is None:
        return ""
    return "".join(
        text
        for text in body.itertext()
        if not isinstance(text, etree._ElementUnicodeResult)
        or text.getparent() is None
        or text.getparent().tag not in ("script", "style")
    )


def _shorten_article_bodies(root: etree._Element, brief: str) -> None:
    """Every JSON-LD ``articleBody`` of the page made the brief's text, as the publisher of a
    brief writes it (the full story's copy would otherwise stand in for the brief); a block
    that does not parse is removed."""
    for script in root.iter("script"):
        if "ld+json" not in (script.get("type") or "") or "articleBody" not in (script.text or ""):
            continue
        try:
            data = json.loads(script.text or "")
        except ValueError:
            script.getparent().remove(script)
            continue
        script.text = json.dumps(_with_body(data, brief))


def _with_body(value: Any, brief: str) -> Any:
    if isinstance(value, dict):
        return {k: brief if k == "articleBody" else _with_body(v, brief) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_body(item, brief) for item in value]
    return value


def _line_holder(
    root: etree._Element, piece: str, container: etree._Element
) -> etree._Element | None:
    """The deepest element holding ``piece`` (a label line, whitespace removed, without the
    list mark the label writes before an item) from its start to its end, found from the
    one holding its start: a paragraph opening in bold is the paragraph, not its
    ``<strong>``; None when no element below ``container`` holds it."""
    piece = _LIST_MARK.sub("", piece)
    node = holder_of(root, piece[:ANCHOR_CHARS])
    while node is not None and node is not container:
        text = normalised(node.text_content())
        if piece[:ANCHOR_CHARS] in text and piece[-ANCHOR_CHARS:] in text:
            return node
        node = node.getparent()
    return None


@dataclass(slots=True)
class Scores:
    served: list[TokenScores] = field(default_factory=list)
    brief: list[TokenScores] = field(default_factory=list)

    def line(self, name: str) -> str:
        def mean(values: list[TokenScores], part: str) -> float:
            return sum(getattr(v, part) for v in values) / len(values) if values else 0.0

        def failed(values: list[TokenScores]) -> int:
            return sum(v.f1 < FAILED_F1 for v in values)

        return (
            f"{name:12s} pages {len(self.served):4d}  served F1 {mean(self.served, 'f1'):.4f}"
            f" P {mean(self.served, 'precision'):.4f} R {mean(self.served, 'recall'):.4f}"
            f"  brief F1 {mean(self.brief, 'f1'):.4f} P {mean(self.brief, 'precision'):.4f}"
            f" R {mean(self.brief, 'recall'):.4f}"
            f"  F1 < {FAILED_F1}: {failed(self.served)} -> {failed(self.brief)}"
        )


def brief_of_page(page: Page, keep: int) -> tuple[bytes, Brief] | None:
    """:func:`brief_of` for a labelled page: None for a page without a label, or whose
    article cannot be cut cleanly or parsed."""
    if not page.text:
        return None
    text, _ = decode_html(page.read_html())
    try:
        return brief_of(text, page.text, keep)
    except (etree.ParserError, ValueError):
        return None


def write_briefs(pages: Sequence[Page], keep: int, folder: Path) -> int:
    """Write the briefs of ``pages`` as a labelled set in ``folder``; the pages written."""

    def briefs() -> Iterator[tuple[dict[str, Any], bytes]]:
        for page in pages:
            made = brief_of_page(page, keep)
            if made is None:
                continue
            brief = made[1]
            # the set's snippet checks were written for the whole article
            fields = {k: v for k, v in page.fields.items() if not k.endswith("_snippets")}
            yield {**fields, "text": brief.label}, brief.html

    return write_pages(folder, briefs())


def run(system: System, html: bytes, page: Page, truth: list[str]) -> TokenScores:
    return token_scores(tokenize(run_system(system, html, page)), truth)


def score(
    pages: Sequence[Page], systems: Sequence[System], keep: int
) -> tuple[dict[str, Scores], list[tuple[float, str]], int]:
    """Every system on each page as served and as a brief; the first system's F1 changes."""
    scores = {system.name: Scores() for system in systems}
    falls: list[tuple[float, str]] = []
    skipped = 0
    for page in pages:
        if not page.text:
            continue
        made = brief_of_page(page, keep)
        if made is None:
            skipped += 1
            continue
        served, brief = made
        for system in systems:
            was = run(system, served, page, tokenize(page.text))
            now = run(system, brief.html, page, tokenize(brief.label))
            scores[system.name].served.append(was)
            scores[system.name].brief.append(now)
            if system is systems[0]:
                falls.append(
                    (
                        now.f1 - was.f1,
                        (
                            f"{page.id} F1 {was.f1:.3f} -> {now.f1:.3f} P {now.precision:.2f}"
                            f" R {now.recall:.2f} {page.url or ''}"
                        ),
                    )
                )
    return scores, falls, skipped


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("pages", type=Path)
    parser.add_argument("--page-type", default=None)
    parser.add_argument("--keep", type=int, default=3, help="long lines the brief keeps")
    parser.add_argument("--systems", default="auto,trafilatura")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--worst", type=int, default=15)
    parser.add_argument("--write", type=Path, default=None, metavar="DIR")
    args = parser.parse_args(argv)
    try:
        pages = load_pages(args.pages, page_type=args.page_type, limit=args.limit)
    except DatasetError as error:
        parser.error(str(error))
    if args.write is not None:
        written = write_briefs(pages, args.keep, args.write)
        print(f"{written} briefs written to {args.write / 'pages.jsonl'}")
    systems = systems_named(args.systems)
    scores, falls, skipped = score(pages, systems, args.keep)
    for system in systems:
        print(scores[system.name].line(system.name))
    print(f"pages left out (article too short, or its later lines not found to cut): {skipped}")
    print_falls(falls, systems[0].name, args.worst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
