"""One log line per network failure: host, kind and URL; the traceback only at DEBUG."""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from scrapy.utils.log import failure_to_exc_info
from twisted.python.failure import Failure


def log_fetch_failure(
    logger: logging.Logger,
    url: str,
    kind: str,
    failure: Failure,
    *,
    site: str | None,
    what: str = "Fetch failed",
) -> None:
    host = urlsplit(url).hostname or "?"
    logger.warning(
        "%(what)s: host %(host)s, %(kind)s, %(url)s (site %(site)s): %(error)s",
        {
            "what": what,
            "host": host,
            "kind": kind,
            "url": url,
            "site": site or "?",
            "error": error_message(failure),
        },
    )
    if logger.isEnabledFor(logging.DEBUG):
        logger.debug(
            "Traceback of the failed fetch of %(url)s",
            {"url": url},
            exc_info=failure_to_exc_info(failure),
        )


def error_message(failure: Failure) -> str:
    """The failure's message; for Twisted's wrappers (ResponseFailed ...) the first reason's,
    and for Scrapy's download exceptions that of the Twisted error they were raised from."""
    error = failure.value
    while error is not None and error.__cause__ is not None:
        error = error.__cause__
    reasons = getattr(error, "reasons", None)
    if reasons and isinstance(reasons[0], Failure):
        return reasons[0].getErrorMessage()
    return failure.getErrorMessage() if error is failure.value else str(error)
