"""Bytes to text: BOM, valid UTF-8, the HTTP-declared encoding, ``<meta charset>``, then
detection.

GB2312 and GBK are decoded as GB18030 (a strict superset); pages routinely declare the
former and use characters of the latter.
"""

from __future__ import annotations

import codecs
import functools
import re
from collections.abc import Sequence

import charset_normalizer
from charset_normalizer.md import mess_ratio

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
# The double-byte encodings of the web (WHATWG legacy CJK encodings). A single broken byte
# (a truncated character, a stray byte from an ad script) makes a strict decode fail, and the
# detector then drops the page's real encoding and offers the single-byte code pages, which
# decode any bytes; so these are also tried leniently when the detector's answer is one.
DOUBLE_BYTE_ENCODINGS = ("gb18030", "big5hkscs", "shift_jis", "euc_jp", "euc_kr")
# Characters of a decoded text the mess measure reads (it is linear in the text).
MESS_SAMPLE_CHARS = 50_000
# Bytes the detector, and the weighing of double-byte readings, look at: what is read of a
# page stays bounded whatever its size.
DETECTION_BYTES = 200_000

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

    Order: byte-order mark, valid UTF-8 with non-ASCII bytes, ``encoding`` (e.g. from the
    HTTP header), ``<meta charset>``, UTF-8, detection (a single-byte answer weighed against
    the double-byte encodings, :func:`least_messy`). A declared encoding that fails to
    decode strictly is not trusted. Only if every candidate fails does decoding fall back to
    replacement characters.
    """
    for bom, name in _BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(name, errors="replace"), name
    # Bytes that are valid UTF-8 and not all ASCII are UTF-8 whatever a page declares: other
    # encodings' non-ASCII text is valid UTF-8 only by rare chance, while pages that are
    # UTF-8 and declare ISO-8859-1 (a server's or a template's stale default) are common.
    utf8 = _strict(data, "utf-8")  # decoded once: the candidates below may name it again
    if utf8 is not None and not data.isascii():
        return utf8, "utf-8"
    candidates = [normalize_encoding(encoding), sniff_meta_charset(data), "utf-8"]
    for candidate in candidates:
        text = utf8 if candidate == "utf-8" else _strict(data, candidate)
        if text is not None and candidate is not None:
            return text, candidate
    best = charset_normalizer.from_bytes(data[:DETECTION_BYTES]).best()
    detected = normalize_encoding(best.encoding) if best is not None else None
    text = _strict(data, detected)
    if text is not None and detected is not None and not is_single_byte(detected):
        return text, detected
    # A page in its declared encoding with a few broken bytes (a truncated double-byte
    # character, say) is still best read in that encoding: those bytes carry no character,
    # so they are dropped instead of showing up as U+FFFD in the stored text.
    declared = [candidate for candidate in candidates[:2] if candidate]
    if (found := _nearly_clean(data, declared)) is not None:
        return found
    # A single-byte answer decodes any bytes, so it is no evidence on its own; no answer at
    # all often means one broken byte failed every multi-byte encoding.
    if (found := least_messy(data, text, detected)) is not None:
        return found
    if (found := _nearly_clean(data, ["utf-8", detected])) is not None:
        return found
    for fallback in (detected, *candidates):
        if fallback and (text := _lenient(data, fallback, "replace")) is not None:
            return text, fallback
    return data.decode("utf-8", errors="replace"), "utf-8"


# Byte pairs that start a character in UTF-8 or a double-byte encoding; a single-byte
# encoding reads each as two characters.
_LEAD_PAIRS = (b"\xc3\xa9", b"\xa4\xa4", b"\x82\xa0", b"\xe4\xb8")


@functools.lru_cache(maxsize=64)
def is_single_byte(encoding: str) -> bool:
    """Whether ``encoding`` maps every byte to one character (so it decodes any bytes)."""
    try:
        return len(bytes(range(256)).decode(encoding, errors="replace")) == 256 and all(
            len(pair.decode(encoding, errors="replace")) == 2 for pair in _LEAD_PAIRS
        )
    except (UnicodeError, LookupError):
        return False


def least_messy(data: bytes, text: str | None, encoding: str | None) -> tuple[str, str] | None:
    """The reading of ``data`` that is least of a mess: ``text`` (``data`` strictly in the
    detector's single-byte ``encoding``, if any) or ``data`` in a double-byte encoding that
    decodes all of it but a few broken bytes (dropped); None when there is neither. The
    readings are weighed on the first :data:`DETECTION_BYTES` bytes."""
    if data.isascii():
        return (text, encoding) if text is not None and encoding is not None else None
    head = data[:DETECTION_BYTES]
    best: tuple[float, str] | None = None
    if text is not None and encoding is not None:
        best = (mess_ratio(text[:MESS_SAMPLE_CHARS], 1.0), encoding)
    for candidate in DOUBLE_BYTE_ENCODINGS:
        if _broken_byte_share(head, candidate) > MAX_BROKEN_BYTE_SHARE:
            continue
        decoded = _lenient(head, candidate, "ignore")
        if decoded is not None:
            mess = mess_ratio(decoded[:MESS_SAMPLE_CHARS], 1.0)
            if best is None or mess < best[0]:
                best = (mess, candidate)
    if best is None:
        return None
    if best[1] == encoding and text is not None:
        return text, encoding
    return _nearly_clean(data, [best[1]])


def _nearly_clean(data: bytes, encodings: Sequence[str | None]) -> tuple[str, str] | None:
    """``data`` in the first of ``encodings`` that leaves at most
    :data:`MAX_BROKEN_BYTE_SHARE` of it undecodable, those bytes dropped; None if none does."""
    for encoding in encodings:
        if encoding and _broken_byte_share(data, encoding) <= MAX_BROKEN_BYTE_SHARE:
            text = _lenient(data, encoding, "ignore")
            if text is not None:
                return text, encoding
    return None


def _lenient(data: bytes, encoding: str, errors: str) -> str | None:
    try:
        return data.decode(encoding, errors=errors)
    except (UnicodeError, LookupError):  # a codec without that error handler
        return None


def _broken_byte_share(data: bytes, encoding: str) -> float:
    text = _lenient(data, encoding, "replace")
    return 1.0 if text is None else text.count("\ufffd") / max(len(data), 1)
