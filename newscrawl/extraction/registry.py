"""Extraction methods by name. A method finds the content; metadata is shared (see core)."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

# The name table lives outside the package so config can validate names without loading it.
from newscrawl.method_names import ALIASES, METHODS, canonical_name

from .document import Document
from .types import ContentResult, Rejection

__all__ = [
    "ALIASES",
    "METHODS",
    "ContentExtractor",
    "available_methods",
    "canonical_name",
    "get_method",
]


class ContentExtractor(Protocol):
    """A method: the Document, and optionally its options object (defaults when left out)."""

    def __call__(self, doc: Document, options: Any = ..., /) -> ContentResult | Rejection: ...


# name -> "module:attribute" of the method's default options (a frozen dataclass); variants
# are ``dataclasses.replace(default_options(name), field=value)``.
DEFAULT_OPTIONS: dict[str, str] = {
    "density": "newscrawl.extraction.extractors.density_options:DEFAULT_OPTIONS",
    "tcdt": "newscrawl.extraction.extractors.tcdt.options:DEFAULT_OPTIONS",
    "justext": "newscrawl.extraction.extractors.justext_options:DEFAULT_OPTIONS",
    "boilerpipe": "newscrawl.extraction.extractors.boilerpipe.options:DEFAULT_OPTIONS",
    "boilerpipe-default": "newscrawl.extraction.extractors.boilerpipe.options:DEFAULT_OPTIONS",
    "cx": "newscrawl.extraction.extractors.cx_options:DEFAULT_OPTIONS",
    "auto": "newscrawl.extraction.extractors.auto_options:DEFAULT_OPTIONS",
}


def available_methods() -> list[str]:
    """Registered method names whose module imports."""
    names = []
    for name in METHODS:
        try:
            get_method(name)
        except (ImportError, AttributeError, KeyError):
            continue
        names.append(name)
    return names


def get_method(name: str) -> ContentExtractor:
    """The content extractor registered as ``name``. Raises KeyError for unknown names."""
    function: ContentExtractor = _load(METHODS[canonical_name(name)])
    return function


def default_options(name: str) -> Any:
    """The default options object of method ``name``. Raises KeyError for unknown names."""
    return _load(DEFAULT_OPTIONS[canonical_name(name)])


def check_options(name: str, options: object) -> None:
    """Raise TypeError unless ``options`` is an options object of method ``name``: a variant
    meant for another method would otherwise fail on every page, or silently do nothing."""
    expected = type(default_options(name))
    if not isinstance(options, expected):
        raise TypeError(
            f"method {canonical_name(name)!r} takes {expected.__name__}, "
            f"not {type(options).__name__}"
        )


def _load(target: str) -> Any:
    module_name, _, attr = target.partition(":")
    return getattr(import_module(module_name), attr)
