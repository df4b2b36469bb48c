"""Request <-> bytes, the same way scrapy-redis serialises its queue entries.

``Request.to_dict(spider=...)`` turns callbacks into spider method names, so a request pushed by
``newscrawl seed`` (outside any crawl) is rebuilt with the worker's own spider instance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrapy.utils.request import request_from_dict
from scrapy_redis import picklecompat

from newscrawl.distributed.acks import LEASE_META

if TYPE_CHECKING:
    from scrapy import Request, Spider


# Meta keys that describe one delivery of a request, not the request: never queued.
TRANSIENT_META = frozenset({LEASE_META, "is_start_request"})


def encode_request(request: Request, spider: Spider) -> bytes:
    data = request.to_dict(spider=spider)
    if data.get("meta"):  # to_dict returns the request's own meta dict: filter a copy
        data["meta"] = {k: v for k, v in data["meta"].items() if k not in TRANSIENT_META}
    encoded: bytes = picklecompat.dumps(data)
    return encoded


def decode_request(payload: bytes, spider: Spider) -> Request:
    """Rebuild a queued request; ValueError names the URL if the spider lacks its callback."""
    try:
        data = picklecompat.loads(payload)
    except Exception as error:  # pickle raises anything from EOFError to AttributeError
        raise ValueError(
            f"cannot unpickle queued request ({len(payload)} bytes): {error!r}"
        ) from error
    try:
        return request_from_dict(data, spider=spider)
    except ValueError as error:
        raise ValueError(f"cannot rebuild queued request {data.get('url')!r}: {error}") from error
