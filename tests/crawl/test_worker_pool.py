"""WorkerPool: a worker process that dies costs only its own page, not the rest of the crawl."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from newscrawl.crawl.worker_pool import TaskTimeout, WorkerPool

HANG = -2  # a runaway page in Python code: the alarm interrupts it
STUCK = -3  # a runaway page that cannot be interrupted (as in C code that never returns)


def double_or_die(value: int) -> int:
    """Runs in a worker: -1 kills the worker process outright (as a crash or the OOM killer
    would), HANG and STUCK never return, anything else is doubled."""
    if value == -1:
        os._exit(3)
    if value == STUCK:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    if value in (HANG, STUCK):
        time.sleep(3600)
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


@pytest.fixture
def timed_pool():
    # kill_grace: a new worker's start-up on a busy machine, well inside it
    workers = WorkerPool(2, multiprocessing.get_context("spawn"), timeout=1.0, kill_grace=10.0)
    assert workers.submit(double_or_die, 0).result(timeout=120) == 0  # workers started
    yield workers
    workers.shutdown()


def test_a_runaway_task_is_interrupted_and_its_worker_kept(timed_pool):
    with pytest.raises(TaskTimeout, match="longer than 1 s"):
        timed_pool.submit(double_or_die, HANG).result(timeout=120)
    assert (timed_pool.killed, timed_pool.replaced) == (0, 0)
    assert [timed_pool.submit(double_or_die, n).result(timeout=60) for n in (4, 5)] == [8, 10]


def test_a_task_that_ignores_the_alarm_is_failed_and_its_pool_replaced(timed_pool):
    with pytest.raises(TaskTimeout, match="could not be interrupted"):
        timed_pool.submit(double_or_die, STUCK).result(timeout=120)
    assert (timed_pool.killed, timed_pool.replaced) == (1, 1)
    assert timed_pool.submit(double_or_die, 4).result(timeout=60) == 8


def test_tasks_sharing_the_killed_pool_still_come_back(timed_pool):
    futures = [timed_pool.submit(double_or_die, n) for n in (STUCK, 1, 2, 3, 4, 5)]
    with pytest.raises(TaskTimeout):
        futures[0].result(timeout=120)
    assert [f.result(timeout=120) for f in futures[1:]] == [2, 4, 6, 8, 10]
    assert timed_pool.killed == 1
    assert timed_pool.retried == 0  # not tried alone: they were not at fault


def test_a_task_tried_alone_is_timed_too(timed_pool):
    """A pool broken by a crash sends its pages to single-use processes; those are timed."""
    futures = [timed_pool.submit(double_or_die, n) for n in (-1, STUCK, 7)]
    with pytest.raises(BrokenProcessPool):
        futures[0].result(timeout=120)
    with pytest.raises(TaskTimeout):
        futures[1].result(timeout=120)
    assert futures[2].result(timeout=120) == 14
