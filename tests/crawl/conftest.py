"""Crawl fixtures: the local news farm and a helper running ``scrapy crawl news`` against it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:  # the farm lives in tests/farm (a test-only package)
    sys.path.insert(0, str(REPO_ROOT))

from tests.farm import FarmHandle, start_farm, write_sites_file  # noqa: E402
from tests.postgres import fresh_schema, pg_schema_url  # noqa: E402

CRAWL_TIMEOUT = 120  # seconds; a farm crawl takes ~10 s, the limit only stops a hang
# Fast, deterministic crawl settings for the farm: one process, no politeness delays.
FARM_SETTINGS = {
    "AUTOTHROTTLE_ENABLED": "0",
    "DOWNLOAD_DELAY": "0",
    "CONCURRENT_REQUESTS_PER_DOMAIN": "8",
    "NEWSCRAWL_PROGRESS_INTERVAL": "1",
    "RETRY_TIMES": "1",
}

# A direct (hostile) farm: names resolved by the farm's resolver, short timeouts so that dead
# hosts cost seconds.
DIRECT_FARM_SETTINGS = {
    "TWISTED_DNS_RESOLVER": "tests.farm.resolver.FarmResolver",
    "DOWNLOAD_TIMEOUT": "2",
    "RETRY_TIMES": "2",  # the crawler's default: a hanging robots.txt is tried three times
}


@dataclass
class CrawlRun:
    returncode: int
    log: str
    db_url: str


@pytest.fixture(autouse=True)
def _reactor() -> None:
    """get_crawler needs an installed reactor: Scrapy's default (asyncio) one."""
    from scrapy.utils.reactor import install_reactor, is_reactor_installed

    if not is_reactor_installed():
        install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")


@pytest.fixture(scope="module")
def farm() -> Iterator[FarmHandle]:
    handle = start_farm(sites=3, articles=6)
    yield handle
    handle.stop()


def run_crawl(
    farm: FarmHandle,
    workdir: Path,
    db_url: str,
    settings: dict[str, str] | None = None,
    args: tuple[str, ...] = (),
    runner: str = "scrapy",
    env_extra: dict[str, str] | None = None,
) -> CrawlRun:
    """``scrapy crawl news`` in a subprocess, through the farm as http_proxy (or, for a
    direct farm, straight to its port with the farm's own name resolution); ``runner`` is
    the module run with ``-m`` (a test may wrap scrapy's command line)."""
    command, env = crawl_command(farm, workdir, db_url, settings, args, runner, env_extra)
    done = subprocess.run(
        command,
        check=False,
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
        timeout=CRAWL_TIMEOUT,
    )
    return CrawlRun(done.returncode, done.stderr + done.stdout, db_url)


def crawl_command(
    farm: FarmHandle,
    workdir: Path,
    db_url: str,
    settings: dict[str, str] | None = None,
    args: tuple[str, ...] = (),
    runner: str = "scrapy",
    env_extra: dict[str, str] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """The command line and environment :func:`run_crawl` runs."""
    sites = write_sites_file(farm.model, workdir / "sites.yaml")
    command = [sys.executable, "-m", runner, "crawl", "news", "-a", f"sites={sites}", *args]
    direct = DIRECT_FARM_SETTINGS if farm.direct else {}
    for name, value in {
        **FARM_SETTINGS,
        **direct,
        "NEWSCRAWL_DATABASE_URL": db_url,
        "NEWSCRAWL_SPILL_PATH": str(workdir / "spill.jsonl"),
        **(settings or {}),
    }.items():
        command += ["-s", f"{name}={value}"]
    proxy = {} if farm.direct else {"http_proxy": farm.proxy_url}
    env = {
        **{k: v for k, v in os.environ.items() if k.lower() != "http_proxy"},
        **proxy,
        "SCRAPY_SETTINGS_MODULE": "newscrawl.settings",
        # A crash in C code (seen once: a threaded-extraction crawl died of SIGSEGV) then
        # leaves every thread's Python stack in the crawl's log for the failing test to show.
        "PYTHONFAULTHANDLER": "1",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])),
    }
    env.pop("no_proxy", None)
    env.pop("NO_PROXY", None)
    env.update(env_extra or {})
    return command, env


def stored_articles(db_url: str) -> dict[str, tuple[str, str | None]]:
    engine = sa.create_engine(db_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(sa.text("SELECT url, title, anchor_text FROM articles"))
            return {url: (title, anchor) for url, title, anchor in rows}
    finally:
        engine.dispose()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose search_path is a fresh schema, dropped afterwards."""
    with fresh_schema("nc_crawl") as schema:
        yield pg_schema_url(schema)
