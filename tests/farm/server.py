"""The farm's HTTP server: many virtual news sites on one port, chosen by the Host header.

Crawlers reach it as an HTTP proxy (``http_proxy=http://127.0.0.1:PORT``): proxied requests
carry an absolute URL and the site's Host header. With ``--direct`` (hostile farms) the site
URLs carry the farm's port and the crawler resolves the names itself
(tests/farm/resolver.py). With ``--latency-ms N`` every site response is held back N ms before
it is sent, without holding up any other (the reactor keeps serving): a crawl of the farm is
then bound by latency, like a crawl of the real web, not by the crawler's CPU.

Control endpoints on ``127.0.0.1``: ``POST /__farm__/publish?site=NAME&count=N`` (site
optional: every site), ``GET /__farm__/ping`` (site count, requests served, and the wall-clock
times of the first and last site request) and ``GET /__farm__/hits?path=/robots.txt``
(requests for that path, by host).

Run as ``python -m tests.farm.server --sites 3 --articles 6``; it prints ``FARM READY <port>``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from urllib.parse import parse_qs, urlsplit

from twisted.internet import reactor, task
from twisted.web import resource, server

from .model import FarmModel, parse_publish_query

CONTROL_PREFIX = "/__farm__/"


class FarmResource(resource.Resource):
    isLeaf = True

    def __init__(self, model: FarmModel, latency: float = 0.0) -> None:
        super().__init__()
        self.model = model
        self.latency = latency  # seconds added to every site response
        self.requests = 0
        self.first_request_at = 0.0  # time.time() of the first and last site request
        self.last_request_at = 0.0
        self.hits: Counter[tuple[str, str]] = Counter()  # (host, path) -> requests

    def render(self, request: server.Request) -> bytes | int:
        self.requests += 1
        target = request.uri.decode("latin-1")
        parts = urlsplit(target)
        host = (request.getHeader("host") or "").lower()
        if parts.scheme and parts.netloc:  # proxied: absolute URL
            host = parts.netloc.lower()
            target = parts.path + (f"?{parts.query}" if parts.query else "")
        if target.startswith(CONTROL_PREFIX):
            return self._control(request, target)
        self.last_request_at = time.time()
        self.first_request_at = self.first_request_at or self.last_request_at
        key = (host.split(":")[0], urlsplit(target).path or "/")
        self.hits[key] += 1
        response = self.model.route(host, target, self.hits[key])
        if response.action:
            return _misbehave(request, response.action)
        request.setResponseCode(response.status)
        request.setHeader(b"content-type", response.content_type.encode())
        if response.location:
            request.setHeader(b"location", response.location.encode())
        if response.retry_after is not None:
            request.setHeader(b"retry-after", str(response.retry_after).encode())
        delay = response.delay + self.latency
        if delay:

            def finish() -> None:
                if not request.finished and not request._disconnected:
                    request.write(response.body)
                    request.finish()

            task.deferLater(reactor, delay, finish)
            return server.NOT_DONE_YET
        return response.body

    def _control(self, request: server.Request, target: str) -> bytes:
        parts = urlsplit(target)
        request.setHeader(b"content-type", b"application/json")
        command = parts.path[len(CONTROL_PREFIX) :]
        if command == "ping":
            return json.dumps(
                {
                    "sites": len(self.model.sites),
                    "requests": self.requests,
                    "first_request_at": self.first_request_at,
                    "last_request_at": self.last_request_at,
                }
            ).encode()
        if command == "hits":
            path = parse_qs(parts.query).get("path", ["/robots.txt"])[0]
            return json.dumps(
                {host: count for (host, p), count in self.hits.items() if p == path}
            ).encode()
        if command == "publish" and request.method == b"POST":
            site, count = parse_publish_query(parts.query)
            try:
                new = self.model.publish(site, count)
            except (KeyError, ValueError) as error:
                request.setResponseCode(400)
                return json.dumps({"error": str(error)}).encode()
            return json.dumps({"published": [a.site + a.path for a in new]}).encode()
        request.setResponseCode(404)
        return b'{"error": "unknown farm command"}'


def _misbehave(request: server.Request, action: str) -> int:
    """Answer as a broken server would: never, a byte a second, or cut off mid-body."""
    body = b"<html><body>" + b"<p>A page that never arrives in full.</p>" * 100 + b"</body></html>"
    if action == "blackhole":
        return server.NOT_DONE_YET
    if action == "trickle":
        request.setHeader(b"content-length", str(len(body)).encode())
        remaining = iter(body)
        loop = task.LoopingCall(lambda: request.write(bytes([next(remaining, 32)])))
        request.notifyFinish().addBoth(lambda _: loop.stop() if loop.running else None)
        loop.start(1.0)
        return server.NOT_DONE_YET
    if action == "reset":
        request.setHeader(b"content-length", str(len(body)).encode())
        request.write(body[: len(body) // 2])
        request.channel.transport.abortConnection()
        return server.NOT_DONE_YET
    raise ValueError(f"unknown farm action {action!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sites", type=int, default=3)
    parser.add_argument("--articles", type=int, default=6)
    parser.add_argument("--pool", default="mixed", choices=("mixed", "zh", "en"))
    parser.add_argument("--no-specials", action="store_true")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument(
        "--direct",
        action="store_true",
        help="site URLs carry the farm's port (no proxy; hostile farms)",
    )
    parser.add_argument(
        "--hostile",
        type=float,
        default=0.0,
        help="share of sites in a hostile mode (tests/farm/hostile.py)",
    )
    parser.add_argument("--modes", default="", help="comma-separated modes of the first sites")
    parser.add_argument(
        "--latency-ms",
        type=float,
        default=0.0,
        help="hold every site response back this long (a latency-bound crawl)",
    )
    args = parser.parse_args(argv)
    model = FarmModel(
        args.sites,
        args.articles,
        pool=args.pool,
        specials=not args.no_specials,
        hostile=args.hostile,
        modes=[m for m in args.modes.split(",") if m],
    )
    site = server.Site(FarmResource(model, latency=args.latency_ms / 1000))
    site.noisy = False
    site.log = lambda _request: None  # no access log: the benchmark serves ~25,000 pages
    port = reactor.listenTCP(args.port, site, interface="127.0.0.1", backlog=1024)
    if args.direct:
        model.bind_port(port.getHost().port)
    print(f"FARM READY {port.getHost().port}", flush=True)
    reactor.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
