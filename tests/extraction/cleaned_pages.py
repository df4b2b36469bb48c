"""A page body parsed and cleaned as the loader does, for tests of the stages after cleaning."""

from __future__ import annotations

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import clean_tree, parse_html


def cleaned(body: str, title: str = "Night buses") -> Element:
    root = parse_html(f"<html><head><title>{title}</title></head><body>{body}</body></html>")
    assert root is not None
    return clean_tree(root)
