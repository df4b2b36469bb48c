"""The spill file: records the database would not take, as JSON lines, until ``db replay``.

Writers append under an exclusive ``flock`` so a crawl and a replay (or two crawler
processes) can share one file; a replay holds the lock only while reading and while
rewriting the file, never during database writes.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import IO, TypeVar

from newscrawl import defaults

from .base import Storage
from .errors import StorageError
from .records import ArticleRecord

logger = logging.getLogger(__name__)

T = TypeVar("T")

DEFAULT_SPILL_PATH = defaults.NEWSCRAWL_SPILL_PATH
# Records per database transaction during replay: the crawler's default batch size.
REPLAY_BATCH_SIZE = defaults.NEWSCRAWL_DB_BATCH_SIZE
COPY_CHUNK = 1 << 20  # bytes per read when the file is rewritten


class SpillFormatError(ValueError):
    """A spill file line that is not a record; the message is ``FILE:LINE: problem``."""


@contextmanager
def _locked(path: Path, mode: str) -> Iterator[IO[bytes]]:
    with path.open(mode) as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield handle
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def append_spill(spill_path: Path, records: Sequence[ArticleRecord]) -> None:
    """Append ``records``, one JSON object per line, and fsync: a spilled item must survive
    a crash of the crawler that spilled it. Raises ``OSError`` when the file cannot be written."""
    payload = b"".join(
        json.dumps(record.to_json_dict(), ensure_ascii=False).encode("utf-8") + b"\n"
        for record in records
    )
    spill_path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(spill_path, "ab") as handle:
        handle.write(payload)
        handle.flush()
        os.fsync(handle.fileno())


def parse_spill(data: bytes, source: Path) -> list[ArticleRecord]:
    """Records of a spill file's bytes; a bad line raises :class:`SpillFormatError`."""
    return [
        _parse_line(line, source, number)
        for number, line in enumerate(data.splitlines(), start=1)
        if line.strip()
    ]


def read_spill(spill_path: Path) -> list[ArticleRecord]:
    """All records of a spill file (none when it does not exist)."""
    if not spill_path.exists():
        return []
    with _locked(spill_path, "rb") as handle:
        return parse_spill(handle.read(), spill_path)


def write_each(
    storage: Storage, records: Sequence[ArticleRecord]
) -> tuple[int, list[tuple[ArticleRecord, StorageError]]]:
    """Write ``records`` one per transaction, to get past a record the database refuses.

    Returns how many were written and the refused ``(record, error)`` pairs. At a transient
    failure (the database went away) it stops: that record and all after it are returned as
    refused with that error.
    """
    written = 0
    refused: list[tuple[ArticleRecord, StorageError]] = []
    for index, record in enumerate(records):
        try:
            storage.write([record])
        except StorageError as error:
            if error.transient:
                refused.extend((rest, error) for rest in records[index:])
                break
            logger.error("Database refused %(url)s: %(error)s", {"url": record.url, "error": error})
            refused.append((record, error))
            continue
        written += 1
    return written, refused


