"""Fixtures for the distributed tests: the real local Redis (127.0.0.1:6379) under a unique key
prefix per test (deleted afterwards), and a tiny news site served from a thread."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from scrapy.utils.reactor import install_reactor, is_reactor_installed

from tests.distributed.site import NewsSite, serve_site

REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.fixture
def server() -> redis.Redis:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.ConnectionError as error:
        pytest.skip(f"Redis not reachable at {REDIS_URL}: {error}")
    return client


@pytest.fixture
def prefix(server: redis.Redis) -> Iterator[str]:
    """A key prefix nobody else uses; every key under it is deleted after the test."""
    value = f"nctest:{uuid.uuid4().hex[:12]}"
    yield value
    keys = list(server.scan_iter(match=f"{value}*", count=1000))
    if keys:
        server.delete(*keys)


@pytest.fixture
def site() -> Iterator[NewsSite]:
    with serve_site(articles=30) as running:
        yield running


class SpareRedis:
    """A throw-away redis-server on a free port (never the shared 6379) that tests may stop.

    It persists to an append-only file synced on every write, like a production Redis that
    must not lose the queue on restart (a Redis without persistence loses every queued
    request when it restarts, whatever the workers do).
    """

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        subprocess.run(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--dir",
                str(self.workdir),
                "--daemonize",
                "yes",
                "--pidfile",
                str(self.workdir / "redis.pid"),
            ],
            check=True,
            capture_output=True,
        )
        client = redis.Redis.from_url(self.url)
        for _ in range(100):
            try:
                client.ping()
                return
            except redis.ConnectionError:  # includes BusyLoadingError while the AOF loads
                time.sleep(0.05)
        raise RuntimeError(f"spare redis-server on port {self.port} did not start")

    def stop(self) -> None:
        with contextlib.suppress(redis.ConnectionError):  # already gone
            redis.Redis.from_url(self.url).shutdown()  # flushes the AOF, then exits

    def restart_empty(self) -> None:
        """Stop, lose every file, start: a Redis restarted without persistence."""
        self.stop()
        pid_file = self.workdir / "redis.pid"
        for _ in range(100):  # the daemon removes its pid file when it has exited
            if not pid_file.exists():
                break
            time.sleep(0.05)
        for path in self.workdir.iterdir():
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
        self.start()


@pytest.fixture
def spare_redis(tmp_path: Path) -> Iterator[SpareRedis]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server binary not installed")
    spare = SpareRedis(tmp_path / "redis")
    spare.workdir.mkdir()
    spare.start()
    yield spare
    spare.stop()


@pytest.fixture(scope="session")
def installed_reactor() -> None:
    """get_crawler wants an installed reactor; Scrapy's default (asyncio) unless one exists."""
    if not is_reactor_installed():
        install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")
