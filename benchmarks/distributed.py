"""Distributed-crawl benchmark: throughput of 1/2/4 workers, Redis memory, failure counts.

    python benchmarks/distributed.py [--articles 3000] [--out docs/benchmarks/distributed.md]

Everything runs against a throw-away ``redis-server`` on a free port (never the shared 6379)
and the local test news site of tests/distributed (served from this process). Sections:

1. throughput: pages/s from the site's first to last served request, for 1, 2 and 4 worker
   processes (``python -m tests.distributed.worker``) against one Redis;
2. Redis memory per 1M seen URLs: the Bloom dupefilter (10M capacity, p=0.001) vs the
   scrapy-redis fingerprint set, and per 1M queued requests (extrapolated from 100k);
3. kill -9 of a worker mid-crawl, then a restart; and a Redis restart mid-crawl: articles
   lost, re-deliveries, and rows in the (upserting) news database.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import redis
import sqlalchemy as sa

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from newscrawl.distributed.bloom import BloomParams, RedisBloom  # noqa: E402
from newscrawl.distributed.connection import redis_client  # noqa: E402
from newscrawl.distributed.queue import FairLeaseQueue  # noqa: E402
from tests.distributed.harness import Crawl  # noqa: E402
from tests.distributed.site import serve_site  # noqa: E402

Restart = tuple[Callable[[], None], Callable[[], None]]
MILLION = 1_000_000
BATCH = 10_000  # pipeline batch for the memory fills


@contextmanager
def spare_redis(workdir: Path, *, persistent: bool) -> Iterator[tuple[str, Restart]]:
    """A redis-server on a free port; yields (url, (stop, start)). AOF-backed if ``persistent``."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"redis://127.0.0.1:{port}/0"
    command = [
        "redis-server",
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "yes" if persistent else "no",
        "--appendfsync",
        "always",
        "--dir",
        str(workdir),
        "--daemonize",
        "yes",
    ]

    def start() -> None:
        subprocess.run(command, check=True, capture_output=True)
        client = redis_client(url)
        for _ in range(200):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server on port {port} did not start")

    def stop() -> None:
        with suppress(redis.ConnectionError):  # already down
            redis_client(url).shutdown()

    start()
    try:
        yield url, (stop, start)
    finally:
        stop()


def children_cpu() -> float:
    """CPU seconds (user + system) of the worker processes that have exited so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def throughput(url: str, workers: int, articles: int, workdir: Path) -> dict[str, float]:
    cpu_before = children_cpu()
    with serve_site(articles=articles) as site:
        crawl = Crawl(
            url,
            f"bench-tp-{workers}",
            site.base,
            workdir / f"tp{workers}",
            concurrency=16,
            idle=3.0,
            log_level="WARNING",
        )
        crawl.workdir.mkdir()
        for _ in range(workers):
            crawl.start_worker()
        # WARNING level hides the "opened" line: give the workers time to start instead.
        time.sleep(3 + workers)
        crawl.seed()
        crawl.wait_all(timeout=900)
        seconds = site.last_fetch - site.first_fetch
        fetched = sum(site.fetch_counts().values())
    stored = crawl.stored()
    return {
        "workers": workers,
        "pages": fetched,
        "seconds": seconds,
        "pages_per_s": fetched / seconds,
        "articles": len(stored),
        "cpu_ms_per_page": (children_cpu() - cpu_before) * 1000 / fetched,
        "duplicates": sum(stored.values()) - len(stored),
    }


def local_baseline(articles: int, workdir: Path) -> dict[str, float]:
    """One process with Scrapy's own scheduler and dupefilter: what Redis costs."""
    cpu_before = children_cpu()
    with serve_site(articles=articles) as site:
        out = workdir / "local.jsonl"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "tests.distributed.worker",
                "--local",
                "--redis",
                "redis://unused",
                "--prefix",
                "-",
                "--site",
                site.base,
                "--out",
                str(out),
                "--concurrency",
                "16",
                "--log-level",
                "WARNING",
            ],
            cwd=REPO_ROOT,
            check=True,
        )
        seconds = site.last_fetch - site.first_fetch
        fetched = sum(site.fetch_counts().values())
    return {
        "pages": fetched,
        "seconds": seconds,
        "pages_per_s": fetched / seconds,
        "cpu_ms_per_page": (children_cpu() - cpu_before) * 1000 / fetched,
    }


