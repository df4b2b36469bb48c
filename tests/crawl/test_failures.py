from __future__ import annotations

import scrapy
from scrapy.http import Response
from scrapy.spidermiddlewares.httperror import HttpError
from twisted.internet import error as net_error
from twisted.python.failure import Failure
from twisted.web._newclient import ResponseNeverReceived

from newscrawl.crawl.failures import failure_kind


def test_network_errors_have_their_kind():
    assert failure_kind(Failure(net_error.DNSLookupError("nowhere.example"))) == "dns"
    assert failure_kind(Failure(net_error.ConnectionRefusedError())) == "refused"
    assert failure_kind(Failure(net_error.TimeoutError())) == "timeout"
    assert failure_kind(Failure(net_error.TCPTimedOutError())) == "timeout"
    assert failure_kind(net_error.ConnectionLost()) == "connection_lost"


def test_http_error_is_counted_by_status():
    response = Response(
        "http://a.example/x", status=503, request=scrapy.Request("http://a.example/x")
    )
    assert failure_kind(Failure(HttpError(response, "Ignoring"))) == "http_503"


def test_wrapped_errors_take_the_inner_kind():
    inner = Failure(net_error.ConnectionLost())
    assert failure_kind(Failure(ResponseNeverReceived([inner]))) == "connection_lost"


def test_unknown_errors_are_other():
    assert failure_kind(Failure(ValueError("x"))) == "other"
