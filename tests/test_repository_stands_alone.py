"""The repository runs its tests and benchmarks from its own files.

No code, test, benchmark or script may reach for a data folder beside the checkout (a fresh
clone has none), and the vendored data must stay small enough to clone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from newscrawl.evaluation.datasets import REPOSITORY_DATA

REPO = Path(__file__).resolve().parents[1]
CHECKED_FOLDERS = ("newscrawl", "tests", "benchmarks", "scripts")
# Built from parts so that this file does not match its own patterns.
_OUTSIDE = "sha" + "red"
OUTSIDE_PATHS = re.compile(
    rf"\.\.[/\\]+{_OUTSIDE}\b"  # ../<folder>
    rf"|\b{_OUTSIDE}[/\\]+(?:datasets|site_lists)\b"  # <folder>/datasets, <folder>/site_lists
    rf"""|["']{_OUTSIDE}["']""",  # a path component: Path(...) / "<folder>"
)
BINARY_SUFFIXES = {".so", ".gz", ".pyc", ".o", ".png", ".jpg", ".sqlite", ".db"}
MAX_DATA_BYTES = 25_000_000


def checked_files() -> list[Path]:
    files = []
    for folder in CHECKED_FOLDERS:
        for path in sorted((REPO / folder).rglob("*")):
            if (
                path.is_file()
                and path.suffix not in BINARY_SUFFIXES
                and "__pycache__" not in path.parts
                and ".pytest_cache" not in path.parts
            ):
                files.append(path)
    return files


def outside_references(path: Path, root: Path = REPO) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    return [
        f"{path.relative_to(root)}:{text.count(chr(10), 0, match.start()) + 1}: {match.group(0)!r}"
        for match in OUTSIDE_PATHS.finditer(text)
    ]


def test_no_file_reaches_for_data_outside_the_repository() -> None:
    files = checked_files()
    assert len(files) > 100  # the walk really saw the tree
    found = [hit for path in files for hit in outside_references(path)]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(
    "line",
    [
        'DATASETS = REPO / ".." / "' + _OUTSIDE + '" / "datasets"',
        "python x.py ../" + _OUTSIDE + "/datasets/cwced_zh/pages.jsonl",
        "lists in " + _OUTSIDE + "/site_lists",
        r"C:\work\..\\" + _OUTSIDE + r"\datasets",
    ],
)
def test_the_guard_catches_every_spelling(tmp_path: Path, line: str) -> None:
    path = tmp_path / "probe.py"
    path.write_text(f"first line\n{line}\n", encoding="utf-8")
    hits = outside_references(path, tmp_path)
    assert len(hits) >= 1 and hits[0].startswith("probe.py:2: "), hits


def test_shared_as_an_ordinary_word_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "probe.py"
    path.write_text("the shared title chooser; RedisBloom.shared(server)\n", encoding="utf-8")
    assert outside_references(path, tmp_path) == []


def test_vendored_data_stays_under_25_mb() -> None:
    sizes = [path.stat().st_size for path in REPOSITORY_DATA.rglob("*") if path.is_file()]
    assert sizes, f"{REPOSITORY_DATA} is empty"
    assert sum(sizes) < MAX_DATA_BYTES, f"datasets/ holds {sum(sizes) / 1e6:.1f} MB"


def readme_test_command() -> str:
    """The README's command that runs the tests (its code line that calls pytest)."""
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    commands = [line for line in lines if "-m pytest" in line and not line.startswith("#")]
    assert len(commands) == 1, commands
    return commands[0].strip()


def test_ci_runs_the_readme_test_command_verbatim_in_a_fresh_clone() -> None:
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    command = readme_test_command()
    assert command in script, f".ci/run does not run the README's test command {command!r}"
    clone = next(i for i, line in enumerate(script) if line.startswith("git clone -q . "))
    enter = next(i for i, line in enumerate(script) if line.startswith('cd "$tmp/'))
    assert clone < enter < script.index(command)