def used_memory(client: redis.Redis) -> int:
    return int(client.info("memory")["used_memory"])


def memory_per_million(url: str) -> dict[str, float]:
    client = redis_client(url)
    client.flushall()
    results: dict[str, float] = {}

    before = used_memory(client)
    params = BloomParams(10 * MILLION, 0.001)
    bloom = RedisBloom(client, "bench:seen", params)
    for start in range(0, MILLION, BATCH):
        bloom.add_many(
            hashlib.sha1(f"https://site{n % 1000}.example/a/{n}".encode()).digest()
            for n in range(start, start + BATCH)
        )
    results["bloom_mb_1m"] = (used_memory(client) - before) / 2**20
    results["bloom_mb_10m"] = params.megabytes  # fixed-size bitmap: the same at 10M
    results["bloom_count"] = bloom.count()
    client.flushall()

    before = used_memory(client)
    for start in range(0, MILLION, BATCH):  # scrapy-redis RFPDupeFilter: SHA-1 hex per URL
        client.sadd(
            "bench:dupefilter",
            *(hashlib.sha1(str(n).encode()).hexdigest() for n in range(start, start + BATCH)),
        )
    results["set_mb_1m"] = (used_memory(client) - before) / 2**20
    client.flushall()

    from scrapy import Request
    from scrapy_redis import picklecompat

    queued = 100_000
    before = used_memory(client)
    queue = FairLeaseQueue(client, "bench:q", lease_seconds=60)
    pipe_queue = FairLeaseQueue(client.pipeline(transaction=False), "bench:q", lease_seconds=60)
    for start in range(0, queued, BATCH):
        for n in range(start, start + BATCH):
            request = Request(
                f"https://site{n % 1000}.example/news/2026/11/21/story-{n}.html",
                meta={
                    "newscrawl": {
                        "site": f"site{n % 1000}",
                        "kind": "article",
                        "depth": 1,
                        "page": 1,
                    }
                },
                priority=20,
            )
            pipe_queue.push(
                f"site{n % 1000}.example", picklecompat.dumps(request.to_dict()), request.priority
            )
        pipe_queue.server.execute()
    assert queue.pending() == queued
    results["queue_mb_1m"] = (used_memory(client) - before) / 2**20 * (MILLION / queued)
    client.flushall()
    return results


def articles_in(database: str) -> tuple[int, int]:
    engine = sa.create_engine(database)
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT count(*), count(DISTINCT url) FROM articles"))
        total, distinct = rows.one()
    engine.dispose()
    return int(total), int(distinct)


