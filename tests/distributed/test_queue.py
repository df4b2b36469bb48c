"""FairLeaseQueue on the real local Redis: order, fairness, leases, hand-over."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from newscrawl.distributed.queue import FairLeaseQueue, RunLost
from newscrawl.distributed.run_marker import ensure_run, run_key


def make(server, prefix, lease=30.0):
    return FairLeaseQueue(server, prefix, lease_seconds=lease)


def test_fifo_within_priority_and_higher_priority_first(server, prefix):
    queue = make(server, prefix)
    for payload, priority in ((b"a", 0), (b"b", 0), (b"urgent", 5), (b"c", 0)):
        queue.push("x.com", payload, priority)
    popped = [queue.pop().payload for _ in range(4)]
    assert popped == [b"urgent", b"a", b"b", b"c"]
    assert queue.pop() is None


def test_payloads_may_contain_nul_bytes(server, prefix):
    queue = make(server, prefix, lease=0.05)
    queue.push("x.com", b"\x00pickled\x00data\x00")
    assert queue.pop().payload == b"\x00pickled\x00data\x00"
    time.sleep(0.1)
    assert queue.requeue_expired(10) == 1
    assert queue.pop().payload == b"\x00pickled\x00data\x00"


def test_one_huge_domain_does_not_starve_small_ones(server, prefix):
    queue = make(server, prefix)
    for n in range(2000):
        queue.push("huge.example", f"huge-{n}".encode())
    for site in range(200):
        queue.push(f"small{site}.example", f"small-{site}".encode())
    # 400 pops: in a FIFO the 200 small sites would wait behind 2000 huge-site requests.
    popped = [queue.pop().payload for _ in range(400)]
    small = [p for p in popped if p.startswith(b"small-")]
    assert len(small) == 200
    assert Counter(p.split(b"-")[0] for p in popped) == {b"small": 200, b"huge": 200}
    assert queue.pending() == 1800
    assert queue.domains() == ["huge.example"]


def test_unacked_lease_comes_back_after_expiry(server, prefix):
    queue = make(server, prefix, lease=0.05)
    queue.push("x.com", b"one")
    lease = queue.pop()
    assert queue.pop() is None and queue.leased() == 1
    assert queue.requeue_expired(10) == 0  # not expired yet
    time.sleep(0.1)
    assert queue.requeue_expired(10) == 1
    assert queue.leased() == 0 and queue.pending() == 1
    again = queue.pop()
    assert again.payload == b"one" and again.id != lease.id


def test_acked_lease_never_comes_back(server, prefix):
    queue = make(server, prefix, lease=0.05)
    queue.push("x.com", b"one")
    lease = queue.pop()
    assert queue.ack([lease.id]) == 1
    time.sleep(0.1)
    assert queue.requeue_expired(10) == 0
    assert queue.pop() is None
    assert queue.ack([lease.id]) == 0  # acknowledging twice is harmless


def test_renew_keeps_a_lease_and_never_resurrects_a_requeued_one(server, prefix):
    queue = make(server, prefix, lease=0.3)
    queue.push("x.com", b"one")
    queue.push("x.com", b"two")
    kept, lost = queue.pop(), queue.pop()
    time.sleep(0.2)
    assert queue.renew([kept.id]) == {kept.id}
    time.sleep(0.2)  # `lost` expired, `kept` was renewed
    assert queue.requeue_expired(10) == 1
    assert queue.renew([kept.id, lost.id]) == {kept.id}
    assert queue.pop().payload == b"two"


def test_push_with_handoff_acks_the_old_lease_atomically(server, prefix):
    queue = make(server, prefix)
    queue.push("x.com", b"first try")
    lease = queue.pop()
    queue.push("x.com", b"retry", handoff=lease.id)
    assert queue.leased() == 0 and queue.pending() == 1


def test_clear_removes_every_key(server, prefix):
    queue = make(server, prefix)
    queue.push("a.com", b"1")
    queue.push("b.com", b"2")
    queue.pop()
    queue.clear()
    assert list(server.scan_iter(match=f"{prefix}*")) == []


def test_rejects_bad_domain_and_lease(server, prefix):
    import pytest

    with pytest.raises(ValueError, match="lease_seconds"):
        make(server, prefix, lease=0)
    with pytest.raises(ValueError, match="invalid queue domain"):
        make(server, prefix).push("", b"x")


def test_a_queue_of_a_run_neither_writes_into_nor_hands_out_from_a_redis_that_lost_it(
    server, prefix
):
    run = ensure_run(server, prefix)
    queue = FairLeaseQueue(server, prefix, lease_seconds=30, run_id=run)
    queue.push("x.com", b"one")
    assert queue.pop().payload == b"one"
    queue.push("x.com", b"two")
    server.delete(run_key(prefix))  # the marker gone: what a restart without persistence leaves
    with pytest.raises(RunLost):
        queue.pop()
    with pytest.raises(RunLost):
        queue.push("x.com", b"three")
    server.set(run_key(prefix), "another run")  # re-seeded as a new run meanwhile
    with pytest.raises(RunLost):
        queue.pop()
    assert queue.pending() == 1  # "two" still queued, "three" never written


def test_a_queue_without_a_run_id_does_not_check_the_marker(server, prefix):
    queue = make(server, prefix)
    queue.push("x.com", b"one")
    assert server.get(run_key(prefix)) is None
    assert queue.pop().payload == b"one"
