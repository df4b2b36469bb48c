"""Batching in front of a :class:`Storage`: retry a failed batch, then spill it to a file.

Pure Python (no Scrapy), so the crawl pipeline, ``db replay`` and tests share it. Methods
are thread-safe: the pipeline may call them from a thread pool.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

from newscrawl import defaults

from .base import Storage
from .errors import StorageError
from .records import ArticleRecord
from .spill import append_spill, write_each

logger = logging.getLogger(__name__)

DEFAULT_BATCH_SIZE = defaults.NEWSCRAWL_DB_BATCH_SIZE


class BufferedWriter:
    """Collects records and writes them ``batch_size`` at a time.

    A batch whose write raises :class:`StorageError` is retried ``retries`` times,
    waiting ``retry_delay * attempt`` seconds between attempts; if it still fails it is
    appended to ``spill_path`` (see :mod:`newscrawl.storage.spill`) and an error is logged,
    so no record is lost and the crawl goes on. When the database answered but refused the
    data (``StorageError.transient`` is False), the batch is not retried but written record
    by record, and only the refused records are spilled. While the database keeps failing, later
    batches are tried once and spilled at once instead of stalling the crawl on retries;
    the first successful write ends that degraded mode.

    If the spill file itself cannot be written, :class:`StorageError` is raised: there is
    nowhere left to put the records.

    ``stats`` counts records ``written`` and ``spilled`` and write attempts ``retried``.
    """

    def __init__(
        self,
        storage: Storage,
        *,
        batch_size: int = DEFAULT_BATCH_SIZE,
        retries: int = defaults.NEWSCRAWL_DB_RETRIES,
        retry_delay: float = defaults.NEWSCRAWL_DB_RETRY_DELAY,
        spill_path: Path,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, got {batch_size}")
        if retries < 0:
            raise ValueError(f"retries must be 0 or more, got {retries}")
        self.storage = storage
        self.batch_size = batch_size
        self.retries = retries
        self.retry_delay = retry_delay
        self.spill_path = Path(spill_path)
        self.stats: dict[str, int] = {"written": 0, "retried": 0, "spilled": 0}
        self._sleep = sleep
        self._pending: list[ArticleRecord] = []
        self._lock = threading.Lock()
        self._degraded = False

    @property
    def degraded(self) -> bool:
        """True while the database is failing (batches are being spilled); callers can skip
        their own database look-ups meanwhile instead of waiting on each one."""
        return self._degraded

    def add(self, record: ArticleRecord) -> None:
        """Buffer ``record``; writes the batch once it holds ``batch_size`` records."""
        with self._lock:
            self._pending.append(record)
            if len(self._pending) >= self.batch_size:
                self._flush_locked()

    def flush(self) -> None:
        """Write whatever is buffered (retrying, then spilling)."""
        with self._lock:
            self._flush_locked()

    def close(self) -> None:
        """Flush; the storage itself is left open (its owner closes it)."""
        self.flush()

    def _flush_locked(self) -> None:
        batch, self._pending = self._pending, []
        if not batch:
            return
        error = self._write_with_retries(batch)
        if error is None:
            self.stats["written"] += len(batch)
            if self._degraded:
                logger.info("Database writes work again after spilling")
                self._degraded = False
            return
        if not error.transient:
            # The database refused some record's data: write the others one by one.
            written, refused = write_each(self.storage, batch)
            self.stats["written"] += written
            if not refused:
                return
            batch, error = [record for record, _ in refused], refused[-1][1]
        self._degraded = error.transient
        self._spill(batch, str(error))

    def _write_with_retries(self, batch: list[ArticleRecord]) -> StorageError | None:
        """None once written; else the last error (at once if it is not transient)."""
        attempts = 1 if self._degraded else 1 + self.retries
        error: StorageError | None = None
        for attempt in range(1, attempts + 1):
            if attempt > 1:
                self.stats["retried"] += 1
                self._sleep(self.retry_delay * (attempt - 1))
            try:
                self.storage.write(batch)
            except StorageError as failure:
                logger.warning(
                    "Write attempt %(attempt)d/%(attempts)d failed: %(error)s",
                    {"attempt": attempt, "attempts": attempts, "error": failure},
                )
                if not failure.transient:
                    return failure
                error = failure
            except BaseException:
                self._spill(batch, "unexpected error while writing")  # keep it, then fail loudly
                raise
            else:
                return None
        return error

    def _spill(self, batch: list[ArticleRecord], reason: str) -> None:
        try:
            append_spill(self.spill_path, batch)
        except OSError as error:
            raise StorageError(
                f"cannot write {len(batch)} article(s) (first {batch[0].url}) to the database"
                f" ({reason}) nor to spill file {self.spill_path}: {error}"
            ) from error
        self.stats["spilled"] += len(batch)
        logger.error(
            "Spilled %(n)d article(s) to %(path)s after the database failed: %(reason)s;"
            " load them later with `newscrawl db replay %(path)s`",
            {"n": len(batch), "path": self.spill_path, "reason": reason},
        )
