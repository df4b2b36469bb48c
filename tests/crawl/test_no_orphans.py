"""kill -9 of a crawler leaves no process behind: not its extraction workers (busy with a
page or idle) and not multiprocessing's resource tracker. Single-process and Redis worker."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from .conftest import crawl_command

REDIS_URL = "redis://127.0.0.1:6379/0"
# Generous: the workers notice their parent is gone within a second or two; this only
# bounds a failing test.
EXIT_DEADLINE_SECONDS = 60.0
START_DEADLINE_SECONDS = 120.0


def process_table() -> dict[int, tuple[int, str, str]]:
    """pid -> (parent pid, state, command line) of every process (from /proc)."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # ended meanwhile
            continue
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses
        state, ppid = stat[stat.rindex(")") + 2 :].split()[:2]
        table[int(entry.name)] = (int(ppid), state, command)
    return table


def descendants(root: int) -> dict[int, str]:
    table = process_table()
    found: dict[int, str] = {}
    parents = {root}
    while parents:
        children = {
            pid for pid, (ppid, _, _) in table.items() if ppid in parents and pid not in found
        }
        found.update({pid: table[pid][2] for pid in children})
        parents = children
    return found


def alive(pid: int) -> bool:
    entry = process_table().get(pid)
    return entry is not None and entry[1] != "Z"  # a zombie has exited


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.ConnectionError as error:
        pytest.skip(f"Redis not reachable at {REDIS_URL}: {error}")
    value = f"nctest:{uuid.uuid4().hex[:12]}"
    yield value
    keys = list(client.scan_iter(match=f"{value}*", count=1000))
    if keys:
        client.delete(*keys)


def kill_crawler_mid_crawl(farm, tmp_path, settings: dict[str, str]) -> dict[int, str]:
    """Start a crawl whose one slow page holds an extraction worker, kill -9 the crawler once
    its workers and the resource tracker run; the crawler's descendants at that moment."""
    slow = min(farm.model.expected())
    command, env = crawl_command(
        farm,
        tmp_path,
        f"sqlite:///{tmp_path / 'news.db'}",
        settings={"NEWSCRAWL_EXTRACT_PROCESSES": "2", "NEWSCRAWL_EXTRACT_TIMEOUT": "0", **settings},
        runner="tests.crawl.slow_extraction",
        env_extra={
            "SLOW_PAGE_URL": slow,
            "SLOW_PAGE_SECONDS": "3600",
            "SLOW_PAGE_STARTED": str(tmp_path / "slow-page-started"),
        },
    )
    log = (tmp_path / "crawl.log").open("wb")
    crawler = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_DEADLINE_SECONDS
        while True:
            children = descendants(crawler.pid)
            commands = " ".join(children.values())
            if (
                "resource_tracker" in commands
                and "spawn_main" in commands
                and (tmp_path / "slow-page-started").exists()
            ):
                break
            assert crawler.poll() is None, (tmp_path / "crawl.log").read_text()[-3000:]
            assert time.monotonic() < deadline, f"no extraction workers: {children}"
            time.sleep(0.2)
        children = descendants(crawler.pid)
    finally:
        os.kill(crawler.pid, signal.SIGKILL)
        crawler.wait()
    return children


def wait_until_gone(children: dict[int, str]) -> dict[int, str]:
    deadline = time.monotonic() + EXIT_DEADLINE_SECONDS
    while (
        left := {pid: cmd for pid, cmd in children.items() if alive(pid)}
    ) and time.monotonic() < deadline:
        time.sleep(0.5)
    for pid in left:  # do not leave them to the next test
        os.kill(pid, signal.SIGKILL)
    return left


def test_kill_9_of_a_crawler_leaves_no_child_process(farm, tmp_path):
    children = kill_crawler_mid_crawl(farm, tmp_path, {})
    assert len(children) >= 2
    assert wait_until_gone(children) == {}


def test_kill_9_of_a_redis_worker_leaves_no_child_process(farm, tmp_path, redis_prefix):
    children = kill_crawler_mid_crawl(
        farm,
        tmp_path,
        {
            "NEWSCRAWL_REDIS_URL": REDIS_URL,
            "NEWSCRAWL_REDIS_PREFIX": redis_prefix,
            "NEWSCRAWL_WORKER_START_REQUESTS": "1",
            "NEWSCRAWL_BLOOM_CAPACITY": "100000",
        },
    )
    assert len(children) >= 2
    assert wait_until_gone(children) == {}
