"""The density walk in C (_walks.c ``density_measure``): the same rows as
:func:`.walk_python.walk_in_python`, in a fraction of the time."""

from __future__ import annotations

from functools import lru_cache

from lxml.etree import _Element as Element

from newscrawl.extraction.extractors.density_options import DensityOptions
from newscrawl.extraction.extractors.text_density.features import NodeFeatures
from newscrawl.extraction.native import c_tags, walks
from newscrawl.extraction.noise import noise_rules


@lru_cache(maxsize=16)
def cached_c_tags(tags: frozenset[str]) -> tuple[bytes, ...]:
    """``tags`` as the C walk takes them, built once per distinct set."""
    return c_tags(tags)


def walk_in_c(
    root: Element,
    options: DensityOptions,
    content_tags: frozenset[str],
    paragraph_tags: frozenset[str],
    flag_cache: dict[str, tuple[bool, bool]],
) -> tuple[list[NodeFeatures], list[Element]]:
    """One pass over ``root`` in C; only called when the extension is built."""
    rows, excluded = walks.density_measure(
        root=root,
        skip_noise=options.skip_noise,
        **{**noise_rules(options).c_inputs(), "flag_cache": flag_cache},
        noise_share=options.noise_max_text_share,
        symbols=options.symbols,
        line_min=options.line_min_chars,
        content_boost=options.content_boost,
        content_tags=cached_c_tags(content_tags),
        mass_exponent=options.text_mass_exponent,
        escape_ratio=options.link_escape_ratio,
        paragraph_tags=cached_c_tags(paragraph_tags),
    )
    return [NodeFeatures(*row) for row in rows], excluded
