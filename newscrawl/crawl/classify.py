"""Article or list? Decided from the URL, the link text and per-site regex overrides.

Site rules (``article_url``/``list_url`` in sites.yaml) win; then URL shape; then the link text
(a headline is long, a navigation label short). Pages are re-checked after download: an
"article" that turns out to be a page of headlines is followed as a list (see
:func:`looks_like_list_page`).
"""

from __future__ import annotations

import re
from typing import Literal
from urllib.parse import parse_qsl, urlsplit

from newscrawl.config import SiteConfig
from newscrawl.extraction.text import text_weight

Kind = Literal["article", "list"]

# Weighted length (CJK 2, others 1) from which a link text reads as a headline: 10 Chinese
# characters or ~3-4 English words. Navigation labels ("国内", "World news") stay below it.
HEADLINE_MIN_WEIGHT = 20
# A page with at least this many headline links and no text block of its own longer than
# LIST_MAX_OWN_BLOCK (weighted) is a list page. Tuned on the datasets: at 160 one sina article
# (72-character paragraphs) was flagged; at 120 none of the 131 Chinese and 790 wcxb_dev
# articles is, while 17 of 101 wcxb listing pages are (listings with summaries are not). It is
# only applied to pages whose extraction came out thin (ExtractPipeline), a second guard.
LIST_MIN_HEADLINES = 5
LIST_MAX_OWN_BLOCK = 120

_DATE_IN_PATH = re.compile(
    r"/(?:19|20)\d{2}(?:[/_-]?(?:0[1-9]|1[0-2]))(?:[/_-]?(?:0[1-9]|[12]\d|3[01]))?/"
    r"|/(?:19|20)\d{2}[/_-]\d{1,2}[/_-]\d{1,2}/|/t(?:19|20)\d{6}_"
)
_NUMERIC_ID = re.compile(r"(?:^|[/_-])(?:content_|article_|a|n|t)?\d{5,}(?:\.s?html?|\.php)?$")
_DETAIL_EXT = re.compile(r"\.(?:s?html?|php|aspx?|jsp)$")
_LIST_LEAF = re.compile(
    r"^(?:index|list|default|home|main|category|archive|archives|tag|tags|channel|more|"
    r"column|news|node)(?:[_-]\d+)?(?:\.\w+)?$",
    re.IGNORECASE,
)
_LIST_SEGMENTS = frozenset(
    {
        "list",
        "lists",
        "category",
        "categories",
        "cat",
        "tag",
        "tags",
        "topic",
        "topics",
        "channel",
        "channels",
        "section",
        "sections",
        "column",
        "columns",
        "lanmu",
        "archive",
        "archives",
        "page",
        "author",
        "authors",
        "search",
        "series",
    }
)
_PAGE_PARAMS = frozenset({"page", "p", "pn", "pg", "paged", "pageno", "page_no", "start"})
_PAGE_TEXT = re.compile(
    r"^\s*(?:\d{1,4}|next|next page|older|older (?:posts|stories|entries)|"
    r"more|下一页|下页|后页|更多|[»›>]+|next\s*[»›>]+|\w+\s*[»›])\s*$",
    re.IGNORECASE,
)
_SLUG_WORD = re.compile(r"[a-z0-9]+", re.IGNORECASE)


def url_kind(url: str) -> Kind | None:
    """What the URL's shape says, or None when it says nothing."""
    parts = urlsplit(url)
    path = parts.path or "/"
    segments = [s for s in path.split("/") if s]
    leaf = segments[-1] if segments and not path.endswith("/") else ""
    query = dict(parse_qsl(parts.query))
    if any(
        key.lower() in ("id", "aid", "articleid", "newsid", "docid") and value.isdigit()
        for key, value in query.items()
    ):
        return "article"  # news.php?id=123
    if leaf and _LIST_LEAF.match(leaf):
        return "list"
    if _DATE_IN_PATH.search(path + ("/" if not leaf else "")) and leaf:
        return "article"
    if leaf and _NUMERIC_ID.search(leaf):
        return "article"
    if leaf and _is_long_slug(_DETAIL_EXT.sub("", leaf)):
        return "article"
    if any(segment.lower() in _LIST_SEGMENTS for segment in segments):
        return "list"
    if any(key.lower() in _PAGE_PARAMS for key in query):
        return "list"
    if not leaf and len(segments) <= 2:
        return "list"  # "/", "/world/", "/news/china/"
    if leaf and _DETAIL_EXT.search(leaf) and any(ch.isdigit() for ch in leaf):
        return "article"
    return None


def _is_long_slug(stem: str) -> bool:
    # "biden-signs-the-bill" reads as an article; "world-news" or "about-us" does not.
    return (len(_SLUG_WORD.findall(stem)) >= 4 and "-" in stem) or len(stem) >= 40


def classify_link(url: str, text: str, site: SiteConfig) -> Kind | None:
    """``article``, ``list`` or None (not worth following) for a link on ``site``'s pages.

    A site rule decides first (deny wins over allow). A site that lists ``allow`` patterns for
    a kind gets nothing else of that kind: its own patterns are more reliable than guesses.
    """
    article_rule = site.article_url.matches(url)
    if article_rule:
        return "article"
    list_rule = site.list_url.matches(url)
    if list_rule:
        return "list"
    kind = url_kind(url)
    if kind is None and text_weight(text) >= HEADLINE_MIN_WEIGHT:
        kind = "article"
    if kind == "article" and (article_rule is False or site.article_url.allow):
        return None
    if kind == "list" and (list_rule is False or site.list_url.allow):
        return None
    return kind


def is_pagination(text: str) -> bool:
    """A pager link: a page number, "next", "下一页", "»"."""
    return bool(_PAGE_TEXT.match(text))


def looks_like_list_page(headline_links: int, longest_own_block: int) -> bool:
    """Many headline links and no paragraph of its own: a list page, not an article."""
    return headline_links >= LIST_MIN_HEADLINES and longest_own_block < LIST_MAX_OWN_BLOCK
