"""How stored raw HTML is compressed: zstd frames, and zlib streams from older databases.

zstd level 3 against zlib level 3 (the codec before), on 400 pages of the full cwced_zh and
wcxb_dev sets (avg 206 KB): 0.50 vs 1.65 ms CPU per page to compress, 18.7 % vs 21.8 % of the
bytes kept, 0.12 vs 0.44 ms to decompress
(``python3 benchmarks/storage_write.py --codecs --data DIR``, DIR holding the full sets).
Compression runs once per stored article and was the largest single cost of a write.

The two formats tell themselves apart: a zstd frame starts with the magic number
28 B5 2F FD, and 28 B5 fails zlib's header check (the first two bytes, read as a 16-bit
number, are a multiple of 31 in every zlib stream), so rows written before the switch stay
readable without rewriting their bytes.
"""

from __future__ import annotations

import threading
import zlib

import zstandard

ZSTD_LEVEL = 3
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"

# zstandard's (de)compressor objects are not safe to share between threads, and making one
# per call costs more than compressing a small page: one per thread.
_local = threading.local()


def compress_html(data: bytes) -> bytes:
    """``data`` as one zstd frame (with its size in the header, for one-shot decompression)."""
    compressor = getattr(_local, "compressor", None)
    if compressor is None:
        compressor = _local.compressor = zstandard.ZstdCompressor(level=ZSTD_LEVEL)
    return compressor.compress(data)


def decompress_html(blob: bytes) -> bytes:
    """The original bytes of a stored page, whichever of the two codecs wrote it.

    Raises ``ValueError`` naming the codec when the bytes are corrupt.
    """
    if blob[:4] == ZSTD_MAGIC:
        decompressor = getattr(_local, "decompressor", None)
        if decompressor is None:
            decompressor = _local.decompressor = zstandard.ZstdDecompressor()
        try:
            return decompressor.decompress(blob)
        except zstandard.ZstdError as error:
            raise ValueError(f"corrupt zstd HTML: {error}") from error
    try:
        return zlib.decompress(blob)
    except zlib.error as error:
        raise ValueError(f"stored HTML is neither zstd nor zlib: {error}") from error
