"""``newscrawl sites check`` and ``newscrawl sites import`` through the CLI entry point."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from newscrawl.cli import main
from newscrawl.config import load_sites

from .conftest import REPO


def test_check_ok_counts_enabled_sites(sites_file: Callable[[str], Path], capsys):
    path = sites_file("""
        sites:
          - name: a
            start_urls: [https://a.example/]
          - name: b
            start_urls: [https://b.example/]
            enabled: false
    """)
    assert main(["sites", "check", str(path)]) == 0
    assert capsys.readouterr().out == "OK: 2 sites (1 enabled)\n"


def test_check_prints_every_problem_and_fails(sites_file: Callable[[str], Path], capsys):
    path = sites_file("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            max_depth: -1
            methd: auto
    """)
    assert main(["sites", "check", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{path}:4: site 'a': max_depth: must be >= 0, got -1",
        f"{path}:5: site 'a': methd: unknown key (did you mean 'method'?)",
        f"FAILED: 2 problem(s) in {path}",
    ]


def test_check_defaults_to_sites_yaml_in_the_current_directory(monkeypatch, capsys):
    monkeypatch.chdir(REPO)
    assert main(["sites", "check"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: ") and int(out.split()[1]) >= 1000


def test_check_missing_file(tmp_path: Path, capsys):
    assert main(["sites", "check", str(tmp_path / "nope.yaml")]) == 1
    assert "nope.yaml: cannot read sites file" in capsys.readouterr().err


def test_import_writes_and_then_skips_existing(tmp_path: Path, capsys):
    domains = tmp_path / "domains.txt"
    domains.write_text("# my list\nexample.com\nhttps://www.example.org/news/\n")
    out = tmp_path / "sites.yaml"
    args = [
        "sites",
        "import",
        str(domains),
        "--output",
        str(out),
        "--lang",
        "zh",
        "--method",
        "line-blocks",
    ]
    assert main(args) == 0
    assert "Added 2 site(s)" in capsys.readouterr().out
    sites = load_sites(out)
    assert [(s.name, s.lang, s.method) for s in sites] == [
        ("example.com", "zh", "cx"),
        ("example.org", "zh", "cx"),
    ]
    assert main(args) == 0
    assert capsys.readouterr().out == f"Added 0 site(s) to {out}; skipped 2 already present\n"
    assert main(["sites", "check", str(out)]) == 0


def test_import_to_stdout(tmp_path: Path, capsys):
    domains = tmp_path / "domains.txt"
    domains.write_text("example.com\n")
    assert main(["sites", "import", str(domains), "-o", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "  - name: example.com\n    start_urls:\n      - https://example.com/\n"
    assert "Added 1 site(s) to standard output" in captured.err


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--method", "best"], "--method: unknown method 'best'"),
        (["--lang", "Chinese"], "--lang: expected a language code"),
    ],
)
def test_import_rejects_bad_options(tmp_path: Path, capsys, option: list[str], message: str):
    domains = tmp_path / "domains.txt"
    domains.write_text("example.com\n")
    assert main(["sites", "import", str(domains), "-o", "-", *option]) == 2
    assert message in capsys.readouterr().err


def test_import_reports_bad_lines_and_writes_nothing(tmp_path: Path, capsys):
    domains = tmp_path / "domains.txt"
    domains.write_text("example.com\nbad domain\n")
    out = tmp_path / "sites.yaml"
    assert main(["sites", "import", str(domains), "-o", str(out)]) == 1
    assert f"{domains}:2: 'bad domain': not a domain" in capsys.readouterr().err
    assert not out.exists()


def test_import_missing_domain_file(tmp_path: Path, capsys):
    assert main(["sites", "import", str(tmp_path / "none.txt"), "-o", "-"]) == 1
    assert "none.txt: cannot read domain list" in capsys.readouterr().err
