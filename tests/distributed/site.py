"""A tiny news site for the distributed tests, served from a thread; counts every fetch.

``/list`` links to every published article, to ``/missing`` (404) and to ``/list?page=2``;
``/a/<n>`` is an article linking to its neighbours (so workers discover each article several
times and the dupefilter has work to do). ``publish()`` adds articles between rounds.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class NewsSite:
    articles: int
    delay: float = 0.0  # seconds an article response takes (to catch workers mid-crawl)
    port: int = 0
    fetches: Counter[str] = field(default_factory=Counter)
    first_fetch: float = 0.0  # time.monotonic() of the first and last request served
    last_fetch: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def list_url(self) -> str:
        return f"{self.base}/list"

    def article_urls(self) -> set[str]:
        return {f"{self.base}/a/{n}" for n in range(self.articles)}

    def publish(self, count: int) -> set[str]:
        with self.lock:
            first = self.articles
            self.articles += count
        return {f"{self.base}/a/{n}" for n in range(first, first + count)}

    def fetch_counts(self) -> Counter[str]:
        with self.lock:
            return Counter({f"{self.base}{path}": n for path, n in self.fetches.items()})

    def reset_counts(self) -> None:
        with self.lock:
            self.fetches.clear()
            self.first_fetch = self.last_fetch = 0.0

    def page(self, path: str) -> tuple[int, str]:
        if path in ("/list", "/list?page=2"):
            links = "".join(f'<a href="/a/{n}">Story {n}</a>\n' for n in range(self.articles))
            return 200, (
                f'<html><body>{links}<a href="/missing">gone</a>'
                '<a href="/list?page=2">more</a></body></html>'
            )
        if path.startswith("/a/") and path[3:].isdigit() and int(path[3:]) < self.articles:
            n = int(path[3:])
            time.sleep(self.delay)
            neighbours = "".join(
                f'<a href="/a/{m}">x</a>' for m in (n - 1, n + 1) if 0 <= m < self.articles
            )
            return 200, (
                f"<html><head><title>Story {n}</title></head><body><h1>Story {n}</h1>"
                f"<p>Body of story {n}.</p>{neighbours}</body></html>"
            )
        return 404, "<html><body>not found</body></html>"


class _Handler(BaseHTTPRequestHandler):
    site: NewsSite

    def do_GET(self) -> None:
        with self.site.lock:
            self.site.fetches[self.path] += 1
            self.site.last_fetch = time.monotonic()
            self.site.first_fetch = self.site.first_fetch or self.site.last_fetch
        status, body = self.site.page(self.path)
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        # The client may have been killed mid-response (kill -9 tests).
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:  # quiet test output
        pass


@contextmanager
def serve_site(articles: int, delay: float = 0.0) -> Iterator[NewsSite]:
    site = NewsSite(articles=articles, delay=delay)
    handler = type("Handler", (_Handler,), {"site": site})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    site.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        httpd.shutdown()
        httpd.server_close()
