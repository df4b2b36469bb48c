"""Does a long run of one filler make any page cost more than its length?

A page may hold a run of thousands of one character or string where a stage expects a few:
an indented template's blank lines inside a ``<title>``, a row of underscores as a rule, a
meta tag of digits, spaces and tabs after a byline's "Written by". A pattern that retries
its optional parts from every place of such a run costs the square of its length. This
script puts a run of each filler (``FILLERS``) after each trigger word (``TRIGGERS``: words
that start a byline, a date, a source, a related box ...) at each place of a small article
page (``PLACES``: the ``<title>``, the ``<h1>``, the first paragraph, the meta tags, a list
item, after the article), times ``extract(method="auto")`` (CPU time) at three run lengths,
each twice the last, and prints the combinations whose time grows most per doubling: about
2 is linear, 4 quadratic. A combination past ``--limit`` seconds at a length is not run
longer.

    python3 benchmarks/filler_runs.py [--lengths 400 800 1600] [--worst 20] [--places title,h1]
"""

from __future__ import annotations

import argparse
import gc
import itertools
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from newscrawl.extraction import extract

PARAGRAPH = (
    "<p>The council voted on Tuesday to approve the new budget, which includes funds for "
    "schools and roads across the county.</p>"
)
BODY = PARAGRAPH * 8
FILLERS = {
    "spaces": "   \t  ",
    "blank_lines": "\n        \xa0",
    "hyphens": "-",
    "underscores": "_",
    "dots": ".",
    "pipes": "|",
    "equals": "=",
    "stars": "*",
    "commas": ",",
    "colons": ":",
    "zh_commas": "，",
    "nbsp": "&nbsp;",
    "digits": "1",
    "brs": "<br>",
    "words": "a ",
    "letters_digits": "x1",
    "path": "/a",
}
TRIGGERS = (
    "",
    "By",
    "Written by",
    "Updated",
    "来源：",
    "作者：",
    "12:30",
    "2024-05-03",
    "May",
    "Related",
    "Title",
    "&",
    "记者",
)
TITLE = "<title>Budget approved</title>"
HEADLINE = "<h1>Budget approved</h1>"
# place -> (head, body) for a run already joined to its trigger
PLACES: dict[str, Callable[[str], tuple[str, str]]] = {
    "title": lambda run: (f"<title>Budget {run} approved</title>", HEADLINE + BODY),
    "h1": lambda run: (TITLE, f"<h1>Budget {run}</h1>" + BODY),
    "lead": lambda run: (TITLE, f"{HEADLINE}<p>{run}</p>" + BODY),
    "meta": lambda run: (
        f"{TITLE}<meta name='author' content='{run}'><meta property='og:title' content='{run}'>",
        HEADLINE + BODY,
    ),
    "tail": lambda run: (TITLE, HEADLINE + BODY + f"<div>{run}</div>"),
    "list_item": lambda run: (TITLE, HEADLINE + BODY + f"<ul><li>{run}</li></ul>"),
}
URL = "https://example.com/news/2024/05/03/budget"


def page(place: str, trigger: str, filler: str, length: int) -> bytes:
    run = (f"{trigger} " if trigger else "") + filler * length
    head, body = PLACES[place](run)
    return (
        f"<html><head><meta charset='utf-8'>{head}</head>"
        f"<body><article>{body}</article></body></html>"
    ).encode()


def cpu_seconds(html: bytes) -> float:
    gc.collect()
    started = time.process_time()
    extract(html, url=URL, method="auto")
    return time.process_time() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs=3, default=[400, 800, 1600])
    parser.add_argument("--worst", type=int, default=20)
    parser.add_argument("--places", default=",".join(PLACES))
    parser.add_argument("--limit", type=float, default=2.0, help="seconds")
    args = parser.parse_args(argv)
    rows = []
    combinations = itertools.product(args.places.split(","), FILLERS.items(), TRIGGERS)
    for place, (name, filler), trigger in combinations:
        times: list[float] = []
        for length in args.lengths:
            times.append(cpu_seconds(page(place, trigger, filler, length)))
            if times[-1] > args.limit:
                break
        ratio = times[2] / max(times[1], 1e-4) if len(times) == 3 else float("inf")
        rows.append((ratio, place, name, trigger, times))
    rows.sort(key=lambda row: -row[0])
    print(f"run lengths {args.lengths}; CPU ms of extract(method='auto'); ratio = last / middle")
    for ratio, place, name, trigger, times in rows[: args.worst]:
        cells = " ".join(f"{t * 1000:8.1f}" for t in times)
        print(f"{ratio:6.2f}  {place:9} {name:12} {trigger!r:14} {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
