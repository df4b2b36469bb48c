"""Pages whose parse lost content after a premature ``</body>``/``</html>``, before and after.

``dom.parse_html`` drops ``</body>`` and ``</html>`` tags before parsing (libxml2 stops at
``</html>`` and leaves what follows ``</body>`` outside ``<body>``). This script loads every
page twice, with that step and with the tags left in, lists the pages whose ``<body>`` text
(non-space characters) differs, and scores ``auto`` on them both ways with the eval metric.

    python3 benchmarks/document_ends.py [--data DIR]

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import bag_scores
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.extraction.document import Document, DocumentError, load_document
from newscrawl.extraction.dom import parsing
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.types import ContentResult

REPO = Path(__file__).resolve().parent.parent
SETS = ("wcxb_dev", "cwced_zh", "gne_zh")


@contextmanager
def document_ends_kept() -> Iterator[None]:
    """Parse as before the step: ``</body>``/``</html>`` reach libxml2 (the ablation)."""
    # Replaced where parse_html looks it up (the dom package only re-exports it).
    step = parsing.drop_document_ends
    parsing.drop_document_ends = lambda text: text
    try:
        yield
    finally:
        parsing.drop_document_ends = step


def load(page: Page) -> Document | None:
    try:
        return load_document(page.read_html(), url=page.url)
    except DocumentError:
        return None


def visible_chars(doc: Document | None) -> int:
    """Non-space characters of the page's ``<body>`` (the whitespace after a ``</body>``
    moving inside it is no change)."""
    if doc is None:
        return 0
    text = doc.body_text()
    return len(text) - sum(text.count(space) for space in " \t\r\n\u00a0")


def auto_f1(doc: Document | None, page: Page) -> float:
    if doc is None or doc.body is None:
        return 0.0
    result = auto.extract_content(doc)
    text = result.text if isinstance(result, ContentResult) else ""
    return bag_scores(text, page.text).f1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    args = parser.parse_args(argv)
    for directory in SETS:
        pages = load_pages(args.data / directory / "pages.jsonl")
        # (page, body chars before, after, auto F1 before, after; None without a label)
        changed: list[tuple[Page, int, int, float | None, float | None]] = []
        for page in pages:
            with document_ends_kept():
                before = load(page)
            after = load(page)
            before_chars, after_chars = visible_chars(before), visible_chars(after)
            if before_chars == after_chars:
                continue
            labelled = bool(page.text)
            changed.append(
                (
                    page,
                    before_chars,
                    after_chars,
                    auto_f1(before, page) if labelled else None,
                    auto_f1(after, page) if labelled else None,
                )
            )
        print(f"{directory}: {len(pages)} pages, body text changed on {len(changed)}")
        for page, before_chars, after_chars, f1_before, f1_after in changed:
            scores = (
                "no label"
                if f1_before is None or f1_after is None
                else f"auto F1 {f1_before:.3f} -> {f1_after:.3f}"
            )
            print(
                f"  {page.id:<40} {page.page_type or '-':<10} body chars {before_chars:>7}"
                f" -> {after_chars:>7}  {scores}"
            )
        scored = [(b, a) for _, _, _, b, a in changed if b is not None and a is not None]
        if scored:
            mean_before = sum(b for b, _ in scored) / len(scored)
            mean_after = sum(a for _, a in scored) / len(scored)
            failed_before = sum(b < FAILED_F1 for b, _ in scored)
            failed_after = sum(a < FAILED_F1 for _, a in scored)
            print(
                f"  labelled changed pages {len(scored)}: auto F1 {mean_before:.4f} -> "
                f"{mean_after:.4f}; F1<{FAILED_F1} {failed_before} -> {failed_after}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
