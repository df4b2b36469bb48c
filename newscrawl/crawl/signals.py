"""newscrawl's own Scrapy signals."""

from __future__ import annotations

# A fetch failed: request, failure, spider; optional ``kind`` (a failures.py kind that
# overrides the one read from the failure) and ``site`` (for requests without crawl meta, such
# as the robots.txt fetches of the robots middleware). The report extension counts it.
fetch_failed = object()
# Sent by CrawlReport when the spider closes: tally (CrawlTally), reason. SiteHealthRecorder
# stores each site's outcome from it.
crawl_tallied = object()
# Sent by StorePipeline when a site's DUST rule has enough alias evidence to be applied
# before fetching: site, rule. DustRulesMiddleware applies it at once.
dust_rule_learned = object()

# A host was marked down (host, site, reason, spider): its requests are dropped from now on.
host_down = object()

# A request was dropped without a fetch because its host is down: request, site, spider.
request_dropped = object()

# Sent by ExtractPipeline (send_catch_log_deferred) when a page's content came out thin: item.
# NewsSpider decides whether the page is a list page: if so it follows its links and marks the
# item ``list_page`` (ValidatePipeline drops it), before the pipeline goes on.
thin_page = object()
