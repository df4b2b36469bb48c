"""Loading (and writing) labelled pages in the shared dataset format (``pages.jsonl`` + HTML
files).

One JSON object per line with ``id``, ``html_path`` (relative to the jsonl; ``.gz`` allowed),
``text`` (ground-truth body, may be null), ``title`` (may be null), ``lang``, ``page_type`` and
optionally ``anchor_text``. Any other field is kept in :attr:`Page.fields`.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Language label for pages that carry none.
UNKNOWN_LANG = "und"


class DatasetError(ValueError):
    """A dataset that cannot be used; the message names the file, line and field."""


@dataclass(frozen=True, slots=True)
class Page:
    """One labelled page; the HTML is read on demand so large sets stay out of memory."""

    id: str
    html_path: Path
    text: str | None
    title: str | None
    lang: str = UNKNOWN_LANG
    page_type: str | None = None
    url: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def named_site(self) -> str | None:
        """The ``site`` field of a page set that records its portal instead of the URL."""
        site = self.fields.get("site")
        return site if isinstance(site, str) and site else None

    def read_html(self) -> bytes:
        """The page's original bytes (gunzipped when the file ends in ``.gz``)."""
        try:
            data = self.html_path.read_bytes()
            return gzip.decompress(data) if self.html_path.suffix == ".gz" else data
        except (OSError, EOFError, gzip.BadGzipFile) as error:
            raise DatasetError(f"page {self.id}: cannot read {self.html_path}: {error}") from error


def load_pages(
    path: str | Path,
    *,
    page_type: str | None = None,
    limit: int | None = None,
) -> list[Page]:
    """Read a pages.jsonl, keeping pages of ``page_type`` (all if None), at most ``limit``.

    Raises :class:`DatasetError` naming the file and line for malformed lines, missing or
    mistyped fields, duplicate ids and HTML files that do not exist.
    """
    path = Path(path)
    try:
        # Split on "\n" only: str.splitlines() also breaks at U+2028 and friends, which JSON
        # allows unescaped inside strings.
        lines = path.read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError) as error:
        raise DatasetError(f"{path}: cannot read dataset: {error}") from error
    pages: list[Page] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        page = _parse_line(line, path, number)
        if page.id in seen:
            raise DatasetError(
                f"{path}:{number}: duplicate id {page.id!r} (first on line {seen[page.id]})"
            )
        seen[page.id] = number
        if page_type is not None and page.page_type != page_type:
            continue
        if not page.html_path.is_file():
            raise DatasetError(f"{path}:{number}: field 'html_path': no such file {page.html_path}")
        pages.append(page)
        if limit is not None and len(pages) >= limit:
            break
    return pages


def _parse_line(line: str, path: Path, number: int) -> Page:
    where = f"{path}:{number}"
    try:
        record = json.loads(line)
    except ValueError as error:
        raise DatasetError(f"{where}: not valid JSON: {error}") from error
    if not isinstance(record, dict):
        raise DatasetError(f"{where}: expected a JSON object, got {type(record).__name__}")
    page_id = record.get("id")
    if isinstance(page_id, int) and not isinstance(page_id, bool):
        page_id = str(page_id)
    if not isinstance(page_id, str) or not page_id:
        raise DatasetError(f"{where}: field 'id' is missing or not a non-empty string")
    html_path = record.get("html_path")
    if not isinstance(html_path, str) or not html_path:
        raise DatasetError(f"{where}: field 'html_path' is missing or not a string")
    for name in ("text", "title", "lang", "page_type", "url", "anchor_text"):
        value = record.get(name)
        if value is not None and not isinstance(value, str):
            raise DatasetError(
                f"{where}: field {name!r} must be a string or null, got {type(value).__name__}"
            )
    return Page(
        id=page_id,
        html_path=path.parent / html_path,
        text=record.get("text"),
        title=record.get("title"),
        lang=record.get("lang") or UNKNOWN_LANG,
        page_type=record.get("page_type"),
        url=record.get("url"),
        fields=record,
    )


def write_pages(folder: Path, pages: Iterable[tuple[dict[str, Any], bytes]]) -> int:
    """Write ``pages`` (each a record and its HTML) as a set in ``folder``: the HTML gzipped
    as ``html/ID.html.gz`` (no timestamp: the same pages give the same bytes), the records
    with that ``html_path`` in ``pages.jsonl``, in order; the number written."""
    (folder / "html").mkdir(parents=True, exist_ok=True)
    written = 0
    with (folder / "pages.jsonl").open("w", encoding="utf-8") as out:
        for record, html in pages:
            html_path = f"html/{record['id']}.html.gz"
            (folder / html_path).write_bytes(gzip.compress(html, mtime=0))
            out.write(json.dumps({**record, "html_path": html_path}, ensure_ascii=False) + "\n")
            written += 1
    return written


def stable_sample(pages: list[Page], size: int) -> list[Page]:
    """A deterministic subset of ``size`` pages, spread over the set, in file order.

    Pages are ranked by the sha256 of their id, so the subset does not depend on file order
    and only changes for pages that are added or removed.
    """
    if size >= len(pages):
        return list(pages)
    ranked = sorted(pages, key=lambda page: hashlib.sha256(page.id.encode()).hexdigest())
    chosen = {page.id for page in ranked[:size]}
    return [page for page in pages if page.id in chosen]


def file_sha256(path: str | Path) -> str:
    digest = hashlib.sha256()
    with Path(path).open("rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
