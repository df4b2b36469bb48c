"""BufferedWriter: batching, retries, spilling (with fakes and with real failing databases)."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa

from newscrawl.storage import (
    ArticleRecord,
    BufferedWriter,
    SqlStorage,
    StorageError,
    open_storage,
    read_spill,
    replay_spill,
)


class FlakyStorage:
    """Fails the first ``failures`` writes, then stores in memory."""

    def __init__(self, failures: int = 0) -> None:
        self.failures = failures
        self.attempts = 0
        self.batches: list[list[str]] = []

    def write(self, records: Sequence[ArticleRecord]) -> None:
        self.attempts += 1
        if self.attempts <= self.failures:
            raise StorageError(f"database down (attempt {self.attempts})")
        self.batches.append([r.url for r in records])

    def known_urls(self, urls):
        return {u for batch in self.batches for u in batch} & set(urls)

    def has_content_hash(self, content_hash):
        return None

    def ping(self) -> None:
        pass

    def close(self) -> None:
        pass


def writer(storage, tmp_path, **options) -> tuple[BufferedWriter, list[float]]:
    sleeps: list[float] = []
    options.setdefault("retry_delay", 0.5)
    return BufferedWriter(
        storage, spill_path=tmp_path / "spill.jsonl", sleep=sleeps.append, **options
    ), sleeps


def test_add_writes_full_batches_and_close_flushes_the_rest(tmp_path, make_record):
    storage = FlakyStorage()
    buffered, _ = writer(storage, tmp_path, batch_size=3)
    for n in range(7):
        buffered.add(make_record(n))
    assert [len(b) for b in storage.batches] == [3, 3]
    buffered.close()
    assert [len(b) for b in storage.batches] == [3, 3, 1]
    assert buffered.stats == {"written": 7, "retried": 0, "spilled": 0}
    assert not (tmp_path / "spill.jsonl").exists()


def test_retries_with_growing_delay_then_succeeds(tmp_path, make_record):
    storage = FlakyStorage(failures=2)
    buffered, sleeps = writer(storage, tmp_path, batch_size=2, retries=3)
    buffered.add(make_record(1))
    buffered.add(make_record(2))
    assert storage.attempts == 3
    assert sleeps == [0.5, 1.0]
    assert buffered.stats == {"written": 2, "retried": 2, "spilled": 0}


def test_spills_after_retries_and_stops_retrying_while_down(tmp_path, make_record, caplog):
    storage = FlakyStorage(failures=5)
    buffered, _ = writer(storage, tmp_path, batch_size=2, retries=3)
    for n in range(4):
        buffered.add(make_record(n))
    # batch 1: 1 + 3 retries, spilled; batch 2: degraded, one attempt, spilled
    assert storage.attempts == 5
    assert buffered.stats == {"written": 0, "retried": 3, "spilled": 4}
    assert [r.url for r in read_spill(tmp_path / "spill.jsonl")] == [
        make_record(n).url for n in range(4)
    ]
    assert "newscrawl db replay" in caplog.text
    assert buffered.degraded
    buffered.add(make_record(9))
    buffered.flush()  # database is back: written, degraded mode over
    assert storage.batches == [[make_record(9).url]]
    assert not buffered.degraded
    assert buffered.stats["written"] == 1


def test_spilled_records_keep_every_field(tmp_path, make_record):
    buffered, _ = writer(FlakyStorage(failures=10), tmp_path, retries=0)
    original = make_record(1)
    buffered.add(original)
    buffered.flush()
    [spilled] = read_spill(tmp_path / "spill.jsonl")
    assert spilled == original


def test_unwritable_spill_file_raises(tmp_path, make_record):
    (tmp_path / "spill.jsonl").mkdir()  # a directory where the file should be
    buffered, _ = writer(FlakyStorage(failures=10), tmp_path, retries=0)
    buffered.add(make_record(1))
    with pytest.raises(StorageError, match=r"nor to spill file .*spill\.jsonl"):
        buffered.flush()


def test_unexpected_error_spills_then_propagates(tmp_path, make_record):
    class Broken(FlakyStorage):
        def write(self, records):
            raise TypeError("bug")

    buffered, _ = writer(Broken(), tmp_path)
    buffered.add(make_record(1))
    with pytest.raises(TypeError):
        buffered.flush()
    assert len(read_spill(tmp_path / "spill.jsonl")) == 1


@pytest.mark.parametrize("options", [{"batch_size": 0}, {"retries": -1}])
def test_bad_options_are_rejected(tmp_path, options):
    with pytest.raises(ValueError, match=next(iter(options))):
        BufferedWriter(FlakyStorage(), spill_path=tmp_path / "s", **options)


def test_refused_postgresql_spills_then_replays_into_working_database(
    tmp_path, db_url, make_record
):
    # The server went away after the crawl started: nothing listens on port 1.
    down = SqlStorage(sa.create_engine("postgresql+psycopg://postgres:pw@127.0.0.1:1/test"))
    buffered, _ = writer(down, tmp_path, batch_size=2, retries=1, retry_delay=0)
    records = [make_record(n) for n in range(5)]
    for record in records:
        buffered.add(record)
    buffered.close()
    assert buffered.stats == {"written": 0, "retried": 1, "spilled": 5}

    working = open_storage(db_url)
    try:
        assert replay_spill(working, tmp_path / "spill.jsonl") == 5
        assert working.known_urls(r.url for r in records) == {r.url for r in records}
        [page] = working.iter_pages(limit=1)
        assert page.html == records[0].html
    finally:
        working.close()
    assert (tmp_path / "spill.jsonl").read_bytes() == b""


@contextmanager
def unwritable(path: Path) -> Iterator[None]:
    """Make ``path`` unwritable; root ignores file modes, so it gets the immutable flag."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        yield
        path.chmod(0o644)
        return
    if shutil.which("chattr") is None:
        pytest.skip("running as root without chattr: cannot make a file unwritable")
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"chattr +i not supported here: {done.stderr.decode().strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_unwritable_sqlite_file_spills_then_replays(tmp_path, make_record):
    path = tmp_path / "news.db"
    url = f"sqlite:///{path}"
    storage = open_storage(url)
    buffered, _ = writer(storage, tmp_path, batch_size=2, retries=1, retry_delay=0)
    buffered.add(make_record(1))
    buffered.add(make_record(2))
    assert buffered.stats["written"] == 2
    storage.engine.dispose()  # new connections see the file as it is now
    with unwritable(path):
        buffered.add(make_record(3))
        buffered.add(make_record(4))
        assert buffered.stats == {"written": 2, "retried": 1, "spilled": 2}
    assert replay_spill(storage, tmp_path / "spill.jsonl") == 2
    assert len(storage.known_urls(make_record(n).url for n in range(1, 5))) == 4
    storage.close()


