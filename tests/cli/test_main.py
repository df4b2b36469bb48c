"""The ``newscrawl`` entry point itself: --version, --help, and a reader that goes away."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from newscrawl import __version__
from newscrawl.cli import EXIT_BROKEN_PIPE, main

REPO = Path(__file__).resolve().parents[2]
ARTICLE = (
    "<html><head><title>Council approves the new city budget</title></head><body>"
    "<h1>Council approves the new city budget</h1>"
    + "".join(
        f"<p>The city council approved the budget on Monday after a long debate "
        f"about schools, roads and parks, paragraph {i}.</p>"
        for i in range(12)
    )
    + "</body></html>"
)


def test_version_prints_the_package_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"newscrawl {__version__}\n"


def test_help_speaks_to_a_user_and_lists_the_commands(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "scrapy crawl news" in out  # where the crawl itself is started
    assert "register(subparsers)" not in out and "sub-command" not in out
    for command in ("extract", "eval", "sites", "db", "seed"):
        assert f"    {command} " in out


def test_no_command_prints_help_and_fails(capsys):
    assert main([]) == 2
    assert "usage: newscrawl" in capsys.readouterr().out


def test_every_command_help_renders(capsys):
    # argparse expands %-placeholders in help texts; a stray % breaks --help.
    for command in ("extract", "eval", "sites", "db", "reextract", "seed", "schedule"):
        with pytest.raises(SystemExit) as done:
            main([command, "--help"])
        assert done.value.code == 0, command
        assert f"usage: newscrawl {command}" in capsys.readouterr().out


def test_closed_pipe_ends_quietly(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(ARTICLE, encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "newscrawl", "extract", str(page)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line is written (`| head -0`)
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == EXIT_BROKEN_PIPE
    assert err == ""
