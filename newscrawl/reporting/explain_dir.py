"""A folder of explain pages, one per stored page, with an index: ``reextract --report DIR``."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from newscrawl.extraction.document import DocumentError, load_document

from .explain import build
from .render import render, write

_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(slots=True)
class IndexEntry:
    url: str
    site: str
    file: str
    title: str
    verdict: str  # what the selected method made of the page


@dataclass(slots=True)
class ExplainDirectory:
    folder: Path
    entries: list[IndexEntry] = field(default_factory=list)

    def add(
        self,
        html: bytes,
        *,
        url: str,
        site: str,
        anchor_text: str | None,
        encoding: str | None,
        method: str,
    ) -> Path | None:
        """Write the page's explain page; None when the bytes are not an HTML page."""
        try:
            doc = load_document(html, url=url, anchor_text=anchor_text, encoding=encoding)
        except DocumentError:
            return None
        model = build(doc, method)
        digest = hashlib.sha1(url.encode("utf-8")).hexdigest()[:12]
        name = f"{_UNSAFE_NAME.sub('_', site)[:40]}-{digest}.html"
        write(self.folder / name, render("explain.html.j2", model=model))
        view = model.methods.get(model.selected)
        verdict = ""
        if view is not None and view.article is not None:
            verdict = f"{model.selected}: {len(view.article['content'])} characters"
        elif view is not None:
            verdict = f"{model.selected} rejected: {view.rejection}"
        self.entries.append(IndexEntry(url, site, name, model.title.text, verdict))
        return self.folder / name

    def write_index(self) -> Path:
        path = self.folder / "index.html"
        write(path, render("explain_index.html.j2", entries=self.entries))
        return path
