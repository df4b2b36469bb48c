"""Ctrl-C (one SIGINT) stops a crawl cleanly and keeps every article it had accepted."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.farm import FarmHandle, start_farm, write_sites_file

from .conftest import CRAWL_TIMEOUT, REPO_ROOT, stored_articles

# Slow enough (one request at a time per site, a short delay) that the crawl of 240 articles
# is still running when the first stored articles are reported.
SETTINGS = {
    "AUTOTHROTTLE_ENABLED": "0",
    "DOWNLOAD_DELAY": "0.1",
    "CONCURRENT_REQUESTS_PER_DOMAIN": "1",
    "NEWSCRAWL_PROGRESS_INTERVAL": "1",
}
FIRST_ARTICLES = re.compile(r"Progress: .*articles [1-9]")


@pytest.fixture(scope="module")
def big_farm() -> Iterator[FarmHandle]:
    handle = start_farm(sites=4, articles=60)
    yield handle
    handle.stop()


def test_one_sigint_stops_the_crawl_and_keeps_what_was_stored(big_farm, tmp_path):
    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    sites = write_sites_file(big_farm.model, tmp_path / "sites.yaml")
    command = [
        sys.executable,
        "-m",
        "scrapy",
        "crawl",
        "news",
        "-a",
        f"sites={sites}",
        "-s",
        f"NEWSCRAWL_DATABASE_URL={db_url}",
        "-s",
        f"NEWSCRAWL_SPILL_PATH={tmp_path / 'spill.jsonl'}",
    ]
    for name, value in SETTINGS.items():
        command += ["-s", f"{name}={value}"]
    env = {
        **os.environ,
        "http_proxy": big_farm.proxy_url,
        "SCRAPY_SETTINGS_MODULE": "newscrawl.settings",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])),
    }
    env.pop("no_proxy", None)
    env.pop("NO_PROXY", None)
    crawl = subprocess.Popen(command, cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)
    assert crawl.stderr is not None
    log = []
    for line in crawl.stderr:
        log.append(line)
        if FIRST_ARTICLES.search(line):
            crawl.send_signal(signal.SIGINT)
            break
    log.append(crawl.stderr.read())
    assert crawl.wait(timeout=CRAWL_TIMEOUT) == 0
    text = "".join(log)
    assert "Traceback" not in text
    assert "'finish_reason': 'shutdown'" in text  # stopped early, not finished
    stored_stat = int(re.search(r"'newscrawl/stored': (\d+)", text).group(1))
    stored = stored_articles(db_url)
    assert 0 < len(stored) < len(big_farm.model.expected())
    assert len(stored) == stored_stat  # every article the crawl counted is in the database
