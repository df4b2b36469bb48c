"""Configuration: the ``sites.yaml`` seed list and its typed, validated models."""

from .durations import format_duration, parse_duration
from .sites import (
    DEFAULT_SITES_FILE,
    SiteConfig,
    SitesFileError,
    UrlRules,
    derive_allowed_domains,
    load_sites,
    parse_sites,
    select_sites,
)

__all__ = [
    "DEFAULT_SITES_FILE",
    "SiteConfig",
    "SitesFileError",
    "UrlRules",
    "derive_allowed_domains",
    "format_duration",
    "load_sites",
    "parse_duration",
    "parse_sites",
    "select_sites",
]
