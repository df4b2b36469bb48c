"""A Bloom filter on one Redis bitmap: bounded memory for "have we seen this URL?".

scrapy-redis keeps every request fingerprint in a set that only grows (scrapy-redis#144: 16 GB);
a Bloom filter answers the same question in a fixed ``m`` bits, at the cost of a known
false-positive rate ``p`` (a new URL is wrongly taken as seen) once ``capacity`` items are in.

Sizing (standard Bloom filter optimum): ``m = -n ln p / (ln 2)^2`` bits and
``k = (m / n) ln 2`` hash functions. For n = 10M, p = 0.001: m = 143.8M bits = 17.1 MiB, k = 10.
The k bit positions come from two 64-bit halves of the fingerprint, ``h1 + i*h2 mod m``
(double hashing), so one SHA-1 fingerprint is enough.
"""

from __future__ import annotations

import hashlib
import logging
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from redis import Redis

logger = logging.getLogger(__name__)

# One Redis string holds at most 512 MiB = 2^32 bits.
MAX_BITS = 2**32

# KEYS: bitmap, counter. ARGV: bit offsets. Sets all bits; returns 1 if they were all set
# already (seen), else 0 and counts one more item. Atomic, so two workers adding the same URL at
# once cannot both get "new".
ADD_SCRIPT = """
local seen = 1
for i = 1, #ARGV do
  if redis.call('SETBIT', KEYS[1], ARGV[i], 1) == 0 then seen = 0 end
end
if seen == 0 then redis.call('INCR', KEYS[2]) end
return seen
"""


@dataclass(frozen=True, slots=True)
class BloomParams:
    """Size of a Bloom filter for ``capacity`` items at false-positive rate ``error_rate``."""

    capacity: int
    error_rate: float

    def __post_init__(self) -> None:
        if self.capacity <= 0:
            raise ValueError(f"Bloom capacity must be positive, got {self.capacity!r}")
        if not 0.0 < self.error_rate < 1.0:
            raise ValueError(f"Bloom error rate must be in (0, 1), got {self.error_rate!r}")
        if self.bits > MAX_BITS:
            raise ValueError(
                f"Bloom filter for capacity={self.capacity} error_rate={self.error_rate} needs "
                f"{self.bits} bits, more than one Redis string holds ({MAX_BITS})"
            )

    @property
    def bits(self) -> int:
        return math.ceil(-self.capacity * math.log(self.error_rate) / math.log(2) ** 2)

    @property
    def hashes(self) -> int:
        return max(1, round(self.bits / self.capacity * math.log(2)))

    @property
    def megabytes(self) -> float:
        return self.bits / 8 / 2**20

    def offsets(self, fingerprint: bytes) -> list[int]:
        """The ``hashes`` bit positions of one item (``fingerprint``: at least 16 bytes)."""
        if len(fingerprint) < 16:
            fingerprint = hashlib.sha1(fingerprint).digest()
        h1 = int.from_bytes(fingerprint[:8], "big")
        h2 = int.from_bytes(fingerprint[8:16], "big") | 1  # odd: never a zero stride
        m = self.bits
        return [(h1 + i * h2) % m for i in range(self.hashes)]


class RedisBloom:
    """Bloom filter stored in the Redis string ``key`` (item count in ``key:count``).

    Use :meth:`shared` so every process uses the size the filter was created with.
    """

    def __init__(self, server: Redis, key: str, params: BloomParams) -> None:
        self.server = server
        self.key = key
        self.count_key = f"{key}:count"
        self.params = params
        self._add = server.register_script(ADD_SCRIPT)

    @classmethod
    def shared(cls, server: Redis, key: str, params: BloomParams) -> RedisBloom:
        """The filter at ``key`` with the parameters stored with it at creation (``key:params``).

        A filter cannot change size: a worker or seeder configured differently would set other
        bits and see nothing. The first process stores its parameters; later ones adopt them
        and log a warning if theirs differ.
        """
        wanted = f"{params.capacity} {params.error_rate!r}"
        server.set(f"{key}:params", wanted, nx=True)
        stored = server.get(f"{key}:params")
        text = stored.decode() if isinstance(stored, bytes) else str(stored)
        if text != wanted:
            capacity, error_rate = text.split()
            logger.warning(
                "Bloom filter %(key)s exists with capacity %(c)s, error rate %(e)s; "
                "using those, not the configured %(wanted)s",
                {"key": key, "c": capacity, "e": error_rate, "wanted": wanted},
            )
            params = BloomParams(int(capacity), float(error_rate))
        return cls(server, key, params)

    def add(self, fingerprint: bytes) -> bool:
        """Insert; returns True if the item was (probably) there already."""
        offsets = self.params.offsets(fingerprint)
        return bool(self._add(keys=[self.key, self.count_key], args=offsets))

    def add_many(self, fingerprints: Iterable[bytes]) -> list[bool]:
        """``add`` for many items in one round trip (bulk loads, benchmarks)."""
        pipe = self.server.pipeline(transaction=False)
        for fingerprint in fingerprints:
            self._add(
                keys=[self.key, self.count_key], args=self.params.offsets(fingerprint), client=pipe
            )
        return [bool(seen) for seen in pipe.execute()]

    def contains_many(self, fingerprints: Iterable[bytes]) -> list[bool]:
        """Membership without inserting, for many items in one round trip."""
        pipe = self.server.pipeline(transaction=False)
        for fingerprint in fingerprints:
            first, *rest = self.params.offsets(fingerprint)  # BITFIELD_RO: k bits in one call
            pipe.bitfield_ro(self.key, "u1", first, [("u1", offset) for offset in rest])
        return [all(bits) for bits in pipe.execute()]

    def __contains__(self, fingerprint: bytes) -> bool:
        return self.contains_many([fingerprint])[0]

    def count(self) -> int:
        """Items added so far (each counted once, minus false positives)."""
        return int(self.server.get(self.count_key) or 0)

    def clear(self) -> None:
        self.server.delete(self.key, self.count_key, f"{self.key}:params")
