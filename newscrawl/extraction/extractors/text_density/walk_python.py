"""The density walk in Python: the reference the C walk (_walks.c ``density_measure``) follows,
and what runs where the extension is not built."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.extractors.density_options import DensityOptions
from newscrawl.extraction.extractors.text_density.features import NodeFeatures, visible_chars
from newscrawl.extraction.extractors.text_density.formulas import score
from newscrawl.extraction.noise import hidden_elements, max_noise_chars, noise_rules


@lru_cache(maxsize=16)
def _symbol_pattern(symbols: str) -> Callable[[str], list[str]]:
    # findall is ~5x faster than str.translate
    return re.compile(f"[{re.escape(symbols)}]").findall


# Snapshot slots of an open element: the running totals when it started, so its subtree's
# totals are a subtraction when it ends (no per-parent additions on the hot path).
# ``_S_RAW``: all text so far, rolled back for nothing; the noise guard reads it.
(
    _S_T,
    _S_LT,
    _S_SB,
    _S_TAGS,
    _S_A,
    _S_P,
    _S_LINES,
    _S_ORDER,
    _S_MARK,
    _S_NOISE,
    _S_BOOST,
    _S_RAW,
) = range(12)


def walk_in_python(
    root: Element,
    options: DensityOptions,
    content_tags: frozenset[str],
    paragraph_tags: frozenset[str],
    flag_cache: dict[str, tuple[bool, bool]],
) -> tuple[list[NodeFeatures], list[Element]]:
    """One pass over ``root`` with the given content tags, paragraph tags and class/id flags
    (measure.measure_in_python says what it counts and leaves out)."""
    skip_noise = options.skip_noise
    rules = noise_rules(options)
    noise_tags, flags_of = rules.tags, rules.flags
    line_min, content_boost = options.line_min_chars, options.content_boost
    noise_limit = -1.0  # computed when the first noise element closes; many pages have none
    hidden = hidden_elements(root) if skip_noise else set()
    cache = flag_cache
    get = etree._Element.get
    found: list[tuple[Element, int, float, int, int, int, int, int, float]] = []
    excluded: list[Element] = []
    stack: list[list[Any]] = []
    # Running totals in document order: text, link text, symbols, elements, <a>s, <p>s; and
    # all text, noise included (never rolled back).
    total_t = total_lt = total_sb = total_tags = total_a = total_p = total_raw = 0
    link_depth = order = 0
    split, join, symbols_of = str.split, "".join, _symbol_pattern(options.symbols)
    # Comments and PIs (left only on uncleaned trees) come as one event each: their tails
    # are text of the parent, as the C walk counts them.
    for event, el in etree.iterwalk(root, events=("start", "end", "comment", "pi")):
        tag = el.tag
        if tag.__class__ is not str:
            text, owner = el.tail, (stack[-1] if stack else None)
        elif event == "start":
            # class and id: the union of their words, as if read together
            noise = boost = False
            value = get(el, "class")
            if value is not None:
                noise, boost = cache.get(value) or flags_of(value)
            value = get(el, "id")
            if value is not None:
                id_noise, id_boost = cache.get(value) or flags_of(value)
                noise, boost = noise or id_noise, boost or id_boost
            if content_tags and not boost:
                boost = tag in content_tags
            if skip_noise:
                noise = noise or tag in noise_tags or (bool(hidden) and el in hidden)
            else:
                noise = False
            frame: list[Any] = [
                total_t,
                total_lt,
                total_sb,
                total_tags,
                total_a,
                total_p,
                0,
                order,
                len(found),
                noise,
                boost,
                total_raw,
            ]
            order += 1
            total_tags += 1
            if tag == "a":
                link_depth += 1
                total_a += 1
            elif tag == "p":
                total_p += 1
            stack.append(frame)
            text, owner = el.text, frame
        else:
            frame = stack.pop()
            owner = stack[-1] if stack else None  # the tail's
            chars = total_t - frame[_S_T]
            link_chars = total_lt - frame[_S_LT]
            noise, boost, dropped = frame[_S_NOISE], frame[_S_BOOST], False
            if noise and el is not root:
                if noise_limit < 0:
                    noise_limit = max_noise_chars(visible_chars(root), options.noise_max_text_share)
                # a marked element that also names content ("content-sidebar-wrap") is
                # weighed with all its text, its noise descendants' included: such a wrapper
                # holds the article and much of the page's furniture
                weighed = total_raw - frame[_S_RAW] if boost else chars
                if weighed <= noise_limit:  # roll the totals back: its text is not counted
                    total_t, total_lt, total_sb, total_tags, total_a, total_p = frame[:6]
                    del found[frame[_S_MARK] :]
                    excluded.append(el)
                    dropped = True
            if not dropped and chars > link_chars:
                tags = total_tags - frame[_S_TAGS] - 1
                paragraphs = total_p - frame[_S_P] - (tag == "p") + frame[_S_LINES]
                if tags or paragraphs > 1:
                    link_tags = total_a - frame[_S_A] - (tag == "a")
                    text_chars = chars * content_boost if boost else chars
                    # T, LT, TG, LTG, PNum, Sb: score's arguments and NodeFeatures' fields
                    features = (
                        text_chars,
                        link_chars,
                        tags,
                        link_tags,
                        paragraphs,
                        total_sb - frame[_S_SB],
                    )
                    value = score(*features, options)
                    if value > 0:
                        found.append((el, frame[_S_ORDER], *features, value))
            # a block of these tags holding its own text line is a paragraph of its
            # ancestors, as a <p> is (div-per-paragraph templates)
            if not dropped and tag != "p" and frame[_S_LINES] and tag in paragraph_tags:
                total_p += 1
            if tag == "a":
                link_depth -= 1
            if el is root:
                continue
            text = el.tail
        # An element's own text, or a tail: the text of the parent, and one of its lines.
        if text and not text.isspace() and owner is not None:
            visible = join(split(text))
            chars = len(visible)
            total_t += chars
            total_raw += chars
            total_sb += len(symbols_of(visible))
            if link_depth:
                total_lt += chars
            owner[_S_LINES] += chars >= line_min if "\n" not in text else _lines(text, line_min)
    found.sort(key=lambda row: row[1])
    return [NodeFeatures(*row) for row in found], excluded


def _lines(text: str, line_min: int) -> int:
    """Lines of at least ``line_min`` non-blank characters in a multi-line text node (the
    walk counts a one-line node itself, without the call)."""
    return sum(1 for line in text.split("\n") if len(line.strip()) >= line_min)
