"""Reliable, domain-fair request queue on Redis.

scrapy-redis pops a request and forgets it, so a worker killed mid-download loses it
(scrapy#2399). Here a pop *leases* the request instead: the payload moves into a lease table with a
deadline, the holder renews it while working and acknowledges it when the response has been
processed; a live worker moves expired leases (dead holders) back into the queue.

Fairness: every domain has its own priority queue and a ring lists the domains that have work.
Each pop rotates the ring by one, so a domain with a million queued URLs gets the same share of
pops as a domain with one, and a thousand small sites are not starved by one big one.

Keys under ``prefix``::

    ring         list   domains with queued requests, rotated on every pop
    active       set    the same domains, for O(1) "already in the ring?"
    q:<domain>   zset   score -priority, member = 16-digit sequence + payload (FIFO per priority)
    pending      string number of queued requests over all domains
    seq          string sequence for FIFO order
    leases       hash   lease id -> score NUL domain NUL member
    deadlines    zset   lease id -> deadline (Redis server time, ms)
    lease_seq    string lease id counter

All times come from Redis ``TIME`` inside the scripts, so workers' clocks need not agree.
The per-domain keys are built inside Lua, so this needs a single Redis (not Redis Cluster).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from redis import Redis

# Width of the FIFO sequence prefix on queue members (10^16 pushes before it wraps).
SEQ_WIDTH = 16

_NOW_MS = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
"""

_ENQUEUE = """
local function enqueue(p, domain, score, member)
  local added = redis.call('ZADD', p .. ':q:' .. domain, score, member)
  if added == 1 then redis.call('INCR', p .. ':pending') end
  if redis.call('SADD', p .. ':active', domain) == 1 then
    redis.call('RPUSH', p .. ':ring', domain)
  end
  return added
end
"""

# Checked first by the scripts that add or hand out work: a Redis that lost its data (or was
# re-seeded as a new run) must not get this run's requests, nor give them out again, in the
# seconds before the worker's heartbeat notices. An empty run id skips the check.
_RUN_LOST = """
local function run_lost(p, run)
  return run ~= '' and redis.call('GET', p .. ':run') ~= run
end
"""

# What the run-checked scripts return when the run marker is missing or another run's.
RUN_LOST_REPLY = -1

# ARGV: prefix, run id, domain, priority, payload, [lease id to acknowledge in the same step]
PUSH_SCRIPT = (
    _ENQUEUE
    + _RUN_LOST
    + """
local p = ARGV[1]
if run_lost(p, ARGV[2]) then return -1 end
local seq = redis.call('INCR', p .. ':seq')
local member = string.format('%016d', seq) .. ARGV[5]
local added = enqueue(p, ARGV[3], -tonumber(ARGV[4]), member)
if ARGV[6] then
  redis.call('HDEL', p .. ':leases', ARGV[6])
  redis.call('ZREM', p .. ':deadlines', ARGV[6])
end
return added
"""
)

# ARGV: prefix, run id, lease ms, max domains to try. Returns {lease id, member} or nil.
POP_SCRIPT = (
    _NOW_MS
    + _RUN_LOST
    + """
local p = ARGV[1]
if run_lost(p, ARGV[2]) then return -1 end
local ring = p .. ':ring'
for _ = 1, tonumber(ARGV[4]) do
  local domain = redis.call('RPOPLPUSH', ring, ring)
  if not domain then return nil end
  local q = p .. ':q:' .. domain
  local item = redis.call('ZPOPMIN', q)
  if redis.call('ZCARD', q) == 0 then
    redis.call('LREM', ring, 1, domain)
    redis.call('SREM', p .. ':active', domain)
  end
  if #item > 0 then
    redis.call('DECR', p .. ':pending')
    local id = tostring(redis.call('INCR', p .. ':lease_seq'))
    redis.call('HSET', p .. ':leases', id, item[2] .. '\\0' .. domain .. '\\0' .. item[1])
    redis.call('ZADD', p .. ':deadlines', now + tonumber(ARGV[3]), id)
    return {id, item[1]}
  end
end
return nil
"""
)

# ARGV: prefix, lease ms, ids... Extends only leases that still exist: a lease that expired
# and was re-queued is not resurrected. Returns the ids that were renewed.
RENEW_SCRIPT = (
    _NOW_MS
    + """
local p = ARGV[1]
local renewed = {}
for i = 3, #ARGV do
  if redis.call('ZSCORE', p .. ':deadlines', ARGV[i]) then
    redis.call('ZADD', p .. ':deadlines', now + tonumber(ARGV[2]), ARGV[i])
    renewed[#renewed + 1] = ARGV[i]
  end
end
return renewed
"""
)