def test_locked_sqlite_database_spills(tmp_path, make_record):
    path = tmp_path / "news.db"
    storage = open_storage(f"sqlite:///{path}?timeout=0.05")
    blocker = sqlite3.connect(path)
    blocker.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
    try:
        buffered, _ = writer(storage, tmp_path, batch_size=1, retries=2, retry_delay=0)
        buffered.add(make_record(1))
        assert buffered.stats == {"written": 0, "retried": 2, "spilled": 1}
    finally:
        blocker.rollback()
        blocker.close()
    assert replay_spill(storage, tmp_path / "spill.jsonl") == 1
    storage.close()


def test_concurrent_adds_write_every_record_once(tmp_path, make_record):
    storage = FlakyStorage()
    buffered, _ = writer(storage, tmp_path, batch_size=7)

    def add_many(offset: int) -> None:
        for n in range(offset, offset + 250):
            buffered.add(make_record(n))

    threads = [threading.Thread(target=add_many, args=(k * 1000,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    buffered.close()
    urls = [url for batch in storage.batches for url in batch]
    assert len(urls) == len(set(urls)) == 1000
    assert all(len(batch) == 7 for batch in storage.batches[:-1])


def test_refused_record_is_spilled_alone_without_retries(tmp_path, db_url, make_record):
    storage = open_storage(db_url)
    buffered, sleeps = writer(storage, tmp_path, batch_size=4, retries=3)
    bad = make_record(3, title=None)  # NOT NULL: the database refuses this one record
    for record in (make_record(1), make_record(2), bad, make_record(4)):
        buffered.add(record)
    assert buffered.stats == {"written": 3, "retried": 0, "spilled": 1}
    assert sleeps == []
    spilled = (tmp_path / "spill.jsonl").read_text("utf-8").splitlines()
    assert [json.loads(line)["url"] for line in spilled] == [bad.url]
    assert storage.known_urls(make_record(n).url for n in range(1, 5)) == {
        make_record(n).url for n in (1, 2, 4)
    }
    buffered.add(make_record(5))
    buffered.flush()  # not degraded: a refused record says nothing about the database
    assert buffered.stats["written"] == 4
    storage.close()
