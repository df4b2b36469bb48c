"""Start and drive the farm server from Python (tests, benchmarks, distributed tests)."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, Self

from .model import FarmArticle, FarmModel

REPO_ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0  # loading the page pool takes a few seconds on a busy machine


class FarmTraffic(NamedTuple):
    requests: int  # every request the server answered, control requests included
    first_request_at: float  # time.time() of the first and last site request (0: none yet)
    last_request_at: float


class FarmHandle(tuple[str, int, Callable[[], None]]):
    """A running farm. Unpacks as ``host, port, stop``; ``model`` mirrors the server's state."""

    model: FarmModel
    process: subprocess.Popen[str]
    direct: bool  # site URLs carry the port: crawl without the proxy, with FarmResolver

    def __new__(
        cls,
        host: str,
        port: int,
        stop: Callable[[], None],
        model: FarmModel,
        process: subprocess.Popen[str],
        direct: bool = False,
    ) -> Self:
        handle = super().__new__(cls, (host, port, stop))
        handle.model = model
        handle.process = process
        handle.direct = direct
        return handle

    @property
    def host(self) -> str:
        return self[0]

    @property
    def port(self) -> int:
        return self[1]

    def stop(self) -> None:
        self[2]()

    @property
    def proxy_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def hits(self, path: str = "/robots.txt") -> dict[str, int]:
        """How many requests the server got for ``path``, by host name."""
        return self._control_get(f"hits?path={path}")

    def served(self) -> FarmTraffic:
        """Site requests served so far, and when the first and the last of them came in."""
        state = self._control_get("ping")
        return FarmTraffic(
            int(state["requests"]), state["first_request_at"], state["last_request_at"]
        )

    def _control_get(self, command: str) -> dict[str, Any]:
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(f"{self.proxy_url}/__farm__/{command}", timeout=10) as response:
            result: dict[str, Any] = json.load(response)
        return result

    def publish(self, site: str | None = None, count: int = 1) -> list[FarmArticle]:
        """Publish new articles on the server and in :attr:`model` alike."""
        query = f"count={count}" + (f"&site={site}" if site else "")
        request = urllib.request.Request(
            f"{self.proxy_url}/__farm__/publish?{query}", method="POST", data=b""
        )
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(request, timeout=10) as response:
            json.load(response)
        return self.model.publish(site, count)


def launch_server(
    command: list[str], what: str
) -> tuple[subprocess.Popen[str], int, Callable[[], None]]:
    """Run a farm server module, wait for its ``FARM READY <host> <port>`` line and return the
    process, its port and a function that stops it (terminate, then kill after 10 s)."""
    process = subprocess.Popen(command, cwd=REPO_ROOT, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()  # blocks until the server is listening (or died)
    if not line.startswith("FARM READY"):
        process.kill()
        raise RuntimeError(f"{what} failed to start: {line!r} (exit {process.poll()})")

    def stop() -> None:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stdout:
            process.stdout.close()

    return process, int(line.split()[2]), stop


def start_farm(
    sites: int = 3,
    articles: int = 6,
    *,
    pool: str = "mixed",
    specials: bool = True,
    direct: bool = False,
    hostile: float = 0.0,
    modes: list[str] | None = None,
    latency_ms: float = 0.0,
) -> FarmHandle:
    """Start a farm server in a child process on a free port of 127.0.0.1.

    ``direct``: site URLs carry the port and are crawled without a proxy, names resolved by
    tests/farm/resolver.py; ``hostile``/``modes`` give sites failure modes (hostile.py);
    ``latency_ms`` holds every site response back that long (server.py).
    """
    model = FarmModel(sites, articles, pool=pool, specials=specials, hostile=hostile, modes=modes)
    command = [
        sys.executable,
        "-m",
        "tests.farm.server",
        "--sites",
        str(sites),
        "--articles",
        str(articles),
        "--pool",
        pool,
        "--hostile",
        str(hostile),
        "--modes",
        ",".join(modes or []),
        "--latency-ms",
        str(latency_ms),
    ]
    if not specials:
        command.append("--no-specials")
    if direct:
        command.append("--direct")
    process, port, stop = launch_server(command, "farm server")
    if direct:
        model.bind_port(port)
    return FarmHandle("127.0.0.1", port, stop, model, process, direct)
