"""Back-off schedule while Redis is down (fake clock)."""

from __future__ import annotations

from newscrawl.distributed.backoff import Backoff


def test_delay_doubles_up_to_the_maximum_and_resets_on_recovery():
    now = [100.0]
    backoff = Backoff(1.0, 5.0, clock=lambda: now[0])
    assert not backoff.down
    assert [backoff.failed() for _ in range(5)] == [1.0, 2.0, 4.0, 5.0, 5.0]
    assert backoff.down and not backoff.may_retry()
    now[0] += 5.0
    assert backoff.may_retry()
    assert backoff.recovered() == 5.0
    assert not backoff.down and backoff.failed() == 1.0
