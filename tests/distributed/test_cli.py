"""`newscrawl seed` and `newscrawl schedule --once` against the real local Redis."""

from __future__ import annotations

import pytest

from newscrawl.cli import main

REDIS_URL = "redis://127.0.0.1:6379/0"
SPIDER = "tests.distributed.site_spider.SiteSpider"

SITES = """\
sites:
  - name: one
    start_urls: [http://one.test/list, http://one.test/world]
    recrawl_interval: 30m
  - name: two
    start_urls: [http://two.test/list]
"""


@pytest.fixture
def sites_file(tmp_path):
    path = tmp_path / "sites.yaml"
    path.write_text(SITES)
    return path


def run(prefix, *args):
    return main(
        [*args[:1], "--redis", REDIS_URL, "--prefix", prefix, "--spider", SPIDER, *args[1:]]
    )


def test_seed_pushes_the_start_requests_of_the_chosen_sites(server, prefix, sites_file, capsys):
    assert run(prefix, "seed", "-a", f"sites={sites_file}", "--only", "one") == 0
    assert "Seeded 2 start requests of 1 sites" in capsys.readouterr().out
    assert int(server.get(f"{prefix}:pending")) == 2
    assert server.lrange(f"{prefix}:ring", 0, -1) == [b"one.test"]


def test_schedule_once_enqueues_only_due_sites(server, prefix, sites_file, capsys):
    assert run(prefix, "schedule", "--once", "--sites", str(sites_file)) == 0
    assert "Enqueued 2 due sites" in capsys.readouterr().out
    assert run(prefix, "schedule", "--once", "--sites", str(sites_file)) == 0
    assert "Enqueued 0 due sites; next due in 1800 s" in capsys.readouterr().out
    assert int(server.get(f"{prefix}:pending")) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-a", "sites"], "-a 'sites': expected NAME=VALUE"),
        (["--only", "three"], "--only: unknown site(s) three"),
    ],
)
def test_bad_options_are_named(prefix, sites_file, capsys, args, message):
    assert run(prefix, "seed", "-a", f"sites={sites_file}", *args) == 2
    assert message in capsys.readouterr().err


def test_bad_sites_file_and_unreachable_redis_are_named(prefix, tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("sites:\n  - name: x\n    start_urls: [notaurl]\n")
    assert run(prefix, "seed", "-a", f"sites={bad}") == 2
    assert "bad.yaml:3" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["seed"], ["schedule", "--once"]])
def test_unreachable_redis_is_one_line_naming_the_url(command, sites_file, capsys):
    # Port 1 is closed: the connection is refused at once.
    args = [
        *command,
        "--redis",
        "redis://127.0.0.1:1/0",
        "--spider",
        SPIDER,
        *(["-a", f"sites={sites_file}"] if command == ["seed"] else ["--sites", str(sites_file)]),
    ]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(
        f"newscrawl {command[0]}: --redis: cannot reach Redis at redis://127.0.0.1:1/0: "
    )
