"""FarmResolver: Scrapy's ``TWISTED_DNS_RESOLVER`` for crawls of the farm in direct mode.

``*.farm.test`` resolves to 127.0.0.1; every other name fails with DNSLookupError at once, as a
name that does not exist does. Use ``-s TWISTED_DNS_RESOLVER=tests.farm.resolver.FarmResolver``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from twisted.internet import defer
from twisted.internet.error import DNSLookupError
from twisted.internet.interfaces import IResolverSimple
from zope.interface import implementer

from .model import DOMAIN

if TYPE_CHECKING:
    from scrapy.crawler import Crawler


@implementer(IResolverSimple)
class FarmResolver:
    def __init__(self, reactor: Any) -> None:
        self.reactor = reactor
        self.lookups = 0

    @classmethod
    def from_crawler(cls, crawler: Crawler, reactor: Any) -> Self:
        return cls(reactor)

    def install_on_reactor(self) -> None:
        self.reactor.installResolver(self)

    def getHostByName(self, name: str, timeout: Sequence[int] = ()) -> defer.Deferred[str]:
        self.lookups += 1
        if name == "localhost" or name.lower().endswith("." + DOMAIN):
            return defer.succeed("127.0.0.1")
        return defer.fail(DNSLookupError(f"{name}: no such farm host"))
