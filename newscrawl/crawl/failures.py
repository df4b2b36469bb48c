"""Failure kinds: one short name for each way a fetch or a pipeline stage can fail.

The progress line, the final report and the per-site tallies count failures by these names, so
an operator sees at once whether a crawl is failing on DNS, timeouts, TLS, HTTP statuses or its
own pipeline.
"""

from __future__ import annotations

from scrapy import exceptions as scrapy_error
from twisted.internet import error as net_error
from twisted.python.failure import Failure
from twisted.web._newclient import ResponseFailed, ResponseNeverReceived

DNS = "dns"
REFUSED = "refused"
TIMEOUT = "timeout"
TLS = "tls"
CONNECTION_LOST = "connection_lost"
ROBOTS = "robots_unreachable"
PIPELINE = "pipeline"
OTHER = "other"

_BY_TYPE: tuple[tuple[type[BaseException], str], ...] = (
    (net_error.DNSLookupError, DNS),
    (net_error.ConnectionRefusedError, REFUSED),
    (net_error.TimeoutError, TIMEOUT),
    (net_error.TCPTimedOutError, TIMEOUT),
    (net_error.ConnectionLost, CONNECTION_LOST),
    (net_error.ConnectionDone, CONNECTION_LOST),
    # Scrapy's download handlers raise these from the Twisted error (their cause, which is
    # read first); a timeout of Scrapy's own download limit has no cause.
    (scrapy_error.CannotResolveHostError, DNS),
    (scrapy_error.DownloadConnectionRefusedError, REFUSED),
    (scrapy_error.DownloadTimeoutError, TIMEOUT),
    (scrapy_error.ResponseDataLossError, CONNECTION_LOST),
)


def http_kind(status: int) -> str:
    return f"http_{status}"


def failure_kind(failure: Failure | BaseException) -> str:
    """The kind of one failed fetch (``dns``, ``timeout``, ``http_503`` ...)."""
    error = failure.value if isinstance(failure, Failure) else failure
    response = getattr(error, "response", None)  # Scrapy's HttpError carries the response
    status = getattr(response, "status", None)
    if isinstance(status, int):
        return http_kind(status)
    if error is not None and error.__cause__ is not None:  # Scrapy's, raised from Twisted's
        kind = failure_kind(error.__cause__)
        if kind != OTHER:
            return kind
    for error_type, kind in _BY_TYPE:
        if isinstance(error, error_type):
            return kind
    if isinstance(error, ResponseNeverReceived | ResponseFailed):
        reasons = getattr(error, "reasons", None) or []
        inner = [failure_kind(reason) for reason in reasons if isinstance(reason, Failure)]
        if any(kind == TLS for kind in inner) or _looks_like_tls(reasons):
            return TLS
        return inner[0] if inner and inner[0] != OTHER else CONNECTION_LOST
    if _looks_like_tls([error]):
        return TLS
    if type(error).__name__ == "TimeoutError":  # builtins and asyncio timeouts
        return TIMEOUT
    return OTHER


def _looks_like_tls(errors: list[object]) -> bool:
    for item in errors:
        value = item.value if isinstance(item, Failure) else item
        module = type(value).__module__ or ""
        if module.startswith(("OpenSSL", "ssl")) or "SSL" in type(value).__name__:
            return True
    return False
