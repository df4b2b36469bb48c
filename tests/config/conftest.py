from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from newscrawl.config import SitesFileError, load_sites

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def sites_file(tmp_path: Path) -> Callable[[str], Path]:
    """Write dedented YAML to ``sites.yaml`` in a temp dir and return its path."""

    def write(text: str) -> Path:
        path = tmp_path / "sites.yaml"
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write


@pytest.fixture
def problems_of(sites_file: Callable[[str], Path]) -> Callable[[str], list[str]]:
    """The problems ``load_sites`` reports for a YAML text (fails if it loads cleanly)."""

    def problems(text: str) -> list[str]:
        path = sites_file(text)
        with pytest.raises(SitesFileError) as caught:
            load_sites(path, include_disabled=True)
        return caught.value.problems

    return problems
