"""Crawl throughput on the local news farm: articles/s with extraction on, CPU s/article, peak RSS.

    python3 benchmarks/crawl_farm.py --sites 1000 --articles 20 [--profile]

Starts the farm (tests/farm) in its own process, runs ``scrapy crawl news`` in another one
(through the farm as http_proxy, into a fresh SQLite file) and reads the crawler's own
resource usage (``os.wait4``: user+sys CPU including its extraction worker processes) and
Scrapy stats from its log. Peak RSS is sampled from /proc every 0.2 s and summed over the
crawler and its worker processes; the farm's own CPU time is read from /proc too (it shares
the machine's cores with the crawler).
Politeness settings are off (the farm is local) and duplicate detection is off because a farm
bigger than the ~900-page pool serves each real page several times (see --dedup).
``--profile`` runs the crawler under cProfile (reactor thread only: extraction time is
reported separately from the pipeline's own counters). ``--py-spy`` samples every thread of
the crawler and its extraction processes instead (py-spy, from requirements-dev.txt) and
prints where the samples fall; the sampler takes CPU from the same cores, so read that run
for its shares, not its rate.
"""

from __future__ import annotations

import argparse
import ast
import collections
import json
import os
import pstats
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from tests.farm import start_farm, write_sites_file  # noqa: E402

THROUGHPUT_SETTINGS = {
    "AUTOTHROTTLE_ENABLED": "0",
    "DOWNLOAD_DELAY": "0",
    "CONCURRENT_REQUESTS": "64",
    "CONCURRENT_REQUESTS_PER_DOMAIN": "4",
    "LOG_LEVEL": "INFO",
    "NEWSCRAWL_PROGRESS_INTERVAL": "10",
    "NEWSCRAWL_SUMMARY_MAX_ROWS": "5",
}
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
_RSS_SAMPLE_S = 0.2  # short enough to see the peak of a crawl that lasts minutes


def _descendants(pid: int) -> list[int]:
    """The process and all its descendants (from /proc's children lists)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            for task in Path(f"/proc/{current}/task").iterdir():
                text = (task / "children").read_text()
                todo.extend(int(child) for child in text.split())
        except OSError:
            continue  # exited meanwhile
    return found


def _tree_rss_kb(pid: int) -> int:
    total = 0
    for member in _descendants(pid):
        try:
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def _cpu_seconds(pid: int, *, reaped_children: bool = True, thread: int | None = None) -> float:
    """User+system CPU of a running process (and of the children it has reaped), or of one
    of its threads (``thread``: its native id)."""
    stat = Path(f"/proc/{pid}/task/{thread}/stat" if thread else f"/proc/{pid}/stat")
    fields = stat.read_text().rsplit(")", 1)[1].split()
    # fields[11:15]: utime, stime, cutime, cstime (stat fields 14-17)
    return sum(int(value) for value in fields[11 : 15 if reaped_children else 13]) / _CLOCK_TICKS


class PeakRss(threading.Thread):
    """Samples the summed RSS of a process tree until :meth:`stop`."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak_kb = 0
        self.own_cpu_s = 0.0
        self.main_thread_cpu_s = 0.0  # the reactor's thread: its native id is the pid
        self._done = threading.Event()

    def run(self) -> None:
        while not self._done.wait(_RSS_SAMPLE_S):
            self.peak_kb = max(self.peak_kb, _tree_rss_kb(self.pid))
            try:  # the last sample before exit: the reactor's own share, workers excluded
                self.own_cpu_s = _cpu_seconds(self.pid, reaped_children=False)
                self.main_thread_cpu_s = _cpu_seconds(
                    self.pid, reaped_children=False, thread=self.pid
                )
            except OSError:
                continue

    def stop(self) -> None:
        self._done.set()
        self.join()


_STATS = re.compile(r"Dumping Scrapy stats:\n(\{.*?\})\n", re.DOTALL)


def setting_assignment(text: str) -> tuple[str, str]:
    """``--setting NAME=VALUE`` as (name, value); argparse reports anything else."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value


def role_of(frames: list[str]) -> str:
    """Which part of the crawler a py-spy stack (``--threads --subprocesses``) belongs to."""
    if len(frames) > 1 and frames[1].startswith("process "):
        return "extraction worker processes"
    thread = frames[1].split(": ", 1)[-1] if len(frames) > 1 else ""
    if thread == "MainThread":
        return "reactor thread (Scrapy, Twisted, spider, pipelines)"
    if thread.startswith("PoolThread-newscrawl-db"):
        return "database writer thread (compression, SQL)"
    if thread.startswith("PoolThread-newscrawl-extract"):
        return "list-page check threads"
    if thread == "QueueFeederThread" or thread.startswith("Thread-"):
        return "process-pool hand-over threads (pickling, pipes)"
    return f"other threads ({thread or 'unnamed'})"


def spy_breakdown(raw: str, top: int = 5) -> str:
    """A markdown table of py-spy's raw samples: share per role and its busiest functions."""
    by_role: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = stack.split(";")
        by_role[role_of(frames)][
            re.sub(r" \(.*/(?:site-packages|lib/python3\.\d+)/", " (", frames[-1])
        ] += int(count)
    total = sum(sum(counter.values()) for counter in by_role.values()) or 1
    rows = ["| where | share of samples | busiest functions (own time) |", "|---|---|---|"]
    for role, counter in sorted(by_role.items(), key=lambda item: -sum(item[1].values())):
        samples = sum(counter.values())
        busiest = "; ".join(f"{name} {n / samples:.0%}" for name, n in counter.most_common(top))
        rows.append(f"| {role} | {samples / total:.1%} | {busiest} |")
    return "\n".join(rows)


