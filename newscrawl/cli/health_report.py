"""Text forms of site health for ``newscrawl sites report`` and ``sites check --health``."""

from __future__ import annotations

from collections import Counter

from newscrawl.crawl.health import DEAD, DEGRADED, EMPTY
from newscrawl.storage.health import SiteHealth

# Worst first: what an operator acts on.
PROBLEMS = (DEAD, EMPTY, DEGRADED)


def status_counts(health: dict[str, SiteHealth]) -> str:
    counts = Counter(row.status for row in health.values())
    return ", ".join(f"{count} {status}" for status, count in sorted(counts.items())) or "none"


def _failures(row: SiteHealth, top: int = 3) -> str:
    kinds = Counter(row.failures).most_common()
    text = " ".join(f"{kind}:{count}" for kind, count in kinds[:top])
    return (text + (" ..." if len(kinds) > top else "")) or "-"


def problem_table(health: dict[str, SiteHealth]) -> str:
    """Dead, empty and degraded sites, worst first, as a fixed-width table."""
    header = (
        "site",
        "status",
        "dead runs",
        "pages",
        "articles",
        "failures",
        "last success",
        "last crawl",
    )
    rows = []
    problems = [row for row in health.values() if row.status in PROBLEMS]
    problems.sort(key=lambda row: (PROBLEMS.index(row.status), -row.dead_runs, row.site))
    for row in problems:
        status = row.status + (" (marked)" if row.marked_dead_at is not None else "")
        rows.append(
            (
                row.site,
                status,
                str(row.dead_runs),
                str(row.pages),
                str(row.articles),
                _failures(row),
                f"{row.last_success_at:%Y-%m-%d %H:%M}" if row.last_success_at else "never",
                f"{row.last_crawl_at:%Y-%m-%d %H:%M}",
            )
        )
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]

    def line(row: tuple[str, ...]) -> str:
        return "  ".join(
            cell.ljust(width) for cell, width in zip(row, widths, strict=True)
        ).rstrip()

    return "\n".join([line(header), "  ".join("-" * w for w in widths), *map(line, rows)])
