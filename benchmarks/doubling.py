"""Doubling benchmark: does any extraction stage grow faster than the page?

Synthetic pages grow along one shape at a time (a long ``<title>``, a page whose ``</title>``
is missing, many paragraphs, deep nesting, many links, one huge text node, lines set apart by
``<br>``, text split by comments, a clock before a run of blank lines, a run of spaces in a
paragraph, many attributes); each size is twice the previous one. For every shape, method and
stage the script reports the time ratio per doubling, ``2 ** slope`` of the least-squares line
through ``log2(time)`` over the doublings (every size counts, so one noisy point moves it less
than a first-to-last ratio): about 2 is linear, 4 is quadratic. Stages: ``load`` (decode,
parse, clean, head; the same for every method, timed once per page), ``texts`` (every element's
``.text`` and ``.tail`` of the loaded tree read once in Python, as a stage walking it does),
``content`` (the method itself), ``title``, ``date``, ``author``, ``lang``, ``html`` (the
content HTML as shipped) and ``images``; ``total`` is the sum. Times are CPU seconds of this process
(``time.process_time``, the minimum of ``--repeats`` runs), which other jobs on a shared
machine do not inflate much.

    nice python3 benchmarks/doubling.py [--doublings 3] [--repeats 3] [--methods density,tcdt]
                                        [--shapes long_title,many_links] [--scale 1.0]

A ratio is flagged (``!``) above ``--limit`` (2.2) when the stage takes at least
``--floor`` seconds (0.01) at the largest size; smaller times are mostly constant overhead.
Exits 1 when any ratio is flagged.
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document, DocumentError, load_document
from newscrawl.extraction.kept_html import content_html
from newscrawl.extraction.metadata import (
    choose_title,
    detect_lang,
    extract_author,
    extract_publish_time,
)
from newscrawl.extraction.registry import available_methods, get_method
from newscrawl.extraction.types import ContentResult, Rejection

PARAGRAPH = (
    "<p>市政府今天公布了新的交通规划方案，涉及多条地铁线路和公交线路的调整，预计明年年底"
    "完工。The plan also covers cycle lanes, bus stops and new park-and-ride sites.</p>"
)
ARTICLE = (
    "<article><h1>交通规划公布</h1><p class='byline'>记者 王明 2024-05-01 10:30</p>"
    + (PARAGRAPH * 12)
    + "<img src='/img/a.jpg'></article>"
)
STAGES = ("load", "texts", "content", "title", "date", "author", "lang", "html", "images")


def page(head: str, body: str) -> str:
    return (
        f"<html><head><meta charset='utf-8'>{head}</head><body><div class='nav'>"
        f"<a href='/'>首页</a></div>{body}<div class='footer'>版权所有</div></body></html>"
    )


# Each shape turns a size n into a page; n doubles from one step to the next.
SHAPES: dict[str, tuple[int, Callable[[int], str]]] = {
    "long_title": (2000, lambda n: page(f"<title>{'新闻标题 - ' * n}</title>", ARTICLE)),
    # An unclosed <title>: libxml2 makes the rest of the page its text.
    "title_unclosed": (
        300,
        lambda n: page(
            "",
            ARTICLE + "<title>交通规划公布 | 新闻中心" + "<a href='/x'>频道</a> - 栏目 | " * 4 * n,
        ),
    ),
    "many_paragraphs": (
        300,
        lambda n: page(
            "<title>交通规划公布</title>", "<div class='content'>" + PARAGRAPH * n + "</div>"
        ),
    ),
    # 32 to 256 levels: libxml2 caps the tree at 255, deeper markup is flattened.
    "deep_nesting": (
        32,
        lambda n: page(
            "<title>交通规划公布</title>", "<div><span>层</span>" * n + ARTICLE + "</div>" * n
        ),
    ),
    "many_links": (
        1000,
        lambda n: page(
            "<title>交通规划公布</title>",
            "<ul>"
            + "".join(
                f"<li><a href='/news/{i}.html'>相关新闻标题第{i}条</a></li>" for i in range(n)
            )
            + "</ul>"
            + ARTICLE,
        ),
    ),
    "huge_text_node": (
        3000,
        lambda n: page(
            "<title>交通规划公布</title>",
            "<div><p>" + "交通规划方案，" * n + "</p></div>" + ARTICLE,
        ),
    ),
    # Lines set apart by <br> in one element (old portals, forum posts, plain-text notices):
    # stripping the <br>s leaves a run of text nodes that lxml joined at every read.
    "br_lines": (
        500,
        lambda n: page(
            "<title>交通规划公布</title>",
            "<div class='content'>"
            + "".join(f"第{i}条：" + PARAGRAPH[3:-4] + "<br>" for i in range(n))
            + "</div>",
        ),
    ),
    # Text split by empty comments, as React writes "by <!-- -->Jo Li<!-- -->, May 3".
    "comment_runs": (
        500,
        lambda n: page(
            "<title>交通规划公布</title>",
            "<div class='content'><p>"
            + "".join(f"第{i}条<!-- -->，" + PARAGRAPH[3:40] + "<!-- -->" for i in range(n))
            + "</p></div>",
        ),
    ),
    # A clock before a long run of blank lines (an indented template's "更新 19:13:18"):
    # the date patterns' optional spaces after a clock must not be retried against it.
    "clock_then_spaces": (
        500,
        lambda n: page(
            "<title>交通规划公布</title>",
            "<div class='info'>更新 19:13:18 " + "\n        \xa0" * n + "</div>" + ARTICLE,
        ),
    ),
    # A long run of spaces and tabs in the article's first paragraph after "Written by" (no
    # other byline): the byline patterns must not retry their optional spaces against it.
    "space_run": (
        250,
        lambda n: page(
            "<title>交通规划公布</title>",
            "<article><h1>Budget approved</h1><p>Written by "
            + "   \t  " * n
            + "</p>"
            + "<p>The council voted to approve the budget for schools and roads.</p>" * 12
            + "</article>",
        ),
    ),
    "many_attributes": (
        1000,
        lambda n: page(
            "<title>交通规划公布</title>",
            "<article>"
            + "".join(
                f"<p data-k{i}='v' {{a{i}}}='x' onclick='f()' title='t{i}'>第{i}段："
                + PARAGRAPH[3:]
                for i in range(n // 10)
            )
            + "<img "
            + " ".join(f"data-x{i}='{i}'" for i in range(n))
            + " src='/a.jpg'></article>",
        ),
    ),
}


@dataclass(slots=True)
class Timing:
    seconds: dict[str, float]

    @property
    def total(self) -> float:
        return sum(self.seconds.values())


def cpu(function: Callable[[], object], repeats: int) -> float:
    """Least CPU time of ``repeats`` runs, garbage collector off as in ``timeit``: a
    collection lands on whichever run crosses its threshold, not on the code that grew."""
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            started = time.process_time()
            function()
            best = min(best, time.process_time() - started)
        finally:
            gc.enable()
    return best


def time_stages(html: bytes, method: str, repeats: int, load_seconds: float) -> Timing:
    """CPU seconds of every stage of ``extract()`` for one page and method; ``load`` is the
    same for every method, so it is timed once per page and passed in."""
    seconds = {name: 0.0 for name in STAGES}
    seconds["load"] = load_seconds
    try:
        doc = load_document(html, url="https://example.com/a.html")
    except DocumentError:
        return Timing(seconds)
    seconds["texts"] = cpu(lambda: read_texts(doc.root), repeats)
    extractor = get_method(method)
    results: list[ContentResult | Rejection] = []
    seconds["content"] = cpu(lambda: results.append(extractor(doc)), repeats)
    result = results[-1]
    if isinstance(result, Rejection) or doc.body is None:
        return Timing(seconds)
    metadata_stages(doc, result, seconds, repeats)
    return Timing(seconds)


def read_texts(root: Element) -> int:
    """Read every element's ``.text`` and ``.tail`` once, as a stage that walks the cleaned
    tree in Python does; the characters read."""
    return sum(len(el.text or "") + len(el.tail or "") for el in root.iter())


def metadata_stages(
    doc: Document, result: ContentResult, seconds: dict[str, float], repeats: int
) -> None:
    seconds["title"] = cpu(lambda: choose_title(doc, hint=result.title_hint), repeats)
    seconds["date"] = cpu(lambda: extract_publish_time(doc), repeats)
    seconds["author"] = cpu(lambda: extract_author(doc, result.text), repeats)
    seconds["lang"] = cpu(lambda: detect_lang(doc, result.text), repeats)
    seconds["html"] = cpu(lambda: content_html(result, doc.url), repeats)
    span = result.images_from
    if span is not None:
        seconds["images"] = cpu(lambda: dom.image_urls(dom.images_between(*span), doc.url), repeats)


def ratio(times: list[float]) -> float:
    """Time ratio per doubling: 2 ** the least-squares slope of log2(time) over the steps."""
    points = [math.log2(max(t, 1e-6)) for t in times]
    mean_x = (len(points) - 1) / 2
    mean_y = sum(points) / len(points)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in enumerate(points)) / sum(
        (x - mean_x) ** 2 for x in range(len(points))
    )
    return float(2**slope)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--doublings", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--methods", default=",".join(available_methods()))
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every base size")
    parser.add_argument("--limit", type=float, default=2.2)
    parser.add_argument("--floor", type=float, default=0.01)
    args = parser.parse_args(argv)
    methods = args.methods.split(",")
    flagged = 0
    print(
        f"ratio per doubling ({args.doublings} doublings; '!' = above {args.limit} with "
        f">= {args.floor} s at the largest size)"
    )
    print(
        f"{'shape':16} {'method':18} {'KB':>11} {'total s':>15} {'total':>6}  "
        + " ".join(f"{stage:>8}" for stage in STAGES)
    )
    for shape in args.shapes.split(","):
        base, build = SHAPES[shape]
        sizes = [max(1, round(base * args.scale)) * 2**step for step in range(args.doublings + 1)]
        pages = [build(n).encode("utf-8") for n in sizes]
        loads = [
            cpu(
                lambda html=html: load_document(html, url="https://example.com/a.html"),
                args.repeats,
            )
            for html in pages
        ]
        for method in methods:
            timings = [
                time_stages(html, method, args.repeats, load)
                for html, load in zip(pages, loads, strict=True)
            ]
            first, last = timings[0], timings[-1]
            cells = []
            for stage in ("total", *STAGES):
                series = [t.total if stage == "total" else t.seconds[stage] for t in timings]
                value = ratio(series)
                b = series[-1]
                bad = value > args.limit and b >= args.floor
                flagged += bad
                cells.append(f"{value:5.2f}{'!' if bad else ' '}" if b >= 0.0005 else "    - ")
            kb = f"{len(pages[0]) // 1024}-{len(pages[-1]) // 1024}"
            seconds = f"{first.total:.3f}-{last.total:.3f}"
            print(
                f"{shape:16} {method:18} {kb:>11} {seconds:>15} {cells[0]:>6}  "
                + " ".join(f"{cell:>8}" for cell in cells[1:]),
                flush=True,
            )
    print(f"{flagged} ratio(s) above {args.limit}")
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
