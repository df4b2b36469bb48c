"""The one way newscrawl opens a Redis client: workers, ``newscrawl seed`` and ``schedule``.

Every client gets the same short socket timeouts (Redis calls run on the reactor thread, and a
black-holed Redis must not freeze a worker or a command for the library's default of none), and
a Redis that cannot be reached at start is one :class:`RedisUnavailable` naming the URL, which
the commands print as a single line.
"""

from __future__ import annotations

import redis

from newscrawl.distributed import defaults


class RedisUnavailable(Exception):
    """Redis is unreachable or its URL is malformed; the message names the URL."""


def redis_client(url: str, *, timeout: float = defaults.REDIS_SOCKET_TIMEOUT) -> redis.Redis:
    """A client for ``url`` with ``timeout``-second connect and read timeouts (no I/O yet)."""
    try:
        return redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout, retry_on_timeout=True
        )
    except ValueError as error:
        raise RedisUnavailable(f"bad Redis URL {url!r}: {error}") from None


def connect(url: str, *, timeout: float = defaults.REDIS_SOCKET_TIMEOUT) -> redis.Redis:
    """:func:`redis_client`, checked with a PING before anything relies on it."""
    server = redis_client(url, timeout=timeout)
    try:
        server.ping()
    except redis.RedisError as error:
        raise RedisUnavailable(f"cannot reach Redis at {url}: {error}") from None
    return server
