"""WorkerPool: a worker process that dies costs only its own page, not the rest of the crawl."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures.process import BrokenProcessPool

import pytest

from newscrawl.crawl.worker_pool import WorkerPool


def double_or_die(value: int) -> int:
    """Runs in a worker: -1 kills the worker process outright (as a crash or the OOM killer
    would), anything else is doubled."""
    if value == -1:
        os._exit(3)
    return value * 2


@pytest.fixture
def pool():
    workers = WorkerPool(1, multiprocessing.get_context("spawn"))
    yield workers
    workers.shutdown()


def test_results_come_back(pool):
    assert [pool.submit(double_or_die, n).result(timeout=60) for n in (1, 2, 3)] == [2, 4, 6]
    assert pool.replaced == 0


def test_a_page_that_kills_its_worker_fails_alone_and_the_pool_is_replaced(pool):
    with pytest.raises(BrokenProcessPool):
        pool.submit(double_or_die, -1).result(timeout=60)
    assert (pool.replaced, pool.retried) == (1, 1)  # then alone, in a process of its own
    assert pool.submit(double_or_die, 21).result(timeout=60) == 42


def test_pages_in_flight_when_a_worker_dies_get_another_try(pool):
    futures = [pool.submit(double_or_die, n) for n in (5, -1, 6, 7)]
    assert futures[0].result(timeout=60) == 10
    with pytest.raises(BrokenProcessPool):
        futures[1].result(timeout=60)
    assert [f.result(timeout=60) for f in futures[2:]] == [12, 14]


def test_after_shutdown_pages_are_refused():
    workers = WorkerPool(1, multiprocessing.get_context("spawn"))
    workers.shutdown()
    with pytest.raises(RuntimeError):
        workers.submit(double_or_die, 1).result(timeout=60)
