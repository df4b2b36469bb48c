"""The optional C tree walks (``_walks.c``, built by setup.py when a compiler is present).

``walks`` is the extension module, or None where it could not be built: every caller then
runs its Python reference, with the same results.
"""

from __future__ import annotations

from collections.abc import Iterable

try:
    from newscrawl.extraction import _walks as walks
except ImportError:  # pragma: no cover - depends on the build
    walks = None  # type: ignore[assignment]

__all__ = ["c_tags", "walks"]


def c_tags(tags: Iterable[str]) -> tuple[bytes, ...]:
    """Tag names as the C walks take them: bytes, in a fixed order. Build them once, at
    import: the walks run on every page."""
    return tuple(sorted(tag.encode() for tag in tags))