def replay_spill(storage: Storage, spill_path: Path, *, batch_size: int = REPLAY_BATCH_SIZE) -> int:
    """Write the spilled records into ``storage`` and remove from the file what was written.

    Returns how many records were written. If the database goes away part-way, the records
    already written are removed, the rest stay in the file, and :class:`StorageError` is
    raised. A record the database refuses (its data, not an outage) stays in the file too,
    the others are written, and :class:`StorageError` is raised at the end. Lines appended by
    a running crawl meanwhile are kept.

    The file is streamed, never read whole: memory holds one batch of records (a record
    carries its page's HTML, so a spill file can be far bigger than memory), not their lines:
    the few lines not written are read again by offset into a temporary file next to the
    spill file, which replaces the replayed part at the end.
    """
    spill_path = Path(spill_path)
    if not spill_path.exists():
        return 0
    with _locked(spill_path, "rb") as handle:
        snapshot_size = handle.seek(0, os.SEEK_END)  # appends after this are a crawl's
    for _ in _records(spill_path, snapshot_size):  # every line checked before any write
        pass
    written = refused = total = 0
    failure: StorageError | None = None
    with (
        tempfile.NamedTemporaryFile(
            dir=spill_path.parent, prefix=f".{spill_path.name}.", suffix=".unwritten", delete=False
        ) as kept,
        spill_path.open("rb") as lines,
    ):
        kept_path = Path(kept.name)
        try:
            for batch in _batches(_records(spill_path, snapshot_size), batch_size):
                total += len(batch)
                if failure is not None and failure.transient:  # the database is gone
                    done = [False] * len(batch)
                else:
                    done, error = _write_batch(storage, [record for _at, record in batch])
                    if error is not None:
                        failure = error
                        refused += 0 if error.transient else done.count(False)
                written += sum(done)
                for (offset, _record), ok in zip(batch, done, strict=True):
                    if not ok:
                        lines.seek(offset)
                        kept.write(lines.readline().rstrip(b"\r\n") + b"\n")
                del batch  # before the next batch is read, not after
            kept.flush()
            _drop_written(spill_path, snapshot_size, kept_path)
        finally:
            kept_path.unlink(missing_ok=True)
    if failure is not None:
        message = (
            f"replay of {spill_path}: {written} record(s) written, {total - written} kept"
            f" in the file ({refused} refused by the database): {failure}"
        )
        logger.error("%s", message)
        raise StorageError(message, transient=failure.transient) from failure
    logger.info("Replayed %(n)d record(s) from %(path)s", {"n": written, "path": spill_path})
    return written


def _records(spill_path: Path, limit: int) -> Iterator[tuple[int, ArticleRecord]]:
    """(offset, record) for each non-blank line of the file's first ``limit`` bytes, read a
    line at a time; a bad line raises :class:`SpillFormatError` naming it."""
    with spill_path.open("rb") as handle:
        offset = 0
        for number, line in enumerate(handle, start=1):
            if offset >= limit:
                return
            start, offset = offset, offset + len(line)
            if line.strip():
                yield start, _parse_line(line, spill_path, number)


def _parse_line(line: bytes, source: Path, number: int) -> ArticleRecord:
    try:
        fields = json.loads(line)
        if not isinstance(fields, dict):
            raise TypeError("not a JSON object")
        return ArticleRecord.from_json_dict(fields)
    except (ValueError, TypeError) as error:  # JSONDecodeError is a ValueError
        raise SpillFormatError(f"{source}:{number}: {error}") from None


def _batches(items: Iterator[T], size: int) -> Iterator[list[T]]:
    while True:
        batch = list(islice(items, size))
        if not batch:
            return
        yield batch
        del batch  # else it stays alive while the next one is read


def _write_batch(
    storage: Storage, records: list[ArticleRecord]
) -> tuple[list[bool], StorageError | None]:
    """Which of ``records`` got written, and the last error, if any: one transaction, or
    one per record when the database refuses the batch for its data."""
    try:
        storage.write(records)
    except StorageError as error:
        if error.transient:
            return [False] * len(records), error
        _, rejected = write_each(storage, records)
        bad = {id(record) for record, _ in rejected}
        done = [id(record) not in bad for record in records]
        return done, (rejected[-1][1] if rejected else None)
    return [True] * len(records), None


def _drop_written(spill_path: Path, snapshot_size: int, kept_path: Path) -> None:
    """Rewrite the file as the unwritten lines (in ``kept_path``) plus whatever was appended
    after the snapshot, copying a chunk at a time."""
    with _locked(spill_path, "r+b") as handle:
        handle.seek(snapshot_size)
        with kept_path.open("ab") as kept:
            shutil.copyfileobj(handle, kept, COPY_CHUNK)
        handle.seek(0)
        with kept_path.open("rb") as kept:
            shutil.copyfileobj(kept, handle, COPY_CHUNK)
        handle.truncate()
        handle.flush()
        os.fsync(handle.fileno())
