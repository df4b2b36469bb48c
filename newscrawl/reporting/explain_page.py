"""The explain page of one page: ``newscrawl extract --report``, ``reextract --report``."""

from __future__ import annotations

from pathlib import Path

from newscrawl.extraction.document import Document

from .explain import build
from .render import render, write


def explain_html(doc: Document, method: str = "density") -> str:
    return render("explain.html.j2", model=build(doc, method))


def write_explain_page(doc: Document, path: Path, method: str = "density") -> None:
    write(path, explain_html(doc, method))
