"""What the farm serves: a deterministic model of many small news sites.

Every page is a pure function of (number of sites, articles per site, what was published
since), so a test can compute exactly which articles a complete crawl must store
(:meth:`FarmModel.expected`).

Site ``s000`` carries the special cases: an article-looking URL that is really a list page, a
redirect, 404/500 pages, a slow and a huge page, links only by image ``alt`` or ``title``
attribute, a shortened "teaser" anchor, feed-only and sitemap-only articles, a robots.txt
disallowed article and an exact copy of another article under a second URL.
"""

from __future__ import annotations

import html
import zlib
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

from . import hostile as h
from .pages import PoolPage, load_pool, render_article

# Headroom between sites in the pool, so articles published between rounds never reuse a page
# another site already serves (a reused page would be a duplicate and be rejected).
PUBLISH_HEADROOM = 10
ARTICLES_PER_LIST_PAGE = 5
HOME_HEADLINES = 3
FEED_ITEMS = 10
SLOW_SECONDS = 2.0
HUGE_BYTES = 12 * 1024 * 1024  # above the crawler's default DOWNLOAD_MAXSIZE (8 MB)
DOMAIN = "farm.test"

STYLES = ("en", "zh", "id")
CHANNELS = {
    "en": (("world", "World"), ("business", "Business")),
    "zh": (("news", "新闻"), ("finance", "财经")),
    "id": (("politics", "Politics"), ("sport", "Sport")),
}
NEXT_TEXT = {"en": "Next »", "zh": "下一页", "id": "Older stories"}


@dataclass(frozen=True, slots=True)
class Response:
    status: int
    body: bytes
    content_type: str = "text/html; charset=utf-8"
    location: str | None = None
    delay: float = 0.0
    # what the server does instead of answering: "blackhole", "trickle" or "reset"
    action: str = ""
    retry_after: int | None = None


@dataclass(frozen=True, slots=True)
class FarmArticle:
    """One article the farm publishes; ``anchor`` is the text its links carry."""

    site: str
    path: str
    title: str
    anchor: str
    page: PoolPage
    channel: int = 0


@dataclass(slots=True)
class FarmSite:
    index: int
    name: str
    host: str
    style: str
    has_feed: bool
    has_sitemap: bool
    published: int
    charset_header: bool  # False: the page's own <meta charset> (or detection) must decide
    specials: dict[str, FarmArticle] = field(default_factory=dict)
    mode: str = h.HEALTHY  # see tests/farm/hostile.py
    netloc: str = ""  # host:port in direct mode (no proxy); "" when reached through the proxy

    @property
    def base(self) -> str:
        return f"http://{self.netloc or self.host}"

    @property
    def feed_path(self) -> str:
        return "/rss.xml"


