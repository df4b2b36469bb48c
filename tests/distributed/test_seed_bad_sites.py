"""`newscrawl seed` refuses a sites file beyond the limits or an unknown -a argument: exit 2."""

from __future__ import annotations

import pytest

from newscrawl.cli import main

REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "sites:\n  - name: a\n    start_urls: " + "[" * 500 + "]" * 500 + "\n",
            ":3: nested more than 32 levels deep",
        ),
        (
            (
                "sites:\n  - name: a\n    start_urls: [http://a.test/]\n"
                "    max_depth: 99999999999999999999999999999\n"
            ),
            ":4: site 'a': max_depth: must be at most",
        ),
    ],
)
def test_seed_with_a_sites_file_beyond_the_limits_exits_2(
    server, prefix, tmp_path, capsys, text, message
):
    sites = tmp_path / "sites.yaml"
    sites.write_text(text)
    assert main(["seed", "--redis", REDIS_URL, "--prefix", prefix, "-a", f"sites={sites}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"newscrawl seed: {sites}{message}")
    assert err.count("\n") == 1
    assert not list(server.scan_iter(match=f"{prefix}*"))


def test_seed_with_an_unknown_spider_argument_exits_2(server, prefix, capsys):
    assert main(["seed", "--redis", REDIS_URL, "--prefix", prefix, "-a", "sitez=foo.yaml"]) == 2
    assert capsys.readouterr().err == (
        "newscrawl seed: unknown spider argument 'sitez' (did you mean 'sites'?); "
        "known: -a sites=FILE, -a only=NAME[,NAME...]\n"
    )
