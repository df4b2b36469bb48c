"""Adapters: newscrawl methods and peer libraries behind one interface."""

from __future__ import annotations

import pytest

from newscrawl.evaluation import systems as systems_module
from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.systems import (
    PEER_ERROR,
    UnavailableSystem,
    bare_parse_system,
    method_system,
    peer_system,
)
from newscrawl.extraction import registry


@pytest.mark.parametrize(
    ("peer", "module"),
    [("gne", "gne"), ("trafilatura", "trafilatura"), ("readability", "readability")],
)
def test_installed_peers_extract_the_article_body(tiny_dataset, peer, module):
    pytest.importorskip(module)
    page = load_pages(tiny_dataset)[0]
    system = peer_system(peer)
    assert system.is_peer
    prediction = system.run(page.read_html(), page.url, None)
    assert "council approved the new budget" in prediction.content.lower()
    assert "Other story number" not in prediction.content


def test_readability_output_keeps_paragraphs_on_separate_lines(tiny_dataset):
    pytest.importorskip("readability")
    page = load_pages(tiny_dataset)[0]
    content = peer_system("readability").run(page.read_html(), page.url, None).content
    assert len(content.splitlines()) >= 3


def test_a_crashing_peer_is_counted_not_raised(monkeypatch):
    def factory():
        def run(html, url):
            raise RuntimeError("boom")

        return run

    monkeypatch.setitem(systems_module.PEERS, "crashy", factory)
    prediction = peer_system("crashy").run(b"<html><body>x</body></html>", None, None)
    assert prediction.rejection == PEER_ERROR and prediction.content == ""


def test_unknown_peer_and_unknown_or_broken_method_are_errors(monkeypatch):
    with pytest.raises(UnavailableSystem, match="unknown peer 'nope'"):
        peer_system("nope")
    with pytest.raises(UnavailableSystem, match="unknown method 'nope'"):
        method_system("nope")
    monkeypatch.setitem(registry.METHODS, "broken", "newscrawl.no_such_module:extract")
    with pytest.raises(UnavailableSystem, match="method 'broken' does not import"):
        method_system("broken")


def test_method_rejections_carry_the_reason():
    pytest.importorskip("newscrawl.extraction.extractors.text_density")
    prediction = method_system("density").run(b"%PDF-1.4 binary", None, None)
    assert prediction.rejection == "not_html" and prediction.content == ""


def test_bare_parsing_returns_no_article(tiny_dataset):
    page = load_pages(tiny_dataset)[0]
    prediction = bare_parse_system().run(page.read_html(), None, None)
    assert prediction.content == "" and prediction.rejection is not None
