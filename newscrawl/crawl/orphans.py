"""Worker processes that exit when the process that started them dies, however it dies.

A worker of a ``ProcessPoolExecutor`` waits on its call queue; after a ``kill -9`` of the
crawler nobody closes that queue, so without this it waits forever (and keeps the
multiprocessing resource tracker alive too: the tracker exits when the last holder of its
pipe, parent or worker, is gone).

``PR_SET_PDEATHSIG`` is not used: Linux sends it when the *thread* that started the child
ends, and the pool starts processes from whichever thread submits, including an executor's
management thread that ends with its executor; live workers would be killed. A thread in the
worker instead checks once a second whether it has been re-parented.
"""

from __future__ import annotations

import os
import threading
import time

PARENT_CHECK_SECONDS = 1.0


def parent_watch_args() -> tuple[int]:
    """The initializer arguments for :func:`exit_with_parent`, taken in the parent."""
    return (os.getpid(),)


def exit_with_parent(parent_pid: int) -> None:
    """Worker initializer: end this process soon after ``parent_pid`` is gone."""
    if os.getppid() != parent_pid:  # the parent died while this process started
        os._exit(1)
    threading.Thread(
        target=_watch_parent, args=(parent_pid,), name="newscrawl-parent-watch", daemon=True
    ).start()


def _watch_parent(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(PARENT_CHECK_SECONDS)
    # Orphaned: re-parented to init or a subreaper. No clean-up: there is no one to report to.
    os._exit(1)
