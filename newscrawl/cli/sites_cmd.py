"""``newscrawl sites check [FILE]`` and ``newscrawl sites import DOMAINS.txt``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from newscrawl.config import DEFAULT_SITES_FILE, SitesFileError, fields, load_sites
from newscrawl.config.importer import DomainListError, import_sites, parse_domain_list


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("sites", help="check or extend the sites.yaml seed list")
    actions = parser.add_subparsers(dest="sites_action", metavar="ACTION", required=True)

    check = actions.add_parser("check", help="validate a sites file without crawling")
    check.add_argument("file", nargs="?", default=DEFAULT_SITES_FILE,
                       help=f"sites file (default: {DEFAULT_SITES_FILE})")
    check.set_defaults(func=run_check)

    imp = actions.add_parser("import", help="add a site per domain or URL of a plain list")
    imp.add_argument("domains", help="text file: one domain or URL per line, '#' comments")
    imp.add_argument("--output", "-o", default=DEFAULT_SITES_FILE,
                     help="sites file to append to or create, '-' for standard output "
                          f"(default: {DEFAULT_SITES_FILE})")
    imp.add_argument("--lang", help="language code for every new site, e.g. zh or en")
    imp.add_argument("--method", help="extraction method for every new site (default: auto)")
    imp.set_defaults(func=run_import)


def _print_problems(problems: list[str], what: str) -> None:
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"FAILED: {len(problems)} problem(s) in {what}", file=sys.stderr)


def run_check(args: argparse.Namespace) -> int:
    try:
        sites = load_sites(args.file, include_disabled=True)
    except SitesFileError as error:
        _print_problems(error.problems, args.file)
        return 1
    enabled = sum(site.enabled for site in sites)
    print(f"OK: {len(sites)} sites ({enabled} enabled)")
    return 0


def _option_problems(args: argparse.Namespace) -> list[str]:
    """The --lang/--method values checked with the same rules as sites.yaml fields."""
    problems: list[str] = []
    for option, converter in (("lang", fields.lang), ("method", fields.method)):
        value = getattr(args, option)
        if value is not None:
            converter(value, 0, _collect(problems, f"--{option}"))
    return problems


def _collect(problems: list[str], option: str) -> fields.Report:
    def report(_line: int, message: str) -> None:
        problems.append(f"{option}: {message}")

    return report


def run_import(args: argparse.Namespace) -> int:
    problems = _option_problems(args)
    if problems:
        _print_problems(problems, "the options")
        return 2
    if args.method is not None:
        args.method = fields.method(args.method, 0, lambda _line, _msg: None)  # canonical name
    try:
        text = Path(args.domains).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"{args.domains}: cannot read domain list: {error}", file=sys.stderr)
        return 1
    try:
        urls = parse_domain_list(text, args.domains)
        output = None if args.output == "-" else args.output
        result = import_sites(urls, output, lang=args.lang, method=args.method)
    except DomainListError as error:
        _print_problems(error.problems, args.domains)
        return 1
    except SitesFileError as error:
        _print_problems(error.problems, args.output)
        return 1
    if output is None:
        sys.stdout.write(result.text)
        destination = "standard output"
    else:
        destination = output
    print(f"Added {len(result.added)} site(s) to {destination}; skipped {len(result.skipped)} "
          "already present", file=sys.stderr if output is None else sys.stdout)
    return 0
