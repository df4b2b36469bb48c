"""What the list-page re-check of a thin "article" costs, beside extraction, and what doing it
in the extraction worker's one parse would cost instead.

A candidate article whose content comes out thin is handed to the spider, which decodes and
parses the page again to measure its shape (``NewsSpider.list_requests_of``). Per page, in
alternating order over ``--rounds``, this times:

- ``extract``: the worker's extraction (``extract(body, method=auto)``), the yardstick;
- ``re-check``: what the spider does on a thin page (Scrapy's decoding, ``dom.parse_html``,
  ``page_shape``); paid on thin pages only;
- ``shape, raw tree``: ``page_shape`` on the parsed, not yet cleaned tree: what the worker
  would add to every page to measure the shape before extraction cleans the tree;
- ``copy, raw tree``: a deep copy of that tree (the other way to keep it for thin pages);
- ``shape, cleaned tree``: ``page_shape`` on the Document's cleaned tree after extraction
  (thin pages only; scripts, forms and comments are gone by then).

It then counts on how many pages the cleaned tree gives another list-page verdict or other
links than the raw one. Time is CPU time of this process (``time.process_time``). Pages: the
repository's samples of cwced_zh, wcxb_dev and gne_unlabeled, plus the farm's list pages.

    python3 benchmarks/thin_page_cost.py [--data DIR] [--rounds 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from copy import deepcopy
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from scrapy.http import TextResponse  # noqa: E402

from newscrawl.crawl.classify import HEADLINE_MIN_WEIGHT, looks_like_list_page  # noqa: E402
from newscrawl.crawl.discovery import extract_links, page_shape  # noqa: E402
from newscrawl.evaluation.dataset import load_pages  # noqa: E402
from newscrawl.extraction import extract  # noqa: E402
from newscrawl.extraction.decode import decode_html  # noqa: E402
from newscrawl.extraction.document import DocumentError, load_document  # noqa: E402
from newscrawl.extraction.dom import parse_html  # noqa: E402
from tests.farm import FarmModel  # noqa: E402

SETS = ("cwced_zh", "wcxb_dev", "gne_unlabeled")


def dataset_pages(data: Path) -> list[tuple[str, bytes, str | None]]:
    pages = []
    for name in SETS:
        for page in load_pages(data / name / "pages.jsonl"):
            pages.append((page.url or f"http://{name}.test/{page.id}", page.read_html(), None))
    return pages


def farm_list_pages() -> list[tuple[str, bytes, str | None]]:
    model = FarmModel(20, 20)
    pages = []
    for site in model.sites:
        pages.append((f"http://{site.host}/", model.route(site.host, "/").body, None))
    host = model.sites[0].host
    roundup = model.route(host, "/2024/06/06/weekly-roundup.html").body
    pages.append((f"http://{host}/2024/06/06/weekly-roundup.html", roundup, None))
    return pages


def is_list(tree: Any) -> bool:
    shape = page_shape(tree, HEADLINE_MIN_WEIGHT)
    return looks_like_list_page(shape.headline_links, shape.longest_own_block)


def recheck(url: str, body: bytes, encoding: str | None) -> None:
    tree = parse_html(TextResponse(url, body=body, encoding=encoding or "").text)
    if tree is not None:
        page_shape(tree, HEADLINE_MIN_WEIGHT)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    pages = dataset_pages(args.data) + farm_list_pages()
    steps: dict[str, Callable[..., Any]] = {
        "extract": lambda url, body, enc, raw, doc: extract(body, url=url, encoding=enc),
        "re-check": lambda url, body, enc, raw, doc: recheck(url, body, enc),
        "shape, raw tree": lambda url, body, enc, raw, doc: page_shape(raw, HEADLINE_MIN_WEIGHT),
        "copy, raw tree": lambda url, body, enc, raw, doc: deepcopy(raw),
        "shape, cleaned tree": lambda url, body, enc, raw, doc: page_shape(
            doc.root, HEADLINE_MIN_WEIGHT
        ),
    }
    names = list(steps)
    spent = dict.fromkeys(names, 0.0)
    measured = lists = verdicts = links = 0
    # One page at a time (its trees are dropped before the next), every step once a round,
    # each round in another order.
    for index, (url, body, encoding) in enumerate(pages):
        raw = parse_html(decode_html(body, encoding)[0])
        try:
            doc = load_document(body, url=url, encoding=encoding)
        except DocumentError:
            continue
        if raw is None:
            continue
        measured += 1
        for round_ in range(args.rounds):
            shift = (index + round_) % len(names)
            for name in names[shift:] + names[:shift]:
                began = time.process_time()
                steps[name](url, body, encoding, raw, doc)
                spent[name] += time.process_time() - began
        raw_list, clean_list = is_list(raw), is_list(doc.root)
        lists += raw_list
        verdicts += raw_list != clean_list
        if raw_list and clean_list:
            links += [link.url for link in extract_links(raw, url)] != [
                link.url for link in extract_links(doc.root, url)
            ]
    runs = measured * args.rounds
    base = spent["extract"]
    print(f"{measured} pages ({len(pages) - measured} not parseable), {args.rounds} rounds")
    print("| step | ms/page | share of extract |")
    print("| --- | ---: | ---: |")
    for name in names:
        print(f"| {name} | {spent[name] / runs * 1000:.2f} | {spent[name] / base:.1%} |")
    print(
        f"list pages (raw tree): {lists}; the cleaned tree gives another verdict on {verdicts}, "
        f"other link URLs on {links} of the pages both call lists"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
