"""Sitemaps announced in robots.txt (``Sitemap:`` lines)."""

from __future__ import annotations

from urllib.parse import urljoin


def sitemaps_from_robots(text: str, base_url: str) -> list[str]:
    urls = []
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() == "sitemap" and value.strip():
            urls.append(urljoin(base_url, value.strip()))
    return list(dict.fromkeys(urls))
