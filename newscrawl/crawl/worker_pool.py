"""WorkerPool: the extraction processes, replaced when one of them dies or runs away.

A worker process can die under a page: killed for memory, or a crash in libxml2 or the C
walks. ``ProcessPoolExecutor`` then marks itself broken, fails every page in flight with
``BrokenProcessPool`` and refuses new ones, so without a replacement every later page of the
crawl would fail. Here the broken pool is replaced at once, and each page it failed is tried
once more alone, in a process of its own (which page killed the worker is not known): the
page that did it fails for good, the others in flight with it come back. A crash costs one
process start (~1 s) per page that was in flight, ``processes`` of them at a time.

A page may also run too long. With a ``timeout``, the worker arms an alarm (``SIGALRM``) when
it starts a page; past ``timeout`` seconds the alarm interrupts the page's Python code and the
page fails with :class:`TaskTimeout`, the worker carries on. A page stuck in C code that does
not return to Python cannot be interrupted that way: past ``timeout * 2 + kill_grace`` seconds
from when the executor queued it (the grace covers a new process's start-up), the page fails
with :class:`TaskTimeout` and its pool is killed and replaced (which of the pool's processes
runs the page is not known). The other pages of the killed pool were not at fault; they go to
the new pool as they are.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import signal
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any, TypeVar

from newscrawl.crawl.orphans import exit_with_parent, parent_watch_args

logger = logging.getLogger(__name__)

T = TypeVar("T")


# Seconds a worker may need to start (a spawned interpreter importing lxml and the
# extraction library), added to the deadline after which the parent kills a task's pool.
KILL_GRACE_SECONDS = 30.0


class TaskTimeout(BaseException):
    """A task ran longer than the pool's ``timeout``. A BaseException, as KeyboardInterrupt
    is: the alarm raises it inside the task, whose catch-all ``except Exception`` (the
    extraction library has one) must not turn it into an ordinary result."""


def call_with_alarm(timeout: float, function: Callable[..., T], *args: Any) -> T:
    """In a worker process: ``function(*args)``, interrupted with TaskTimeout after
    ``timeout`` seconds (only the main thread gets signals; pool workers run tasks there)."""

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise TaskTimeout(f"ran longer than {timeout:g} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return function(*args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(slots=True)
class _Task:
    outer: Future[Any]
    function: Callable[..., Any]
    args: tuple[Any, ...]
    executor: ProcessPoolExecutor
    started: float | None = None  # monotonic time the executor started it
    # A single-use executor's process, kept because its shutdown forgets it at once.
    processes: Sequence[BaseProcess] = ()


class WorkerPool:
    def __init__(
        self,
        processes: int,
        context: BaseContext,
        timeout: float | None = None,
        kill_grace: float = KILL_GRACE_SECONDS,
    ) -> None:
        self.processes = processes
        self.context = context
        self.timeout = timeout if timeout and timeout > 0 else None
        self.kill_after = 2 * self.timeout + kill_grace if self.timeout else None
        self.replaced = 0  # pools replaced after a worker died
        self.retried = 0  # pages tried again alone after their pool broke
        self.killed = 0  # pools killed for a task the alarm could not interrupt
        self._lock = threading.Lock()
        self._waiting_alone: deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = (
            deque()
        )
        self._running_alone = 0
        self._closed = False
        self._killed: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
        self._tasks: dict[Future[Any], _Task] = {}  # inner future -> task, while in a worker
        self._executor = self._new_executor(self.processes)
        self._stop_watch = threading.Event()
        if self.kill_after is not None:
            threading.Thread(
                target=self._watch_deadlines, name="newscrawl-extract-timeout", daemon=True
            ).start()

    def _new_executor(self, processes: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=processes,
            mp_context=self.context,
            initializer=exit_with_parent,
            initargs=parent_watch_args(),
        )

    def submit(self, function: Callable[..., T], *args: Any) -> Future[T]:
        """A future of ``function(*args)`` in a worker; it fails with ``BrokenProcessPool``
        only when the page's own process died too, when tried alone, and with
        :class:`TaskTimeout` when it ran longer than ``timeout``."""
        outer: Future[T] = Future()
        self._in_pool(outer, function, args)
        return outer

    def _in_pool(
        self, outer: Future[Any], function: Callable[..., Any], args: tuple[Any, ...]
    ) -> None:
        with self._lock:
            if self._closed:  # a page of a killed pool, sent on while the crawl closes
                outer.set_exception(RuntimeError("the worker pool is shut down"))
                return
            executor = self._executor
        try:
            inner = self._submit_to(executor, function, args)
        except BrokenProcessPool:  # broken before this page got in: not its fault
            if executor in self._killed:
                self._in_pool(outer, function, args)  # the replacement is in place already
                return
            self._replace(executor)
            self._alone(outer, function, args)
            return
        except RuntimeError as error:  # shut down: the crawl is closing
            outer.set_exception(error)
            return
        self._track(inner, _Task(outer, function, args, executor))
        inner.add_done_callback(self._pool_done)

    def _submit_to(
        self, executor: ProcessPoolExecutor, function: Callable[..., Any], args: tuple[Any, ...]
    ) -> Future[Any]:
        if self.timeout is None:
            return executor.submit(function, *args)
        return executor.submit(call_with_alarm, self.timeout, function, *args)

    def _track(self, inner: Future[Any], task: _Task) -> None:
        with self._lock:
            self._tasks[inner] = task

    def _untrack(self, inner: Future[Any]) -> _Task | None:
        with self._lock:
            return self._tasks.pop(inner, None)

    def _pool_done(self, finished: Future[Any]) -> None:
        task = self._untrack(finished)
        if task is None or task.outer.done():  # abandoned for its time: result unwanted
            return
        if isinstance(_error_of(finished), BrokenProcessPool):
            if task.executor in self._killed:  # killed for another page's time
                self._in_pool(task.outer, task.function, task.args)
                return
            self._replace(task.executor)
            self._alone(task.outer, task.function, task.args)
        else:
            _settle(task.outer, finished)

    def _alone(self, outer: Future[T], function: Callable[..., T], args: tuple[Any, ...]) -> None:
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
                if self._closed or not self._waiting_alone or self._running_alone >= self.processes:
                    return
                outer, function, args = self._waiting_alone.popleft()
                self._running_alone += 1
            executor = self._new_executor(1)
            try:
                inner = self._submit_to(executor, function, args)
                processes = list(executor._processes.values())
            finally:
                executor.shutdown(wait=False)  # the process ends once this page is done
            self._track(inner, _Task(outer, function, args, executor, processes=processes))
            inner.add_done_callback(functools.partial(self._alone_done, outer))

    def _alone_done(self, outer: Future[Any], finished: Future[Any]) -> None:
        self._untrack(finished)
        with self._lock:
            self._running_alone -= 1
        _settle(outer, finished)
        self._start_alone()

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A new pool in place of ``broken``, unless another page replaced it already."""
        with self._lock:
            if self._executor is not broken or self._closed:
                return
            self._executor = self._new_executor(self.processes)
            self.replaced += 1
        logger.error(
            "An extraction worker process died; started a new pool (%(n)d so far)",
            {"n": self.replaced},
        )
        # Not waiting: this may run in the broken pool's own management thread.
        broken.shutdown(wait=False, cancel_futures=True)

    def _watch_deadlines(self) -> None:
        """Fail what the alarm could not interrupt, and kill its pool."""
        assert self.timeout is not None and self.kill_after is not None
        period = min(0.5, self.timeout / 4)
        while not self._stop_watch.wait(period):
            now = time.monotonic()
            overdue = []
            with self._lock:
                for inner, task in self._tasks.items():
                    if task.started is None:
                        if inner.running():
                            task.started = now
                    elif now - task.started > self.kill_after:
                        overdue.append(task)
            for task in overdue:
                self._abandon(task)

    def _abandon(self, task: _Task) -> None:
        executor = task.executor
        with self._lock:
            if task.outer.done():
                return
            self.killed += 1
            self._killed.add(executor)
            if self._executor is executor and not self._closed:
                self._executor = self._new_executor(self.processes)
                self.replaced += 1
        # It may have finished just now; its pool goes all the same.
        with contextlib.suppress(InvalidStateError):
            task.outer.set_exception(
                TaskTimeout(
                    f"ran longer than {self.timeout:g} s and could not be interrupted; its worker "
                    f"process was killed"
                )
            )
        # Killing a worker breaks its executor: every page it holds fails with
        # BrokenProcessPool, and _pool_done hands those to the new pool.
        for process in task.processes or list((executor._processes or {}).values()):
            process.kill()
        executor.shutdown(wait=False)
        logger.error(
            "An extraction task ran past %(s)g s and did not stop when interrupted; "
            "killed its worker pool and started a new one (%(n)d so far)",
            {"s": self.kill_after, "n": self.killed},
        )

    def shutdown(self) -> None:
        with self._lock:
            self._closed = True
            executor = self._executor
            waiting = list(self._waiting_alone)
            self._waiting_alone.clear()
        for outer, _function, _args in waiting:
            outer.cancel()
        executor.shutdown(wait=True, cancel_futures=True)  # a runaway page is still killed
        self._stop_watch.set()


def _error_of(future: Future[Any]) -> BaseException | None:
    return None if future.cancelled() else future.exception()


def _settle(outer: Future[T], finished: Future[T]) -> None:
    """Give ``outer`` the outcome of ``finished``, unless it was abandoned meanwhile."""
    with contextlib.suppress(InvalidStateError):  # abandoned for its time a moment ago
        if finished.cancelled():
            outer.cancel()
        elif (error := finished.exception()) is not None:
            outer.set_exception(error)
        else:
            outer.set_result(finished.result())
