"""Distributed, scheduled crawling on scrapy-redis (see docs/distributed.md).

``apply_distributed_settings`` (addon.py) is the single switch; the scheduler, reliable queue,
Bloom dupefilter and lease acknowledgement middlewares plug in through Scrapy settings.
"""
