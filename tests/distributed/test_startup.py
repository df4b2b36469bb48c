"""`scrapy crawl news` in distributed mode with Redis down: one line, exit status 1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CLOSED_PORT_URL = "redis://127.0.0.1:1/0"


def test_unreachable_redis_stops_the_crawl_in_one_line(tmp_path: Path) -> None:
    sites = tmp_path / "sites.yaml"
    sites.write_text("sites:\n  - name: a\n    start_urls: [http://a.invalid/]\n")
    env = {
        **os.environ,
        "SCRAPY_SETTINGS_MODULE": "newscrawl.settings",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "scrapy",
            "crawl",
            "news",
            "-a",
            f"sites={sites}",
            "-s",
            "LOG_LEVEL=ERROR",
            "-s",
            f"NEWSCRAWL_REDIS_URL={CLOSED_PORT_URL}",
            "-s",
            f"NEWSCRAWL_DATABASE_URL=sqlite:///{tmp_path / 'news.db'}",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    output = run.stderr + run.stdout
    assert run.returncode == 1, output
    assert "Traceback" not in output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert lines[0].startswith(
        f"newscrawl: cannot start: cannot reach Redis at {CLOSED_PORT_URL}: "
    )
