"""The spill file format and replay_spill's partial-failure behaviour."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

import pytest

from newscrawl.storage import (
    ArticleRecord,
    SpillFormatError,
    StorageError,
    append_spill,
    read_spill,
    replay_spill,
)


class ListStorage:
    def __init__(self, fail_on_batch: int | None = None) -> None:
        self.fail_on_batch = fail_on_batch
        self.batches: list[list[ArticleRecord]] = []

    def write(self, records: Sequence[ArticleRecord]) -> None:
        if self.fail_on_batch is not None and len(self.batches) + 1 == self.fail_on_batch:
            raise StorageError("database down")
        self.batches.append(list(records))

    def known_urls(self, urls):
        return set()

    def has_content_hash(self, content_hash):
        return None

    def ping(self):
        pass

    def close(self):
        pass


def test_lines_are_json_with_base64_html(tmp_path, make_record):
    path = tmp_path / "spill.jsonl"
    append_spill(path, [make_record(1), make_record(2, html=None, fetched_at=None)])
    first, second = (json.loads(line) for line in path.read_text("utf-8").splitlines())
    assert first["html"] == "PGh0bWw+PGJvZHk+PHA+tdrSu7bOIDGhozwvcD48L2JvZHk+PC9odG1sPg=="
    assert first["fetched_at"] == "2024-05-01T12:00:00+00:00"
    assert first["title"] == "标题 1"  # readable, not \u-escaped
    assert second["html"] is None
    assert read_spill(path) == [make_record(1), make_record(2, html=None, fetched_at=None)]


def test_replay_of_missing_file_writes_nothing(tmp_path):
    assert replay_spill(ListStorage(), tmp_path / "absent.jsonl") == 0


def test_replay_failure_keeps_only_unwritten_records(tmp_path, make_record):
    path = tmp_path / "spill.jsonl"
    append_spill(path, [make_record(n) for n in range(5)])
    storage = ListStorage(fail_on_batch=2)
    with pytest.raises(StorageError, match="database down"):
        replay_spill(storage, path, batch_size=2)
    assert [r.url for r in read_spill(path)] == [make_record(n).url for n in range(2, 5)]
    assert replay_spill(ListStorage(), path, batch_size=2) == 3
    assert path.read_bytes() == b""


def test_records_spilled_during_replay_are_kept(tmp_path, make_record):
    path = tmp_path / "spill.jsonl"
    append_spill(path, [make_record(1)])

    class CrawlStillSpilling(ListStorage):
        def write(self, records):
            super().write(records)
            append_spill(path, [make_record(99)])  # a running crawl spills meanwhile

    assert replay_spill(CrawlStillSpilling(), path) == 1
    assert [r.url for r in read_spill(path)] == [make_record(99).url]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("{not json", "Expecting property name"),
        ("[1, 2]", "not a JSON object"),
        (
            '{"url": "u", "site": "s", "title": "t", "content": "c", "colour": 1}',
            "unknown field(s) colour",
        ),
        ('{"url": "u", "site": "s", "title": 3, "content": "c"}', "field 'title' must be a string"),
        (
            '{"url": "u", "site": "s", "title": "t", "content": "c", "html": "%%%"}',
            "field 'html' is not base64",
        ),
        (
            '{"url": "u", "site": "s", "title": "t", "content": "c", "fetched_at": "yesterday"}',
            "field 'fetched_at' is not ISO 8601",
        ),
    ],
)
def test_bad_line_names_file_and_line_and_writes_nothing(tmp_path, make_record, line, problem):
    path = tmp_path / "spill.jsonl"
    append_spill(path, [make_record(1)])
    with path.open("a", encoding="utf-8") as handle:
        handle.write("\n" + line + "\n")
    storage = ListStorage()
    with pytest.raises(SpillFormatError) as caught:
        replay_spill(storage, path)
    assert str(caught.value).startswith(f"{path}:3: ")
    assert problem in str(caught.value)
    assert storage.batches == []


def test_replay_writes_around_a_refused_record(tmp_path, make_record):
    path = tmp_path / "spill.jsonl"
    append_spill(path, [make_record(n) for n in range(5)])
    poison = make_record(2).url

    class Refusing(ListStorage):
        def write(self, records):
            if any(r.url == poison for r in records):
                raise StorageError("DataError: value refused", transient=False)
            super().write(records)

    storage = Refusing()
    with pytest.raises(StorageError, match=r"4 record\(s\) written, 1 kept in the file"):
        replay_spill(storage, path, batch_size=3)
    assert sorted(r.url for batch in storage.batches for r in batch) == sorted(
        make_record(n).url for n in (0, 1, 3, 4)
    )
    assert [r.url for r in read_spill(path)] == [poison]


class CountingStorage(ListStorage):
    """Keeps only the URLs: the records themselves are let go, as a database would."""

    def write(self, records: Sequence[ArticleRecord]) -> None:
        self.batches.append(
            [ArticleRecord(url=r.url, site=r.site, title="", content="") for r in records]
        )


def replay_peak(path: Path, records: int, make_record) -> tuple[int, int]:
    """(peak bytes Python allocated while replaying, file size) for ``records`` records of
    1 MB of HTML each, replayed two at a time."""
    page = (b"<p>" + bytes(range(32, 127)) * 11_000 + b"</p>")[:1_000_000]
    append_spill(path, [make_record(n, html=page) for n in range(records)])
    size = path.stat().st_size
    storage = CountingStorage()
    tracemalloc.start()
    try:
        assert replay_spill(storage, path, batch_size=2) == records
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [len(batch) for batch in storage.batches] == [2] * (records // 2)
    assert path.read_bytes() == b""
    return peak, size


def test_replay_streams_the_file_memory_does_not_grow_with_it(tmp_path, make_record):
    """Three times the records, three times the file: the same peak (a couple of batches)."""
    small_peak, small_size = replay_peak(tmp_path / "small.jsonl", 10, make_record)
    large_peak, large_size = replay_peak(tmp_path / "large.jsonl", 30, make_record)
    assert large_size > 3 * small_size - 1_000_000
    assert large_peak < 1.2 * small_peak, (small_peak, large_peak)
    assert large_peak < large_size / 2
