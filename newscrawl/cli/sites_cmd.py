"""``newscrawl sites check [FILE] [--health]``, ``sites import DOMAINS.txt`` and
``sites report``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from newscrawl import defaults
from newscrawl.cli.database import open_database
from newscrawl.cli.db_cmd import add_database_option
from newscrawl.cli.health_report import problem_table, status_counts
from newscrawl.config import DEFAULT_SITES_FILE, SitesFileError, fields, load_sites
from newscrawl.config.importer import DomainListError, import_sites, parse_domain_list
from newscrawl.storage import StorageError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("sites", help="check or extend the sites.yaml seed list")
    actions = parser.add_subparsers(dest="sites_action", metavar="ACTION", required=True)

    check = actions.add_parser("check", help="validate a sites file without crawling")
    check.add_argument(
        "file",
        nargs="?",
        default=DEFAULT_SITES_FILE,
        help=f"sites file (default: {DEFAULT_SITES_FILE})",
    )
    check.add_argument(
        "--health",
        action="store_true",
        help="also show the file's dead, empty and degraded sites from the "
        "database's record of past crawls",
    )
    check.add_argument(
        "--dead-after",
        type=int,
        metavar="N",
        default=defaults.NEWSCRAWL_SKIP_DEAD_AFTER,
        help="with --health: a site dead in N finished crawls in a row is long "
        f"dead (default {defaults.NEWSCRAWL_SKIP_DEAD_AFTER})",
    )
    check.add_argument(
        "--mark",
        action="store_true",
        help="with --health: mark long-dead sites dead; crawls skip them until --revive",
    )
    check.add_argument(
        "--revive",
        action="append",
        default=[],
        metavar="NAME",
        help="with --health: forget that site NAME was dead (repeatable)",
    )
    add_database_option(check)
    check.set_defaults(func=run_check)

    report = actions.add_parser("report", help="dead, empty and degraded sites of past crawls")
    add_database_option(report)
    report.set_defaults(func=run_report)

    imp = actions.add_parser("import", help="add a site per domain or URL of a plain list")
    imp.add_argument("domains", help="text file: one domain or URL per line, '#' comments")
    imp.add_argument(
        "--output",
        "-o",
        default=DEFAULT_SITES_FILE,
        help="sites file to append to or create, '-' for standard output "
        f"(default: {DEFAULT_SITES_FILE})",
    )
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
    if args.health:
        return check_health(args, [site.name for site in sites])
    return 0


def check_health(args: argparse.Namespace, names: list[str]) -> int:
    storage = open_database("error", args.database, keep_html=False)
    if storage is None:
        return 1
    try:
        if args.revive:
            unknown = sorted(set(args.revive) - set(names))
            if unknown:
                print(f"error: --revive: not in {args.file}: {', '.join(unknown)}", file=sys.stderr)
                return 2
            revived = storage.health.revive(args.revive)
            print(f"Revived {revived} site(s): the next crawl tries them again")
        health = storage.health.read(names)
        long_dead = sorted(
            name
            for name, row in health.items()
            if row.status == "dead"
            and row.dead_runs >= max(1, args.dead_after)
            and row.marked_dead_at is None
        )
        if args.mark and long_dead:
            storage.health.mark_dead(long_dead)
            health = storage.health.read(names)
    except StorageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        storage.close()
    print(
        f"Health of {len(health)} of the {len(names)} sites (last crawl): "
        f"{status_counts(health)}; never crawled: {len(names) - len(health)}"
    )
    if any(row.status != "ok" for row in health.values()):
        print(problem_table(health))
    if long_dead:
        verb = "Marked dead" if args.mark else "Long dead (--mark to mark them)"
        print(
            f"{verb}, {len(long_dead)} site(s) dead in {args.dead_after}+ crawls in a row: "
            f"{', '.join(long_dead)}"
        )
    return 0


def run_report(args: argparse.Namespace) -> int:
    storage = open_database("error", args.database, keep_html=False)
    if storage is None:
        return 1
    try:
        health = storage.health.read()
    except StorageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        storage.close()
    if not health:
        print(f"No crawl has finished into {storage.display_url} yet: no site health recorded")
        return 0
    print(f"{len(health)} site(s) in the last crawls: {status_counts(health)}")
    if any(row.status != "ok" for row in health.values()):
        print(problem_table(health))
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
    print(
        f"Added {len(result.added)} site(s) to {destination}; skipped {len(result.skipped)} "
        "already present",
        file=sys.stderr if output is None else sys.stdout,
    )
    return 0
