"""When a lease is reported done: after the callback output and all its items."""

from __future__ import annotations

import asyncio

import pytest
from scrapy import Request, signals
from scrapy.http import HtmlResponse
from scrapy.utils.reactor import install_reactor, is_reactor_installed
from scrapy.utils.test import get_crawler

from newscrawl.distributed.acks import (
    LEASE_META,
    LeaseAckDownloaderMiddleware,
    LeaseAckSpiderMiddleware,
    lease_done,
)


@pytest.fixture
def crawler():
    if not is_reactor_installed():
        install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")
    return get_crawler()


@pytest.fixture
def done(crawler):
    leases: list[str] = []
    crawler.signals.connect(lambda lease: leases.append(lease), signal=lease_done, weak=False)
    return leases


def leased_response(lease="7"):
    request = Request("http://a.test/1", meta={LEASE_META: lease})
    return HtmlResponse("http://a.test/1", body=b"<html></html>", request=request)


def test_lease_is_done_only_after_every_item_left_the_pipelines(crawler, done):
    middleware = LeaseAckSpiderMiddleware.from_crawler(crawler)
    response = leased_response()
    child = Request("http://a.test/2", meta=dict(response.meta))
    outputs = list(middleware.process_spider_output(response, [{"a": 1}, child, {"b": 2}], None))
    assert child in outputs and LEASE_META not in child.meta  # new work, own lease later
    assert done == []  # two items still in the pipelines
    crawler.signals.send_catch_log(signals.item_scraped, item={"a": 1}, response=response)
    assert done == []
    crawler.signals.send_catch_log(
        signals.item_dropped, item={"b": 2}, response=response, exception=Exception()
    )
    assert done == ["7"]


def test_lease_without_items_is_done_when_the_output_ends_even_on_error(crawler, done):
    middleware = LeaseAckSpiderMiddleware.from_crawler(crawler)

    def failing():
        yield Request("http://a.test/2")
        raise RuntimeError("callback bug")

    with pytest.raises(RuntimeError):
        list(middleware.process_spider_output(leased_response("8"), failing(), None))
    assert done == ["8"]


async def _collect(iterator):
    return [item async for item in iterator]


def test_async_output_is_tracked_too(crawler, done):
    async def outputs():
        yield {"a": 1}

    middleware = LeaseAckSpiderMiddleware.from_crawler(crawler)
    response = leased_response("9")
    asyncio.run(_collect(middleware.process_spider_output_async(response, outputs(), None)))
    assert done == []
    crawler.signals.send_catch_log(
        signals.item_error, item={"a": 1}, response=response, failure=None
    )
    assert done == ["9"]


def test_final_download_failure_reports_the_lease(crawler, done):
    middleware = LeaseAckDownloaderMiddleware.from_crawler(crawler)
    assert middleware.process_exception(leased_response("10").request, OSError(), None) is None
    assert done == ["10"]
    middleware.process_exception(Request("http://a.test/unleased"), OSError(), None)
    assert done == ["10"]
