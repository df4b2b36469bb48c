"""The seed list: ``sites.yaml`` loaded into frozen :class:`SiteConfig` models, validated once.

Every problem in the file is collected and raised together in one :class:`SitesFileError`, each
formatted ``sites.yaml:LINE: site 'x': field: what is wrong``. See docs/sites.md for the format.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from newscrawl.method_names import DEFAULT_METHOD

from . import fields
from .fields import CONVERTERS, INVALID, PER_SITE_ONLY, suggest
from .yaml_lines import LineList, LineMap, YamlSyntaxError, load_yaml

DEFAULT_SITES_FILE = "sites.yaml"
TOP_LEVEL_KEYS = ("defaults", "sites")
SEED_KEYS = ("start_urls", "feeds", "sitemaps")  # where crawling starts; one must be non-empty


@dataclass(frozen=True, slots=True)
class UrlRules:
    """Compiled allow/deny regexes for one URL class (article or list pages).

    A deny match wins over an allow match (as in Scrapy's LinkExtractor). ``re.search`` is used,
    so a pattern matches anywhere in the URL unless anchored.
    """

    allow: tuple[re.Pattern[str], ...] = ()
    deny: tuple[re.Pattern[str], ...] = ()

    def matches(self, url: str) -> bool | None:
        """True if allowed, False if denied, None when no rule says (heuristics decide)."""
        if any(pattern.search(url) for pattern in self.deny):
            return False
        if any(pattern.search(url) for pattern in self.allow):
            return True
        return None

    def __bool__(self) -> bool:
        return bool(self.allow or self.deny)


@dataclass(frozen=True, slots=True)
class SiteConfig:
    """One news site to crawl; built by :func:`load_sites`, never mutated."""

    name: str
    start_urls: tuple[str, ...]
    feeds: tuple[str, ...] = ()
    sitemaps: tuple[str, ...] = ()
    # derived from the start_urls/feeds/sitemaps hosts when absent
    allowed_domains: tuple[str, ...] = ()
    article_url: UrlRules = UrlRules()
    list_url: UrlRules = UrlRules()
    max_depth: int = 2
    lang: str | None = None
    # Where the site's pages state times without a zone; None: by ``lang``
    # (newscrawl.config.timezones.site_timezone).
    timezone: str | None = None
    # The day the site began publishing: a date its pages give before it is not the page's
    # (a copyright year, a cited event) and is not stored; None: only the library's floor.
    since: date | None = None
    encoding: str | None = None
    method: str = DEFAULT_METHOD  # extraction method name (extraction.registry)
    recrawl_interval: float = 3600.0  # seconds; YAML accepts 30m, 1h, 2d, or a number
    enabled: bool = True
    line: int = 0  # line in the YAML file, for error messages


class SitesFileError(ValueError):
    """A sites file with problems; ``problems`` holds every one, ``str()`` shows them all."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def derive_allowed_domains(urls: Collection[str]) -> tuple[str, ...]:
    """Hosts of ``urls`` without ``www.``, minus hosts already covered by a parent in the set.

    Scrapy's offsite filter allows subdomains of an allowed domain, so ``example.com`` covers
    ``www.example.com`` and ``news.example.com``. No public-suffix guessing is done: a site whose
    articles live on sibling hosts (news.x.com and finance.x.com) sets ``allowed_domains: [x.com]``.
    """
    hosts: list[str] = []
    for url in urls:
        host = (urlsplit(url).hostname or "").lower()
        if host.startswith("www.") and host.count(".") >= 2:
            host = host[4:]
        if host and host not in hosts:
            hosts.append(host)
    return tuple(h for h in hosts if not any(h.endswith("." + other) for other in hosts))


class _Problems:
    """Collects problems as (line, text) and formats them ``file:LINE: where: field: what``."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.items: list[tuple[int, str]] = []

    def add(self, line: int, where: str, message: str) -> None:
        prefix = f"{self.filename}:{line}: " if line else f"{self.filename}: "
        self.items.append((line, prefix + (f"{where}: {message}" if where else message)))

    def reporter(self, where: str, field: str) -> fields.Report:
        """A ``report(line, message)`` callback that files problems under ``where: field:``."""

        def report(line: int, message: str) -> None:
            self.add(line, where, f"{field}: {message}")

        return report

    def sorted(self) -> list[str]:
        return [text for _, text in sorted(self.items, key=lambda item: item[0])]


def _convert_fields(
    entry: LineMap, where: str, allowed: Collection[str], problems: _Problems
) -> dict[str, Any]:
    """Typed values of the known keys in ``entry``; every bad key or value is reported."""
    values: dict[str, Any] = {}
    for key, line in entry.duplicates:
        problems.add(line, where, f"{key}: given twice (the earlier value would be ignored)")
    for key, raw in entry.items():
        line = entry.line_of(key)
        if key not in allowed:
            if key in CONVERTERS:
                problems.add(line, where, f"{key}: cannot be set here (it must be per site)")
            else:
                hint = suggest(str(key), list(allowed))
                problems.add(line, where, f"{key}: unknown key{hint}")
            continue
        value = CONVERTERS[key](raw, line, problems.reporter(where, str(key)))
        if value is not INVALID:
            values[key] = value
    return values


def _where(entry: Any, index: int) -> str:
    name = entry.get("name") if isinstance(entry, dict) else None
    if isinstance(name, str) and fields.SITE_NAME.fullmatch(name):
        return f"site {name!r}"
    return f"site #{index + 1}"


def _build_site(values: dict[str, Any], defaults: dict[str, Any], line: int) -> SiteConfig:
    merged = {**defaults, **values}
    for key in ("article_url", "list_url"):
        # Rules merge key by key: a site's ``deny`` replaces the default ``deny`` but keeps
        # the default ``allow`` (and the other way round).
        merged[key] = UrlRules(**{**defaults.get(key, {}), **values.get(key, {})})
    if "allowed_domains" not in merged:
        merged["allowed_domains"] = derive_allowed_domains(
            (*merged.get("start_urls", ()), *merged.get("feeds", ()), *merged.get("sitemaps", ()))
        )
    merged.setdefault("start_urls", ())
    return SiteConfig(**merged, line=line)


def parse_sites(text: str, filename: str | Path = DEFAULT_SITES_FILE) -> list[SiteConfig]:
    """Every site in the YAML ``text`` (enabled or not), or :class:`SitesFileError`."""
    try:
        document = load_yaml(text, str(filename))
    except YamlSyntaxError as error:
        raise SitesFileError([str(error)]) from None
    problems = _Problems(str(filename))
    entries = _check_top_level(document, problems)
    defaults = _parse_defaults(document, problems) if isinstance(document, LineMap) else {}
    if entries is None:
        raise SitesFileError(problems.sorted())
    sites: list[SiteConfig] = []
    first_line: dict[str, int] = {}  # site name -> line of its entry, to report duplicates
    for index, entry in enumerate(entries):
        site = _parse_entry(entry, index, entries.line_of(index), defaults, first_line, problems)
        if site is not None:
            sites.append(site)
    if problems.items:
        raise SitesFileError(problems.sorted())
    return sites


def _check_top_level(document: Any, problems: _Problems) -> LineList | None:
    """The ``sites:`` list, after reporting problems with the file's overall shape."""
    if not isinstance(document, LineMap):
        got = "an empty file" if document is None else fields.describe(document)
        problems.add(
            getattr(document, "line", 1),
            "",
            f"expected a mapping with a 'sites:' list (and optional 'defaults:'), got {got}",
        )
        return None
    for key in document:
        if key not in TOP_LEVEL_KEYS:
            problems.add(
                document.line_of(key),
                "",
                f"unknown top-level key {key!r}{suggest(str(key), list(TOP_LEVEL_KEYS))}",
            )
    for key, line in document.duplicates:
        problems.add(line, "", f"{key}: given twice (the earlier value would be ignored)")
    entries = document.get("sites")
    if not isinstance(entries, LineList):
        problems.add(
            document.line_of("sites"),
            "sites",
            "missing"
            if "sites" not in document
            else f"expected a list of sites, got {fields.describe(entries)}",
        )
        return None
    return entries


def _parse_defaults(document: LineMap, problems: _Problems) -> dict[str, Any]:
    raw = document.get("defaults")
    if isinstance(raw, LineMap):
        allowed = [key for key in CONVERTERS if key not in PER_SITE_ONLY]
        return _convert_fields(raw, "defaults", allowed, problems)
    if raw is not None:  # an empty ``defaults:`` (all lines commented out) is fine
        problems.add(
            document.line_of("defaults"),
            "defaults",
            f"expected a mapping of site fields, got {fields.describe(raw)}",
        )
    return {}


def _parse_entry(
    entry: Any,
    index: int,
    line: int,
    defaults: dict[str, Any],
    first_line: dict[str, int],
    problems: _Problems,
) -> SiteConfig | None:
    """One site, or None when the entry has problems (all of them reported)."""
    where = _where(entry, index)
    if not isinstance(entry, LineMap):
        problems.add(
            line,
            where,
            f"expected a mapping with name and start_urls, got {fields.describe(entry)}",
        )
        return None
    before = len(problems.items)
    values = _convert_fields(entry, where, list(CONVERTERS), problems)
    site_name = values.get("name")
    if "name" not in entry:
        problems.add(line, where, "name: missing (every site needs a unique name)")
    elif site_name in first_line:
        problems.add(
            entry.line_of("name"),
            where,
            f"name: duplicate, already used by the site on line {first_line[site_name]}",
        )
    elif site_name is not None:
        first_line[site_name] = line
    # A seed list that failed conversion was reported already; it may not be empty.
    seeds_ok = all(key not in entry or key in values for key in SEED_KEYS)
    has_seed = any(values.get(key) or defaults.get(key) for key in SEED_KEYS)
    if seeds_ok and not has_seed:
        problems.add(
            entry.line_of("start_urls"),
            where,
            "start_urls: missing or empty, and no feeds or sitemaps: nothing to crawl",
        )
    if len(problems.items) > before:
        return None
    return _build_site(values, defaults, line)


def select_sites(
    sites: list[SiteConfig],
    *,
    only: Collection[str] | None = None,
    include_disabled: bool = False,
    filename: str | Path = DEFAULT_SITES_FILE,
) -> list[SiteConfig]:
    """``sites`` filtered by name (``only``) and ``enabled``; unknown names are an error.

    ``only`` may also be one comma-separated string, as given to ``-a only=a,b``.
    """
    if isinstance(only, str):
        only = [name.strip() for name in only.split(",") if name.strip()]
    if only is None:
        return [site for site in sites if include_disabled or site.enabled]
    by_name = {site.name: site for site in sites}
    problems = _Problems(str(filename))
    wanted = list(dict.fromkeys(only))
    for name in wanted:
        site = by_name.get(name)
        if site is None:
            problems.add(0, "only", f"no site named {name!r}{suggest(name, list(by_name))}")
        elif not (site.enabled or include_disabled):
            problems.add(
                site.line,
                f"site {name!r}",
                "enabled: is false, so it cannot be crawled (set enabled: true)",
            )
    if problems.items:
        raise SitesFileError(problems.sorted())
    return [by_name[name] for name in wanted]


def load_sites(
    path: str | Path, *, only: Collection[str] | None = None, include_disabled: bool = False
) -> list[SiteConfig]:
    """The sites in the YAML file ``path``, validated; enabled ones only unless asked otherwise.

    ``only`` selects sites by name, in the order given. Raises :class:`SitesFileError` listing
    every problem (unreadable file, YAML syntax, bad fields, unknown ``only`` names).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SitesFileError([f"{path}: cannot read sites file: {error}"]) from error
    sites = parse_sites(text, path)
    return select_sites(sites, only=only, include_disabled=include_disabled, filename=path)
