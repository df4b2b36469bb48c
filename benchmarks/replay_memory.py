"""Peak memory (RSS) of ``newscrawl db replay`` for a small and a large spill file.

Each spill file is written with ``append_spill`` from synthetic records (a unique URL, a few
paragraphs of text and ``--html-kb`` of page HTML each, as a crawl that lost its database
would spill them), then replayed by ``python -m newscrawl db replay FILE`` in a fresh process
into a fresh SQLite database. The peak resident set size is that process's ``ru_maxrss``.

    python3 benchmarks/replay_memory.py [--small 100] [--large 500] [--html-kb 200]
    python3 benchmarks/replay_memory.py --code /tmp/old-checkout   # the same, other code
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from newscrawl.storage import ArticleRecord, append_spill, content_hash

REPO_ROOT = Path(__file__).resolve().parent.parent
WORDS = [
    "city",
    "council",
    "budget",
    "transit",
    "line",
    "station",
    "vote",
    "mayor",
    "plan",
    "week",
    "report",
    "north",
    "south",
    "market",
    "price",
    "school",
    "river",
    "bridge",
    "health",
    "water",
    "police",
    "court",
]


def page_html(n: int, size: int, rng: random.Random) -> bytes:
    """About ``size`` bytes of HTML, varied enough that compression does not make it free."""
    parts = [f"<html><head><title>Story {n}</title></head><body>"]
    length = len(parts[0])
    while length < size:
        paragraph = "<p>" + " ".join(rng.choice(WORDS) for _ in range(60)) + "</p>\n"
        parts.append(paragraph)
        length += len(paragraph)
    return "".join(parts).encode()


def write_spill(path: Path, records: int, html_bytes: int) -> None:
    rng = random.Random(records)
    for n in range(records):  # one append per record, as a crawl spills batch after batch
        html = page_html(n, html_bytes, rng)
        content = " ".join(rng.choice(WORDS) for _ in range(800))
        append_spill(
            path,
            [
                ArticleRecord(
                    url=f"https://news.example.com/{records}/{n}.html",
                    site="example",
                    title=f"Story {n}",
                    content=content,
                    content_hash=content_hash(content),
                    html=html,
                    encoding="utf-8",
                )
            ],
        )


def replay_peak_rss(spill: Path, database: str, code: Path) -> int:
    """Peak RSS in KB of ``newscrawl db replay`` in its own process."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    log = spill.with_suffix(".log")
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "newscrawl", "db", "replay", str(spill), "--database", database],
            env=env,
            cwd=code,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"replay of {spill} failed:\n{log.read_text()[-3000:]}")
    return int(usage.ru_maxrss)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--small", type=int, default=100, help="records in the small file (one batch of the replay)"
    )
    parser.add_argument("--large", type=int, default=500, help="records in the large file")
    parser.add_argument(
        "--html-kb",
        type=int,
        default=200,
        help="raw HTML per record (200: the size of a line of the "
        "135 MB, 507-record file of issue 13)",
    )
    parser.add_argument(
        "--code",
        type=Path,
        default=REPO_ROOT,
        help="checkout whose newscrawl runs the replay (default: this one)",
    )
    args = parser.parse_args()
    print(f"code: {args.code}")
    print("| records | spill file MB | peak RSS MB |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="replay-memory-") as tmp:
        for records in (args.small, args.large):
            spill = Path(tmp) / f"spill-{records}.jsonl"
            write_spill(spill, records, args.html_kb * 1024)
            size = spill.stat().st_size
            database = f"sqlite:///{Path(tmp) / f'news-{records}.db'}"
            peak_kb = replay_peak_rss(spill, database, args.code)
            print(f"| {records} | {size / 1e6:.1f} | {peak_kb / 1024:.0f} |", flush=True)


if __name__ == "__main__":
    main()
