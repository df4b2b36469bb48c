"""``newscrawl schedule [--once] [--sites FILE]``: recrawl each site every recrawl_interval.

Long-running by default (stop with Ctrl-C / SIGTERM); ``--once`` enqueues the due sites and
exits, for cron. Workers should run with ``-s NEWSCRAWL_IDLE_CLOSE_SECONDS=0`` so they wait
for the next round instead of closing.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from typing import Any

from newscrawl.cli.distributed_target import CommandError, add_common_options, open_target
from newscrawl.distributed.recrawl_rounds import RoundScheduler

logger = logging.getLogger(__name__)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "schedule",
        help="re-enqueue list pages when sites are due",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--once", action="store_true", help="one pass, then exit (for cron)")
    parser.add_argument("--sites", help="sites file (same as -a sites=FILE)")
    add_common_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        target = open_target(args, {"sites": args.sites} if args.sites else None)
        rounds = target.rounds(args.only)
    except CommandError as error:
        print(f"newscrawl schedule: {error}", file=sys.stderr)
        return 2
    if args.once:
        enqueued, wait = rounds.run_once()
        print(f"Enqueued {len(enqueued)} due sites; next due in {wait:.0f} s")
        return 0
    return run_forever(rounds)


def run_forever(rounds: RoundScheduler) -> int:
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())

    def sleep(seconds: float) -> None:
        stop.wait(seconds)  # a signal ends the sleep at once

    rounds.sleep = sleep
    logger.info("Scheduling %d sites; Ctrl-C to stop", len(rounds.sites))
    rounds.run_forever(should_stop=stop.is_set)
    return 0
