"""Per-site tallies of a crawl and their text forms: the progress line and the summary table."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass(slots=True)
class SiteTally:
    pages: int = 0
    articles: int = 0
    errors: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    methods: Counter[str] = field(default_factory=Counter)


@dataclass(slots=True)
class CrawlTally:
    sites: dict[str, SiteTally] = field(default_factory=dict)

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


def progress_line(tally: CrawlTally, *, elapsed: float, pages_before: int,
                  articles_before: int, interval: float, top_errors: int = 3) -> str:
    """``pages 1200 (35.0/s), articles 800 (22.1/s; 20.5/s overall), rejected 40, errors: a 3``."""
    pages, articles = tally.pages, tally.articles
    rate_pages = (pages - pages_before) / interval if interval else 0.0
    rate_articles = (articles - articles_before) / interval if interval else 0.0
    overall = articles / elapsed if elapsed else 0.0
    errors = sorted(((t.errors, name) for name, t in tally.sites.items() if t.errors),
                    reverse=True)
    error_text = ", ".join(f"{name} {count}" for count, name in errors[:top_errors]) or "none"
    if len(errors) > top_errors:
        error_text += f" (+{len(errors) - top_errors} sites)"
    return (f"pages {pages} ({rate_pages:.1f}/s), articles {articles} ({rate_articles:.1f}/s; "
            f"{overall:.1f}/s overall), rejected {tally.rejected}, errors: {error_text}")


def _counts(counter: Counter[str]) -> str:
    return " ".join(f"{key}:{value}" for key, value in counter.most_common()) or "-"


def summary_table(tally: CrawlTally, *, max_rows: int) -> str:
    """A fixed-width table, busiest sites first, with a total row."""
    header = ("site", "pages", "articles", "errors", "rejected", "methods")
    rows = []
    ordered = sorted(tally.sites.items(), key=lambda pair: (-pair[1].pages, pair[0]))
    for name, t in ordered[:max_rows]:
        rows.append((name, str(t.pages), str(t.articles), str(t.errors), _counts(t.rejected),
                     _counts(t.methods)))
    if len(ordered) > max_rows:
        rows.append((f"... {len(ordered) - max_rows} more sites", "", "", "", "", ""))
    total_rejected: Counter[str] = Counter()
    total_methods: Counter[str] = Counter()
    for t in tally.sites.values():
        total_rejected.update(t.rejected)
        total_methods.update(t.methods)
    rows.append(("TOTAL", str(tally.pages), str(tally.articles),
                 str(sum(t.errors for t in tally.sites.values())), _counts(total_rejected),
                 _counts(total_methods)))
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]

    def line(row: tuple[str, ...]) -> str:
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(header), rule, *(line(row) for row in rows)])
