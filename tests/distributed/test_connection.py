"""The Redis client factory: timeouts on every client, one clear error when Redis is not there."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from newscrawl.distributed import defaults
from newscrawl.distributed.connection import RedisUnavailable, connect, redis_client

REDIS_URL = "redis://127.0.0.1:6379/0"
CLOSED_PORT_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1: refused at once


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port that accepts connections (the kernel's backlog) and never answers: a hung Redis."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        yield listener.getsockname()[1]


def test_every_client_has_the_socket_timeouts() -> None:
    kwargs = redis_client(REDIS_URL).connection_pool.connection_kwargs
    assert kwargs["socket_timeout"] == defaults.REDIS_SOCKET_TIMEOUT
    assert kwargs["socket_connect_timeout"] == defaults.REDIS_SOCKET_TIMEOUT


def test_connect_returns_a_working_client(server) -> None:
    client = connect(REDIS_URL)
    assert client.ping() is True


def test_closed_port_is_one_error_naming_the_url() -> None:
    with pytest.raises(RedisUnavailable) as caught:
        connect(CLOSED_PORT_URL)
    message = str(caught.value)
    assert message.startswith(f"cannot reach Redis at {CLOSED_PORT_URL}: ")
    assert "\n" not in message


def test_a_redis_that_never_answers_times_out_instead_of_hanging(silent_port: int) -> None:
    url = f"redis://127.0.0.1:{silent_port}/0"
    with pytest.raises(RedisUnavailable, match=f"^cannot reach Redis at {url}: "):
        connect(url, timeout=0.2)


def test_malformed_url_is_named() -> None:
    with pytest.raises(RedisUnavailable, match=r"^bad Redis URL 'http://127\.0\.0\.1:6379'"):
        redis_client("http://127.0.0.1:6379")
