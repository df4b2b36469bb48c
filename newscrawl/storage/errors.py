"""Storage errors and the database URL as it may appear in messages (password masked)."""

from __future__ import annotations

import re

import sqlalchemy as sa

_PASSWORD_IN_URL = re.compile(r"(://[^:/@]*:)[^@]*@")


class StorageError(RuntimeError):
    """The database is unreachable or a write failed. The message is one line naming the
    database URL (password masked) and, for writes, the article URL."""


def mask_url(url: str | sa.URL) -> str:
    """``url`` with its password replaced by ``***``, even when SQLAlchemy cannot parse it."""
    if isinstance(url, sa.URL):
        return url.render_as_string(hide_password=True)
    return _PASSWORD_IN_URL.sub(r"\1***@", url)


def describe(error: BaseException) -> str:
    """One line for a database error: the driver's exception and its first line."""
    cause = getattr(error, "orig", None) or error
    first_line = (str(cause).strip().splitlines() or [""])[0]
    return f"{type(cause).__name__}: {first_line}"
