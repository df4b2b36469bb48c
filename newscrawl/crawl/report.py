"""Per-site tallies of a crawl and their text forms: the progress line and the summary table."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .failures import PIPELINE

# Pipeline errors listed by URL in the final report; the rest are counted only.
MAX_LISTED_PIPELINE_ERRORS = 20


@dataclass(frozen=True, slots=True)
class PipelineError:
    """A page a pipeline stage raised on: lost, so shown by URL, not only counted."""

    site: str
    stage: str
    url: str
    error: str

    def __str__(self) -> str:
        return f"{self.stage} failed on {self.url} ({self.site}): {self.error}"


@dataclass(slots=True)
class SiteTally:
    pages: int = 0
    articles: int = 0
    # failures by kind (see crawl/failures.py): fetches that failed and pipeline errors
    failures: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)
    methods: Counter[str] = field(default_factory=Counter)
    # hosts marked down (host -> reason, its failure kind first: "dns x2") and the requests
    # dropped unfetched because of it
    down: dict[str, str] = field(default_factory=dict)
    dropped: int = 0
    # publish/modified times of stored articles passed over as older than the site's
    # ``since``: many of them say the ``since`` is set too late
    dates_before_since: int = 0

    @property
    def errors(self) -> int:
        return sum(self.failures.values())


@dataclass(slots=True)
class CrawlTally:
    sites: dict[str, SiteTally] = field(default_factory=dict)
    pipeline_errors: list[PipelineError] = field(default_factory=list)  # the first few
    last_pipeline_error: PipelineError | None = None

    def add_pipeline_error(self, error: PipelineError) -> None:
        self.site(error.site).failures[PIPELINE] += 1
        self.last_pipeline_error = error
        if len(self.pipeline_errors) < MAX_LISTED_PIPELINE_ERRORS:
            self.pipeline_errors.append(error)

    def site(self, name: str) -> SiteTally:
        tally = self.sites.get(name)
        if tally is None:
            tally = self.sites[name] = SiteTally()
        return tally

    @property
    def pages(self) -> int:
        return sum(t.pages for t in self.sites.values())

    @property
    def articles(self) -> int:
        return sum(t.articles for t in self.sites.values())

    @property
    def rejected(self) -> int:
        return sum(sum(t.rejected.values()) for t in self.sites.values())

    @property
    def dropped(self) -> int:
        return sum(t.dropped for t in self.sites.values())

    def hosts_down(self) -> list[tuple[str, str, str]]:
        """(site, host, reason) of every host marked down, by site."""
        return sorted(
            (name, host, reason)
            for name, t in self.sites.items()
            for host, reason in t.down.items()
        )

    def failures(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for t in self.sites.values():
            total.update(t.failures)
        return total


def progress_line(
    tally: CrawlTally,
    *,
    elapsed: float,
    pages_before: int,
    articles_before: int,
    interval: float,
    top_errors: int = 3,
) -> str:
    """``pages 1200 (35.0/s), articles 800 (22.1/s; 20.5/s overall), rejected 40,
    errors 5 (dns 3, http_503 2): a 3, b 2``: failures by kind, then the sites with most."""
    pages, articles = tally.pages, tally.articles
    rate_pages = (pages - pages_before) / interval if interval else 0.0
    rate_articles = (articles - articles_before) / interval if interval else 0.0
    overall = articles / elapsed if elapsed else 0.0
    errors = sorted(((t.errors, name) for name, t in tally.sites.items() if t.errors), reverse=True)
    head = (
        f"pages {pages} ({rate_pages:.1f}/s), articles {articles} ({rate_articles:.1f}/s; "
        f"{overall:.1f}/s overall), rejected {tally.rejected}"
    )
    down = tally.hosts_down()
    if down:
        why = Counter(reason.split()[0] for _site, _host, reason in down)
        reasons = ", ".join(f"{kind} {count}" for kind, count in why.most_common())
        head += f", hosts down {len(down)} ({reasons}; {tally.dropped} requests dropped)"
    if not errors:
        return f"{head}, errors: none"
    if pages == 0:
        head = f"EVERY FETCH FAILED so far: {head}"
    kinds = ", ".join(f"{kind} {count}" for kind, count in tally.failures().most_common())
    sites = ", ".join(f"{name} {count}" for count, name in errors[:top_errors])
    if len(errors) > top_errors:
        sites += f" (+{len(errors) - top_errors} sites)"
    total = sum(count for count, _ in errors)
    line = f"{head}, errors {total} ({kinds}): {sites}"
    last = tally.last_pipeline_error
    return f"{line}; last pipeline error: {last.stage} {last.url}" if last else line


def pipeline_error_lines(tally: CrawlTally) -> str:
    """The pages pipeline stages raised on, one per line (the first few), for the report."""
    errors = tally.pipeline_errors
    if not errors:
        return ""
    total = tally.failures()[PIPELINE]
    lines = [f"Pipeline errors ({total}, pages lost; first {len(errors)} listed):"]
    lines.extend(f"  {error}" for error in errors)
    return "\n".join(lines)


def _counts(counter: Counter[str]) -> str:
    return " ".join(f"{key}:{value}" for key, value in counter.most_common()) or "-"


def summary_table(tally: CrawlTally, *, max_rows: int) -> str:
    """A fixed-width table, busiest sites first, with a total row."""
    header = ("site", "pages", "articles", "errors", "rejected", "methods")
    rows = []
    ordered = sorted(tally.sites.items(), key=lambda pair: (-pair[1].pages, pair[0]))
    for name, t in ordered[:max_rows]:
        rows.append(
            (
                name,
                str(t.pages),
                str(t.articles),
                _counts(t.failures),
                _counts(t.rejected),
                _counts(t.methods),
            )
        )
    if len(ordered) > max_rows:
        rows.append((f"... {len(ordered) - max_rows} more sites", "", "", "", "", ""))
    total_rejected: Counter[str] = Counter()
    total_methods: Counter[str] = Counter()
    for t in tally.sites.values():
        total_rejected.update(t.rejected)
        total_methods.update(t.methods)
    rows.append(
        (
            "TOTAL",
            str(tally.pages),
            str(tally.articles),
            _counts(tally.failures()),
            _counts(total_rejected),
            _counts(total_methods),
        )
    )
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]

    def line(row: tuple[str, ...]) -> str:
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join(
        [
            line(header),
            rule,
            *(line(row) for row in rows),
            *hosts_down_lines(tally),
            *dates_before_since_lines(tally),
        ]
    )


def dates_before_since_lines(tally: CrawlTally) -> list[str]:
    """``Dates older than the site's since, not stored: 3 (a 2, b 1)``, or nothing."""
    counts = sorted(
        ((t.dates_before_since, name) for name, t in tally.sites.items() if t.dates_before_since),
        key=lambda pair: (-pair[0], pair[1]),
    )
    if not counts:
        return []
    sites = ", ".join(f"{name} {count}" for count, name in counts)
    total = sum(count for count, _ in counts)
    return [f"Dates older than the site's since, not stored: {total} ({sites})"]


def hosts_down_lines(tally: CrawlTally) -> list[str]:
    """``Hosts marked down: 2`` then one line per host: its site and the reason."""
    down = tally.hosts_down()
    if not down:
        return []
    lines = [f"Hosts marked down: {len(down)} ({tally.dropped} requests dropped unfetched)"]
    lines += [f"  {site}: {host} down ({reason})" for site, host, reason in down]
    return lines
