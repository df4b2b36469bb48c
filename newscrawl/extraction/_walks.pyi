"""Type stubs of the C tree walks (_walks.c); see that file and the Python references."""

from collections.abc import Callable, Iterable, Sequence

from lxml.etree import _Element

# The lxml and libxml2 versions the module was compiled against (checked by native.py).
BUILT_FOR_LXML: str
BUILT_FOR_LIBXML2: str

def density_measure(
    *,
    root: _Element,
    skip_noise: bool,
    flag_cache: dict[str, tuple[bool, bool]],
    flags_of: Callable[[str], tuple[bool, bool]],
    noise_share: float,
    noise_tags: tuple[bytes, ...],
    symbols: str,
    line_min: int,
    content_boost: float,
    content_tags: tuple[bytes, ...],
    mass_exponent: float,
    escape_ratio: int,
    paragraph_tags: tuple[bytes, ...],
) -> tuple[
    list[tuple[_Element, int, int | float, int, int, int, int, int, float]], list[_Element]
]: ...
def paragraph_text(
    *, element: _Element, exclude: Iterable[_Element], block_tags: tuple[bytes, ...]
) -> str: ...
def segment_blocks(
    *, start: _Element, segment_tags: tuple[bytes, ...], heading_tags: tuple[bytes, ...]
) -> list[tuple[str, str, bool, int, _Element, int]]: ...
def elements_with(
    *, root: _Element, attribute_substrings: tuple[tuple[bytes, bytes], ...]
) -> list[_Element]: ...
def consensus_counts(
    *, bags: list[dict[str, int]], rank: int, consensus: dict[str, int]
) -> None: ...
def bag_overlap(*, first: dict[str, int], second: dict[str, int]) -> int: ...
def count_two(*, text: str, first: str, second: str) -> tuple[int, int]: ...
def element_at_offset(*, root: _Element, offset: int) -> _Element | None: ...
def lcs_masked(*, masks: dict[str, int], length: int, other: Sequence[str]) -> int: ...
def substrings_in(*, text: str, substrings: tuple[str, ...]) -> int: ...
def subtree_lines(*, element: _Element, block_tags: tuple[bytes, ...]) -> tuple[str, bytes]: ...
def texts_with(*, root: _Element, substrings: tuple[bytes, ...]) -> list[tuple[_Element, str]]: ...
def holds_prose(*, element: _Element, block_tags: tuple[bytes, ...], min_chars: int) -> bool: ...
def tcdt_index(
    *,
    body: _Element,
    page_url: str | None,
    is_self_link: Callable[[str, str | None], bool],
    is_noise: Callable[[_Element], bool] | None,
    noise_hints: tuple[bytes, ...],
    noise_share: float,
    flag_cache: dict[str, tuple[bool, bool]] | None = ...,
    flags_of: Callable[[str], tuple[bool, bool]] | None = ...,
    noise_tags: tuple[bytes, ...] | None = ...,
) -> tuple[
    list[_Element],
    list[str],
    list[int],
    list[int],
    list[int],
    list[int],
    list[bool],
    list[int],
    list[int],
    list[int],
    list[bool],
    list[_Element],
]: ...
def token_counts(*, text: str, counts: dict[str, int]) -> None: ...
def token_tally(*, text: str) -> tuple[int, int]: ...
def separate_blocks(*, html: str, tags: tuple[bytes, ...]) -> str: ...
def merge_text_runs(*, root: _Element) -> int: ...
