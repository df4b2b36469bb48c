"""Hostile hosts: the failure modes of the real web, for the farm's direct (no proxy) mode.

Each farm site has a mode. ``healthy`` sites answer at once. The others, at rates that
resemble a big seed list (:data:`MODE_WEIGHTS`, a share ``hostile`` of all sites):

dead (a crawl gets nothing and must give the host up quickly)
  ``nxdomain``   the name does not resolve (the site lives under ``gone.test``)
  ``refused``    the name resolves, nothing listens (port 1 on 127.0.0.1)
  ``blackhole``  accepts the connection and never answers
  ``trickle``    answers one byte a second, forever
  ``dead_after_home``  robots.txt and the home page answer, every later request blackholes
hurt (every article is still reachable: retries and patience must get all of it)
  ``burst_5xx``    every third request of the host answers 503
  ``retry_after``  every other request answers 429 with ``Retry-After: 1``
  ``robots_timeout``  robots.txt never answers (Scrapy then allows everything)
  ``robots_5xx``   robots.txt answers 500
  ``redirect_chain``  the home page is reached through a chain of three redirects
broken (articles are lost, each loss counted; nothing crashes)
  ``reset``        article responses are cut mid-body (connection aborted)
  ``redirect_loop``  article URLs redirect in a loop
  ``not_html``     article-looking links serve a PDF
  ``wrong_charset``  GBK pages served as ``charset=utf-8`` (what a crawl makes of them is
                     not asserted)

Names resolve through :class:`tests.farm.resolver.FarmResolver` (Scrapy's ``TWISTED_DNS_RESOLVER``),
so the crawler's own DNS, refused and timeout paths are the ones exercised.
"""

from __future__ import annotations

import random

HEALTHY = "healthy"
DEAD = ("nxdomain", "refused", "blackhole", "trickle", "dead_after_home")
HURT = ("burst_5xx", "retry_after", "robots_timeout", "robots_5xx", "redirect_chain")
BROKEN = ("reset", "redirect_loop", "not_html", "wrong_charset")
HOSTILE_MODES = DEAD + HURT + BROKEN

# Relative frequency among hostile sites. Dead names dominate a real seed list (expired
# domains, parked and firewalled hosts); the rest are rarer misbehaviours of live servers.
MODE_WEIGHTS = {
    "nxdomain": 30,
    "refused": 10,
    "blackhole": 8,
    "trickle": 2,
    "dead_after_home": 4,
    "burst_5xx": 10,
    "retry_after": 6,
    "robots_timeout": 6,
    "robots_5xx": 6,
    "redirect_chain": 6,
    "reset": 4,
    "redirect_loop": 3,
    "not_html": 3,
    "wrong_charset": 2,
}
assert set(MODE_WEIGHTS) == set(HOSTILE_MODES)

GONE_DOMAIN = "gone.test"  # never resolves
REFUSED_PORT = 1  # nothing listens on 127.0.0.1:1
RETRY_AFTER_SECONDS = 1
REDIRECT_CHAIN = ("/start", "/start/welcome", "/start/welcome/home")


def assign_modes(sites: int, hostile: float, seed: int = 12) -> list[str]:
    """A mode per site: a share ``hostile`` of them drawn by :data:`MODE_WEIGHTS`.

    Deterministic for (sites, hostile, seed); site 0 always stays healthy.
    """
    rng = random.Random(seed)
    count = round(sites * hostile)
    hostile_sites = set(rng.sample(range(1, sites), min(count, sites - 1))) if sites > 1 else set()
    names, weights = zip(*MODE_WEIGHTS.items(), strict=True)
    return [
        rng.choices(names, weights)[0] if index in hostile_sites else HEALTHY
        for index in range(sites)
    ]


def stores_every_article(mode: str) -> bool:
    """Whether a complete crawl must store every article of a site in this mode."""
    return mode == HEALTHY or mode in HURT
