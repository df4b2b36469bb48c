"""Write the sites.yaml that crawls a farm (``python -m tests.farm.sites_file`` prints it)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .model import FarmModel


def sites_yaml(model: FarmModel, *, method: str | None = None, max_depth: int = 2) -> str:
    """YAML text for every farm site. Feeds are configured; sitemaps are left to robots.txt.

    JSON strings are valid YAML scalars, so values are written with ``json.dumps``.
    """
    lines = ["defaults:", f"  max_depth: {max_depth}"]
    if method:
        lines.append(f"  method: {json.dumps(method)}")
    lines.append("sites:")
    for site in model.sites:
        lines.append(f"  - name: {json.dumps(site.name)}")
        lines.append(f"    start_urls: [{json.dumps(site.base + '/')}]")
        if site.has_feed:
            lines.append(f"    feeds: [{json.dumps(site.base + site.feed_path)}]")
        if site.style == "zh":
            lines.append("    lang: zh")
    return "\n".join(lines) + "\n"


def write_sites_file(
    model: FarmModel, path: Path, *, method: str | None = None, max_depth: int = 2
) -> Path:
    path.write_text(sites_yaml(model, method=method, max_depth=max_depth), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sites", type=int, default=3)
    parser.add_argument("--articles", type=int, default=6)
    parser.add_argument("--method")
    args = parser.parse_args(argv)
    sys.stdout.write(sites_yaml(FarmModel(args.sites, args.articles), method=args.method))
    return 0


if __name__ == "__main__":
    sys.exit(main())
