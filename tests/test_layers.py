"""The layer contracts in pyproject.toml ([tool.importlinter]) hold for the whole import graph."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_the_contracts_guard_extraction_and_config() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}
    assert contracts["extraction-is-pure"]["source_modules"] == ["newscrawl.extraction"]
    assert {
        "scrapy",
        "twisted",
        "sqlalchemy",
        "redis",
        "newscrawl.crawl",
        "newscrawl.storage",
        "newscrawl.distributed",
        "newscrawl.cli",
    } <= set(contracts["extraction-is-pure"]["forbidden_modules"])
    assert "newscrawl.extraction" in contracts["config-loads-no-extractor"]["forbidden_modules"]


def test_import_contracts_are_kept() -> None:
    # Run as the lint-imports command does, in a fresh interpreter; no cache is written.
    code = (
        "import sys\nfrom importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, "
        "no_logo=True))"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout
