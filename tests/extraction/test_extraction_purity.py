"""The extraction library loads no crawler, database or Redis code, however deep the import.

The import contracts (tests/test_layers.py) check the static import graph; this checks what a
fresh interpreter has actually loaded after using the library, which also catches imports made
inside functions and by the lazily loaded methods.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FORBIDDEN = (
    "scrapy",
    "scrapy_redis",
    "twisted",
    "itemadapter",
    "sqlalchemy",
    "psycopg",
    "redis",
    "newscrawl.crawl",
    "newscrawl.storage",
    "newscrawl.distributed",
    "newscrawl.cli",
    "newscrawl.settings",
)

PAGE = (
    "<html><head><title>River flood closes the old bridge</title></head><body>"
    "<nav><a href='/'>Home</a> <a href='/world'>World</a></nav>"
    "<article><h1>River flood closes the old bridge</h1>"
    + "<p>The river rose two metres overnight and the council closed the old bridge to all "
    "traffic while engineers inspect its piers for damage.</p>"
    * 6
    + "</article><footer>Copyright 2026</footer></body></html>"
)


def loaded_modules(code: str) -> list[str]:
    """The module names a fresh interpreter holds after running ``code``."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    modules: list[str] = json.loads(done.stdout.splitlines()[-1])
    return modules


def under(modules: list[str], roots: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == r or m.startswith(r + ".") for r in roots)]


def test_using_every_method_loads_no_crawler_database_or_redis_module() -> None:
    modules = loaded_modules(
        "from newscrawl.extraction import extract, available_methods\n"
        f"page = {PAGE!r}\n"
        "methods = available_methods()\n"
        "assert len(methods) >= 6, methods\n"
        "for name in methods:\n"
        "    extract(page, url='https://news.example/a/1.html', method=name)\n"
    )
    assert "newscrawl.extraction.extractors.auto" in modules  # the methods really ran
    assert under(modules, FORBIDDEN) == []


def test_loading_the_sites_config_loads_no_extractor() -> None:
    modules = loaded_modules(
        "from newscrawl.config import parse_sites\n"
        "parse_sites('sites:\\n  - name: a\\n    start_urls: [https://a.example/]\\n"
        "    method: tsd\\n')\n"
    )
    assert "newscrawl.config.sites" in modules
    assert under(modules, ("newscrawl.extraction", "lxml", *FORBIDDEN)) == []
