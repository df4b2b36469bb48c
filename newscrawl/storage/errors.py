"""Storage errors and the database URL as it may appear in messages (password masked)."""

from __future__ import annotations

import re

import sqlalchemy as sa

_PASSWORD_IN_URL = re.compile(r"(://[^:/@]*:)[^@]*@")


class StorageError(RuntimeError):
    """The database is unreachable or a write failed. The message is one line naming the
    database URL (password masked) and, for writes, the article URL.

    ``transient`` is False when the database answered but refused the data (a constraint or
    a value it cannot store): retrying the same batch cannot help, but the other records of
    the batch can still be written one by one.
    """

    def __init__(self, message: str, *, transient: bool = True) -> None:
        super().__init__(message)
        self.transient = transient


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


def is_transient(error: BaseException) -> bool:
    """Connection, lock and I/O failures may pass; refused data (integrity, type) will not."""
    return not isinstance(error, sa.exc.IntegrityError | sa.exc.DataError)
