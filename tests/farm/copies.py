"""A farm whose articles are also reachable under non-canonical URLs, as on real news sites.

Sites ``c000``, ``c001``, … on ``<name>.copies.test`` (and ``m.<name>.copies.test``); each
article's canonical URL is ``/2024/05/17/story-N.html``. The home page links most articles
through a copy; the ``/latest/`` list links the canonical URL of all but one kind:

=====  ==================================  ===========================================
kind   home page links                     the page declares
=====  ==================================  ===========================================
0      canonical (and a ``utm_source`` copy) nothing
1      ``?from=home`` copy                 nothing (the tracking parameter decides)
2      ``?from=top`` copy (canonical never  ``<link rel=canonical>`` on every copy
       linked anywhere)
3      ``/m/`` path copy (mobile template)  nothing (desktop over mobile decides)
4      ``m.`` host copy (mobile template)   ``og:url`` on the mobile copy
=====  ==================================  ===========================================

Optional extra sites test site health: ``d000``… are dead (every connection is cut before
an answer) and ``e000``… are empty (a home page without a single article link).

Article text is generated (seeded, no data files). The server counts requests per article,
so a test can tell how many duplicate URLs a crawl fetched (``GET /__farm__/fetches``).

The server runs as ``python -m tests.farm.copies_server --sites 3 --articles 10`` (it prints
``FARM READY <port>``); :func:`start_copies_farm` starts it in a child process. This module
imports no reactor, so tests may import it.
"""

from __future__ import annotations

import html
import json
import random
import sys
import urllib.request
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlsplit

from .control import FarmHandle, launch_server
from .model import Response

DOMAIN = "copies.test"
KINDS = 5
_SOURCE_TEXT = (
    "the council said on tuesday that new rules for river water would start next year after "
    "a long debate farmers in the valley have asked for more time to adapt their fields "
    "while city officials want cleaner supply for homes schools and hospitals experts "
    "warned that dry summers are becoming common and reservoirs fell to record lows last "
    "august the plan sets limits on pumping adds meters to large wells and funds repairs of "
    "old canals critics argue costs will fall on small growers who already face rising "
    "prices for seed fuel and labour supporters reply that without action shortages will "
    "hurt everyone and that grants cover most of the meters a public hearing is planned for "
    "march when residents can comment on maps of the affected areas and on the schedule for "
    "each stage"
)
_WORDS = _SOURCE_TEXT.split()


@dataclass(frozen=True, slots=True)
class CopiesSite:
    index: int
    name: str
    host: str
    kind: str = "copies"  # or "dead", "empty"
    # What tests.farm.sites_file reads.
    has_feed: bool = False
    style: str = "en"

    @property
    def base(self) -> str:
        return f"http://{self.host}"

    @property
    def mobile_base(self) -> str:
        return f"http://m.{self.host}"


def article_text(site: int, number: int) -> tuple[str, list[str]]:
    """(title, paragraphs) of one article: seeded word salad, distinct per article."""
    rng = random.Random(site * 100_003 + number)
    title = " ".join(rng.choice(_WORDS) for _ in range(7)).capitalize()
    title = f"{title} ({site}-{number})"
    paragraphs = [
        " ".join(rng.choice(_WORDS) for _ in range(rng.randint(45, 70))).capitalize() + "."
        for _ in range(6)
    ]
    return title, paragraphs


