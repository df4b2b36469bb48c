"""Where a density extraction's time goes, stage by stage, next to bare lxml parsing.

Runs the stages of ``extract(html, method="density")`` one by one on the shared speed
benchmark's pages (benchmarks/extraction_speed.py: cwced_zh, gne_unlabeled, 60 wcxb_dev
articles) and prints CPU ms per page for each, so the "within 3x of bare parsing" target can
be read as a budget: bare parsing is ``decode`` + ``bare lxml parse``.

    python3 benchmarks/density_stages.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import lxml.html

sys.path.insert(0, str(Path(__file__).resolve().parent))
from extraction_speed import benchmark_pages

from newscrawl.extraction import dom
from newscrawl.extraction.decode import decode_html
from newscrawl.extraction.document import Document, read_head
from newscrawl.extraction.extractors import text_density
from newscrawl.extraction.metadata import (
    choose_title,
    detect_lang,
    extract_author,
    extract_publish_time,
)

BASELINE = ("decode", "bare lxml parse")


def run(rounds: int) -> tuple[dict[str, float], int]:
    inputs = [(page.read_html(), page.url) for page in benchmark_pages(60)]
    seconds: dict[str, float] = defaultdict(float)

    def timed(stage: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        result = call(*args, **kwargs)
        seconds[stage] += time.process_time() - started
        return result

    for _ in range(rounds):
        for html, url in inputs:
            text, _ = timed("decode", decode_html, html, None)
            timed("bare lxml parse", lxml.html.document_fromstring, text)
            root = timed("parse (newscrawl)", dom.parse_html, text)
            doc = Document(html=text, root=root, url=url)
            timed("read <head>", read_head, doc)
            timed("clean tree", dom.clean_tree, root)
            content_root = timed("content root", text_density.content_root, doc)
            features, excluded = timed("density walk (measure)", text_density.measure, content_root)
            winner = text_density.best_node(features)
            if winner is None:
                continue
            content = timed(
                "paragraph text", dom.paragraph_text, winner.element, exclude=set(excluded)
            )
            timed("sanitised content HTML", dom.sanitized_html, [winner.element], url)
            timed("images", dom.image_urls, [winner.element], url)
            timed("title", choose_title, doc, hint=None)
            timed("publish time", extract_publish_time, doc)
            timed("author", extract_author, doc, content)
            timed("language", detect_lang, doc, content)
    return seconds, rounds * len(inputs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    seconds, pages = run(args.rounds)
    baseline = sum(seconds[stage] for stage in BASELINE)
    ours = sum(value for stage, value in seconds.items() if stage != "bare lxml parse")
    for stage, value in seconds.items():
        print(f"{stage:24s} {1000 * value / pages:6.2f} ms/page")
    print(f"{'bare parsing (baseline)':24s} {1000 * baseline / pages:6.2f} ms/page")
    print(
        f"{'density, all stages':24s} {1000 * ours / pages:6.2f} ms/page "
        f"= {ours / baseline:.2f}x bare parsing"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
