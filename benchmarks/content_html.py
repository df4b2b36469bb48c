"""What ``content_html`` holds: pictures, links and markup, and whether it reads as the text.

For each page of the sets given, the method's content result once, and its HTML built two
ways: as shipped (:func:`kept_html.kept_html` from the region the text came from, as
:func:`core.assemble_article` does) and as before 2026-12-01 (the nodes' sanitised markup
when the text was theirs, else a plain paragraph a line: ``auto``'s finishing stages change
most winners' lines). Counted for each: pages whose HTML holds a picture (``<img>``), a link
(``<a href>``), no inline markup at all, and pages whose HTML does not read as the text line
for line. Then the CPU time of each builder on the same results, in turn: what the markup
costs a page. ``--whole-extraction`` also times ``extract(method="auto")`` on the speed
benchmark's pages (``extraction_speed.py``'s list) page by page, with each builder in turn
(the best of ``--repeats`` for each page and builder, the order swapped every page): what
the HTML costs the whole extraction.

    python3 benchmarks/content_html.py --data FULL [--sets wcxb_dev cwced_zh gne_zh]
    python3 benchmarks/content_html.py --data FULL --sets --whole-extraction --repeats 3
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lxml.html

from benchmarks.extraction_speed import benchmark_pages
from newscrawl.evaluation.dataset import load_pages
from newscrawl.extraction import core, dom, extract, load_document
from newscrawl.extraction.document import DocumentError
from newscrawl.extraction.kept_html import content_html, kept_html
from newscrawl.extraction.registry import get_method
from newscrawl.extraction.types import ContentResult

_MARKUP = re.compile(r"<(?:a|img|b|strong|i|em|h\d|ul|ol|table|blockquote|figure)\b")


def reads_as(html: str) -> str:
    holder = lxml.html.fragment_fromstring(html or "<div></div>", create_parent="div")
    return dom.paragraph_text(dom.clean_tree(holder))


Results = list[tuple[ContentResult, str | None]]


def content_results(path: Path, method: str) -> Results:
    """The method's content result on each page of ``path`` that it finds content on."""
    results: Results = []
    extractor = get_method(method)
    for page in load_pages(path):
        try:
            doc = load_document(page.read_html(), url=page.url)
        except DocumentError:  # a page that does not load has no HTML to build
            continue
        result = extractor(doc)
        if isinstance(result, ContentResult) and result.text.strip():
            results.append((result, page.url))
    return results


def text_only_html(result: ContentResult, url: str | None) -> str:
    """``content_html`` before kept_html: the nodes when the text was theirs, else the text."""
    if result.nodes:
        return dom.sanitized_html(result.nodes, url)
    return dom.text_to_html(result.text)


BUILDERS = {"shipped": content_html, "text-only (before)": text_only_html}


def html_counts(
    results: Results, build: Callable[[ContentResult, str | None], str]
) -> dict[str, int]:
    counts = {"pages": 0, "pictures": 0, "links": 0, "no_markup": 0, "not_read_as_text": 0}
    for result, url in results:
        html = build(result, url)
        counts["pages"] += 1
        counts["pictures"] += "<img" in html
        counts["links"] += "<a href" in html
        counts["no_markup"] += _MARKUP.search(html) is None
        counts["not_read_as_text"] += reads_as(html) != result.text
    return counts


def build_cost(results: Results, rounds: int) -> dict[str, float]:
    """CPU ms a page of each builder on the same results, in turn, the best of ``rounds``."""
    best = dict.fromkeys(BUILDERS, float("inf"))
    for _ in range(rounds):
        for name, build in BUILDERS.items():
            started = time.process_time()
            for result, url in results:
                build(result, url)
            best[name] = min(best[name], time.process_time() - started)
    return {name: seconds / len(results) * 1000 for name, seconds in best.items()}


def whole_extraction(data: Path, repeats: int) -> tuple[float, float, int]:
    """CPU ms a page of ``extract(method="auto")`` with the HTML as shipped and text-only."""
    pages = benchmark_pages(200, str(data))
    shipped = kept_html  # what core.assemble_article calls, swapped below by its name

    def text_only(nodes: Any, text: str, url: str | None = None, changed: bool = False) -> str:
        return dom.text_to_html(text) if changed else dom.sanitized_html(nodes, url)

    builders = {"shipped": shipped, "text-only": text_only}
    totals = dict.fromkeys(builders, 0.0)
    for page in pages[:5]:  # warm-up: imports, caches
        extract(page.read_html(), url=page.url, method="auto")
    try:
        for index, page in enumerate(pages):
            html = page.read_html()
            best = dict.fromkeys(builders, float("inf"))
            for turn in range(repeats):
                order = list(builders) if (index + turn) % 2 else list(reversed(builders))
                for name in order:
                    setattr(core, "kept_html", builders[name])  # noqa: B010
                    started = time.process_time()
                    extract(html, url=page.url, method="auto")
                    best[name] = min(best[name], time.process_time() - started)
            for name in builders:
                totals[name] += best[name]
    finally:
        setattr(core, "kept_html", shipped)  # noqa: B010
    return (
        totals["shipped"] / len(pages) * 1000,
        totals["text-only"] / len(pages) * 1000,
        len(pages),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="folder of the full sets")
    parser.add_argument("--sets", nargs="*", default=["wcxb_dev", "cwced_zh", "gne_zh"])
    parser.add_argument("--method", default="auto")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--whole-extraction", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    every: Results = []
    print(
        "| set | HTML | pages | with pictures | with links | no inline markup | not read as text |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    for name in args.sets:
        results = content_results(args.data / name / "pages.jsonl", args.method)
        every += results
        for label, build in BUILDERS.items():
            c = html_counts(results, build)
            print(
                f"| {name} | {label} | {c['pages']} | {c['pictures']} | {c['links']} "
                f"| {c['no_markup']} | {c['not_read_as_text']} |"
            )
    if every:
        cost = build_cost(every, args.rounds)
        shipped, before = cost["shipped"], cost["text-only (before)"]
        print(
            f"\nbuilding content_html, {len(every)} pages, best of {args.rounds}: {shipped:.3f} "
            f"ms a page as shipped, {before:.3f} ms text-only (+{shipped - before:.3f} ms)"
        )
    if args.whole_extraction:
        shipped, before, pages = whole_extraction(args.data, args.repeats)
        print(
            f"\nextract(method='auto'), {pages} speed pages, best of {args.repeats} each: "
            f"{shipped:.3f} ms a page as shipped, {before:.3f} ms text-only "
            f"(ratio {shipped / before:.3f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
