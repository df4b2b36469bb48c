"""Aggregating page results into one row per system and language, and printing the table."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .metadata import MetadataScore, add_scores
from .runner import PageScore

# A page counts as "well extracted" from this F1 on (the success threshold).
GOOD_F1 = 0.9
# Below this a page is a failure a reader notices: most of the article lost or buried.
FAILED_F1 = 0.5
ALL_LANGS = "all"


@dataclass(frozen=True, slots=True)
class Row:
    """Averages over one system's pages in one language (or ``all``).

    ``scored`` pages have a ground-truth body and make up precision/recall/F1; ``titled``
    pages have a title label and make up ``title_em``. Averages are None when nothing counts.
    """

    system: str
    lang: str
    pages: int
    scored: int
    precision: float | None
    recall: float | None
    f1: float | None
    good_share: float | None
    failed_share: float | None
    titled: int
    title_em: float | None
    pages_per_second: float


def summarize(results: Iterable[PageScore], order: Sequence[str] = ()) -> list[Row]:
    """Rows per (system, lang), systems in ``order`` (then by name), plus an ``all`` row per
    system when it ran on pages of several languages."""
    groups: dict[tuple[str, str], list[PageScore]] = defaultdict(list)
    langs: dict[str, set[str]] = defaultdict(set)
    for result in results:
        groups[(result.system, result.lang)].append(result)
        groups[(result.system, ALL_LANGS)].append(result)
        langs[result.system].add(result.lang)
    rank = {name: index for index, name in enumerate(order)}
    systems = sorted(langs, key=lambda name: (rank.get(name, len(rank)), name))
    rows: list[Row] = []
    for system in systems:
        keys = sorted(langs[system])
        if len(keys) > 1:
            keys.append(ALL_LANGS)
        rows.extend(summarize_group(system, lang, groups[(system, lang)]) for lang in keys)
    return rows


def summarize_group(system: str, lang: str, results: Sequence[PageScore]) -> Row:
    scores = [result.scores for result in results if result.scores is not None]
    titles = [result.title_match for result in results if result.title_match is not None]
    seconds = sum(result.seconds for result in results)
    return Row(
        system=system,
        lang=lang,
        pages=len(results),
        scored=len(scores),
        precision=_mean([s.precision for s in scores]),
        recall=_mean([s.recall for s in scores]),
        f1=_mean([s.f1 for s in scores]),
        good_share=_mean([1.0 if s.f1 >= GOOD_F1 else 0.0 for s in scores]),
        failed_share=_mean([1.0 if s.f1 < FAILED_F1 else 0.0 for s in scores]),
        titled=len(titles),
        title_em=_mean([1.0 if match else 0.0 for match in titles]),
        pages_per_second=len(results) / seconds if seconds > 0 else 0.0,
    )


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def rejection_counts(results: Iterable[PageScore]) -> dict[str, Counter[str]]:
    """Per system, how many pages were rejected for each reason."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for result in results:
        if result.rejection is not None:
            counts[result.system][result.rejection] += 1
    return dict(counts)


HEADERS = (
    "system",
    "lang",
    "pages",
    "scored",
    "P",
    "R",
    "F1",
    "F1>=0.9",
    "F1<0.5",
    "titled",
    "title EM",
    "pages/s",
)


def format_table(rows: Sequence[Row], *, markdown: bool = False) -> str:
    """The rows as an aligned text table, or a Markdown table for docs."""
    cells = [HEADERS, *(_cells(row) for row in rows)]
    if markdown:
        lines = ["| " + " | ".join(cells[0]) + " |", "|" + "---|" * len(HEADERS)]
        lines += ["| " + " | ".join(line) + " |" for line in cells[1:]]
        return "\n".join(lines)
    widths = [max(len(line[i]) for line in cells) for i in range(len(HEADERS))]
    return "\n".join(
        "  ".join(
            cell.ljust(w) if i < 2 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in cells
    )


def _cells(row: Row) -> tuple[str, ...]:
    return (
        row.system,
        row.lang,
        str(row.pages),
        str(row.scored),
        _num(row.precision),
        _num(row.recall),
        _num(row.f1),
        _num(row.good_share),
        _num(row.failed_share),
        str(row.titled),
        _num(row.title_em),
        f"{row.pages_per_second:.1f}",
    )


METADATA_HEADERS = (
    "system",
    "dated",
    "date",
    "authored",
    "author",
    "author F1",
    "sourced",
    "source",
    "edited",
    "editor",
)


def format_metadata_table(
    results: Iterable[PageScore], order: Sequence[str] = (), *, markdown: bool = False
) -> str | None:
    """Publish-date, author (same set of names; token F1), source and editor accuracy per system
    over the pages that carry the label; None when no page carries any."""
    totals: dict[str, list[MetadataScore]] = defaultdict(list)
    for result in results:
        totals[result.system].append(result.metadata)
    rank = {name: index for index, name in enumerate(order)}
    scores = {system: add_scores(found) for system, found in totals.items()}
    if not any(s.dates or s.authors or s.sources or s.editors for s in scores.values()):
        return None
    rows = [METADATA_HEADERS]
    for system in sorted(scores, key=lambda name: (rank.get(name, len(rank)), name)):
        s = scores[system]
        rows.append(
            (
                system,
                str(s.dates),
                _num(s.date_accuracy if s.dates else None),
                str(s.authors),
                _num(s.author_accuracy if s.authors else None),
                _num(s.author_f1 if s.authors else None),
                str(s.sources),
                _num(s.source_accuracy if s.sources else None),
                str(s.editors),
                _num(s.editor_accuracy if s.editors else None),
            )
        )
    if markdown:
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows[1:]])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    )


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def format_rejections(counts: dict[str, Counter[str]], order: Sequence[str] = ()) -> str:
    """One line per system (in ``order``, then by name) with its rejection reasons."""
    rank = {name: index for index, name in enumerate(order)}
    lines = []
    for system in sorted(counts, key=lambda name: (rank.get(name, len(rank)), name)):
        counter = counts[system]
        reasons = ", ".join(f"{reason}={n}" for reason, n in counter.most_common())
        lines.append(f"rejected by {system}: {reasons}")
    return "\n".join(lines)
