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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from .base import Storage
from .errors import StorageError
from .records import ArticleRecord

logger = logging.getLogger(__name__)

DEFAULT_SPILL_PATH = "newscrawl-spill.jsonl"
# Records per database transaction during replay: the crawler's default batch size.
REPLAY_BATCH_SIZE = 100


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
    records = []
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            fields = json.loads(line)
            if not isinstance(fields, dict):
                raise TypeError("not a JSON object")
            records.append(ArticleRecord.from_json_dict(fields))
        except (ValueError, TypeError) as error:  # JSONDecodeError is a ValueError
            raise SpillFormatError(f"{source}:{number}: {error}") from None
    return records


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


def replay_spill(
    storage: Storage, spill_path: Path, *, batch_size: int = REPLAY_BATCH_SIZE
) -> int:
    """Write the spilled records into ``storage`` and remove from the file what was written.

    Returns how many records were written. If the database goes away part-way, the records
    already written are removed, the rest stay in the file, and :class:`StorageError` is
    raised. A record the database refuses (its data, not an outage) stays in the file too,
    the others are written, and :class:`StorageError` is raised at the end. Lines appended by
    a running crawl meanwhile are kept.
    """
    spill_path = Path(spill_path)
    if not spill_path.exists():
        return 0
    with _locked(spill_path, "rb") as handle:
        snapshot = handle.read()
    lines = [line.rstrip(b"\r\n") + b"\n" for line in snapshot.splitlines() if line.strip()]
    records = parse_spill(snapshot, spill_path)  # every line checked before any write
    done = [False] * len(records)
    failure: StorageError | None = None
    refused = 0
    for start in range(0, len(records), batch_size):
        batch = records[start : start + batch_size]
        try:
            storage.write(batch)
        except StorageError as error:
            if error.transient:
                failure = error
                break
            _, rejected = write_each(storage, batch)
            bad = {id(record) for record, _ in rejected}
            for offset, record in enumerate(batch):
                done[start + offset] = id(record) not in bad
            if rejected:
                refused += len(rejected)
                failure = rejected[0][1]
                if failure.transient:
                    break
            continue
        done[start : start + len(batch)] = [True] * len(batch)
    written = sum(done)
    unwritten = [line for line, ok in zip(lines, done, strict=True) if not ok]
    _drop_written(spill_path, len(snapshot), unwritten)
    if failure is not None:
        kept = len(records) - written
        message = (f"replay of {spill_path}: {written} record(s) written, {kept} kept in the file"
                   f" ({refused} refused by the database): {failure}")
        logger.error("%s", message)
        raise StorageError(message, transient=failure.transient) from failure
    logger.info("Replayed %(n)d record(s) from %(path)s", {"n": written, "path": spill_path})
    return written


def _drop_written(spill_path: Path, snapshot_size: int, unwritten: list[bytes]) -> None:
    """Rewrite the file as the unwritten lines plus whatever was appended after the snapshot."""
    with _locked(spill_path, "r+b") as handle:
        handle.seek(snapshot_size)
        appended = handle.read()
        handle.seek(0)
        handle.write(b"".join(unwritten) + appended)
        handle.truncate()
        handle.flush()
        os.fsync(handle.fileno())
