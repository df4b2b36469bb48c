"""``newscrawl seed [-a sites=FILE] [--only a,b] [--redis URL]``: start a distributed crawl.

Pushes every site's start requests (list pages, feeds, sitemaps) into the shared Redis queue,
once; any number of ``scrapy crawl news`` workers with ``NEWSCRAWL_REDIS_URL`` consume them.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from newscrawl.distributed.commands import CommandError, add_common_options, open_target


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("seed", help="enqueue the sites' start requests in Redis",
                                   description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    add_common_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        target = open_target(args)
        rounds = target.rounds(args.only)
    except CommandError as error:
        print(f"newscrawl seed: {error}", file=sys.stderr)
        return 2
    enqueued, _ = rounds.run_once(force=True)  # also starts each site's recrawl clock
    requests = sum(len(rounds.requests_of(name)) for name in enqueued)
    print(f"Seeded {requests} start requests of {len(enqueued)} sites into "
          f"{target.seeder.prefix} at {target.redis_url}")
    return 0
