"""Fixtures for the distributed tests: the real local Redis (127.0.0.1:6379) under a unique key
prefix per test (deleted afterwards), and a tiny news site served from a thread."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
import redis

from tests.distributed.site import NewsSite, serve_site

REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.fixture
def server() -> redis.Redis:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.ConnectionError as error:
        pytest.skip(f"Redis not reachable at {REDIS_URL}: {error}")
    return client


@pytest.fixture
def prefix(server: redis.Redis) -> Iterator[str]:
    """A key prefix nobody else uses; every key under it is deleted after the test."""
    value = f"nctest:{uuid.uuid4().hex[:12]}"
    yield value
    keys = list(server.scan_iter(match=f"{value}*", count=1000))
    if keys:
        server.delete(*keys)


@pytest.fixture
def site() -> Iterator[NewsSite]:
    with serve_site(articles=30) as running:
        yield running
