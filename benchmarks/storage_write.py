"""Write throughput of the news database (records/s), SQLite and PostgreSQL, through
BufferedWriter as the crawl's StorePipeline uses it.

Records are built from the real pages of the data root (``--data DIR``, NEWSCRAWL_DATA, else
the repository's datasets/; ground-truth text as content,
the page bytes as raw HTML), each with a unique URL. Every configuration writes into a fresh
database: a temporary SQLite file, a temporary PostgreSQL schema (dropped afterwards).

    python3 benchmarks/storage_write.py [--records 2000] [--batch-size 100] [--pg URL] [--data DIR]
    python3 benchmarks/storage_write.py --codecs    # HTML compression alone, per codec
"""

from __future__ import annotations

import argparse
import gzip
import json
import tempfile
import time
import uuid
import zlib
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

from newscrawl.evaluation.datasets import add_data_option, pages_file
from newscrawl.storage import ArticleRecord, BufferedWriter, SqlStorage, content_hash, open_storage
from newscrawl.storage.compression import ZSTD_LEVEL, compress_html, decompress_html

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def load_pages(limit: int, data: str | None = None) -> list[tuple[str, bytes]]:
    pages = []
    for name in ("cwced_zh", "wcxb_dev"):
        jsonl = pages_file(name, data)
        with jsonl.open(encoding="utf-8") as handle:
            for line in handle:
                page = json.loads(line)
                html = gzip.decompress((jsonl.parent / page["html_path"]).read_bytes())
                pages.append((page["text"] or "", html))
                if len(pages) >= limit:
                    return pages
    return pages


def make_records(pages: list[tuple[str, bytes]], count: int, run: str) -> list[ArticleRecord]:
    now = datetime.now(UTC)
    records = []
    for n in range(count):
        text, html = pages[n % len(pages)]
        records.append(
            ArticleRecord(
                url=f"https://bench{n % 50}.example.com/{run}/{n}.html",
                site=f"bench{n % 50}",
                title=f"Benchmark article {n}",
                content=text,
                content_hash=content_hash(text),
                content_html=f"<p>{text}</p>",
                anchor_text=f"Benchmark article {n}",
                publish_time="2024-05-01T08:00:00+08:00",
                images=[f"https://bench.example.com/{n}.jpg"],
                lang="zh",
                method="density",
                html=html,
                encoding="utf-8",
                fetched_at=now,
            )
        )
    return records


def measure(
    url: str, records: list[ArticleRecord], batch_size: int, keep_html: bool
) -> tuple[float, float, float]:
    """(records per wall-clock second, client CPU ms per record, database KB per record)."""
    storage = open_storage(url, keep_html=keep_html)
    with tempfile.TemporaryDirectory() as spill_dir:
        writer = BufferedWriter(
            storage, batch_size=batch_size, spill_path=Path(spill_dir) / "spill.jsonl"
        )
        started, cpu_started = time.perf_counter(), time.process_time()
        for record in records:
            writer.add(record)
        writer.close()
        seconds = time.perf_counter() - started
        cpu = time.process_time() - cpu_started
    assert writer.stats["written"] == len(records), writer.stats
    size = database_bytes(storage)
    storage.close()
    return len(records) / seconds, cpu * 1000 / len(records), size / 1024 / len(records)


def database_bytes(storage: SqlStorage) -> int:
    """On-disk size: the SQLite file, or both PostgreSQL tables with indexes and TOAST."""
    if storage.engine.dialect.name == "sqlite":
        return Path(storage.engine.url.database or "").stat().st_size
    with storage.engine.connect() as connection:
        return int(
            connection.scalar(
                sa.text(
                    "SELECT pg_total_relation_size('articles')"
                    " + pg_total_relation_size('article_html')"
                )
            )
            or 0
        )


def compare_codecs(pages: list[bytes]) -> None:
    """CPU per page to compress and decompress, and the share of bytes kept: the stored
    codec (zstd) against zlib at the levels it could have used."""
    total = sum(map(len, pages))
    print(f"{len(pages)} pages, avg {total / len(pages) / 1024:.0f} KB\n")
    print("| codec | compress ms/page | decompress ms/page | bytes kept |")
    print("|---|---|---|---|")
    codecs = [
        (f"zlib {level}", lambda data, level=level: zlib.compress(data, level), zlib.decompress)
        for level in (1, 3, 6)
    ]
    codecs.append((f"zstd {ZSTD_LEVEL} (stored)", compress_html, decompress_html))
    for name, compress, decompress in codecs:
        started = time.process_time()
        blobs = [compress(page) for page in pages]
        compress_ms = (time.process_time() - started) * 1000 / len(pages)
        started = time.process_time()
        for blob in blobs:
            decompress(blob)
        decompress_ms = (time.process_time() - started) * 1000 / len(pages)
        kept = sum(map(len, blobs)) / total
        print(f"| {name} | {compress_ms:.2f} | {decompress_ms:.2f} | {kept:.1%} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--batch-size", type=int, default=100)
    parser.add_argument("--pg", default=DEFAULT_PG, help="PostgreSQL URL (a schema is created)")
    parser.add_argument(
        "--codecs", action="store_true", help="only compare HTML compression codecs on 400 pages"
    )
    add_data_option(parser)
    args = parser.parse_args()
    if args.codecs:
        compare_codecs([html for _, html in load_pages(400, args.data)])
        return
    pages = load_pages(500, args.data)
    average_html = sum(len(html) for _, html in pages) / len(pages)
    average_text = sum(len(text) for text, _ in pages) / len(pages)
    print(
        f"{args.records} records, batch {args.batch_size}; {len(pages)} distinct pages,"
        f" avg HTML {average_html / 1024:.0f} KB, avg content {average_text:.0f} chars\n"
    )
    print("| database | raw HTML kept | records/s (wall) | client CPU ms/record | KB/record |")
    print("|---|---|---|---|---|")
    admin = sa.create_engine(args.pg)
    for keep_html in (True, False):
        run = uuid.uuid4().hex[:8]
        with tempfile.TemporaryDirectory() as directory:
            records = make_records(pages, args.records, run)
            rate, cpu, size = measure(
                f"sqlite:///{directory}/news.db", records, args.batch_size, keep_html
            )
        print(f"| SQLite | {keep_html} | {rate:,.0f} | {cpu:.2f} | {size:.0f} |")
        schema = f"nc_bench_{run}"
        with admin.begin() as connection:
            connection.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
        try:
            records = make_records(pages, args.records, run)
            rate, cpu, size = measure(
                f"{args.pg}?options=-csearch_path%3D{schema}", records, args.batch_size, keep_html
            )
        finally:
            with admin.begin() as connection:
                connection.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        print(f"| PostgreSQL | {keep_html} | {rate:,.0f} | {cpu:.2f} | {size:.0f} |")
    admin.dispose()


if __name__ == "__main__":
    main()