def run(args: argparse.Namespace) -> dict[str, object]:
    farm = start_farm(sites=args.sites, articles=args.articles, specials=False)
    workdir = Path(tempfile.mkdtemp(prefix="crawl-farm-"))
    try:
        sites = write_sites_file(farm.model, workdir / "sites.yaml", method=args.method)
        settings = {
            **THROUGHPUT_SETTINGS,
            "NEWSCRAWL_DATABASE_URL": f"sqlite:///{workdir}/news.db",
            "NEWSCRAWL_SPILL_PATH": str(workdir / "spill.jsonl"),
            "NEWSCRAWL_DEDUP_EXACT": str(args.dedup),
            "NEWSCRAWL_DEDUP_NEAR": str(args.dedup),
        }
        if args.extract_processes is not None:
            settings["NEWSCRAWL_EXTRACT_PROCESSES"] = str(args.extract_processes)
        settings.update(args.setting)
        command = [sys.executable]
        if args.py_spy:
            spy = shutil.which("py-spy")
            if spy is None:
                raise SystemExit("py-spy is not installed: pip install -r requirements-dev.txt")
            command = [
                spy,
                "record",
                "--subprocesses",
                "--threads",
                "--nonblocking",
                "--format",
                "raw",
                "--output",
                str(workdir / "spy.txt"),
                "--",
                *command,
            ]
        if args.profile:
            command += ["-m", "cProfile", "-o", str(workdir / "crawl.prof")]
        command += ["-m", "scrapy", "crawl", "news", "-a", f"sites={sites}"]
        for name, value in settings.items():
            command += ["-s", f"{name}={value}"]
        env = {
            **os.environ,
            "http_proxy": farm.proxy_url,
            "SCRAPY_SETTINGS_MODULE": "newscrawl.settings",
            "PYTHONPATH": str(REPO_ROOT),
        }
        log_path = workdir / "crawl.log"
        farm_cpu_before = _cpu_seconds(farm.process.pid)
        started = time.monotonic()
        with log_path.open("w") as log:
            process = subprocess.Popen(command, cwd=workdir, env=env, stdout=log, stderr=log)
            sampler = PeakRss(process.pid)
            sampler.start()
            _, status, usage = os.wait4(process.pid, 0)
            sampler.stop()
        wall = time.monotonic() - started
        farm_cpu = _cpu_seconds(farm.process.pid) - farm_cpu_before
        process.returncode = os.waitstatus_to_exitcode(status)
        text = log_path.read_text()
        match = _STATS.search(text)
        if process.returncode != 0 or not match:
            raise SystemExit(f"crawl failed (exit {process.returncode}); log: {log_path}")
        stats = ast.literal_eval(re.sub(r"datetime\.datetime\([^)]*\)", "None", match.group(1)))
        stored = int(stats.get("newscrawl/stored", 0))
        extract_ms = sum(v for k, v in stats.items() if k.endswith("/seconds_x1000"))
        cpu = usage.ru_utime + usage.ru_stime
        result: dict[str, object] = {
            "sites": args.sites,
            "articles_per_site": args.articles,
            "expected_articles": len(farm.model.expected()),
            "stored_articles": stored,
            "pages": stats.get("response_received_count"),
            "wall_s": round(wall, 1),
            "articles_per_s": round(stored / wall, 1),
            "cpu_s": round(cpu, 1),
            "cpu_s_per_article": round(cpu / max(stored, 1), 4),
            "extract_s_per_article": round(extract_ms / 1000 / max(stored, 1), 4),
            "reactor_process_cpu_s": round(sampler.own_cpu_s, 1),
            "reactor_thread_cpu_s": round(sampler.main_thread_cpu_s, 1),
            "farm_cpu_s": round(farm_cpu, 1),
            "farm_cpu_s_per_article": round(farm_cpu / max(stored, 1), 4),
            "peak_rss_mb_largest_process": round(usage.ru_maxrss / 1024, 1),
            "peak_rss_mb_all_processes": round(sampler.peak_kb / 1024, 1),
            "rejected": {
                k.rsplit("/", 1)[1]: v
                for k, v in stats.items()
                if k.startswith("newscrawl/rejected/")
            },
            "log": str(log_path),
        }
        if args.py_spy:
            print(spy_breakdown((workdir / "spy.txt").read_text()))
        if args.profile:
            profile = pstats.Stats(str(workdir / "crawl.prof"))
            profile.sort_stats("tottime").print_stats(args.profile_rows)
        return result
    finally:
        farm.stop()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sites", type=int, default=1000)
    parser.add_argument("--articles", type=int, default=20)
    parser.add_argument(
        "--method",
        default=None,
        help="extraction method (default: the crawler's, auto falling back to density)",
    )
    parser.add_argument("--dedup", action="store_true", help="keep duplicate detection on")
    parser.add_argument(
        "--extract-processes",
        type=int,
        default=None,
        help="NEWSCRAWL_EXTRACT_PROCESSES (default: the crawler's, one per "
        "core; 0 extracts in threads)",
    )
    parser.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        type=setting_assignment,
        help="an extra Scrapy setting for the crawl (repeatable)",
    )
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--profile-rows", type=int, default=30)
    parser.add_argument(
        "--py-spy", action="store_true", help="sample all threads and worker processes with py-spy"
    )
    args = parser.parse_args()
    print(json.dumps(run(args), indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
