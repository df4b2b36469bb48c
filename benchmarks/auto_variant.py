"""Run the ``newscrawl`` CLI with some of ``auto``'s options changed: the variants that
``predictions_cv.py`` judges.

``--set PATH=JSON`` replaces one field of ``auto_options.DEFAULT_OPTIONS`` (a dotted path into
the nested options dataclasses, the value as JSON), in place, so every stage that reads the
defaults sees it; the rest of the command line goes to the CLI unchanged:

    python3 benchmarks/auto_variant.py --set trim.byline_lines=true -- \\
        eval FULL/wcxb_dev/pages.jsonl --method auto --predictions PRED/byl/wcxb_dev.jsonl
    python3 benchmarks/predictions_cv.py --variants base byl --set FULL/wcxb_dev/pages.jsonl \\
        PRED/base/wcxb_dev.jsonl PRED/byl/wcxb_dev.jsonl --set ...

``--without-date-stage NAME`` leaves a publish-date stage out of ``dates.choose.STAGE_ORDER``
(what the stage earns; ``auto_cpu.py --without-date-stage`` times it).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from typing import Any

from newscrawl.cli import main as cli_main
from newscrawl.extraction.extractors import auto_options
from newscrawl.extraction.metadata.dates import choose


def replaced(options: Any, path: Sequence[str], value: Any) -> Any:
    """``options`` with the field at ``path`` (nested dataclasses) set to ``value``."""
    name = path[0]
    if not any(field.name == name for field in dataclasses.fields(options)):
        raise SystemExit(f"auto_variant: {type(options).__name__} has no option {name!r}")
    if len(path) > 1:
        value = replaced(getattr(options, name), path[1:], value)
    return dataclasses.replace(options, **{name: value})


def apply(settings: Sequence[str]) -> None:
    """Set each ``PATH=JSON`` on ``auto_options.DEFAULT_OPTIONS`` in place (the defaults are
    bound as default arguments across the stages, so the object itself is changed)."""
    options = auto_options.DEFAULT_OPTIONS
    for setting in settings:
        path, separator, raw = setting.partition("=")
        if not separator:
            raise SystemExit(f"auto_variant: --set {setting!r}: expected PATH=JSON")
        options = replaced(options, path.split("."), json.loads(raw))
    for field in dataclasses.fields(options):
        object.__setattr__(auto_options.DEFAULT_OPTIONS, field.name, getattr(options, field.name))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", default=[], metavar="PATH=JSON")
    parser.add_argument("--without-date-stage", choices=choose.STAGE_ORDER)
    parser.add_argument("cli", nargs=argparse.REMAINDER, help="-- then the newscrawl command")
    args = parser.parse_args(argv)
    apply(args.set)
    if args.without_date_stage:
        # Set where extract_publish_time reads it (the package's re-export is a copy).
        choose.STAGE_ORDER = tuple(s for s in choose.STAGE_ORDER if s != args.without_date_stage)
    command = args.cli[1:] if args.cli[:1] == ["--"] else args.cli
    return cli_main(command)


if __name__ == "__main__":
    sys.exit(main())
