"""Publish-date, author, source and editor accuracy against dataset labels (``publish_date``,
``author``, ``source`` and ``editor`` fields; cwced_zh and wcxb_dev carry the first two).

A publish time counts when its calendar day equals the label's. An author counts when the
extracted names and the labelled names are the same set (see :func:`name_set`); the token F1
of the two gives partial credit for a missing or extra name. A source counts when it equals
the label, case and spacing ignored. Editors count like authors, but a page labelled with
none (``editor`` "") counts too: it is right only when the extractor names no editor.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from newscrawl.extraction import Article, extract
from newscrawl.extraction.metadata.dates import normalize_date

from .dataset import Page
from .metric import bag_scores

_PARTIAL_DATE = re.compile(r"^((?:19|20)\d{2})(?:[-/.年](1[0-2]|0?[1-9])月?)?$")
# Between names in a list: "A, B and C", "A & B", "甲、乙", "A; B", "A / B".
_NAME_SEPARATORS = re.compile(r"\s*(?:,|;|、|，|/|&|\band\b|\bund\b|\bet\b|和)\s*", re.IGNORECASE)
_CJK_ONLY = re.compile(r"^[\u4e00-\u9fff·]+$")
# Degrees and post-nominal letters some labels keep after a name ("Dylan Bailey, MS, RD").
CREDENTIALS = frozenset(
    {
        "ms",
        "rd",
        "md",
        "phd",
        "mba",
        "rn",
        "cpa",
        "jr",
        "sr",
        "fand",
        "ldn",
        "cdn",
        "cscs",
        "mph",
        "dds",
        "esq",
        "dvm",
        "mw",
    }
)
# Titles before a name ("Dr. Andrew Huberman" is Andrew Huberman).
_HONORIFIC = re.compile(r"^(?:dr|prof|mr|mrs|ms|sir)\.?\s+")


@dataclass(frozen=True, slots=True)
class MetadataScore:
    dates: int = 0  # pages with a labelled publish date
    date_hits: int = 0
    authors: int = 0  # pages with a labelled author
    author_hits: int = 0
    author_f1_sum: float = 0.0
    sources: int = 0  # pages with a labelled source
    source_hits: int = 0
    editors: int = 0  # pages whose editors are labelled, none ("") included
    editor_hits: int = 0

    @property
    def date_accuracy(self) -> float:
        return self.date_hits / self.dates if self.dates else 0.0

    @property
    def author_accuracy(self) -> float:
        return self.author_hits / self.authors if self.authors else 0.0

    @property
    def author_f1(self) -> float:
        return self.author_f1_sum / self.authors if self.authors else 0.0

    @property
    def source_accuracy(self) -> float:
        return self.source_hits / self.sources if self.sources else 0.0

    @property
    def editor_accuracy(self) -> float:
        return self.editor_hits / self.editors if self.editors else 0.0

    def summary(self) -> str:
        text = (
            f"publish date {self.date_hits}/{self.dates} = {self.date_accuracy:.3f}; "
            f"author {self.author_hits}/{self.authors} = {self.author_accuracy:.3f} "
            f"(token F1 {self.author_f1:.3f})"
        )
        if self.sources:
            text += f"; source {self.source_hits}/{self.sources} = {self.source_accuracy:.3f}"
        if self.editors:
            text += f"; editor {self.editor_hits}/{self.editors} = {self.editor_accuracy:.3f}"
        return text


def date_label(label: str) -> str | None:
    """The label as the ISO prefix to compare: ``2005-05-07`` for a day, ``1998-03`` for a
    month-only label ("1998-3"), ``2018`` for a year; None for a label that is no date
    ("UNKNWON", a name in the wrong column), which is then not counted."""
    full = normalize_date(label)
    if full:
        return full[:10]
    match = _PARTIAL_DATE.match(label.strip())
    if match is None:
        return None
    year, month = match.groups()
    return f"{year}-{int(month):02d}" if month else year


def date_matches(found: str | None, label: str) -> bool:
    """Same calendar day (same month, year for a label that names no more)."""
    wanted = date_label(label)
    return bool(wanted) and (found or "")[: len(wanted or "")] == wanted


def name_set(names: str | None) -> frozenset[str]:
    """The names in an author string, normalised: lower case, single spaces, credentials
    dropped. Chinese names separated by spaces are several names ("王建宏 张文攀")."""
    found: set[str] = set()
    for part in _NAME_SEPARATORS.split(" ".join((names or "").split())):
        part = _HONORIFIC.sub("", part.strip(" .*()（）").casefold())
        if not part or part in CREDENTIALS:
            continue
        words = part.split()
        if len(words) > 1 and all(_CJK_ONLY.match(word) for word in words):
            found.update(words)
        else:
            found.add(part)
    return frozenset(found)


def author_matches(found: str | None, label: str) -> bool:
    """Same set of names (order, separators, case and credentials ignored)."""
    got = name_set(found)
    return bool(got) and got == name_set(label)


def author_token_f1(found: str | None, label: str) -> float:
    return bag_scores(" ".join(sorted(name_set(found))), " ".join(sorted(name_set(label)))).f1


def source_matches(found: str | None, label: str) -> bool:
    return (
        bool(found)
        and " ".join((found or "").split()).casefold() == " ".join(label.split()).casefold()
    )


def editor_matches(found: str | None, label: str) -> bool:
    """Same set of names; an empty label (no editor credited) matches no editor found."""
    return name_set(found) == name_set(label)


def score_article(article: Article | None, page: Page) -> MetadataScore:
    """One page's counts (add them up with :func:`add_scores`)."""
    if article is None:
        return score_fields(None, None, None, page)
    return score_fields(article.publish_time, article.author, article.source, page, article.editor)


def score_fields(
    publish_time: str | None,
    author: str | None,
    source: str | None,
    page: Page,
    editor: str | None = None,
) -> MetadataScore:
    """One page's counts for extracted values against its labels."""
    dates = date_hits = authors = author_hits = sources = source_hits = 0
    editors = editor_hits = 0
    f1 = 0.0
    if (label := page.fields.get("publish_date")) and date_label(label):
        dates, date_hits = 1, date_matches(publish_time, label)
    if label := page.fields.get("author"):
        authors, author_hits = 1, author_matches(author, label)
        f1 = author_token_f1(author, label)
    if label := page.fields.get("source"):
        sources, source_hits = 1, source_matches(source, label)
    if isinstance(label := page.fields.get("editor"), str):
        editors, editor_hits = 1, editor_matches(editor, label)
    return MetadataScore(
        dates, date_hits, authors, author_hits, f1, sources, source_hits, editors, editor_hits
    )


def add_scores(scores: Iterable[MetadataScore]) -> MetadataScore:
    total = MetadataScore()
    for score in scores:
        total = MetadataScore(
            total.dates + score.dates,
            total.date_hits + score.date_hits,
            total.authors + score.authors,
            total.author_hits + score.author_hits,
            total.author_f1_sum + score.author_f1_sum,
            total.sources + score.sources,
            total.source_hits + score.source_hits,
            total.editors + score.editors,
            total.editor_hits + score.editor_hits,
        )
    return total


def score_metadata(pages: Iterable[Page], method: str = "density") -> MetadataScore:
    """Extract every page with ``method`` and count publish-time, author, source and editor
    hits."""
    scores = []
    for page in pages:
        result = extract(page.read_html(), url=page.url, method=method)
        scores.append(score_article(result if isinstance(result, Article) else None, page))
    return add_scores(scores)
