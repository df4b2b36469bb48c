"""The copies farm's server process (the model is tests/farm/copies.py).

    python -m tests.farm.copies_server --sites 3 --articles 10 [--dead N] [--empty N]

prints ``FARM READY <port>``. Kept apart from the model because importing the reactor here
would install it in any test process that imports the model.
"""

from __future__ import annotations

import argparse
import json
import sys
from urllib.parse import urlsplit

from twisted.internet import reactor
from twisted.web import server

from .copies import CopiesModel
from .server import FarmResource


class CopiesResource(FarmResource):
    """The farm server's resource with one more control command: ``fetches``."""

    model: CopiesModel  # type: ignore[assignment]

    def render(self, request: server.Request) -> bytes | int:
        target = urlsplit(request.uri.decode("latin-1"))
        host = target.netloc or (request.getHeader("host") or "")
        if self.model.is_dead(host):
            request.transport.abortConnection()  # type: ignore[union-attr]
            return server.NOT_DONE_YET
        return super().render(request)

    def _control(self, request: server.Request, target: str) -> bytes:
        if target.startswith("/__farm__/fetches"):
            request.setHeader(b"content-type", b"application/json")
            return json.dumps(dict(self.model.fetches)).encode()
        return super()._control(request, target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sites", type=int, default=3)
    parser.add_argument("--articles", type=int, default=10)
    parser.add_argument("--dead", type=int, default=0)
    parser.add_argument("--empty", type=int, default=0)
    args = parser.parse_args(argv)
    model = CopiesModel(args.sites, args.articles, dead=args.dead, empty=args.empty)
    site = server.Site(CopiesResource(model))  # type: ignore[arg-type]
    site.noisy = False
    site.log = lambda _request: None
    port = reactor.listenTCP(0, site, interface="127.0.0.1")  # type: ignore[attr-defined]
    print(f"FARM READY {port.getHost().port}", flush=True)
    reactor.run()  # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    sys.exit(main())
