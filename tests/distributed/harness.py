"""Drive a distributed crawl of a test site from Python: seed, start/kill workers, read results.

Shared by tests/distributed and benchmarks/distributed.py. Workers are real processes
(``python -m tests.distributed.worker``) talking to a real Redis.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import redis

from newscrawl.distributed.recrawl_rounds import RoundScheduler
from newscrawl.distributed.seeding import Seeder, build_spider, spider_sites
from tests.distributed.site_spider import SiteSpider

REPO_ROOT = Path(__file__).resolve().parents[2]
# Small seen sets for tests (a 10M-URL filter is a 17 MB bitmap per test); the workers adopt the
# size stored with the filter by whoever creates it first.
BLOOM_CAPACITY = 100_000


@dataclass
class Crawl:
    redis_url: str
    prefix: str
    site_base: str
    workdir: Path
    lease: float = 3.0
    idle: float = 2.0
    concurrency: int = 8
    database: str | None = None  # also upsert into this news database (benchmark)
    log_level: str = "INFO"
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def server(self) -> redis.Redis:
        return redis.Redis.from_url(self.redis_url)

    def rounds(self) -> RoundScheduler:
        spider = build_spider(
            SiteSpider, {"NEWSCRAWL_BLOOM_CAPACITY": BLOOM_CAPACITY}, site=self.site_base
        )
        server = self.server()
        return RoundScheduler(server, Seeder(server, self.prefix, spider), spider_sites(spider))

    def seed(self) -> list[str]:
        enqueued, _ = self.rounds().run_once(force=True)
        return enqueued

    def start_worker(self, *, idle: float | None = None) -> subprocess.Popen[bytes]:
        number = len(self.workers)
        log = (self.workdir / f"worker-{number}.log").open("wb")
        command = [
            sys.executable,
            "-m",
            "tests.distributed.worker",
            "--redis",
            self.redis_url,
            "--prefix",
            self.prefix,
            "--site",
            self.site_base,
            "--out",
            str(self.workdir / f"worker-{number}.jsonl"),
            "--lease",
            str(self.lease),
            "--idle",
            str(self.idle if idle is None else idle),
            "--concurrency",
            str(self.concurrency),
            "--log-level",
            self.log_level,
        ]
        if self.database:
            command += ["--database", self.database]
        process = subprocess.Popen(command, cwd=REPO_ROOT, stdout=log, stderr=subprocess.STDOUT)
        self.workers.append(process)
        return process

    def rows(self) -> list[dict[str, object]]:
        rows = []
        for path in sorted(self.workdir.glob("worker-*.jsonl")):
            rows += [json.loads(line) for line in path.read_text().splitlines() if line]
        return rows

    def stored(self) -> Counter[str]:
        """Deliveries per article URL (an idempotent store keeps one row per URL)."""
        return Counter(str(row["url"]) for row in self.rows())

    def wait_for_rows(self, count: int, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while len(self.rows()) < count:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"only {len(self.rows())} of {count} rows after {timeout}s\n{self.logs()}"
                )
            time.sleep(0.05)

    def wait_until_open(self, timeout: float = 60.0) -> None:
        """Until every started worker's scheduler is open (so all of them see the seed)."""
        deadline = time.monotonic() + timeout
        while self.log_text().count("Distributed scheduler on") < len(self.workers):
            if time.monotonic() > deadline:
                raise AssertionError(f"workers did not open in {timeout}s\n{self.logs()}")
            time.sleep(0.1)

    def wait_all(self, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        for process in self.workers:
            remaining = max(deadline - time.monotonic(), 0.1)
            try:
                process.wait(remaining)
            except subprocess.TimeoutExpired:
                self.stop_all()
                raise AssertionError(f"worker {process.pid} still running\n{self.logs()}") from None

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        """``kill -9``: no shutdown code runs, in-flight leases stay in Redis."""
        os.kill(process.pid, signal.SIGKILL)
        process.wait()

    def stop_all(self) -> None:
        stop_processes(self.workers, grace_seconds=15)

    def logs(self) -> str:
        return "\n".join(
            f"--- {path.name}\n{path.read_text(errors='replace')[-3000:]}"
            for path in sorted(self.workdir.glob("worker-*.log"))
        )

    def log_text(self) -> str:
        return "\n".join(
            path.read_text(errors="replace") for path in sorted(self.workdir.glob("worker-*.log"))
        )


def stop_processes(processes: list[subprocess.Popen[bytes]], grace_seconds: float) -> None:
    """SIGTERM every live process, then SIGKILL whichever is still alive after the grace time."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(grace_seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
