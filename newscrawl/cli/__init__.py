"""``newscrawl`` command line: one module per sub-command, each with ``register(subparsers)``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

# Sub-command modules, in help order. Each defines ``register(subparsers) -> None`` and sets
# ``func(args) -> int`` on its parser via ``set_defaults``.
COMMAND_MODULES = (
    "newscrawl.cli.extract_cmd",   # extract FILE
    "newscrawl.cli.eval_cmd",      # eval PAGES.jsonl
    "newscrawl.cli.sites_cmd",     # sites check | import
    "newscrawl.cli.db_cmd",        # db replay | init
    "newscrawl.cli.reextract_cmd", # reextract
    "newscrawl.cli.seed_cmd",      # seed (distributed)
    "newscrawl.cli.schedule_cmd",  # schedule (distributed)
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="newscrawl", description=__doc__)
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
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
