"""``newscrawl seed [-a sites=FILE] [--only a,b] [--redis URL] [--resume]``: start a distributed
crawl.

Pushes every site's start requests (list pages, feeds, sitemaps) into the shared Redis queue,
once; any number of ``scrapy crawl news`` workers with ``NEWSCRAWL_REDIS_URL`` consume them.

``--resume`` rebuilds a queue that was lost with its Redis (the workers stop and say so). It
starts a new run: every key under the prefix is deleted (what a worker wrote into the empty
Redis before it noticed included), a new run marker is written (a worker still on the old run
stops when it sees it), the URLs of the articles already in the news database (``--database``,
default the setting ``NEWSCRAWL_DATABASE_URL``) go into the seen set, and the start requests
are queued: the list pages are fetched again, the stored articles are not.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from newscrawl import defaults
from newscrawl.cli.distributed_target import (
    CommandError,
    add_common_options,
    open_target,
    project_settings,
)
from newscrawl.distributed.resume import mark_stored_seen
from newscrawl.distributed.run_marker import ensure_run, start_new_run
from newscrawl.distributed.seeding import Seeder
from newscrawl.storage import SqlStorage, StorageError, open_storage


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "seed",
        help="enqueue the sites' start requests in Redis",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_common_options(parser)
    parser.add_argument(
        "--resume",
        action="store_true",
        help="rebuild a lost queue: articles already in the database are "
        "marked seen first, so they are not fetched again",
    )
    parser.add_argument(
        "--database", help="news database of --resume (default: setting/env NEWSCRAWL_DATABASE_URL)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    storage: SqlStorage | None = None
    try:
        target = open_target(args)
        if args.resume:  # the database is checked before anything in Redis is deleted
            storage = _open_database(args)
            run_id = start_new_run(target.server, target.seeder.prefix)
            # Made again: the seen set's stored size went with the old keys.
            target.seeder = Seeder(target.server, target.seeder.prefix, target.spider)
        else:
            run_id = ensure_run(target.server, target.seeder.prefix)
        rounds = target.rounds(args.only)
        if storage is not None:
            sites = [site.name for site in rounds.sites]
            try:
                marked = mark_stored_seen(target.seeder, storage.iter_urls(sites=sites))
            except StorageError as error:
                raise CommandError(f"--database: {error}") from error
            print(f"Marked {marked} stored article URLs as seen")
    except CommandError as error:
        print(f"newscrawl seed: {error}", file=sys.stderr)
        return 2
    finally:
        if storage is not None:
            storage.close()
    enqueued, _ = rounds.run_once(force=True)  # also starts each site's recrawl clock
    requests = sum(len(rounds.requests_of(name)) for name in enqueued)
    print(
        f"Seeded {requests} start requests of {len(enqueued)} sites into "
        f"{target.seeder.prefix} at {target.redis_url} (run {run_id})"
    )
    return 0


def _open_database(args: argparse.Namespace) -> SqlStorage:
    url = str(
        args.database
        or project_settings().get("NEWSCRAWL_DATABASE_URL")
        or os.environ.get("NEWSCRAWL_DATABASE_URL")
        or defaults.NEWSCRAWL_DATABASE_URL
    )
    try:
        return open_storage(url, keep_html=False)
    except StorageError as error:
        raise CommandError(f"--database {url}: {error}") from error
