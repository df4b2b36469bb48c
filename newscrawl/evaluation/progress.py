"""A minimal progress bar on stderr (no tqdm dependency): ``label [####....] 12/69 3.4/s``."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Self, TextIO

# Redraw at most this often: redrawing per page would cost more than fast methods do.
REFRESH_SECONDS = 0.2
BAR_WIDTH = 30
# Runs shorter than this finish before a bar is worth reading.
MIN_ITEMS = 20


class ProgressBar:
    """Counts ``total`` steps; draws only when enabled (by default: stream is a terminal)."""

    def __init__(
        self,
        total: int,
        label: str = "",
        *,
        stream: TextIO | None = None,
        enabled: bool | None = None,
    ) -> None:
        self.total = max(total, 0)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            enabled = total >= MIN_ITEMS and self.stream.isatty()
        self.enabled = enabled
        self.done = 0
        self._started = time.perf_counter()
        self._drawn_at = 0.0

    def update(self, steps: int = 1) -> None:
        self.done += steps
        now = time.perf_counter()
        if self.enabled and (now - self._drawn_at >= REFRESH_SECONDS or self.done >= self.total):
            self._drawn_at = now
            self.stream.write("\r" + self.render(now))
            self.stream.flush()

    def render(self, now: float | None = None) -> str:
        elapsed = (now if now is not None else time.perf_counter()) - self._started
        share = min(self.done / self.total, 1.0) if self.total else 1.0
        filled = int(share * BAR_WIDTH)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        return f"{self.label} [{bar}] {self.done}/{self.total} {rate:.1f}/s"

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
