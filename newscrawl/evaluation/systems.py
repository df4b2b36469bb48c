"""The systems an evaluation runs: newscrawl methods and peer libraries, behind one interface.

Every system receives the page's original bytes. newscrawl methods decode them inside
``extract``; peers get the same bytes decoded by the same :func:`decode_html` first, inside
the timed call, so neither side is helped or hurt by decoding (GNE and readability would
otherwise guess encodings from bytes on their own, worse on GBK pages).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

import lxml.html
from lxml import etree

from newscrawl.extraction import extract
from newscrawl.extraction.decode import decode_html
from newscrawl.extraction.dom import paragraph_text
from newscrawl.extraction.registry import METHODS, canonical_name, get_method
from newscrawl.extraction.types import Rejection

logger = logging.getLogger(__name__)

# Rejection label of a peer library that raised or returned nothing.
PEER_ERROR = "peer_error"
PEER_EMPTY = "no_content"


@dataclass(frozen=True, slots=True)
class Prediction:
    """What a system returned for one page; ``rejection`` is set when it returned no article."""

    title: str | None = None
    content: str = ""
    publish_time: str | None = None
    author: str | None = None
    rejection: str | None = None
    source: str | None = None  # the agency or outlet ("来源："); only newscrawl gives one
    editor: str | None = None  # who edited the story, "A, B"; only newscrawl gives one


Runner = Callable[[bytes, str | None, str | None], Prediction]
"""(html bytes, url, anchor text) -> Prediction."""


@dataclass(frozen=True, slots=True)
class System:
    name: str
    run: Runner
    is_peer: bool = False


class UnavailableSystem(LookupError):
    """A method or peer that cannot run here; the message says why."""


def method_system(name: str) -> System:
    """A registered newscrawl method, run through :func:`newscrawl.extraction.extract`."""
    canonical = canonical_name(name)
    if canonical not in METHODS:
        raise UnavailableSystem(f"unknown method {name!r}; registered: {', '.join(METHODS)}")
    try:
        get_method(canonical)
    except (ImportError, AttributeError) as error:
        raise UnavailableSystem(f"method {canonical!r} does not import: {error!r}") from error

    def run(html: bytes, url: str | None, anchor_text: str | None) -> Prediction:
        result = extract(html, url=url, anchor_text=anchor_text, method=canonical)
        if isinstance(result, Rejection):
            return Prediction(rejection=str(result.reason))
        return Prediction(
            result.title,
            result.content,
            result.publish_time,
            result.author,
            source=result.source,
            editor=result.editor,
        )

    return System(canonical, run)


def _gne() -> Callable[[str, str | None], Prediction]:
    extractor = import_module("gne").GeneralNewsExtractor()

    def run(html: str, url: str | None) -> Prediction:
        found = extractor.extract(html)
        return Prediction(
            found.get("title"),
            found.get("content") or "",
            found.get("publish_time") or None,
            found.get("author") or None,
        )

    return run


def _trafilatura() -> Callable[[str, str | None], Prediction]:
    trafilatura = import_module("trafilatura")

    def run(html: str, url: str | None) -> Prediction:
        found = trafilatura.bare_extraction(html, url=url, with_metadata=True)
        if found is None:
            return Prediction(rejection=PEER_EMPTY)
        return Prediction(found.title, found.text or "", found.date, found.author)

    return run


def _readability() -> Callable[[str, str | None], Prediction]:
    readability_document = import_module("readability").Document

    def run(html: str, url: str | None) -> Prediction:
        document = readability_document(html, url=url)
        summary = document.summary(html_partial=True)
        # Readability returns HTML; one paragraph per line keeps words of adjacent blocks
        # apart, as they are in every other system's plain text.
        content = paragraph_text(lxml.html.fragment_fromstring(summary, create_parent="div"))
        return Prediction(document.short_title(), content)

    return run


PEERS: dict[str, Callable[[], Callable[[str, str | None], Prediction]]] = {
    "gne": _gne,
    "trafilatura": _trafilatura,
    "readability": _readability,
}


def peer_system(name: str) -> System:
    """A peer library (``gne``, ``trafilatura``, ``readability``) if it is installed."""
    key = name.strip().lower()
    if key not in PEERS:
        raise UnavailableSystem(f"unknown peer {name!r}; known: {', '.join(PEERS)}")
    try:
        peer = PEERS[key]()
    except ImportError as error:
        raise UnavailableSystem(f"peer {key!r} is not installed: {error}") from error

    def run(html: bytes, url: str | None, anchor_text: str | None) -> Prediction:
        text, _ = decode_html(html)
        try:
            prediction = peer(text, url)
        except Exception as error:  # noqa: BLE001 -- peers crash on odd pages; it is counted
            logger.debug("peer %s failed on %s: %r", key, url, error)
            return Prediction(rejection=PEER_ERROR)
        if not prediction.content.strip() and prediction.rejection is None:
            return Prediction(prediction.title, "", rejection=PEER_EMPTY)
        return prediction

    return System(key, run, is_peer=True)


def systems_named(names: str) -> list[System]:
    """The systems of a comma-separated list of method and peer names, in its order."""
    wanted = [name.strip() for name in names.split(",") if name.strip()]
    return [peer_system(name) if name in PEERS else method_system(name) for name in wanted]


def bare_parse_system() -> System:
    """Decoding plus ``lxml.html.document_fromstring``: the floor every method builds on."""

    def run(html: bytes, url: str | None, anchor_text: str | None) -> Prediction:
        text, _ = decode_html(html)
        try:
            lxml.html.document_fromstring(text)
        except (etree.ParserError, ValueError):
            return Prediction(rejection=PEER_ERROR)
        return Prediction(rejection=PEER_EMPTY)

    return System("lxml-parse", run, is_peer=True)
