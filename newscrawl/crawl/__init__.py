"""The Scrapy side of newscrawl: spider, pipelines, extensions and the add-on wiring them."""
