"""Sitemaps announced in robots.txt (``Sitemap:`` lines)."""

from __future__ import annotations

from newscrawl.crawl.urls import join_url


def sitemaps_from_robots(text: str, base_url: str) -> list[str]:
    urls = []
    for line in text.splitlines():
        key, _, value = line.partition(":")
        url = join_url(base_url, value.strip()) if key.strip().lower() == "sitemap" else None
        if url and value.strip():
            urls.append(url)
    return list(dict.fromkeys(urls))
