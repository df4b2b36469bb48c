"""The canonical copy wins: two crawls of the copies farm (tracking and mobile copies).

    python3 benchmarks/canonical.py --sites 50 --articles 20 [--database URL]

Starts tests/farm/copies.py (every article also reachable as ``?from=home``/``?from=top``,
``utm_source``, ``/m/`` path and ``m.`` host copies; see its table), then runs
``scrapy crawl news`` twice into one fresh database (SQLite in a temporary directory unless
``--database`` names another, e.g. a PostgreSQL schema). After each crawl it prints:
rows stored under a non-canonical URL, canonical articles missing, the article pages the farm
served beyond one per article (duplicate fetches, counted by the farm), and the crawler's
own counters (aliases recorded, rows re-keyed, DUST rewrites).
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from tests.farm import write_sites_file  # noqa: E402
from tests.farm.copies import (  # noqa: E402
    duplicate_fetches,
    fetch_counts,
    start_copies_farm,
)

SETTINGS = {
    "AUTOTHROTTLE_ENABLED": "0",
    "DOWNLOAD_DELAY": "0",
    "CONCURRENT_REQUESTS": "32",
    "CONCURRENT_REQUESTS_PER_DOMAIN": "4",
    "LOG_LEVEL": "INFO",
    "NEWSCRAWL_PROGRESS_INTERVAL": "30",
    "NEWSCRAWL_SUMMARY_MAX_ROWS": "3",
}
_STATS = re.compile(r"Dumping Scrapy stats:\n(\{.*?\})", re.DOTALL)


def crawl(proxy: str, sites: Path, db_url: str, workdir: Path) -> tuple[dict[str, object], float]:
    command = [sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"sites={sites}"]
    for name, value in {
        **SETTINGS,
        "NEWSCRAWL_DATABASE_URL": db_url,
        "NEWSCRAWL_SPILL_PATH": str(workdir / "spill.jsonl"),
    }.items():
        command += ["-s", f"{name}={value}"]
    env = {
        **os.environ,
        "http_proxy": proxy,
        "SCRAPY_SETTINGS_MODULE": "newscrawl.settings",
        "PYTHONPATH": str(REPO_ROOT),
    }
    env.pop("no_proxy", None)
    env.pop("NO_PROXY", None)
    started = time.monotonic()
    done = subprocess.run(
        command, cwd=workdir, env=env, capture_output=True, text=True, check=False
    )
    seconds = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f"crawl failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    match = _STATS.search(done.stderr)
    stats = (
        ast.literal_eval(re.sub(r"datetime\.datetime\([^)]*\)", "None", match.group(1)))
        if match
        else {}
    )
    return stats, seconds


def stored_urls(db_url: str) -> set[str]:
    engine = sa.create_engine(db_url)
    try:
        with engine.connect() as connection:
            return set(connection.scalars(sa.text("SELECT url FROM articles")))
    finally:
        engine.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sites", type=int, default=50)
    parser.add_argument("--articles", type=int, default=20)
    parser.add_argument("--database", help="database URL (default: a fresh SQLite file)")
    args = parser.parse_args(argv)
    farm = start_copies_farm(args.sites, args.articles)
    try:
        with tempfile.TemporaryDirectory(prefix="nc-canonical-") as tmp:
            workdir = Path(tmp)
            db_url = args.database or f"sqlite:///{workdir / 'news.db'}"
            sites = write_sites_file(farm.model, workdir / "sites.yaml")  # type: ignore[arg-type]
            expected = set(farm.model.expected())  # type: ignore[attr-defined]
            copies = farm.model.non_canonical()  # type: ignore[attr-defined]
            print(
                f"copies farm: {args.sites} sites x {args.articles} articles "
                f"= {len(expected)} articles; database {db_url.split('?')[0]}"
            )
            print(
                "crawl  wall s  rows  under non-canonical URL  canonical missing  "
                "duplicate fetches  aliases  re-keyed  DUST rewrites"
            )
            before = fetch_counts(farm)
            for run in (1, 2):
                stats, seconds = crawl(farm.proxy_url, sites, db_url, workdir)
                after = fetch_counts(farm)
                stored = stored_urls(db_url)
                print(
                    f"{run:<5}  {seconds:6.1f}  {len(stored):4d}  "
                    f"{len(stored & copies):23d}  {len(expected - stored):17d}  "
                    f"{duplicate_fetches(before, after):17d}  "
                    f"{stats.get('newscrawl/canonical/aliases', 0):7}  "
                    f"{stats.get('newscrawl/canonical/rekeyed', 0):8}  "
                    f"{stats.get('newscrawl/dust/rewritten', 0):13}"
                )
                before = after
    finally:
        farm.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
