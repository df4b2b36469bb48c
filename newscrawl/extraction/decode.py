"""Bytes to text: BOM, the HTTP-declared encoding, ``<meta charset>``, then detection.

GB2312 and GBK are decoded as GB18030 (a strict superset); pages routinely declare the
former and use characters of the latter.
"""

from __future__ import annotations

import codecs
import re

import charset_normalizer

# How far into the document a <meta charset> is looked for; HTML requires it in the first
# 1024 bytes, real pages put it later behind long comments, so look further.
META_SCAN_BYTES = 8192

# Share of undecodable bytes up to which a declared encoding is still believed.
MAX_BROKEN_BYTE_SHARE = 0.001

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_META_CHARSET = re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_\-:.]+)""", re.IGNORECASE
)
_SUPERSETS = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "x-gbk": "gb18030",
    "cp936": "gb18030",
    "euc-cn": "gb18030",
    "big5": "big5hkscs",
    "iso-8859-1": "cp1252",  # browsers treat latin-1 labels as windows-1252
    "latin-1": "cp1252",
    "ascii": "cp1252",
    "us-ascii": "cp1252",
}
# Python codecs that decode bytes to str but are no character set of a web page: a page
# declaring one ("undefined", "idna", ...) is read as if it declared nothing.
_NOT_PAGE_CODECS = frozenset(
    {"undefined", "idna", "punycode", "unicode-escape", "raw-unicode-escape", "utf-7"}
)


def normalize_encoding(label: str | None) -> str | None:
    """Return a Python codec name for an encoding label, or None if it is unknown."""
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    if label in _SUPERSETS:  # before lookup: WHATWG labels such as "x-gbk" are no Python codec
        return _SUPERSETS[label]
    try:
        info = codecs.lookup(label)
    except LookupError:
        return None
    # Binary transforms (hex, base64, zlib, rot13) are codecs too, yet bytes.decode refuses them.
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_PAGE_CODECS:
        return None
    name = info.name
    return _SUPERSETS.get(label, _SUPERSETS.get(name, name))


def _strict(data: bytes, encoding: str | None) -> str | None:
    if not encoding:
        return None
    try:
        return data.decode(encoding)
    except (UnicodeError, LookupError):  # UnicodeError: a codec that fails on any input
        return None


def sniff_meta_charset(data: bytes) -> str | None:
    match = _META_CHARSET.search(data[:META_SCAN_BYTES])
    return normalize_encoding(match.group(1).decode("ascii", "replace")) if match else None


def decode_html(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """Decode page bytes; return ``(text, encoding_used)``.

    Order: byte-order mark, ``encoding`` (e.g. from the HTTP header), ``<meta charset>``,
    UTF-8, detection. A declared encoding that fails to decode strictly is not trusted.
    Only if every candidate fails does decoding fall back to replacement characters.
    """
    for bom, name in _BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(name, errors="replace"), name
    candidates = [normalize_encoding(encoding), sniff_meta_charset(data), "utf-8"]
    for candidate in candidates:
        text = _strict(data, candidate)
        if text is not None and candidate is not None:
            return text, candidate
    best = charset_normalizer.from_bytes(data[:200_000]).best()
    detected = normalize_encoding(best.encoding) if best is not None else None
    text = _strict(data, detected)
    if text is not None and detected is not None:
        return text, detected
    # A page in its declared encoding with a few broken bytes (a truncated double-byte
    # character, say) is still best read in that encoding: those bytes carry no character,
    # so they are dropped instead of showing up as U+FFFD in the stored text.
    for candidate in (*candidates, detected):
        if candidate and _broken_byte_share(data, candidate) <= MAX_BROKEN_BYTE_SHARE:
            text = _lenient(data, candidate, "ignore")
            if text is not None:
                return text, candidate
    for fallback in (detected, *candidates):
        if fallback and (text := _lenient(data, fallback, "replace")) is not None:
            return text, fallback
    return data.decode("utf-8", errors="replace"), "utf-8"


def _lenient(data: bytes, encoding: str, errors: str) -> str | None:
    try:
        return data.decode(encoding, errors=errors)
    except (UnicodeError, LookupError):  # a codec without that error handler
        return None


def _broken_byte_share(data: bytes, encoding: str) -> float:
    text = _lenient(data, encoding, "replace")
    return 1.0 if text is None else text.count("\ufffd") / max(len(data), 1)