def kill_nine(url: str, workdir: Path, articles: int) -> dict[str, int]:
    database = f"sqlite:///{workdir / 'kill.db'}"
    with serve_site(articles=articles, delay=0.3) as site:
        crawl = Crawl(
            url, "bench-kill", site.base, workdir / "kill", concurrency=4, database=database
        )
        crawl.workdir.mkdir()
        victim = crawl.start_worker()
        crawl.wait_until_open()
        crawl.seed()
        crawl.wait_for_rows(articles // 4)
        in_flight = redis_client(url).zcard("bench-kill:deadlines")
        crawl.kill(victim)
        crawl.start_worker()
        crawl.wait_all(timeout=600)
        expected = site.article_urls()
    return failure_counts(crawl, expected, database) | {"leases_at_kill": in_flight}


def redis_restart(
    url: str, restart: Restart, workdir: Path, articles: int, down_seconds: float
) -> dict[str, int]:
    stop, start = restart
    database = f"sqlite:///{workdir / 'restart.db'}"
    with serve_site(articles=articles, delay=0.3) as site:
        crawl = Crawl(
            url, "bench-restart", site.base, workdir / "restart", concurrency=4, database=database
        )
        crawl.workdir.mkdir()
        crawl.start_worker()
        crawl.start_worker()
        crawl.wait_until_open()
        crawl.seed()
        crawl.wait_for_rows(articles // 4)
        stop()
        time.sleep(down_seconds)
        start()
        crawl.wait_all(timeout=600)
        expected = site.article_urls()
        fetched_twice = sum(1 for n in site.fetch_counts().values() if n > 1)
    return failure_counts(crawl, expected, database) | {"urls_fetched_twice": fetched_twice}


def failure_counts(crawl: Crawl, expected: set[str], database: str) -> dict[str, int]:
    stored = crawl.stored()
    rows, distinct = articles_in(database)
    return {
        "articles": len(expected),
        "lost": len(expected - set(stored)),
        "redeliveries": sum(stored.values()) - len(stored),
        "db_rows": rows,
        "duplicate_rows": rows - distinct,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--articles", type=int, default=3000, help="throughput site size")
    parser.add_argument("--failure-articles", type=int, default=80)
    parser.add_argument(
        "--down-seconds",
        type=float,
        default=60.0,
        help="how long Redis stays down in the restart test",
    )
    parser.add_argument(
        "--skip", action="append", default=[], choices=["throughput", "memory", "kill", "restart"]
    )
    args = parser.parse_args(argv)
    # SIGTERM runs the finally blocks too: the spare redis-server is shut down.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    if shutil.which("redis-server") is None:
        parser.error("redis-server is not installed")
    workdir = Path(tempfile.mkdtemp(prefix="nc-dist-bench-"))
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs\n")
    with spare_redis(workdir, persistent=True) as (url, restart):
        if "throughput" not in args.skip:
            print(
                "| workers | pages | seconds | pages/s | speed-up | worker CPU ms/page | "
                "articles stored | duplicate deliveries |\n|---|---|---|---|---|---|---|---|"
            )
            local = local_baseline(args.articles, workdir)
            print(
                f"| 1, no Redis (Scrapy scheduler) | {local['pages']} | "
                f"{local['seconds']:.1f} | {local['pages_per_s']:.0f} | | "
                f"{local['cpu_ms_per_page']:.1f} | | |",
                flush=True,
            )
            base = None
            for workers in (1, 2, 4):
                result = throughput(url, workers, args.articles, workdir)
                base = base or result["pages_per_s"]
                print(
                    f"| {workers} | {result['pages']} | {result['seconds']:.1f} | "
                    f"{result['pages_per_s']:.0f} | {result['pages_per_s'] / base:.2f}x | "
                    f"{result['cpu_ms_per_page']:.1f} | {result['articles']} | "
                    f"{result['duplicates']} |",
                    flush=True,
                )
        if "memory" not in args.skip:
            memory = memory_per_million(url)
            print(
                f"\nBloom dupefilter (capacity 10M, p=0.001): {memory['bloom_mb_1m']:.1f} MiB "
                f"after 1M URLs ({memory['bloom_count']} counted new), "
                f"{memory['bloom_mb_10m']:.1f} MiB at 10M (fixed size)"
            )
            print(
                f"scrapy-redis fingerprint set: {memory['set_mb_1m']:.1f} MiB per 1M URLs "
                f"(~{memory['set_mb_1m'] * 10:.0f} MiB for 10M)"
            )
            print(f"Queued requests: {memory['queue_mb_1m']:.0f} MiB per 1M", flush=True)
        if "kill" not in args.skip:
            print(f"\nkill -9: {kill_nine(url, workdir, args.failure_articles)}", flush=True)
        if "restart" not in args.skip:
            result = redis_restart(url, restart, workdir, args.failure_articles, args.down_seconds)
            print(f"Redis restart ({args.down_seconds:.0f} s down): {result}", flush=True)
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")
    shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
