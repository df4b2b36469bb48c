"""A broad crawl of the hostile farm against the same farm with its hostile hosts removed.

    python3 benchmarks/hostile_farm.py --sites 1000 --articles 10 --hostile 0.3

Starts the farm in direct mode (tests/farm/hostile.py: a share ``--hostile`` of the sites is
dead, hurt or broken, at the weights of ``MODE_WEIGHTS``), then runs ``scrapy crawl news``
twice into fresh SQLite files: over every site, and over the healthy sites only. Names resolve
through the farm's own ``TWISTED_DNS_RESOLVER`` (tests/farm/resolver.py), so the crawler's DNS,
refused and timeout paths are the real ones. For each crawl it prints wall time, articles/s
per quarter of the crawl (from the progress lines, one a second), peak RSS (largest process,
``ru_maxrss``; and summed over the crawler and its extraction workers), and whether every
article of a healthy or hurt site was stored; for the hostile crawl also whether the report
named every dead site with the kind of failure that killed it.

Politeness is off as in benchmarks/crawl_farm.py (the farm is local) and duplicate detection
too (a farm bigger than the page pool serves each real page several times).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from benchmarks.crawl_farm import (  # noqa: E402
    THROUGHPUT_SETTINGS,
    PeakRss,
    setting_assignment,
)
from tests.farm import FarmHandle, start_farm  # noqa: E402
from tests.farm.hostile import DEAD, HEALTHY  # noqa: E402
from tests.farm.sites_file import sites_yaml  # noqa: E402

# The throughput benchmark's settings, with a progress line every second (the per-quarter
# rates are read from it) and the hostile farm's own name resolution.
SETTINGS = {
    **THROUGHPUT_SETTINGS,
    "NEWSCRAWL_PROGRESS_INTERVAL": "1",
    "NEWSCRAWL_DEDUP_EXACT": "False",
    "NEWSCRAWL_DEDUP_NEAR": "False",
    "TWISTED_DNS_RESOLVER": "tests.farm.resolver.FarmResolver",
}
DOWN_KIND = {
    "nxdomain": "dns",
    "refused": "refused",
    "blackhole": "timeout",
    "trickle": "timeout",
    "dead_after_home": "timeout",
}
_STAMP = r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)"
_PROGRESS = re.compile(_STAMP + r" .*(?:Progress|Crawl finished).*? articles (\d+) ", re.MULTILINE)
_OPENED = re.compile(_STAMP + r" .*Spider opened", re.MULTILINE)
_DOWN = re.compile(r"^  (s\d+): \S+ down \((\w+) x\d+\)$", re.MULTILINE)


def quarter_rates(log: str) -> list[float]:
    """Articles/s in each quarter of the crawl, from the cumulative counts of the progress
    lines (the count at a time is the last one logged before it)."""
    opened = _OPENED.search(log)
    points = [
        (datetime.fromisoformat(stamp), int(count)) for stamp, count in _PROGRESS.findall(log)
    ]
    if opened is None or not points:
        return []
    start = datetime.fromisoformat(opened.group(1))
    series = [((when - start).total_seconds(), count) for when, count in points]
    duration = series[-1][0]
    if duration <= 0:
        return []

    def count_at(t: float) -> int:
        return max((count for when, count in series if when <= t), default=0)

    quarter = duration / 4
    return [
        round((count_at((q + 1) * quarter) - count_at(q * quarter)) / quarter, 1) for q in range(4)
    ]


def longest_silence(log: str) -> float:
    """The longest time between two progress lines (logged every second): a crawl that
    stalls, or a machine that stops running it, shows here."""
    stamps = [datetime.fromisoformat(stamp) for stamp, _count in _PROGRESS.findall(log)]
    return max(((b - a).total_seconds() for a, b in itertools.pairwise(stamps)), default=0.0)


def crawl(
    farm: FarmHandle, names: list[str], workdir: Path, label: str, extra: dict[str, str]
) -> tuple[dict[str, object], str, Path]:
    model = farm.model
    keep = set(names)
    sites_file = workdir / f"sites-{label}.yaml"
    text = sites_yaml(model)
    # sites_yaml writes every site; keep the chosen ones (each entry starts with "  - name:")
    head, _, body = text.partition("sites:\n")
    entries = re.split(r"(?m)^(?=  - name: )", body)
    chosen = [e for e in entries if e and json.loads(e.split(":", 1)[1].splitlines()[0]) in keep]
    sites_file.write_text(head + "sites:\n" + "".join(chosen), encoding="utf-8")
    db = workdir / f"{label}.db"
    command = [sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"sites={sites_file}"]
    for name, value in {
        **SETTINGS,
        "NEWSCRAWL_DATABASE_URL": f"sqlite:///{db}",
        "NEWSCRAWL_SPILL_PATH": str(workdir / f"spill-{label}.jsonl"),
        **extra,
    }.items():
        command += ["-s", f"{name}={value}"]
    env = {
        **{k: v for k, v in os.environ.items() if k.lower() != "http_proxy"},
        "SCRAPY_SETTINGS_MODULE": "newscrawl.settings",
        "PYTHONPATH": str(REPO_ROOT),
    }
    log_path = workdir / f"{label}.log"
    started = time.monotonic()
    with log_path.open("w") as log:
        process = subprocess.Popen(command, cwd=workdir, env=env, stdout=log, stderr=log)
        sampler = PeakRss(process.pid)
        sampler.start()
        _, status, usage = os.wait4(process.pid, 0)
        sampler.stop()
    wall = time.monotonic() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{label} crawl failed; log: {log_path}")
    text = log_path.read_text()
    import sqlalchemy as sa

    engine = sa.create_engine(f"sqlite:///{db}")
    with engine.connect() as connection:
        stored = {row[0] for row in connection.execute(sa.text("SELECT url FROM articles"))}
        # A page that declares a same-host canonical URL is stored under that URL, and the
        # URL it was fetched at is kept as an alias of it: stored, under its canonical name.
        aliased = {row[0] for row in connection.execute(sa.text("SELECT alias FROM url_aliases"))}
    engine.dispose()
    expected = {
        url
        for url in model.expected()
        if any(url.startswith(site.base + "/") for site in model.sites if site.name in keep)
    }
    result: dict[str, object] = {
        "crawl": label,
        "sites": len(keep),
        "wall_s": round(wall, 1),
        "stored": len(stored),
        "expected_reachable": len(expected),
        "reachable_stored_as_alias": len(expected & (aliased - stored)),
        "reachable_missing": len(expected - stored - aliased),
        "reachable_missing_examples": sorted(expected - stored - aliased)[:5],
        "rejected": dict(re.findall(r"'newscrawl/rejected/(\w+)': (\d+)", text)),
        "articles_per_s": round(len(stored) / wall, 1),
        "articles_per_s_by_quarter": quarter_rates(text),
        "longest_silence_s": longest_silence(text),
        "peak_rss_mb_largest_process": round(usage.ru_maxrss / 1024, 1),
        "peak_rss_mb_all_processes": round(sampler.peak_kb / 1024, 1),
        "log": str(log_path),
    }
    return result, text, db


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sites", type=int, default=1000)
    parser.add_argument("--articles", type=int, default=10)
    parser.add_argument("--hostile", type=float, default=0.3)
    parser.add_argument("--timeout", type=float, default=10.0, help="DOWNLOAD_TIMEOUT (s)")
    parser.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        type=setting_assignment,
        help="an extra Scrapy setting (repeatable)",
    )
    parser.add_argument("--only", choices=("hostile", "clean"), help="run one crawl only")
    args = parser.parse_args()
    extra = {"DOWNLOAD_TIMEOUT": str(args.timeout), **dict(args.setting)}
    farm = start_farm(args.sites, args.articles, specials=False, direct=True, hostile=args.hostile)
    workdir = Path(tempfile.mkdtemp(prefix="hostile-farm-"))
    try:
        model = farm.model
        modes = model.modes()
        print(
            json.dumps(
                {"modes": {m: list(modes.values()).count(m) for m in sorted(set(modes.values()))}}
            )
        )
        if args.only != "clean":
            result, log, _db = crawl(farm, list(modes), workdir, "hostile", extra)
            named = dict(_DOWN.findall(log))
            dead = {name: DOWN_KIND[mode] for name, mode in modes.items() if mode in DEAD}
            result["dead_sites"] = len(dead)
            result["dead_sites_named_with_reason"] = sum(named.get(n) == k for n, k in dead.items())
            result["named_down_but_not_dead"] = sorted(set(named) - set(dead))
            print(json.dumps(result))
        if args.only != "hostile":
            healthy = [name for name, mode in modes.items() if mode == HEALTHY]
            result, _log, _db = crawl(farm, healthy, workdir, "clean", extra)
            print(json.dumps(result))
    finally:
        farm.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
