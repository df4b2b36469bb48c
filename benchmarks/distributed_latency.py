"""Latency-bound scaling of Redis workers: 1, 2, 4 and 8 ``scrapy crawl news`` workers, one Redis.

    python3 benchmarks/distributed_latency.py --sites 100 --articles 20 --latency-ms 200 \\
        --workers 1,2,4,8 --repeat 2

Each run starts a fresh farm (tests/farm) in direct mode with every site response held back
``--latency-ms`` (the farm's latency mode), seeds the sites into a throw-away ``redis-server`` on
a free port (never the shared 6379) with ``newscrawl seed``, starts the workers, waits until all
of them have opened their scheduler, and lets them crawl until the queue runs dry. Runs are
interleaved (1, 2, 4, 8, 1, 2, 4, 8, ...), because the machine is shared and its load drifts.

Held constant across runs: the farm (sites x articles, latency), each worker's settings
(``--concurrency`` requests in flight, at most ``--per-host`` per host, extraction in threads
with the cheap ``density`` method, duplicate detection off, robots.txt obeyed), and one SQLite
file per worker (so the database is not what is measured).

Per run: articles stored (distinct URLs over the workers' databases, and how many were stored
twice), articles/s from the farm's first to its last site request, worker CPU per article
(start-up left out), and from Redis ``INFO`` deltas over the whole run (seed included):
commands executed per article (``commandstats``; Redis counts the commands inside the Lua
scripts too) and of them script calls (EVALSHA), Redis CPU (``used_cpu_user + used_cpu_sys``)
per article and as a share of one core over the crawl window.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import redis
import sqlalchemy as sa

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from benchmarks.distributed import spare_redis  # noqa: E402
from tests.farm import FarmHandle, start_farm, write_sites_file  # noqa: E402

PREFIX = "bench:latency"
OPENED = "Distributed scheduler on"
FINISHED = "Spider closed (finished)"


@dataclass
class RunResult:
    workers: int
    articles: int
    expected: int
    stored_twice: int
    requests: int
    seconds: float
    articles_per_s: float
    worker_cpu_ms_per_article: float
    commands_per_article: float  # executed, the commands inside Lua scripts included
    scripts_per_article: float  # EVALSHA/EVAL calls: the queue's round trips that run a script
    redis_cpu_ms_per_article: float
    redis_cpu_share: float  # of one core, over the crawl window
    load_before: float


def redis_counters(client: redis.Redis) -> tuple[int, int, float]:
    """(commands executed, scripts run, CPU seconds) so far; this benchmark's INFO left out.

    Redis counts a command a script runs like one a client sends (commandstats and
    ``total_commands_processed`` alike), so scripts are counted apart to tell the two apart.
    """
    cpu, commandstats = client.info("cpu"), client.info("commandstats")
    executed = sum(
        int(entry["calls"]) for name, entry in commandstats.items() if name != "cmdstat_info"
    )
    scripts = sum(
        int(commandstats.get(f"cmdstat_{name}", {}).get("calls", 0)) for name in ("evalsha", "eval")
    )
    return executed, scripts, float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])


def worker_command(sites: Path, settings: dict[str, object]) -> list[str]:
    command = [sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"sites={sites}"]
    for name, value in settings.items():
        command += ["-s", f"{name}={value}"]
    return command


def worker_settings(
    redis_url: str, workdir: Path, number: int, args: argparse.Namespace
) -> dict[str, object]:
    return {
        "NEWSCRAWL_REDIS_URL": redis_url,
        "NEWSCRAWL_REDIS_PREFIX": PREFIX,
        "NEWSCRAWL_IDLE_CLOSE_SECONDS": 3,
        "NEWSCRAWL_DATABASE_URL": f"sqlite:///{workdir / f'news-{number}.db'}",
        "NEWSCRAWL_SPILL_PATH": workdir / f"spill-{number}.jsonl",
        "NEWSCRAWL_EXTRACT_PROCESSES": 0,
        "NEWSCRAWL_DEDUP_EXACT": False,
        "NEWSCRAWL_DEDUP_NEAR": False,
        "NEWSCRAWL_PROGRESS_INTERVAL": 0,
        # A loaded machine must not turn a slow extraction into a rejected article.
        "NEWSCRAWL_EXTRACT_TIMEOUT": 60,
        "TWISTED_DNS_RESOLVER": "tests.farm.resolver.FarmResolver",
        "AUTOTHROTTLE_ENABLED": 0,
        "DOWNLOAD_DELAY": 0,
        "CONCURRENT_REQUESTS": args.concurrency,
        "CONCURRENT_REQUESTS_PER_DOMAIN": args.per_host,
        "TELNETCONSOLE_ENABLED": False,
        "LOG_LEVEL": "INFO",
    }


def wait_for_lines(logs: list[Path], text: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while sum(path.read_text(errors="replace").count(text) for path in logs) < len(logs):
        if time.monotonic() > deadline:
            raise SystemExit(f"workers did not log {text!r} in {timeout:.0f} s; logs: {logs}")
        time.sleep(0.2)


def stored_urls(database: Path) -> list[str]:
    if not database.exists():
        return []
    engine = sa.create_engine(f"sqlite:///{database}")
    with engine.connect() as connection:
        urls = [row[0] for row in connection.execute(sa.text("SELECT url FROM articles"))]
    engine.dispose()
    return urls


def run(redis_url: str, workers: int, args: argparse.Namespace, workdir: Path) -> RunResult:
    client = redis.Redis.from_url(redis_url)
    client.flushall()
    load_before = os.getloadavg()[0]
    farm: FarmHandle = start_farm(
        args.sites, args.articles, specials=False, direct=True, latency_ms=args.latency_ms
    )
    processes: list[subprocess.Popen[bytes]] = []
    try:
        sites = write_sites_file(farm.model, workdir / "sites.yaml", method="density")
        env = {
            **{k: v for k, v in os.environ.items() if k.lower() != "http_proxy"},
            "SCRAPY_SETTINGS_MODULE": "newscrawl.settings",
            "PYTHONPATH": str(REPO_ROOT),
        }
        logs = [workdir / f"worker-{n}.log" for n in range(workers)]
        for number, log_path in enumerate(logs):
            with log_path.open("wb") as log:
                processes.append(
                    subprocess.Popen(
                        worker_command(sites, worker_settings(redis_url, workdir, number, args)),
                        cwd=workdir,
                        env=env,
                        stdout=log,
                        stderr=subprocess.STDOUT,
                    )
                )
        wait_for_lines(logs, OPENED, timeout=180)
        executed, scripts, redis_cpu = redis_counters(client)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "newscrawl",
                "seed",
                "-a",
                f"sites={sites}",
                "--redis",
                redis_url,
                "--prefix",
                PREFIX,
            ],
            cwd=workdir,
            env=env,
            check=True,
            capture_output=True,
        )
        # Worker CPU is counted from here: start-up (imports, Scrapy) is left out.
        cpu_before = children_cpu() + sum(process_cpu(p.pid) for p in processes)
        for process in processes:
            if process.wait(timeout=args.timeout) != 0:
                raise SystemExit(f"a worker failed; logs: {logs}")
        wait_for_lines(logs, FINISHED, timeout=10)
        executed_after, scripts_after, redis_cpu_after = redis_counters(client)
        traffic = farm.served()
        worker_cpu = children_cpu() - cpu_before
        expected = set(farm.model.expected())
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
        farm.stop()
    urls = [url for number in range(workers) for url in stored_urls(workdir / f"news-{number}.db")]
    articles = len(set(urls))
    seconds = traffic.last_request_at - traffic.first_request_at
    result = RunResult(
        workers=workers,
        articles=articles,
        expected=len(expected),
        stored_twice=len(urls) - articles,
        requests=traffic.requests,
        seconds=round(seconds, 1),
        articles_per_s=round(articles / seconds, 2),
        worker_cpu_ms_per_article=round(worker_cpu * 1000 / articles, 1),
        commands_per_article=round((executed_after - executed) / articles, 1),
        scripts_per_article=round((scripts_after - scripts) / articles, 1),
        redis_cpu_ms_per_article=round((redis_cpu_after - redis_cpu) * 1000 / articles, 2),
        redis_cpu_share=round((redis_cpu_after - redis_cpu) / seconds, 3),
        load_before=round(load_before, 1),
    )
    if set(urls) != expected:
        print(
            f"warning: {len(expected - set(urls))} expected articles missing, "
            f"{len(set(urls) - expected)} unexpected stored",
            file=sys.stderr,
        )
    for path in workdir.iterdir():  # the next run starts from nothing
        path.unlink()
    return result


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a running process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu() -> float:
    """CPU seconds (user + system) of the child processes that have exited so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def summary(results: list[RunResult]) -> str:
    """A Markdown table of the medians per worker count, speed-up against one worker."""
    header = (
        "| workers | runs | articles/s (median; each run) | speed-up | worker CPU "
        "ms/article | Redis commands/article (of them scripts) | Redis CPU ms/article | "
        "Redis CPU, share of one core |"
    )
    rows = [header, "|---|---|---|---|---|---|---|---|"]
    counts = sorted({r.workers for r in results})
    median = {
        n: statistics.median(r.articles_per_s for r in results if r.workers == n) for n in counts
    }
    for n in counts:
        mine = [r for r in results if r.workers == n]

        def mid(field: str, runs: list[RunResult] = mine) -> float:
            return float(statistics.median(getattr(r, field) for r in runs))

        rows.append(
            f"| {n} | {len(mine)} | {median[n]:.1f} "
            f"({', '.join(f'{r.articles_per_s:.1f}' for r in mine)}) | "
            f"{median[n] / median[counts[0]]:.2f}x | {mid('worker_cpu_ms_per_article'):.1f} | "
            f"{mid('commands_per_article'):.1f} ({mid('scripts_per_article'):.1f}) | "
            f"{mid('redis_cpu_ms_per_article'):.2f} | {mid('redis_cpu_share'):.1%} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sites", type=int, default=100)
    parser.add_argument("--articles", type=int, default=20, help="articles per site")
    parser.add_argument("--latency-ms", type=float, default=200.0)
    parser.add_argument("--workers", default="1,2,4,8", help="worker counts, in run order")
    parser.add_argument("--repeat", type=int, default=2, help="rounds over --workers")
    parser.add_argument("--concurrency", type=int, default=4, help="requests in flight/worker")
    parser.add_argument("--per-host", type=int, default=2, help="requests in flight per host")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds per run")
    args = parser.parse_args(argv)
    # SIGTERM runs the finally blocks too: the farm and the spare redis-server are stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    if shutil.which("redis-server") is None:
        parser.error("redis-server is not installed")
    counts = [int(part) for part in args.workers.split(",")]
    base = Path(tempfile.mkdtemp(prefix="nc-latency-bench-"))
    workdir = base / "run"
    workdir.mkdir()
    results: list[RunResult] = []
    print(
        f"{os.cpu_count()} CPUs; farm {args.sites} sites x {args.articles} articles, "
        f"{args.latency_ms:.0f} ms per response; per worker {args.concurrency} requests in "
        f"flight, {args.per_host} per host",
        flush=True,
    )
    with spare_redis(base, persistent=False) as (redis_url, _restart):
        for _round in range(args.repeat):
            for workers in counts:
                results.append(run(redis_url, workers, args, workdir))
                print(json.dumps(asdict(results[-1])), flush=True)
    print(summary(results))
    shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
