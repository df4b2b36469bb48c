"""The run marker: a Redis key that says the shared queue is the one the workers started on.

A Redis restarted without persistence (or flushed, or a failover that lost writes) comes back
empty: no queue, no leases, no seen set. Its workers would reconnect, find nothing to do and
finish "normally", leaving the rest of the crawl unfetched. So the first process of a run
(``newscrawl seed`` or a worker's scheduler) writes ``<prefix>:run`` with a fresh id, every
later one adopts it, and a worker checks on every heartbeat and reconnection that the id it
started with is still there. A missing or different id means the queue was lost.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from redis import Redis


def run_key(prefix: str) -> str:
    return f"{prefix}:run"


def ensure_run(server: Redis, prefix: str) -> str:
    """The current run's id, writing a new one first if there is none."""
    fresh = _new_run_id()
    server.set(run_key(prefix), fresh, nx=True)
    current = current_run(server, prefix)
    return current if current is not None else fresh  # deleted meanwhile: ours was written


def start_new_run(server: Redis, prefix: str) -> str:
    """Delete every key of ``prefix`` (what is left of a lost queue, and anything a worker
    wrote into the empty Redis before it noticed) and write a new run id. A worker still on
    the old run sees the new id and stops."""
    pattern = re.sub(r"([*?\[\]\\])", r"\\\1", prefix) + ":*"
    stale = list(server.scan_iter(match=pattern, count=1000))
    for start in range(0, len(stale), 1000):
        server.delete(*stale[start : start + 1000])
    fresh = _new_run_id()
    server.set(run_key(prefix), fresh)
    return fresh


def current_run(server: Redis, prefix: str) -> str | None:
    value = server.get(run_key(prefix))
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else str(value)


def _new_run_id() -> str:
    return f"{uuid.uuid4().hex} {datetime.now(UTC).isoformat(timespec='seconds')}"
