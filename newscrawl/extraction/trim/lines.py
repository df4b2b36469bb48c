"""One pass of the enabled rules over a region's lines (:func:`trim_text`), and :func:`trim`,
which reads the page's link texts only when a rule needs them."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable

from newscrawl.extraction.document import Document
from newscrawl.extraction.trim.bylines import (
    BYLINE_LINE,
    DATE_LINE,
    MAX_BYLINE_LINE,
    MAX_ZH_BYLINE_LINE,
    ZH_BYLINE_LINE,
)
from newscrawl.extraction.trim.chinese import is_chinese_furniture
from newscrawl.extraction.trim.credits import MAX_CREDIT_LINE, is_credit
from newscrawl.extraction.trim.interface import CONSENT_LINE, MAX_UI_LABEL, UI_LABEL
from newscrawl.extraction.trim.markers import MAX_MARKER_LINE, TEASER_LINE, is_cut_heading
from newscrawl.extraction.trim.options import TrimOptions
from newscrawl.extraction.trim.signups import is_signup

_CJK = re.compile(r"[\u4e00-\u9fff]")
# How many leading characters the Chinese rules' CJK test reads.
CJK_PROBE = 2000


def normalized(text: str) -> str:
    return " ".join(text.split())


def trim_text(
    text: str,
    links: frozenset[str],
    options: TrimOptions,
    offsite: Callable[[], frozenset[str]] | None = None,
) -> str:
    """``text`` without the lines the enabled rules mark (the whole text if all would go).
    ``offsite``: the link texts that never count toward a link run (asked only when the
    text has two link lines in a row)."""
    lines = text.split("\n")
    keep = [True] * len(lines)
    flat = [normalized(line) for line in lines] if options.needs_links else []
    is_link = [line in links for line in flat]
    in_run = is_link
    if offsite is not None and any(map(operator.and_, is_link, is_link[1:])):
        away = offsite()
        in_run = [linked and line not in away for linked, line in zip(is_link, flat, strict=True)]
    # The Chinese rules only on a text with a CJK character among its first characters: a
    # bounded C scan spares other pages a regex per line.
    chinese = options.any_chinese and _CJK.search(text, 0, CJK_PROBE) is not None
    zh_headings = chinese and options.zh_headings
    if options.tail_min_share is not None:
        total = sum(len(line) for line in lines) or 1
        before = 0
        for index, line in enumerate(lines):
            if (
                before / total >= options.tail_min_share
                and len(line) <= MAX_MARKER_LINE
                and is_cut_heading(line, options, zh_headings)
            ):
                keep[index:] = [False] * (len(lines) - index)
                break
            before += len(line)
    if (
        options.teaser_lines
        or options.consent_lines
        or options.ui_labels
        or options.credit_lines
        or options.signup_lines
    ):
        for index, line in enumerate(lines):
            if (
                (options.teaser_lines and len(line) <= MAX_MARKER_LINE and TEASER_LINE.match(line))
                or (options.consent_lines and CONSENT_LINE.match(line))
                or (options.ui_labels and len(line) <= MAX_UI_LABEL and UI_LABEL.match(line))
                or (options.credit_lines and len(line) <= MAX_CREDIT_LINE and is_credit(line))
                or (options.signup_lines and is_signup(line))
            ):
                keep[index] = False
    zh_bylines = chinese and options.zh_bylines
    if options.date_lines or options.byline_lines or zh_bylines:
        for index, line in enumerate(lines):
            if len(line) > MAX_MARKER_LINE:
                break  # the prose has begun: a date line inside it is a timeline's
            if (
                (options.date_lines and DATE_LINE.match(line))
                or (
                    options.byline_lines
                    and len(line) <= MAX_BYLINE_LINE
                    and BYLINE_LINE.match(line)
                )
                or (zh_bylines and len(line) <= MAX_ZH_BYLINE_LINE and ZH_BYLINE_LINE.match(line))
            ):
                keep[index] = False
    if chinese:
        for index, line in enumerate(lines):
            if keep[index] and is_chinese_furniture(line, options):
                keep[index] = False
    if options.leading_links:
        for index, linked in enumerate(is_link):
            if not linked:
                break
            keep[index] = False
    if options.link_run is not None:
        last_long = -1
        if options.runs_only_at_end:
            last_long = max(
                (index for index, line in enumerate(lines) if len(line) > MAX_MARKER_LINE),
                default=-1,
            )
        start = 0
        while start < len(lines):
            end = start
            while end < len(lines) and in_run[end]:
                end += 1
            if end - start >= options.link_run and start > last_long:
                keep[start:end] = [False] * (end - start)
            start = end + 1
    kept = [line for line, wanted in zip(lines, keep, strict=True) if wanted]
    if not kept:
        return text
    if options.max_cut_share is not None:
        removed = sum(len(line) for line, wanted in zip(lines, keep, strict=True) if not wanted)
        if removed > options.max_cut_share * sum(len(line) for line in lines):
            return text
    return "\n".join(kept)


def trim(text: str, doc: Document, options: TrimOptions) -> str:
    """:func:`trim_text` with the page's link texts read only when a rule needs them."""
    if not options.needs_links:
        return trim_text(text, frozenset(), options)
    offsite = (
        doc.offsite_link_texts
        if options.offsite_runs_kept and options.link_run is not None
        else None
    )
    return trim_text(text, doc.link_texts(), options, offsite)