class FarmModel:
    """Sites ``s000``, ``s001``, … on ``<name>.farm.test`` with ``articles`` articles each.

    ``hostile`` (a share of the sites) or ``modes`` (one per site, from the start) give sites
    the failure modes of tests/farm/hostile.py; such a farm is crawled directly (no proxy,
    :meth:`bind_port`) with :class:`tests.farm.resolver.FarmResolver`.
    """

    def __init__(
        self,
        sites: int,
        articles: int,
        *,
        pool: str = "mixed",
        specials: bool = True,
        hostile: float = 0.0,
        modes: list[str] | None = None,
    ) -> None:
        if sites < 1 or articles < 1:
            raise ValueError("a farm needs at least one site with one article")
        self.pool = load_pool(pool)
        self.stride = articles + PUBLISH_HEADROOM
        self.sites: list[FarmSite] = []
        chosen = list(modes or []) + h.assign_modes(sites, hostile)[len(modes or []) :]
        for index in range(sites):
            name = f"s{index:03d}" if sites <= 1000 else f"s{index:05d}"
            mode = chosen[index]
            if mode not in (h.HEALTHY, *h.HOSTILE_MODES):
                raise ValueError(f"unknown farm site mode {mode!r}")
            domain = h.GONE_DOMAIN if mode == "nxdomain" else DOMAIN
            self.sites.append(
                FarmSite(
                    index=index,
                    name=name,
                    host=f"{name}.{domain}",
                    style=STYLES[index % 3],
                    has_feed=index % 3 == 0,
                    has_sitemap=index % 3 in (0, 1),
                    published=articles,
                    charset_header=index % 2 == 0 or mode == "wrong_charset",
                    mode=mode,
                )
            )
        self._by_host = {site.host: site for site in self.sites}
        self._special_paths: dict[str, tuple[str, str]] = {}
        if specials:
            self._add_specials(self.sites[0], first_pool_index=sites * self.stride)

    def bind_port(self, port: int) -> None:
        """Direct mode: every site's URLs name the farm's port (``refused`` sites port 1)."""
        for site in self.sites:
            site.netloc = f"{site.host}:{h.REFUSED_PORT if site.mode == 'refused' else port}"

    def modes(self) -> dict[str, str]:
        return {site.name: site.mode for site in self.sites}

    # --- content -------------------------------------------------------------------------
    def _pool_page(self, index: int) -> PoolPage:
        return self.pool[index % len(self.pool)]

    def article(self, site: FarmSite, number: int) -> FarmArticle:
        page = self._pool_page(site.index * self.stride + number)
        # Pages repeat only in farms larger than the pool (benchmarks); a suffix keeps titles
        # unique.
        repeat = (site.index * self.stride + number) // len(self.pool)
        title = page.title if repeat == 0 else f"{page.title} ({site.name}-{number})"
        channel = number % 2
        if site.style == "en":
            path = f"/2024/05/{1 + number % 28:02d}/story-{number}-from-{site.name}.html"
        elif site.style == "zh":
            path = f"/a/202405{1 + number % 28:02d}/{100000 + number}.shtml"
        else:
            path = f"/article/{500000 + number}"
        return FarmArticle(site.name, path, title, title, page, channel)

    def articles(self, site: FarmSite) -> list[FarmArticle]:
        """Regular articles, newest first."""
        return [self.article(site, number) for number in reversed(range(site.published))]

    def _add_specials(self, site: FarmSite, first_pool_index: int) -> None:
        pool_index = iter(range(first_pool_index, first_pool_index + 100))

        def special(key: str, path: str, anchor: str | None = None) -> None:
            page = self._pool_page(next(pool_index))
            site.specials[key] = FarmArticle(
                site.name, path, page.title, anchor or page.title, page
            )

        special("teaser", "/2024/06/01/teaser-story.html", anchor="Teaser: you will not guess this")
        special("alt_only", "/2024/06/02/picture-story.html")
        special("title_only", "/2024/06/03/titled-story.html")
        special("feed_only", "/2024/06/04/feed-only-story.html")
        special("sitemap_only", "/2024/06/05/sitemap-only-story.html")
        special("roundup_a", "/2024/06/07/roundup-first-story.html")
        special("roundup_b", "/2024/06/08/roundup-second-story.html")
        special("moved", "/2024/06/09/moved-story.html")
        special("slow", "/2024/06/10/slow-story.html")
        copy_of = site.specials["slow"]
        # Same page as the slow story under another URL: exactly one of the two may be stored.
        site.specials["copy"] = FarmArticle(
            site.name,
            "/2024/06/16/syndicated-copy.html",
            copy_of.title,
            copy_of.title,
            copy_of.page,
        )
        self._special_paths = {
            "/2024/06/06/weekly-roundup.html": ("roundup", "Weekly roundup of the top stories"),
            "/archive/2024/06/09/old-story.html": ("redirect", site.specials["moved"].title),
            "/2024/06/11/missing-story.html": ("404", "A story that is gone now"),
            "/2024/06/12/broken-story.html": ("500", "A story on a broken server"),
            "/2024/06/13/huge-story.html": ("huge", "A story far too big to download"),
            "/private/2024/06/14/secret-story.html": ("private", "A story robots.txt forbids"),
            "/about": ("about", "About us"),
        }

    # --- what a complete crawl must store --------------------------------------------------
    def expected(self) -> dict[str, tuple[str, str]]:
        """Stored URL -> (title, anchor text) for a complete crawl.

        The two copies of the syndicated page are left out; :meth:`duplicate_pair` names them.
        """
        result = {}
        for site in self.sites:
            if not h.stores_every_article(site.mode):
                continue
            for article in self.articles(site):
                result[site.base + article.path] = (article.title, article.anchor)
            for key, article in site.specials.items():
                if key not in ("slow", "copy"):
                    result[site.base + article.path] = (article.title, article.anchor)
        return result

    def duplicate_pair(self) -> tuple[str, str] | None:
        site = self.sites[0]
        if "copy" not in site.specials:
            return None
        return (site.base + site.specials["slow"].path, site.base + site.specials["copy"].path)

    def not_stored(self) -> list[str]:
        """URLs a crawl must never store: list pages, errors, robots-disallowed pages."""
        urls = []
        for site in self.sites:
            urls.append(site.base + "/")
            for slug, _text in CHANNELS[site.style]:
                urls.append(site.base + self.list_path(site, slug, 1))
            urls.extend(site.base + path for path in self._special_paths if site.index == 0)
        return urls

    def publish(self, site_name: str | None = None, count: int = 1) -> list[FarmArticle]:
        """Publish ``count`` new articles on one site (or every site); returns them."""
        if count > PUBLISH_HEADROOM:
            raise ValueError(f"at most {PUBLISH_HEADROOM} new articles per site")
        new = []
        for site in self.sites:
            if site_name is None or site.name == site_name:
                if site.published + count > self.stride:
                    raise ValueError(f"site {site.name} has no headroom left to publish")
                site.published += count
                new.extend(self.articles(site)[:count])
        if site_name is not None and not new:
            raise KeyError(f"no farm site named {site_name!r}")
        return new

    # --- URLs ----------------------------------------------------------------------------
    def list_path(self, site: FarmSite, slug: str, page: int) -> str:
        if site.style == "en":
            return f"/{slug}/" if page == 1 else f"/{slug}/page/{page}/"
        if site.style == "zh":
            return f"/{slug}/index.shtml" if page == 1 else f"/{slug}/index_{page}.shtml"
        return f"/category/{slug}" if page == 1 else f"/category/{slug}?page={page}"

    def _parse_list_path(self, site: FarmSite, path: str, query: str) -> tuple[int, int] | None:
        for channel, (slug, _text) in enumerate(CHANNELS[site.style]):
            pages = self._list_pages(site, channel)
            for page in range(1, pages + 1):
                candidate = self.list_path(site, slug, page)
                if candidate == (f"{path}?{query}" if query else path):
                    return channel, page
        return None

    def _channel_articles(self, site: FarmSite, channel: int) -> list[FarmArticle]:
        return [a for a in self.articles(site) if a.channel == channel]

    def _list_pages(self, site: FarmSite, channel: int) -> int:
        count = len(self._channel_articles(site, channel))
        return max(1, -(-count // ARTICLES_PER_LIST_PAGE))

    # --- routing -------------------------------------------------------------------------
    def site_for_host(self, host: str) -> FarmSite | None:
        return self._by_host.get(host.split(":")[0].lower())

    def route(self, host: str, target: str, nth: int = 1) -> Response:
        """The answer to the ``nth`` request for ``target`` on ``host``."""
        site = self.site_for_host(host)
        if site is None:
            return Response(404, b"no such farm site", "text/plain")
        parts = urlsplit(target)
        path, query = parts.path or "/", parts.query
        if site.mode != h.HEALTHY:
            hostile = self._hostile(site, path, nth)
            if hostile is not None:
                return hostile
        if path == "/" or (site.mode == "redirect_chain" and path == h.REDIRECT_CHAIN[-1]):
            return self._html(self._home(site))
        if path == "/robots.txt":
            return Response(200, self._robots(site), "text/plain")
        if site.has_feed and path == site.feed_path:
            return Response(200, self._feed(site), "application/rss+xml; charset=utf-8")
        if site.has_sitemap and path in ("/sitemap.xml", "/sitemap-news.xml"):
            return Response(200, self._sitemap(site, path), "application/xml")
        listed = self._parse_list_path(site, path, query)
        if listed is not None:
            return self._html(self._list(site, *listed))
        for key, article in site.specials.items():
            if article.path == path:
                return self._article(site, article, delay=SLOW_SECONDS if key == "slow" else 0.0)
        if site.index == 0 and path in self._special_paths:
            return self._special(site, self._special_paths[path][0])
        for article in self.articles(site):
            if article.path == path:
                return self._article(site, article)
        return Response(404, b"<html><body><h1>Not found</h1></body></html>")

    def _hostile(self, site: FarmSite, path: str, nth: int) -> Response | None:
        """The hostile answer of a site in a hostile mode, or None to answer normally."""
        mode, article = site.mode, self._is_article_path(site, path)
        if mode in ("blackhole", "trickle"):
            return Response(200, b"", action=mode)
        if mode == "dead_after_home" and path not in ("/", "/robots.txt"):
            return Response(200, b"", action="blackhole")
        # Transient errors: the first request of a share of the paths fails, a retry gets it.
        if mode == "burst_5xx" and nth == 1 and zlib.crc32(path.encode()) % 3 == 0:
            return Response(503, b"<html><body>Service unavailable</body></html>")
        if mode == "retry_after" and nth == 1 and zlib.crc32(path.encode()) % 2 == 0:
            return Response(
                429,
                b"<html><body>Too many requests</body></html>",
                retry_after=h.RETRY_AFTER_SECONDS,
            )
        if path == "/robots.txt" and mode == "robots_timeout":
            return Response(200, b"", action="blackhole")
        if path == "/robots.txt" and mode == "robots_5xx":
            return Response(500, b"<html><body>internal error</body></html>")
        if mode == "redirect_chain" and path in ("/", *h.REDIRECT_CHAIN[:-1]):
            chain = ("/", *h.REDIRECT_CHAIN)
            return Response(301, b"", location=site.base + chain[chain.index(path) + 1])
        if not article:
            return None
        if mode == "reset":
            return Response(200, b"", action="reset")
        if mode == "redirect_loop":  # a new URL every hop, so only the hop limit ends it
            return Response(302, b"", location=f"{site.base}{path}?hop={nth}")
        if mode == "not_html":
            return Response(200, b"%PDF-1.4\n" + b"\x00binary" * 200, "application/pdf")
        return None

    def _is_article_path(self, site: FarmSite, path: str) -> bool:
        return any(article.path == path for article in self.articles(site))

    def _article(self, site: FarmSite, article: FarmArticle, delay: float = 0.0) -> Response:
        charset = article.page.encoding
        if site.mode == "wrong_charset":
            charset = "utf-8"  # whatever the page really is
        elif charset.lower() in ("gb18030", "gb2312"):
            charset = "gbk"  # what Chinese servers send
        content_type = f"text/html; charset={charset}" if site.charset_header else "text/html"
        return Response(200, render_article(article.page, article.title), content_type, delay=delay)

    def _special(self, site: FarmSite, kind: str) -> Response:
        if kind == "roundup":
            return self._html(self._roundup(site))
        if kind == "redirect":
            return Response(301, b"", location=site.base + site.specials["moved"].path)
        if kind == "404":
            return Response(404, b"<html><body>gone</body></html>")
        if kind == "500":
            return Response(500, b"<html><body>internal error</body></html>")
        if kind == "huge":
            filler = b"<p>" + b"padding text " * 80 + b"</p>\n"
            body = b"<html><head><title>huge</title></head><body>"
            body += filler * (HUGE_BYTES // len(filler) + 1) + b"</body></html>"
            return Response(200, body)
        if kind in ("private", "about"):
            return self._html(_page("About", "<p>A small farm news site.</p>"))
        raise ValueError(kind)

    @staticmethod
    def _html(text: str) -> Response:
        return Response(200, text.encode("utf-8"))

    # --- page bodies ---------------------------------------------------------------------
    def _home(self, site: FarmSite) -> str:
        nav = "".join(
            f'<li><a href="{self.list_path(site, slug, 1)}">{text}</a></li>'
            for slug, text in CHANNELS[site.style]
        )
        heads = "".join(_headline(a.path, a.anchor) for a in self.articles(site)[:HOME_HEADLINES])
        extra = ""
        if site.specials:
            s = site.specials
            extra = (
                _headline(s["teaser"].path, s["teaser"].anchor)
                + f'<li><a href="{s["alt_only"].path}"><img src="/img/a.jpg" '
                f'alt="{html.escape(s["alt_only"].title)}"></a></li>'
                + f'<li><a href="{s["title_only"].path}" '
                f'title="{html.escape(s["title_only"].title)}"><img src="/img/b.jpg"></a></li>'
                + _headline(s["slow"].path, s["slow"].anchor)
                + _headline(s["copy"].path, s["copy"].anchor)
                + "".join(
                    _headline(path, text)
                    for path, (kind, text) in self._special_paths.items()
                    if kind != "about"
                )
                + '<li><a href="/about">About us</a></li>'
            )
        body = f"<ul class='nav'>{nav}</ul><ul class='headlines'>{heads}{extra}</ul>"
        return _page(f"{site.name} news", body)

    def _list(self, site: FarmSite, channel: int, page: int) -> str:
        articles = self._channel_articles(site, channel)
        start = (page - 1) * ARTICLES_PER_LIST_PAGE
        chunk = articles[start : start + ARTICLES_PER_LIST_PAGE]
        if page == 1 and channel == 0:
            # The newest article of the other channel is listed here too: fetched once only.
            chunk += self._channel_articles(site, 1)[:1]
        heads = "".join(
            _headline(a.path, a.anchor) + "<span class='date'>2024-05-17</span>" for a in chunk
        )
        slug, text = CHANNELS[site.style][channel]
        pages = self._list_pages(site, channel)
        pager = "".join(
            f'<a href="{self.list_path(site, slug, n)}">{n}</a> '
            for n in range(1, pages + 1)
            if n != page
        )
        if page < pages:
            pager += f'<a href="{self.list_path(site, slug, page + 1)}">{NEXT_TEXT[site.style]}</a>'
        return _page(f"{text} - {site.name}", f"<ul class='list'>{heads}</ul><div>{pager}</div>")

    def _roundup(self, site: FarmSite) -> str:
        s = site.specials
        links = [s["roundup_a"], s["roundup_b"], *self.articles(site)[:8]]
        heads = "".join(_headline(a.path, a.anchor) for a in links)
        return _page("Weekly roundup", f"<ul>{heads}</ul>")

    def _robots(self, site: FarmSite) -> bytes:
        lines = ["User-agent: *", "Disallow: /private/"]
        if site.has_sitemap:
            lines.append(f"Sitemap: {site.base}/sitemap.xml")
        return ("\n".join(lines) + "\n").encode()

    def _feed(self, site: FarmSite) -> bytes:
        articles = self.articles(site)[:FEED_ITEMS]
        if "feed_only" in site.specials:
            articles.append(site.specials["feed_only"])
        items = "".join(
            f"<item><title>{html.escape(a.title)}</title><link>{site.base}{a.path}</link>"
            "<pubDate>Fri, 17 May 2024 08:00:00 +0000</pubDate></item>"
            for a in articles
        )
        return (
            '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel>'
            f"<title>{site.name}</title><link>{site.base}/</link>{items}</channel></rss>"
        ).encode()

    def _sitemap(self, site: FarmSite, path: str) -> bytes:
        head = '<?xml version="1.0" encoding="UTF-8"?>'
        ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        if path == "/sitemap.xml" and site.index == 0:  # an index pointing to the news sitemap
            return (
                f"{head}<sitemapindex {ns}><sitemap><loc>{site.base}/sitemap-news.xml</loc>"
                "</sitemap></sitemapindex>"
            ).encode()
        articles = self.articles(site)
        if "sitemap_only" in site.specials:
            articles.append(site.specials["sitemap_only"])
        urls = "".join(
            f"<url><loc>{site.base}{a.path}</loc><news:news><news:publication><news:name>"
            f"{site.name}</news:name><news:language>en</news:language></news:publication>"
            f"<news:title>{html.escape(a.title)}</news:title></news:news></url>"
            for a in articles
        )
        news_ns = 'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"'
        return f"{head}<urlset {ns} {news_ns}>{urls}</urlset>".encode()


def _headline(path: str, text: str) -> str:
    return f'<li><a href="{path}">{html.escape(text)}</a></li>'


def _page(title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{html.escape(title)}'
        f"</title></head><body><header><a href='/'>Home</a></header>{body}"
        "<footer>© farm news</footer></body></html>"
    )


def parse_publish_query(query: str) -> tuple[str | None, int]:
    values = parse_qs(query)
    site = values.get("site", [None])[0]
    return site, int(values.get("count", ["1"])[0])
