"""What ``newscrawl seed`` and ``newscrawl schedule`` share: options, Redis, spider, sites."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import redis
from scrapy.spiderloader import SpiderLoader
from scrapy.utils.misc import load_object
from scrapy.utils.project import get_project_settings

from newscrawl.distributed import defaults
from newscrawl.distributed.connection import RedisUnavailable, connect
from newscrawl.distributed.recrawl_rounds import RoundScheduler
from newscrawl.distributed.seeding import Seeder, build_spider, spider_sites

if TYPE_CHECKING:
    from scrapy import Spider
    from scrapy.settings import Settings

DEFAULT_SPIDER = "news"


class CommandError(Exception):
    """A problem the user must fix; the message says which option or file."""


def add_common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-a",
        dest="spider_args",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="spider argument, as for `scrapy crawl` (e.g. -a sites=sites.yaml)",
    )
    parser.add_argument("--only", help="comma-separated site names (default: all enabled)")
    parser.add_argument("--redis", help="Redis URL (default: setting/env NEWSCRAWL_REDIS_URL)")
    parser.add_argument(
        "--prefix",
        help="Redis key prefix; must match the workers' "
        f"NEWSCRAWL_REDIS_PREFIX (default: setting, else "
        # argparse expands %
        f"{defaults.NEWSCRAWL_REDIS_PREFIX.replace('%', '%%')})",
    )
    parser.add_argument(
        "--spider",
        default=DEFAULT_SPIDER,
        help=f"spider name or dotted class path (default: {DEFAULT_SPIDER})",
    )


def parse_spider_args(pairs: list[str]) -> dict[str, str]:
    parsed: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise CommandError(f"-a {pair!r}: expected NAME=VALUE")
        parsed[name] = value
    return parsed


@dataclass(slots=True)
class Target:
    """The crawl a command feeds: Redis client, spider instance, its sites, the key prefix."""

    server: redis.Redis
    redis_url: str
    spider: Spider
    seeder: Seeder

    def rounds(self, only: str | None) -> RoundScheduler:
        sites = spider_sites(self.spider)
        if only:
            wanted = [name.strip() for name in only.split(",") if name.strip()]
            names = {site.name for site in sites}
            unknown = [name for name in wanted if name not in names]
            if unknown:
                raise CommandError(f"--only: unknown site(s) {', '.join(unknown)}")
            sites = [site for site in sites if site.name in wanted]
        return RoundScheduler(self.server, self.seeder, sites)


def project_settings() -> Settings:
    os.environ.setdefault("SCRAPY_SETTINGS_MODULE", "newscrawl.settings")
    return get_project_settings()


def load_spider_class(name: str, settings: Settings) -> type[Spider]:
    if "." in name:
        spider_cls: type[Spider] = load_object(name)
        return spider_cls
    try:
        return SpiderLoader.from_settings(settings).load(name)
    except KeyError as error:
        raise CommandError(f"--spider: no spider named {name!r}") from error


def open_target(args: argparse.Namespace, spider_args: dict[str, Any] | None = None) -> Target:
    settings = project_settings()
    url = args.redis or settings.get("NEWSCRAWL_REDIS_URL") or os.environ.get("NEWSCRAWL_REDIS_URL")
    if not url:
        raise CommandError("no Redis: pass --redis URL or set NEWSCRAWL_REDIS_URL")
    try:
        server = connect(url)
    except RedisUnavailable as error:
        raise CommandError(f"--redis: {error}") from None
    kwargs = parse_spider_args(args.spider_args)
    kwargs.update(spider_args or {})
    spider_cls = load_spider_class(args.spider, settings)
    try:
        spider = build_spider(spider_cls, settings, **kwargs)
    except ValueError as error:  # e.g. SitesFileError, listing every problem of the file
        raise CommandError(str(error)) from error
    template = args.prefix or settings.get(
        "NEWSCRAWL_REDIS_PREFIX", defaults.NEWSCRAWL_REDIS_PREFIX
    )
    return Target(server, url, spider, Seeder.for_spider(server, spider, template))
