"""Build the shipped ``sites.yaml`` from the public seed lists in ``datasets/site_lists``.

Re-runnable and deterministic:
``python scripts/build_sites_yaml.py [--data DIR | --lists DIR] [--output FILE]``
(``--lists`` names the lists folder itself; by default it is the data root's ``site_lists``).
Sources, in priority order (a site already taken from an earlier source is not repeated):

1. ``chinese_news_entrances_duck_prophet.txt``: Chinese portals (lang zh), plus the channel list
   pages and article URL patterns written below for the large ones. Forums and aggregators are
   kept but disabled (they have no articles of their own to extract).
2. ``fundus_publishers.json``: 180 publishers with RSS feeds and (news) sitemaps.
3. ``dragnet_rss_feeds.toml``: publishers with one RSS feed each.
4. ``newspaper4k_popular_sources.txt``: popular news domains.
5. ``newspaper4k_google_sources.txt``: Google News domains whose name says news (``news``,
   ``times``, ``herald``...), evenly sampled until the list holds ``TARGET_SITES`` sites.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from newscrawl.config.importer import entry_yaml, site_name_for, yaml_scalar  # noqa: E402 - after sys.path
from newscrawl.config.sites import parse_sites  # noqa: E402
from newscrawl.evaluation.datasets import add_data_option, site_lists  # noqa: E402

# Total sites wanted: comfortably above the 1,000 the issue asks for, small enough that the
# shipped file loads in well under a second. Users grow it with ``newscrawl sites import``.
TARGET_SITES = 1500

# Second-level labels under which the registrable domain has three labels (sina.com.cn).
# Only what these lists contain; not a public-suffix list.
COMPOUND_SUFFIXES = frozenset(
    {
        "com.cn",
        "net.cn",
        "org.cn",
        "gov.cn",
        "edu.cn",
        "co.uk",
        "org.uk",
        "com.au",
        "net.au",
        "co.nz",
        "co.za",
        "co.jp",
        "ne.jp",
        "or.jp",
        "co.kr",
        "com.tw",
        "com.hk",
        "com.my",
        "com.mx",
        "com.br",
        "com.tr",
        "co.in",
        "co.il",
        "com.pk",
        "com.ph",
        "com.sg",
        "co.ke",
        "com.ng",
    }
)

# Fundus country codes -> main publication language.
COUNTRY_LANG = {
    "at": "de",
    "de": "de",
    "ch": "de",
    "li": "de",
    "lu": "de",
    "us": "en",
    "uk": "en",
    "ca": "en",
    "au": "en",
    "za": "en",
    "ind": "en",
    "tz": "en",
    "na": "en",
    "ls": "en",
    "my": "en",
    "jp": "ja",
    "es": "es",
    "mx": "es",
    "py": "es",
    "fr": "fr",
    "be": "fr",
    "it": "it",
    "no": "no",
    "tr": "tr",
    "kr": "ko",
    "se": "sv",
    "cn": "zh",
    "tw": "zh",
    "cz": "cs",
    "dk": "da",
    "gl": "da",
    "id": "id",
    "il": "he",
    "isl": "is",
    "lb": "ar",
    "lt": "lt",
    "pl": "pl",
    "pt": "pt",
    "ru": "ru",
    "ua": "uk",
    "vn": "vi",
}
# Unambiguous country TLDs -> language, for domains without other information.
TLD_LANG = {
    "uk": "en",
    "au": "en",
    "nz": "en",
    "ie": "en",
    "za": "en",
    "de": "de",
    "at": "de",
    "fr": "fr",
    "it": "it",
    "es": "es",
    "jp": "ja",
    "cn": "zh",
    "nl": "nl",
    "pl": "pl",
    "ru": "ru",
    "br": "pt",
    "pt": "pt",
    "se": "sv",
    "no": "no",
    "dk": "da",
    "fi": "fi",
}

# Defaults for every site. The deny patterns are URLs that are never articles (files, account
# and search pages, tag/author listings, pagination); the spider's heuristics decide the rest.
# ``(?<!/)/`` starts a path segment but not the ``//`` before the host (about.com stays allowed).
FILE_EXTENSIONS = (
    "jpe?g",
    "png",
    "gif",
    "webp",
    "svg",
    "ico",
    "pdf",
    "zip",
    "rar",
    "gz",
    "exe",
    "apk",
    "dmg",
    "mp3",
    "mp4",
    "avi",
    "mov",
    "docx?",
    "xlsx?",
    "pptx?",
)
NON_ARTICLE_SEGMENTS = (
    "tags?",
    "topics?",
    "authors?",
    "search",
    "login",
    "logout",
    "signin",
    "signup",
    "register",
    "subscribe",
    "subscriptions?",
    "account",
    "users?",
    "profile",
    "privacy",
    "terms",
    "about",
    "about-us",
    "contact",
    "contact-us",
    "advertise",
    "advertising",
    "newsletters?",
    "feeds?",
    "rss",
)
NON_LIST_SEGMENTS = (
    "login",
    "logout",
    "signin",
    "signup",
    "register",
    "subscribe",
    "account",
    "search",
    "privacy",
    "terms",
    "cart",
    "checkout",
)
FILE_PATTERN = rf"(?i)\.(?:{'|'.join(FILE_EXTENSIONS)})(?:[?#]|$)"
DEFAULTS: dict[str, Any] = {
    "max_depth": 2,
    "recrawl_interval": "1h",
    "method": "auto",
    "article_url": {
        "deny": [
            FILE_PATTERN,
            rf"(?i)(?<!/)/(?:{'|'.join(NON_ARTICLE_SEGMENTS)})(?:[/?#.]|$)",
            r"(?i)(?:/page/\d+/?|[?&]page=\d+)(?:[#&]|$)",
            r"(?i)[?&](?:replytocom|share)=",
        ]
    },
    "list_url": {
        "deny": [
            FILE_PATTERN,
            rf"(?i)(?<!/)/(?:{'|'.join(NON_LIST_SEGMENTS)})(?:[/?#.]|$)",
        ]
    },
}


def defaults_yaml() -> str:
    lines = ["defaults:"]
    for key, value in DEFAULTS.items():
        if isinstance(value, dict):
            lines.append(f"  {key}:")
            for sub_key, patterns in value.items():
                lines.append(f"    {sub_key}:")
                lines.extend(f"      - {yaml_scalar(pattern)}" for pattern in patterns)
        else:
            lines.append(f"  {key}: {yaml_scalar(value)}")
    return "\n".join(lines) + "\n"


# Channel list pages and article URL shapes of the large Chinese portals, keyed by entrance
# host, written from the portals' public URL structure (not checked online: no internet here).
# The spider takes only matching URLs as articles for a site with allow patterns, so each
# pattern is deliberately loose: the stable id part of the detail URL, not the channel path.
CHINESE_CHANNELS: dict[str, dict[str, Any]] = {
    "news.sina.com.cn": {
        "start_urls": [
            "https://news.sina.com.cn/china/",
            "https://news.sina.com.cn/world/",
            "https://news.sina.com.cn/society/",
            "https://mil.news.sina.com.cn/",
            "https://finance.sina.com.cn/",
            "https://tech.sina.com.cn/",
        ],
        "allowed_domains": ["sina.com.cn"],
        "article_url": {"allow": [r"/doc-i[a-z0-9]+\.shtml"]},
    },
    "news.ifeng.com": {
        "start_urls": [
            "https://news.ifeng.com/",
            "https://mil.ifeng.com/",
            "https://finance.ifeng.com/",
            "https://tech.ifeng.com/",
        ],
        "allowed_domains": ["ifeng.com"],
        "article_url": {"allow": [r"ifeng\.com/c/[0-9A-Za-z]{11}"]},
    },
    "news.qq.com": {
        "start_urls": ["https://news.qq.com/", "https://new.qq.com/"],
        "allowed_domains": ["qq.com"],
        "article_url": {"allow": [r"/rain/a/[0-9A-Z]+", r"/omn/\d{8}/"]},
    },
    "www.people.com.cn": {
        "start_urls": [
            "http://www.people.com.cn/",
            "http://politics.people.com.cn/",
            "http://world.people.com.cn/",
            "http://society.people.com.cn/",
            "http://finance.people.com.cn/",
            "http://military.people.com.cn/",
        ],
        "allowed_domains": ["people.com.cn"],
        "article_url": {"allow": [r"/n1/\d{4}/\d{4}/c\d+-\d+\.html"]},
    },
    "news.sohu.com": {
        "start_urls": ["http://news.sohu.com/"],
        "allowed_domains": ["sohu.com"],
        "article_url": {"allow": [r"sohu\.com/a/\d+_\d+"]},
    },
    "www.huanqiu.com": {
        "start_urls": [
            "https://www.huanqiu.com/",
            "https://world.huanqiu.com/",
            "https://china.huanqiu.com/",
            "https://mil.huanqiu.com/",
            "https://finance.huanqiu.com/",
        ],
        "allowed_domains": ["huanqiu.com"],
        "article_url": {"allow": [r"huanqiu\.com/article/[0-9A-Za-z]{11}"]},
    },
    "www.thepaper.cn": {
        "start_urls": [
            "https://www.thepaper.cn/",
            "https://www.thepaper.cn/channel_25950",
            "https://www.thepaper.cn/channel_25951",
        ],
        "article_url": {"allow": [r"newsDetail_forward_\d+"]},
    },
    "www.xinhuanet.com": {
        "start_urls": [
            "http://www.xinhuanet.com/",
            "http://www.news.cn/politics/",
            "http://www.news.cn/world/",
            "http://www.news.cn/fortune/",
            "http://www.news.cn/tech/",
        ],
        "allowed_domains": ["xinhuanet.com", "news.cn"],
        "article_url": {
            "allow": [r"/\d{4}-\d{2}/\d{2}/c_\d+\.htm", r"/\d{8}/[0-9a-f]{32}/c\.html"]
        },
    },
    "www.chinanews.com": {
        "start_urls": [
            "http://www.chinanews.com/",
            "http://www.chinanews.com/scroll-news/news1.html",
            "http://www.chinanews.com/china/",
            "http://www.chinanews.com/world/",
            "http://www.chinanews.com/society/",
        ],
        "allowed_domains": ["chinanews.com", "chinanews.com.cn"],
        "article_url": {"allow": [r"/\d{4}/\d{2}-\d{2}/\d+\.shtml"]},
    },
    "news.163.com": {
        "start_urls": [
            "https://news.163.com/",
            "https://news.163.com/domestic/",
            "https://news.163.com/world/",
            "https://news.163.com/shehui/",
            "https://war.163.com/",
            "https://money.163.com/",
        ],
        "allowed_domains": ["163.com"],
        "article_url": {"allow": [r"/article/[0-9A-Z]{16}\.html"]},
    },
    "www.chinadaily.com.cn": {
        "start_urls": [
            "http://www.chinadaily.com.cn/",
            "http://www.chinadaily.com.cn/china/",
            "http://www.chinadaily.com.cn/world/",
            "http://www.chinadaily.com.cn/business/",
        ],
        "article_url": {"allow": [r"/a/\d{6}/\d{2}/WS[0-9a-f]+\.html"]},
    },
    "www.gmw.cn": {
        "start_urls": ["https://www.gmw.cn/", "https://politics.gmw.cn/", "https://world.gmw.cn/"],
        "article_url": {"allow": [r"/\d{4}-\d{2}/\d{2}/content_\d+\.htm"]},
    },
    "www.cnr.cn": {"start_urls": ["http://www.cnr.cn/", "http://news.cnr.cn/"]},
    "www.cri.cn": {"start_urls": ["http://www.cri.cn/index.html", "http://news.cri.cn/"]},
    "www.youth.cn": {"start_urls": ["http://www.youth.cn/", "http://news.youth.cn/"]},
}
# Entrances that are forums or link aggregators: listed for completeness, crawled only on request.
CHINESE_DISABLED = {
    "news.baidu.com": "aggregator: its headlines link to other sites",
    "bbs.tianya.cn": "forum, not news articles",
    "bbs.tiexue.net": "forum, not news articles",
    "bbs1.people.com.cn": "forum, not news articles",
    "club3.kdnet.net": "forum, not news articles",
    "forum.home.news.cn": "forum, not news articles",
}

# Feed hosts of dragnet's list whose site lives under another domain.
FEED_HOMEPAGES = {
    "feeds.bbci.co.uk": "https://www.bbc.co.uk/news",
    "rss.sciam.com": "https://www.scientificamerican.com/",
    "feedpress.me": "https://moz.com/blog",
    "e00-elmundo.uecdn.es": "https://www.elmundo.es/",
    "feeds.thelocal.com": "https://www.thelocal.es/",
}
FEED_HOST_PREFIXES = ("feeds.", "feed.", "rss.", "xml.", "rssfeeds.")

# Words in a Google News domain's first label that mark it as a news outlet (5,085 of 19,053).
NEWSY_NAME = re.compile(
    r"news|times|herald|tribune|gazette|journal|daily|post|chronicle|"
    r"observer|courier|telegraph|dispatch|sentinel|examiner|inquirer|"
    r"bulletin|register|press|record"
)

Entry = tuple[dict[str, Any], str | None]  # raw site fields, optional comment line


def registrable(host: str) -> str:
    """``news.sina.com.cn`` -> ``sina.com.cn``: the key used to skip a site listed twice."""
    labels = host.lower().split(".")
    size = 3 if ".".join(labels[-2:]) in COMPOUND_SUFFIXES else 2
    return ".".join(labels[-size:])


def tld_lang(host: str) -> str | None:
    return TLD_LANG.get(host.rsplit(".", 1)[-1])


def chinese_sites(lists: Path) -> Iterator[Entry]:
    for line in (lists / "chinese_news_entrances_duck_prophet.txt").read_text().splitlines():
        url = line.strip()
        if not url or url.startswith("#"):
            continue
        if urlsplit(url).path == "":
            url += "/"
        host = urlsplit(url).hostname or ""
        site: dict[str, Any] = {"name": site_name_for(url), "start_urls": [url]}
        site.update(CHINESE_CHANNELS.get(host, {}))
        if host.count(".") >= 2 and not host.startswith("www.") and "allowed_domains" not in site:
            # Portal sections live on sibling hosts (news.x.com.cn, finance.x.com.cn).
            site["allowed_domains"] = [registrable(host)]
        site["lang"] = "zh"
        comment = CHINESE_DISABLED.get(host)
        if comment:
            site["enabled"] = False
        yield site, comment


def fundus_sites(lists: Path) -> Iterator[Entry]:
    for publisher in json.loads((lists / "fundus_publishers.json").read_text()):
        home = publisher["domain"].rstrip("/") + "/"
        home_domain = registrable(urlsplit(home).hostname or "")
        feeds: list[str] = []
        sitemaps: list[str] = []
        for source in dict.fromkeys(publisher["sources"]):  # fundus lists some twice
            lowered = source.lower()
            if (
                registrable(urlsplit(source).hostname or "") != home_domain
                and "sitemap" not in lowered
                and not lowered.endswith(".xml")
            ):
                continue  # a third-party subscription page (follow.it), not a feed of the site
            if "sitemap" in lowered or not re.search(r"rss|feed|google-publisher", lowered):
                sitemaps.append(source)
            else:
                feeds.append(source)
        site: dict[str, Any] = {"name": site_name_for(home), "start_urls": [home]}
        if feeds:
            site["feeds"] = feeds
        if sitemaps:
            site["sitemaps"] = sitemaps
        lang = COUNTRY_LANG.get(publisher["country"])
        if lang:
            site["lang"] = lang
        yield site, publisher["name"]


def dragnet_sites(lists: Path) -> Iterator[Entry]:
    data = tomllib.loads((lists / "dragnet_rss_feeds.toml").read_text())
    for feed in data["feeds"]:
        url = feed["url"]
        host = urlsplit(url).hostname or ""
        home = FEED_HOMEPAGES.get(host)
        if home is None:
            bare = next((host[len(p) :] for p in FEED_HOST_PREFIXES if host.startswith(p)), None)
            home = f"https://www.{bare}/" if bare else f"https://{host}/"
        site: dict[str, Any] = {"name": site_name_for(home), "start_urls": [home], "feeds": [url]}
        home_host = urlsplit(home).hostname or ""
        if registrable(home_host) != registrable(host):
            site["allowed_domains"] = [registrable(home_host), host]
        lang = tld_lang(home_host)
        if lang:
            site["lang"] = lang
        yield site, feed["name"]


def domain_sites(path: Path, *, newsy_only: bool) -> Iterator[Entry]:
    for line in path.read_text().splitlines():
        domain = line.strip().lower()
        if not domain or domain.startswith("#"):
            continue
        if newsy_only and not NEWSY_NAME.search(domain.split(".")[0]):
            continue
        url = f"https://{domain}/"
        site: dict[str, Any] = {"name": site_name_for(url), "start_urls": [url]}
        lang = tld_lang(domain)
        if lang:
            site["lang"] = lang
        yield site, None


def evenly(items: list[Any], count: int) -> list[Any]:
    """``count`` items spread evenly over ``items`` (all of them if there are fewer)."""
    if count >= len(items):
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def build(lists: Path) -> tuple[str, int]:
    """The sites.yaml text and its number of sites."""
    chosen: list[Entry] = []
    taken: set[str] = set()

    def take(source: Iterator[Entry], limit: int | None = None) -> None:
        fresh = []
        for site, comment in source:
            key = registrable(urlsplit(site["start_urls"][0]).hostname or "")
            if key in taken or site["name"] in taken:
                continue
            taken.update((key, site["name"]))
            fresh.append((site, comment))
        chosen.extend(fresh if limit is None else evenly(fresh, limit))

    sections: list[tuple[str, int]] = []
    for title, source in (
        (
            "Chinese news portals (duck_prophet entrances) with channel list pages",
            chinese_sites(lists),
        ),
        ("Publishers with RSS feeds and news sitemaps (fundus)", fundus_sites(lists)),
        ("Publishers with an RSS feed (dragnet)", dragnet_sites(lists)),
        (
            "Popular news domains (newspaper4k)",
            domain_sites(lists / "newspaper4k_popular_sources.txt", newsy_only=False),
        ),
    ):
        sections.append((title, len(chosen)))
        take(source)
    sections.append(
        ("Google News domains with a news-like name (newspaper4k), evenly sampled", len(chosen))
    )
    take(
        domain_sites(lists / "newspaper4k_google_sources.txt", newsy_only=True),
        limit=max(0, TARGET_SITES - len(chosen)),
    )

    starts = {start: title for title, start in sections}
    out = [
        "# newscrawl seed list: the sites `scrapy crawl news` visits. Format: docs/sites.md.\n",
        "# Generated by scripts/build_sites_yaml.py from datasets/site_lists; check with\n",
        "# `newscrawl sites check`, extend with `newscrawl sites import DOMAINS.txt`.\n\n",
        defaults_yaml(),
        "\nsites:\n",
    ]
    for index, (site, comment) in enumerate(chosen):
        if index in starts:
            out.append(f"\n  # --- {starts[index]} ---\n")
        if comment:
            out.append(f"  # {comment}\n")
        out.append(entry_yaml(site))
    return "".join(out), len(chosen)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--lists",
        type=Path,
        default=None,
        help="the site lists folder (default: site_lists of the data root)",
    )
    add_data_option(parser)
    parser.add_argument("--output", type=Path, default=REPO / "sites.yaml")
    args = parser.parse_args()
    text, count = build(args.lists or site_lists(args.data))
    sites = parse_sites(text, args.output)  # refuse to write a file that would not load
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}: {count} sites ({sum(s.enabled for s in sites)} enabled)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
