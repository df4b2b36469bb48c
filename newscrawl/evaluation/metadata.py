"""Publish-time and author accuracy against dataset labels (cwced_zh and wcxb_dev carry both).

A publish time counts when its day equals the label's; an author when one of the label and
the extracted string contains the other (case and spacing ignored): bylines often add a
second name or a date, and labels sometimes keep only the first name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from newscrawl.extraction import Article, extract
from newscrawl.extraction.metadata.dates import normalize_date

from .dataset import Page


@dataclass(frozen=True, slots=True)
class MetadataScore:
    dates: int = 0  # pages with a labelled publish date
    date_hits: int = 0
    authors: int = 0  # pages with a labelled author
    author_hits: int = 0

    @property
    def date_accuracy(self) -> float:
        return self.date_hits / self.dates if self.dates else 0.0

    @property
    def author_accuracy(self) -> float:
        return self.author_hits / self.authors if self.authors else 0.0

    def summary(self) -> str:
        return (f"publish date {self.date_hits}/{self.dates} = {self.date_accuracy:.3f}; "
                f"author {self.author_hits}/{self.authors} = {self.author_accuracy:.3f}")


def date_matches(found: str | None, label: str) -> bool:
    wanted = normalize_date(label) or label
    return (found or "")[:10] == wanted[:10]


def author_matches(found: str | None, label: str) -> bool:
    wanted = " ".join(label.split()).lower()
    got = " ".join((found or "").split()).lower()
    return bool(got) and (wanted in got or got in wanted)


def score_metadata(pages: Iterable[Page], method: str = "density") -> MetadataScore:
    """Extract every page with ``method`` and count publish-time and author hits."""
    dates = date_hits = authors = author_hits = 0
    for page in pages:
        result = extract(page.read_html(), url=page.url, method=method)
        article = result if isinstance(result, Article) else None
        if label := page.fields.get("publish_date"):
            dates += 1
            date_hits += date_matches(article.publish_time if article else None, label)
        if label := page.fields.get("author"):
            authors += 1
            author_hits += author_matches(article.author if article else None, label)
    return MetadataScore(dates, date_hits, authors, author_hits)
