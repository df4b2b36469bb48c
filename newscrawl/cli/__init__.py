"""The ``newscrawl`` command: the tools around the crawl (``scrapy crawl news``).

Sub-command modules are listed in COMMAND_MODULES; each registers its own parser.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import import_module

from newscrawl import __version__

# Sub-command modules, in help order. Each defines ``register(subparsers) -> None`` and sets
# ``func(args) -> int`` on its parser via ``set_defaults``.
COMMAND_MODULES = (
    "newscrawl.cli.extract_cmd",  # extract FILE
    "newscrawl.cli.eval_cmd",  # eval PAGES.jsonl
    "newscrawl.cli.sites_cmd",  # sites check | import
    "newscrawl.cli.db_cmd",  # db replay | init
    "newscrawl.cli.reextract_cmd",  # reextract
    "newscrawl.cli.report_cmd",  # report -o crawl.html
    "newscrawl.cli.show_cmd",  # show URL [--report PAGE.html]
    "newscrawl.cli.seed_cmd",  # seed (distributed)
    "newscrawl.cli.schedule_cmd",  # schedule (distributed)
)


DESCRIPTION = """\
Tools for newscrawl, which crawls the news sites listed in sites.yaml and stores each article
(title, text, publish time, author, images) in a database. The crawl itself is started with
`scrapy crawl news`; these commands check and grow the site list, extract or score single
pages, manage the database and feed a crawl spread over several machines."""

EPILOG = """\
examples:
  newscrawl sites check                    check sites.yaml without crawling
  newscrawl extract page.html              print the article of one saved page
  newscrawl extract page.html --explain    ...and show how title and text were chosen
  newscrawl COMMAND --help                 the options of one command

The documentation is in README.md and docs/ (docs/extraction.md for extract and eval)."""

# Exit status of a command whose output reader went away (as if killed by SIGPIPE).
EXIT_BROKEN_PIPE = 128 + 13


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="newscrawl",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in COMMAND_MODULES:
        try:
            module = import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name == module_name:  # command not built yet
                continue
            raise
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        result: int = args.func(args)
        sys.stdout.flush()  # a closed pipe must fail here, not in the interpreter's exit
    except BrokenPipeError:
        # `newscrawl extract page.html | head -1`: the reader has what it wanted. Point
        # stdout at /dev/null so the final flush at exit cannot raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    return result


if __name__ == "__main__":
    sys.exit(main())
