"""The news database behind one small interface.

``open_storage(url)`` gives a :class:`Storage` over SQLite (default ``sqlite:///news.db``) or
PostgreSQL (``postgresql+psycopg://...``); :class:`BufferedWriter` batches writes, retries and
spills to a JSON-lines file when the database is down; :func:`replay_spill` loads that file
later. See docs/storage.md.

Settings (read by the crawl pipeline): ``NEWSCRAWL_DATABASE_URL`` (default
``sqlite:///news.db``), ``NEWSCRAWL_KEEP_HTML`` (True), ``NEWSCRAWL_DB_BATCH_SIZE`` (100),
``NEWSCRAWL_SPILL_PATH`` (``newscrawl-spill.jsonl``).
"""

from __future__ import annotations

from .base import Storage
from .buffer import DEFAULT_BATCH_SIZE, BufferedWriter
from .errors import StorageError, mask_url
from .records import ArticleRecord, content_hash, normalise_content
from .spill import DEFAULT_SPILL_PATH, SpillFormatError, append_spill, read_spill, replay_spill
from .sql import DEFAULT_DATABASE_URL, SqlStorage, StoredPage, open_storage

__all__ = [
    "DEFAULT_BATCH_SIZE",
    "DEFAULT_DATABASE_URL",
    "DEFAULT_SPILL_PATH",
    "ArticleRecord",
    "BufferedWriter",
    "SpillFormatError",
    "SqlStorage",
    "Storage",
    "StorageError",
    "StoredPage",
    "append_spill",
    "content_hash",
    "mask_url",
    "normalise_content",
    "open_storage",
    "read_spill",
    "replay_spill",
]
