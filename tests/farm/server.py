"""The farm's HTTP server: many virtual news sites on one port, chosen by the Host header.

Crawlers reach it as an HTTP proxy (``http_proxy=http://127.0.0.1:PORT``): proxied requests
carry an absolute URL and the site's Host header. Control endpoints on ``127.0.0.1``:
``POST /__farm__/publish?site=NAME&count=N`` (site optional: every site) and ``GET /__farm__/ping``.

Run as ``python -m tests.farm.server --sites 3 --articles 6``; it prints ``FARM READY <port>``.
"""

from __future__ import annotations

import argparse
import json
import sys
from urllib.parse import urlsplit

from twisted.internet import reactor, task
from twisted.web import resource, server

from .model import FarmModel, parse_publish_query

CONTROL_PREFIX = "/__farm__/"


class FarmResource(resource.Resource):
    isLeaf = True

    def __init__(self, model: FarmModel) -> None:
        super().__init__()
        self.model = model
        self.requests = 0

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
        response = self.model.route(host, target)
        request.setResponseCode(response.status)
        request.setHeader(b"content-type", response.content_type.encode())
        if response.location:
            request.setHeader(b"location", response.location.encode())
        if response.delay:
            def finish() -> None:
                if not request.finished and not request._disconnected:
                    request.write(response.body)
                    request.finish()
            task.deferLater(reactor, response.delay, finish)
            return server.NOT_DONE_YET
        return response.body

    def _control(self, request: server.Request, target: str) -> bytes:
        parts = urlsplit(target)
        request.setHeader(b"content-type", b"application/json")
        command = parts.path[len(CONTROL_PREFIX):]
        if command == "ping":
            return json.dumps({"sites": len(self.model.sites), "requests": self.requests}).encode()
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sites", type=int, default=3)
    parser.add_argument("--articles", type=int, default=6)
    parser.add_argument("--pool", default="mixed", choices=("mixed", "zh", "en"))
    parser.add_argument("--no-specials", action="store_true")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    model = FarmModel(args.sites, args.articles, pool=args.pool, specials=not args.no_specials)
    site = server.Site(FarmResource(model))
    site.noisy = False
    site.log = lambda _request: None  # no access log: the benchmark serves ~25,000 pages
    port = reactor.listenTCP(args.port, site, interface="127.0.0.1", backlog=1024)
    print(f"FARM READY {port.getHost().port}", flush=True)
    reactor.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
