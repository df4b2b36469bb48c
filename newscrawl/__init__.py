"""newscrawl: crawl news sites from a YAML seed list into a clean news database."""

__version__ = "0.1.0"
