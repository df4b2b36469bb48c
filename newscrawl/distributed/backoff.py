"""Exponential back-off while Redis is unreachable (the worker keeps running meanwhile)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(slots=True)
class Backoff:
    """Tracks one outage: when to try again, doubling the wait up to ``maximum``."""

    initial: float
    maximum: float
    clock: Callable[[], float] = time.monotonic
    delay: float = 0.0
    retry_at: float = 0.0
    down_since: float | None = field(default=None)

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def failed(self) -> float:
        """Record a failed call; returns the seconds until the next attempt."""
        now = self.clock()
        if self.down_since is None:
            self.down_since = now
        self.delay = self.initial if self.delay == 0 else min(self.delay * 2, self.maximum)
        self.retry_at = now + self.delay
        return self.delay

    def may_retry(self) -> bool:
        return self.clock() >= self.retry_at

    def recovered(self) -> float:
        """Record success; returns how long the outage lasted (0 if there was none)."""
        lasted = 0.0 if self.down_since is None else self.clock() - self.down_since
        self.delay, self.retry_at, self.down_since = 0.0, 0.0, None
        return lasted
