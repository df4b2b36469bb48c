"""DUST rules: per site, URL rewrites that never change a page's content.

A rule is learned from aliases (newscrawl/storage/aliases.py): each time a copy of a stored
article turns up under a URL that differs from the canonical one in a single, simple way,
that difference gains one piece of evidence. Three kinds are learned:

- ``param:NAME``: the copy has one extra query parameter ``NAME`` (``?from=home``);
- ``host:PREFIX``: the copy's host is the canonical host with a mobile prefix (``m.``);
- ``path:PREFIX``: the copy's path is the canonical path under a mobile prefix (``/m``).

With ``NEWSCRAWL_DUST_MIN_ALIASES`` pieces of evidence, :class:`DustRulesMiddleware` applies
the rule to the site's URLs before they are fetched, so the dupefilter sees the copy as the
URL it already has (Bar-Yossef et al., "Do not crawl in the DUST", 2009). Rules persist in
the database, so the next crawl starts with them.

Settings: ``NEWSCRAWL_DUST_RULES`` (on/off), ``NEWSCRAWL_DUST_MIN_ALIASES``,
``NEWSCRAWL_DATABASE_URL``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from scrapy.exceptions import NotConfigured

from newscrawl.crawl import signals as newscrawl_signals
from newscrawl.crawl.addon import newscrawl_settings
from newscrawl.crawl.canonical import MOBILE_HOST_PREFIXES, MOBILE_PATH_PREFIXES
from newscrawl.crawl.meta import crawl_meta
from newscrawl.crawl.urls import canonical_url
from newscrawl.storage import StorageError, open_storage

if TYPE_CHECKING:
    from typing import Self

    import scrapy
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

PARAM, HOST, PATH = "param:", "host:", "path:"
# "/m/2024/x.html" -> "/2024/x.html": the prefixes without their closing slash.
_PATH_PREFIXES = tuple(prefix.rstrip("/") for prefix in MOBILE_PATH_PREFIXES)


def extra_param(alias: str, canonical: str) -> str | None:
    """The one query parameter ``alias`` has beyond ``canonical``, all else equal; else None."""
    a, c = urlsplit(alias), urlsplit(canonical)
    if (a.scheme, a.netloc, a.path) != (c.scheme, c.netloc, c.path):
        return None
    alias_query = parse_qsl(a.query, keep_blank_values=True)
    canonical_query = parse_qsl(c.query, keep_blank_values=True)
    names = {name for name, _value in alias_query} - {name for name, _value in canonical_query}
    if len(names) != 1:
        return None
    (name,) = names
    if sorted(pair for pair in alias_query if pair[0] != name) != sorted(canonical_query):
        return None
    return name


def dust_rule(alias: str, canonical: str) -> str | None:
    """The rule that turns ``alias`` into ``canonical``, if it is one of the three kinds."""
    param = extra_param(alias, canonical)
    if param is not None:
        return PARAM + param
    a, c = urlsplit(alias), urlsplit(canonical)
    if a.scheme != c.scheme or a.query != c.query:
        return None
    if a.path == c.path:
        for prefix in MOBILE_HOST_PREFIXES:
            if a.netloc == prefix + c.netloc:
                return HOST + prefix
    elif a.netloc == c.netloc:
        for prefix in _PATH_PREFIXES:
            if a.path == prefix + c.path:
                return PATH + prefix
    return None


def apply_rules(url: str, rules: frozenset[str]) -> str:
    """``url`` with a site's DUST rules applied (the canonical spelling of the result)."""
    parts = urlsplit(url)
    netloc, path, query = parts.netloc, parts.path, parts.query
    for rule in rules:
        if rule.startswith(HOST):
            prefix = rule[len(HOST) :]
            if netloc.startswith(prefix) and "." in netloc[len(prefix) :]:
                netloc = netloc[len(prefix) :]
        elif rule.startswith(PATH):
            prefix = rule[len(PATH) :]
            if path.startswith(prefix + "/"):
                path = path[len(prefix) :]
    dropped = {rule[len(PARAM) :] for rule in rules if rule.startswith(PARAM)}
    if dropped and query:
        query = urlencode(
            [
                (name, value)
                for name, value in parse_qsl(query, keep_blank_values=True)
                if name not in dropped
            ]
        )
    if (netloc, path, query) == (parts.netloc, parts.path, parts.query):
        return url
    return canonical_url(urlunsplit(parts._replace(netloc=netloc, path=path, query=query)))


class DustRulesMiddleware:
    """Downloader middleware: a request its site's rules rewrite is sent back to the
    scheduler rewritten (where the dupefilter drops it if the URL was seen already)."""

    def __init__(self, stats: StatsCollector, rules: dict[str, frozenset[str]]) -> None:
        self.stats = stats
        self.rules = dict(rules)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        s = newscrawl_settings(crawler)
        if not s.getbool("NEWSCRAWL_DUST_RULES"):
            raise NotConfigured("NEWSCRAWL_DUST_RULES is off")
        min_aliases = s.getint("NEWSCRAWL_DUST_MIN_ALIASES")
        storage = open_storage(
            s.get("NEWSCRAWL_DATABASE_URL"), keep_html=False
        )  # StorageError: fail fast, one line
        try:
            rules = storage.aliases.dust_rules(min_aliases)
        except StorageError as error:
            logger.error("DUST rules not loaded; duplicate URLs will be fetched: %s", error)
            rules = {}
        finally:
            storage.close()
        if rules:
            logger.info(
                "DUST rules loaded for %(n)d site(s): %(rules)s",
                {
                    "n": len(rules),
                    "rules": "; ".join(
                        f"{site}: {', '.join(sorted(site_rules))}"
                        for site, site_rules in sorted(rules.items())
                    ),
                },
            )
        middleware = cls(crawler.stats, rules)
        crawler.signals.connect(middleware.rule_learned, signal=newscrawl_signals.dust_rule_learned)
        return middleware

    def rule_learned(self, site: str, rule: str) -> None:
        self.rules[site] = self.rules.get(site, frozenset()) | {rule}
        logger.info("DUST rule learned for site %(site)s: %(rule)s", {"site": site, "rule": rule})

    def process_request(
        self, request: scrapy.Request, spider: scrapy.Spider | None = None
    ) -> scrapy.Request | None:
        site = crawl_meta(request.meta).get("site")
        rules = self.rules.get(site) if site else None
        if not rules:
            return None
        url = apply_rules(request.url, rules)
        if url == request.url:
            return None
        self.stats.inc_value("newscrawl/dust/rewritten")
        return request.replace(url=url)
