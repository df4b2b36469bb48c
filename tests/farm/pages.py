"""The pool of real article pages the farm serves, taken from the data root
(:mod:`newscrawl.evaluation.datasets`: the repository's ``datasets/`` by default).

Each farm article is one real page whose ``<title>`` (and ``og:title``) is replaced by the farm's
title, so the expected title is known exactly; the page keeps its original bytes otherwise,
including its original encoding (GB18030/GBK pages from cwced_zh stay GBK).
"""

from __future__ import annotations

import gzip
import html
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from newscrawl.evaluation.datasets import pages_file

# Pages whose ground-truth text is shorter than this are left out: every farm article must be a
# clear article for any extractor (the e2e tests assert exactly what is stored). 400 keeps
# 60 of the 69 cwced pages and most wcxb articles.
MIN_GOLD_CHARS = 400
# Titles longer than this are cut; pages whose title is shorter than MIN_TITLE_CHARS (or that
# have none) are left out: the farm's expected titles must be unambiguous.
MAX_TITLE_CHARS = 80
MIN_TITLE_CHARS = 6

_TITLE_TAG = re.compile(rb"(?is)<title[^>]*>.*?</title>")
_HEAD_OPEN = re.compile(rb"(?is)<head[^>]*>")
_OG_TITLE = re.compile(rb"""(?is)<meta[^>]+property\s*=\s*["']og:title["'][^>]*>""")
# Farm titles contain none of these: title choosers treat them as "headline | site name".
_SEPARATORS = re.compile(
    r"\s+[-|–—·»:]+\s+|[_|–—·»]+|\s*[-:]{2,}\s*"
    r"|(?<=[\u4e00-\u9fff)）])-|-(?=[\u4e00-\u9fff])"
)
_BODY_OPEN = re.compile(rb"(?is)<body[^>]*>")


@dataclass(frozen=True, slots=True)
class PoolPage:
    """One real page: where it comes from, its encoding and the title the farm gives it."""

    page_id: str
    dataset: str
    path: Path
    encoding: str  # the page's original byte encoding
    title: str
    lang: str

    def raw(self) -> bytes:
        return gzip.decompress(self.path.read_bytes())


def _clean_title(text: str) -> str:
    """The headline part of a page title: the first part before a site-name separator."""
    text = " ".join(html.unescape(text).split())
    for part in _SEPARATORS.split(text):
        if len(part.strip()) >= MIN_TITLE_CHARS:
            return part.strip()[:MAX_TITLE_CHARS].strip()
    return ""


def _page_title(row: dict, path: Path, encoding: str) -> str:
    """A title for the farm article: the dataset's, else the page's ``<title>``; "" if none."""
    for key in ("title", "html_title"):
        if row.get(key):
            title = _clean_title(row[key])
            if title:
                return title
    raw = gzip.decompress(path.read_bytes())
    match = _TITLE_TAG.search(raw)
    if match:
        inner = re.sub(rb"(?is)</?title[^>]*>", b"", match.group(0))
        return _clean_title(inner.decode(encoding, "replace"))
    return ""


def _load(dataset: str, *, articles_only: bool) -> list[PoolPage]:
    jsonl = pages_file(dataset)
    folder = jsonl.parent
    pages = []
    with jsonl.open(encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            if articles_only and row.get("page_type") not in (None, "article"):
                continue
            gold = row.get("text")
            if gold is not None and len(gold) < MIN_GOLD_CHARS:
                continue
            path = folder / row["html_path"]
            encoding = row.get("orig_encoding") or "utf-8"
            title = _page_title(row, path, encoding)
            if not title:
                continue
            pages.append(
                PoolPage(row["id"], dataset, path, encoding, title, row.get("lang") or "en")
            )
    return pages


@cache
def load_pool(kind: str = "mixed") -> tuple[PoolPage, ...]:
    """Pool pages in a fixed order.

    ``mixed`` interleaves Chinese (cwced_zh, GBK included; gne_unlabeled) and English (wcxb_dev
    articles) pages so that even a small farm serves both; ``zh``/``en`` restrict the language.
    """
    zh = _load("cwced_zh", articles_only=True) + _load("gne_unlabeled", articles_only=True)
    en = _load("wcxb_dev", articles_only=True)
    if kind == "zh":
        return tuple(zh)
    if kind == "en":
        return tuple(en)
    if kind != "mixed":
        raise ValueError(f"unknown pool kind {kind!r} (mixed, zh, en)")
    mixed: list[PoolPage] = []
    for index in range(max(len(zh), len(en))):
        mixed.extend(pool[index] for pool in (zh, en) if index < len(pool))
    return tuple(mixed)


def render_article(page: PoolPage, title: str) -> bytes:
    """The page's original bytes with the farm title in ``<title>``, ``og:title`` and a new
    ``<h1>`` at the top of the body, so every title source on the page agrees."""
    raw = page.raw()
    encoded_title = html.escape(title).encode(page.encoding, "xmlcharrefreplace")
    raw = _OG_TITLE.sub(b"", raw)
    og = b'<meta property="og:title" content="' + encoded_title + b'">'
    new_title = b"<title>" + encoded_title + b"</title>"
    if _TITLE_TAG.search(raw):
        raw = _TITLE_TAG.sub(lambda _m: new_title + og, raw, count=1)
    elif _HEAD_OPEN.search(raw):
        raw = _HEAD_OPEN.sub(lambda m: m.group(0) + new_title + og, raw, count=1)
    else:
        raw = b"<head>" + new_title + og + b"</head>" + raw
    heading = b"<h1>" + encoded_title + b"</h1>"
    if _BODY_OPEN.search(raw):
        return _BODY_OPEN.sub(lambda m: m.group(0) + heading, raw, count=1)
    return heading + raw
