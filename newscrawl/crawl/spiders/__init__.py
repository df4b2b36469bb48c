"""Spiders (SPIDER_MODULES = ["newscrawl.crawl.spiders"])."""
