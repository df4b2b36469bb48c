"""The optional C tree walks (``_walks.c``, built by setup.py when a compiler is present).

``walks`` is the extension module, or None where it could not be built or was built against
another lxml or libxml2 than the one running: every caller then runs its Python reference,
with the same results.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from types import ModuleType

from lxml import etree

__all__ = ["abi_mismatch", "accept_walks", "c_tags", "walks"]

REBUILD_HINT = "rebuild it with `python setup.py build_ext --inplace` or reinstall newscrawl"


def running_versions() -> tuple[str, str]:
    """The lxml and libxml2 versions of this process, spelled as the extension records them."""
    return str(etree.__version__), ".".join(map(str, etree.LIBXML_VERSION))


# Every function of _walks.c the library calls: an extension built from an older _walks.c
# (a checkout updated without rebuilding) lacks the newer ones.
FUNCTIONS = (
    "bag_overlap",
    "consensus_counts",
    "count_two",
    "density_measure",
    "element_at_offset",
    "elements_with",
    "holds_prose",
    "lcs_masked",
    "merge_text_runs",
    "paragraph_text",
    "segment_blocks",
    "separate_blocks",
    "substrings_in",
    "subtree_lines",
    "tcdt_index",
    "texts_with",
    "token_counts",
    "token_tally",
)


def abi_mismatch(module: ModuleType, running: tuple[str, str]) -> str | None:
    """Why ``module`` must not run here, or None when it was built for the running lxml.

    The walks read lxml's element proxies and libxml2's nodes as C structs, whose layout may
    change between releases: a mismatch would read wrong fields, not fail cleanly. A build
    of an older _walks.c lacks functions the library calls.
    """
    built = (getattr(module, "BUILT_FOR_LXML", ""), getattr(module, "BUILT_FOR_LIBXML2", ""))
    if not built[0]:
        return f"the C walks ({module.__file__}) do not record the lxml they were built for"
    missing = [name for name in FUNCTIONS if not hasattr(module, name)]
    if missing:
        return (
            f"the C walks ({module.__file__}) were built from an older _walks.c "
            f"(no {', '.join(missing)})"
        )
    if built != running:
        return (
            f"the C walks ({module.__file__}) were built for lxml {built[0]} / libxml2 "
            f"{built[1]}, but lxml {running[0]} / libxml2 {running[1]} is running"
        )
    return None


def accept_walks(module: ModuleType, running: tuple[str, str]) -> bool:
    """Whether ``module`` matches the running lxml; if not, one warning says why."""
    problem = abi_mismatch(module, running)
    if problem is not None:
        warnings.warn(
            f"{problem}; using the slower Python walks ({REBUILD_HINT})",
            RuntimeWarning,
            stacklevel=2,
        )
    return problem is None


try:
    from newscrawl.extraction import _walks as walks
except ImportError:  # pragma: no cover - depends on the build
    walks = None  # type: ignore[assignment]

if walks is not None and not accept_walks(walks, running_versions()):
    walks = None  # type: ignore[assignment]


def c_tags(tags: Iterable[str]) -> tuple[bytes, ...]:
    """Tag names as the C walks take them: bytes, in a fixed order. Build them once per
    options object (the walks run on every page), never from a module constant."""
    return tuple(sorted(tag.encode() for tag in tags))
