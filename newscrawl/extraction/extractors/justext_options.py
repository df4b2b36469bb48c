"""jusText options: the classifier thresholds per language and the language test.

Variants are built with ``dataclasses.replace`` (of :data:`DEFAULT_OPTIONS`, or of one of its
:class:`JustextParams`) and passed to ``justext.extract_content(doc, options)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from newscrawl.extraction.text import CHINESE_SHARE


@dataclass(frozen=True, slots=True)
class JustextParams:
    """Thresholds of the classifier for one language. Lengths are in characters."""

    lang: str
    length_low: int
    length_high: int
    stopwords_low: float
    stopwords_high: float
    max_link_density: float = 0.2
    max_heading_distance: int = 200
    no_headings: bool = False


# English and other whitespace languages: the reference lengths (justext 3.0.2: 70/200).
# The reference stop-word limits 0.30/0.32 fit its ~300-word list; our list (stoplists/en.txt,
# 148 words) gives lower densities, so they were refitted on the first 150 wcxb_dev article
# pages (`--sweep justext-en`): 0.30 -> 0.795 F1, 0.18 -> 0.896, 0.14 -> 0.901, 0.10 -> 0.903;
# 0.14/0.16 sits in the middle of that plateau.
ENGLISH = JustextParams(
    "en", length_low=70, length_high=200, stopwords_low=0.14, stopwords_high=0.16
)
# Chinese: calibrated on cwced_zh (69 pages) with `benchmarks/seed_extractors.py --sweep
# justext`; grid and results in docs/benchmarks/seed-extractors.md. A Chinese character
# carries 2-3x the information of a Latin one, hence the shorter limits (F1 0.78 with
# 20/60 -> 0.89 with 20/40). Stop-word limits are flat between 0.02 and 0.08 (+-0.003 F1):
# on these pages link density and length separate boilerplate, so 0.06/0.10 only has to
# reject text with almost no function characters (lists of names, tickers).
CHINESE = JustextParams(
    "zh",
    length_low=20,
    length_high=40,
    stopwords_low=0.06,
    stopwords_high=0.10,
    max_heading_distance=80,
)


@dataclass(frozen=True, slots=True)
class JustextOptions:
    """Which thresholds a page gets: ``chinese`` when its text is mostly CJK, else
    ``english``."""

    english: JustextParams = ENGLISH
    chinese: JustextParams = CHINESE
    # Share of CJK tokens in the page text above which the Chinese parameters apply.
    cjk_page_share: float = CHINESE_SHARE
    # Characters of page text sampled to decide the language (enough for a stable share).
    lang_sample_chars: int = 20_000


DEFAULT_OPTIONS = JustextOptions()
