"""`scrapy crawl news` refuses what it cannot use: an unknown ``-a`` argument, a sites file
beyond the limits; each in one line, before anything is fetched."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from newscrawl.crawl.spiders.news import SPIDER_ARGUMENTS, NewsSpider, SpiderArgumentError
from tests.crawlers import newscrawl_crawler

REPO = Path(__file__).resolve().parents[2]
SITES = "sites:\n  - name: a\n    start_urls: [http://a.invalid/]\n"


def test_known_arguments_are_taken(tmp_path):
    sites = tmp_path / "sites.yaml"
    sites.write_text(SITES)
    spider = NewsSpider.from_crawler(newscrawl_crawler(NewsSpider), sites=str(sites), only="a")
    assert list(spider.sites) == ["a"]


def test_unknown_argument_names_the_known_ones(tmp_path):
    with pytest.raises(SpiderArgumentError) as caught:
        NewsSpider.from_crawler(newscrawl_crawler(NewsSpider), sitez=str(tmp_path / "foo.yaml"))
    message = str(caught.value)
    assert message.startswith("unknown spider argument 'sitez' (did you mean 'sites'?); known: ")
    assert all(form in message for form in SPIDER_ARGUMENTS.values())


def scrapy_crawl(workdir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "SCRAPY_SETTINGS_MODULE": "newscrawl.settings",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "scrapy",
            "crawl",
            "news",
            *args,
            "-s",
            "LOG_LEVEL=WARNING",
            "-s",
            f"NEWSCRAWL_DATABASE_URL=sqlite:///{workdir / 'news.db'}",
        ],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_misspelt_argument_stops_the_crawl_in_one_line(tmp_path):
    run = scrapy_crawl(tmp_path, "-a", "sitez=foo.yaml")
    assert run.returncode == 1
    lines = [line for line in (run.stderr + run.stdout).splitlines() if line.strip()]
    assert lines == [
        (
            "newscrawl: cannot start: unknown spider argument 'sitez' (did you mean "
            "'sites'?); known: -a sites=FILE, -a only=NAME[,NAME...]"
        )
    ]


def test_sites_file_nested_too_deep_stops_the_crawl_in_one_line(tmp_path):
    sites = tmp_path / "deep.yaml"
    sites.write_text("sites:\n  - name: a\n    start_urls: " + "[" * 500 + "]" * 500 + "\n")
    run = scrapy_crawl(tmp_path, "-a", f"sites={sites}")
    assert run.returncode == 1
    lines = [line for line in (run.stderr + run.stdout).splitlines() if line.strip()]
    assert lines == [
        (
            f"newscrawl: cannot start: {sites}:3: nested more than 32 levels deep "
            "(lists and mappings inside each other)"
        )
    ]