class CopiesModel:
    def __init__(self, sites: int, articles: int, *, dead: int = 0, empty: int = 0) -> None:
        if sites < 1 or articles < 1:
            raise ValueError("a farm needs at least one site with one article")
        self.articles = articles
        self.copies_sites = [
            CopiesSite(index, f"c{index:03d}", f"c{index:03d}.{DOMAIN}") for index in range(sites)
        ]
        self.sites = [
            *self.copies_sites,
            *(CopiesSite(i, f"d{i:03d}", f"d{i:03d}.{DOMAIN}", "dead") for i in range(dead)),
            *(CopiesSite(i, f"e{i:03d}", f"e{i:03d}.{DOMAIN}", "empty") for i in range(empty)),
        ]
        self._by_host = {site.host: site for site in self.sites}
        self.fetches: Counter[str] = Counter()  # canonical URL -> requests for any of its URLs

    # --- URLs ----------------------------------------------------------------------------
    @staticmethod
    def path(number: int) -> str:
        return f"/2024/05/17/story-{number}.html"

    def canonical(self, site: CopiesSite, number: int) -> str:
        return site.base + self.path(number)

    def home_link(self, site: CopiesSite, number: int) -> str:
        path = self.path(number)
        return {
            0: path + "?utm_source=homepage",
            1: path + "?from=home",
            2: path + "?from=top",
            3: "/m" + path,
            4: site.mobile_base + path,
        }[number % KINDS]

    def copies(self, site: CopiesSite, number: int) -> list[str]:
        """Every non-canonical URL of the article the crawler could be led to."""
        path = self.path(number)
        return [
            site.base + path + "?from=home",
            site.base + path + "?from=top",
            site.base + path + "?utm_source=homepage",
            site.base + "/m" + path,
            site.mobile_base + path,
        ]

    # --- what a crawl must store ---------------------------------------------------------
    def expected(self) -> dict[str, str]:
        """Canonical URL -> title, for every article."""
        return {
            self.canonical(site, number): article_text(site.index, number)[0]
            for site in self.copies_sites
            for number in range(self.articles)
        }

    def non_canonical(self) -> set[str]:
        return {
            url
            for site in self.copies_sites
            for number in range(self.articles)
            for url in self.copies(site, number)
        }

    def is_dead(self, host: str) -> bool:
        site = self._by_host.get(host.split(":")[0].lower())
        return site is not None and site.kind == "dead"

    # --- routing -------------------------------------------------------------------------
    def route(self, host: str, target: str, nth: int = 1) -> Response:
        """The answer for ``target`` on ``host``; the copies farm answers every request alike
        (``nth``, the request's count, is what the server passes every model)."""
        host = host.split(":")[0].lower()
        mobile_host = host.startswith("m.")
        site = self._by_host.get(host[2:] if mobile_host else host)
        if site is None:
            return Response(404, b"no such farm site", "text/plain")
        parts = urlsplit(target)
        path = parts.path
        if path == "/robots.txt":
            return Response(200, b"User-agent: *\nDisallow:\n", "text/plain")
        if site.kind == "empty":
            return self._page(_html(f"{site.name}", "<p>Under construction.</p>"))
        if path == "/" and not mobile_host:
            return self._page(self._home(site))
        if path == "/latest/" and not mobile_host:
            return self._page(self._latest(site))
        mobile_path = path.startswith("/m/")
        if mobile_path:
            path = path[2:]
        for number in range(self.articles):
            if path == self.path(number):
                self.fetches[self.canonical(site, number)] += 1
                return self._page(
                    self._article(
                        site, number, mobile=mobile_host or mobile_path, on_mobile_host=mobile_host
                    )
                )
        return Response(404, b"<html><body><h1>Not found</h1></body></html>")

    @staticmethod
    def _page(text: str) -> Response:
        return Response(200, text.encode("utf-8"))

    def _home(self, site: CopiesSite) -> str:
        items = "".join(
            f'<li><a href="{html.escape(self.home_link(site, n))}">'
            f"{html.escape(article_text(site.index, n)[0])}</a></li>"
            for n in range(self.articles)
        )
        return _html(
            f"{site.name} news",
            f"<nav><a href=\"/latest/\">Latest</a></nav><ul class='headlines'>{items}</ul>",
        )

    def _latest(self, site: CopiesSite) -> str:
        items = "".join(
            f'<li><a href="{self.path(n)}">{html.escape(article_text(site.index, n)[0])}</a></li>'
            for n in range(self.articles)
            if n % KINDS != 2
        )
        return _html(f"Latest - {site.name}", f"<ul class='list'>{items}</ul>")

    def _article(self, site: CopiesSite, number: int, *, mobile: bool, on_mobile_host: bool) -> str:
        title, paragraphs = article_text(site.index, number)
        kind = number % KINDS
        canonical = self.canonical(site, number)
        head = ""
        if kind == 2:
            head = f'<link rel="canonical" href="{self.path(number)}">'
        elif kind == 4 and on_mobile_host:
            head = f'<meta property="og:url" content="{canonical}">'
        body = "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs)
        # The mobile template has other chrome around the same article markup.
        chrome = (
            '<div class="m-top"><a href="/">Home</a></div>'
            if mobile
            else '<nav><a href="/">Home</a> <a href="/latest/">Latest</a></nav>'
        )
        return _html(title, f"{chrome}<article><h1>{html.escape(title)}</h1>{body}</article>", head)


def _html(title: str, body: str, head: str = "") -> str:
    return (
        f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{html.escape(title)}'
        f"</title>{head}</head><body>{body}<footer>© copies farm</footer></body></html>"
    )


def fetch_counts(farm: FarmHandle) -> Counter[str]:
    """Requests so far per article (any of its URLs), by canonical URL."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"{farm.proxy_url}/__farm__/fetches", timeout=10) as response:
        return Counter(json.load(response))


def duplicate_fetches(before: Counter[str], after: Counter[str]) -> int:
    """Article pages fetched beyond one per article between two :func:`fetch_counts`."""
    return sum(max(0, after[url] - before[url] - 1) for url in after)


def start_copies_farm(
    sites: int = 3, articles: int = 10, *, dead: int = 0, empty: int = 0
) -> FarmHandle:
    model = CopiesModel(sites, articles, dead=dead, empty=empty)
    process, port, stop = launch_server(
        [
            sys.executable,
            "-m",
            "tests.farm.copies_server",
            "--sites",
            str(sites),
            "--articles",
            str(articles),
            "--dead",
            str(dead),
            "--empty",
            str(empty),
        ],
        "copies farm",
    )
    return FarmHandle("127.0.0.1", port, stop, model, process)  # type: ignore[arg-type]