# ARGV: prefix, limit. Moves expired leases back to their domain queue with their original
# score and sequence, so they are served before newer requests of the same priority.
REQUEUE_SCRIPT = (
    _NOW_MS
    + _ENQUEUE
    + """
local p = ARGV[1]
local ids = redis.call('ZRANGEBYSCORE', p .. ':deadlines', '-inf', now,
                      'LIMIT', 0, tonumber(ARGV[2]))
local moved = 0
for _, id in ipairs(ids) do
  local v = redis.call('HGET', p .. ':leases', id)
  if v then
    local a = string.find(v, '\\0', 1, true)
    local b = string.find(v, '\\0', a + 1, true)
    enqueue(p, string.sub(v, a + 1, b - 1), tonumber(string.sub(v, 1, a - 1)), string.sub(v, b + 1))
    moved = moved + 1
  end
  redis.call('HDEL', p .. ':leases', id)
  redis.call('ZREM', p .. ':deadlines', id)
end
return moved
"""
)

# ARGV: prefix, ids... Returns how many leases existed.
ACK_SCRIPT = """
local p = ARGV[1]
local n = 0
for i = 2, #ARGV do
  n = n + redis.call('HDEL', p .. ':leases', ARGV[i])
  redis.call('ZREM', p .. ':deadlines', ARGV[i])
end
return n
"""


class RunLost(Exception):
    """The queue's Redis no longer holds this run's marker: its data was lost or replaced."""


@dataclass(frozen=True, slots=True)
class Lease:
    """A popped request: ``id`` must be acknowledged (or it comes back after the deadline)."""

    id: str
    payload: bytes


class FairLeaseQueue:
    """Per-domain round-robin queue with leased pops; see the module docstring for the keys."""

    def __init__(
        self, server: Redis, prefix: str, *, lease_seconds: float, run_id: str | None = None
    ) -> None:
        """``run_id``: push and pop raise :class:`RunLost` unless Redis holds this run marker
        (``run_marker``); None skips the check (a queue used outside a run)."""
        if lease_seconds <= 0:
            raise ValueError(f"lease_seconds must be positive, got {lease_seconds!r}")
        self.server = server
        self.prefix = prefix
        self.run_id = run_id or ""
        self.lease_ms = int(lease_seconds * 1000)
        self._push = server.register_script(PUSH_SCRIPT)
        self._pop = server.register_script(POP_SCRIPT)
        self._renew = server.register_script(RENEW_SCRIPT)
        self._requeue = server.register_script(REQUEUE_SCRIPT)
        self._ack = server.register_script(ACK_SCRIPT)

    def push(
        self, domain: str, payload: bytes, priority: int = 0, *, handoff: str | None = None
    ) -> bool:
        """Queue ``payload`` for ``domain``; ``handoff`` acknowledges that lease atomically.

        Returns False if an identical payload was already queued; raises :class:`RunLost` if the
        run marker is not this queue's run.
        """
        if not domain or "\0" in domain:
            raise ValueError(f"invalid queue domain {domain!r}")
        args: list[str | bytes | int] = [self.prefix, self.run_id, domain, int(priority), payload]
        if handoff is not None:
            args.append(handoff)
        added = self._push(args=args)
        if added == RUN_LOST_REPLY:
            raise RunLost(self.prefix)
        return bool(added)

    def pop(self, max_domains: int = 16) -> Lease | None:
        """Lease the next request of the next domain in the ring, or None if all are empty.

        ``max_domains`` bounds the ring entries one call may skip (stale entries of emptied
        domains are removed as they are met).
        """
        result = self._pop(args=[self.prefix, self.run_id, self.lease_ms, max_domains])
        if result == RUN_LOST_REPLY:
            raise RunLost(self.prefix)
        if not result:
            return None
        lease_id, member = result
        return Lease(_text(lease_id), bytes(member)[SEQ_WIDTH:])

    def renew(self, lease_ids: Iterable[str]) -> set[str]:
        """Extend the given leases; returns those that still existed."""
        ids = list(lease_ids)
        if not ids:
            return set()
        return {_text(i) for i in self._renew(args=[self.prefix, self.lease_ms, *ids])}

    def ack(self, lease_ids: Iterable[str]) -> int:
        """Acknowledge finished requests; returns how many leases were still held."""
        ids = list(lease_ids)
        if not ids:
            return 0
        return int(self._ack(args=[self.prefix, *ids]))

    def requeue_expired(self, limit: int) -> int:
        """Move up to ``limit`` expired leases back into their queues; returns how many."""
        return int(self._requeue(args=[self.prefix, limit]))

    def pending(self) -> int:
        """Queued (not leased) requests over all domains."""
        return int(self.server.get(f"{self.prefix}:pending") or 0)

    def leased(self) -> int:
        """Requests currently leased by some worker."""
        return int(self.server.zcard(f"{self.prefix}:deadlines"))

    def domains(self) -> list[str]:
        """Domains that currently have queued requests, in ring order."""
        return [_text(d) for d in self.server.lrange(f"{self.prefix}:ring", 0, -1)]

    def clear(self) -> None:
        """Delete every key of this queue."""
        keys = [f"{self.prefix}:q:{d}" for d in self.domains()]
        keys += [
            f"{self.prefix}:{k}"
            for k in ("ring", "active", "pending", "seq", "leases", "deadlines", "lease_seq")
        ]
        self.server.delete(*keys)

    def __len__(self) -> int:
        return self.pending()


def _text(value: bytes | str | int) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
