"""WorkerPool: the extraction processes, replaced when one of them dies.

A worker process can die under a page: killed for memory, or a crash in libxml2 or the C
walks. ``ProcessPoolExecutor`` then marks itself broken, fails every page in flight with
``BrokenProcessPool`` and refuses new ones, so without a replacement every later page of the
crawl would fail. Here the broken pool is replaced at once, and each page it failed is tried
once more alone, in a process of its own (which page killed the worker is not known): the
page that did it fails for good, the others in flight with it come back. A crash costs one
process start (~1 s) per page that was in flight, ``processes`` of them at a time.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

logger = logging.getLogger(__name__)

T = TypeVar("T")


class WorkerPool:
    def __init__(self, processes: int, context: BaseContext) -> None:
        self.processes = processes
        self.context = context
        self.replaced = 0  # pools replaced after a worker died
        self.retried = 0  # pages tried again alone after their pool broke
        self._lock = threading.Lock()
        self._waiting_alone: deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = (
            deque())
        self._running_alone = 0
        self._closed = False
        self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.processes, mp_context=self.context)

    def submit(self, function: Callable[..., T], *args: Any) -> Future[T]:
        """A future of ``function(*args)`` in a worker; it fails with ``BrokenProcessPool``
        only when the page's own process died too, when tried alone."""
        outer: Future[T] = Future()
        with self._lock:
            executor = self._executor
        try:
            inner = executor.submit(function, *args)
        except BrokenProcessPool:  # broken before this page got in: not its fault
            self._replace(executor)
            self._alone(outer, function, args)
            return outer
        except RuntimeError as error:  # shut down: the crawl is closing
            outer.set_exception(error)
            return outer

        def done(finished: Future[T]) -> None:
            if isinstance(_error_of(finished), BrokenProcessPool):
                self._replace(executor)
                self._alone(outer, function, args)
            else:
                _settle(outer, finished)

        inner.add_done_callback(done)
        return outer

    def _alone(self, outer: Future[T], function: Callable[..., T], args: tuple[Any, ...]
               ) -> None:
        """Try the page again in a single-use process: if that one dies, it was this page.
        At most ``processes`` such processes run at once (each costs a whole interpreter)."""
        with self._lock:
            if self._closed:
                outer.set_exception(RuntimeError("the worker pool is shut down"))
                return
            self.retried += 1
            self._waiting_alone.append((outer, function, args))
        self._start_alone()

    def _start_alone(self) -> None:
        while True:
            with self._lock:
                if (self._closed or not self._waiting_alone
                        or self._running_alone >= self.processes):
                    return
                outer, function, args = self._waiting_alone.popleft()
                self._running_alone += 1
            executor = ProcessPoolExecutor(max_workers=1, mp_context=self.context)
            try:
                inner = executor.submit(function, *args)
            finally:
                executor.shutdown(wait=False)  # the process ends once this page is done
            inner.add_done_callback(functools.partial(self._alone_done, outer))

    def _alone_done(self, outer: Future[Any], finished: Future[Any]) -> None:
        with self._lock:
            self._running_alone -= 1
        _settle(outer, finished)
        self._start_alone()

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A new pool in place of ``broken``, unless another page replaced it already."""
        with self._lock:
            if self._executor is not broken or self._closed:
                return
            self._executor = self._new_executor()
            self.replaced += 1
        logger.error("An extraction worker process died; started a new pool (%(n)d so far)",
                     {"n": self.replaced})
        # Not waiting: this may run in the broken pool's own management thread.
        broken.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        with self._lock:
            self._closed = True
            executor = self._executor
            waiting = list(self._waiting_alone)
            self._waiting_alone.clear()
        for outer, _function, _args in waiting:
            outer.cancel()
        executor.shutdown(wait=True, cancel_futures=True)


def _error_of(future: Future[Any]) -> BaseException | None:
    return None if future.cancelled() else future.exception()


def _settle(outer: Future[T], finished: Future[T]) -> None:
    """Give ``outer`` the outcome of ``finished``."""
    if finished.cancelled():
        outer.cancel()
    elif (error := finished.exception()) is not None:
        outer.set_exception(error)
    else:
        outer.set_result(finished.result())
