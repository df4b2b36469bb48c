"""Scrapy project commands (``COMMANDS_MODULE``): ``crawl`` with one-line start-up errors."""
