"""English given names (package data ``given_names_en.txt``; its header gives the source)."""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def given_names_en() -> frozenset[str]:
    """Lower-cased given names of the 1990 US Census."""
    text = resources.files(__package__).joinpath("given_names_en.txt").read_text("utf-8")
    words = (line.strip() for line in text.splitlines())
    return frozenset(word for word in words if word and not word.startswith("#"))
