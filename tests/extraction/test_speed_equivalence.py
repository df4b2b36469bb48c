"""Shortcuts taken for speed give what the plain computation gives (same results, fewer scans)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.cue_patterns import body_texts
from newscrawl.evaluation.dataset import load_pages, stable_sample
from newscrawl.evaluation.datasets import pages_file
from newscrawl.extraction import trim
from newscrawl.extraction.metadata import dates, title
from newscrawl.extraction.metadata.authors import cleaning, cues, page_layout
from newscrawl.extraction.metadata.first_character_patterns import FIRST_CHARACTER_PATTERNS
from newscrawl.extraction.patterns import plain, starting_with
from newscrawl.extraction.text import IDEOGRAPH_TOKENS, cjk_count, is_mostly_cjk, letter_count
from tests.property import examples

TEXTS = [
    "",
    "   ",
    "News of the day, 2024",
    "新闻 News 2024 的报道",
    "新华社北京5月3日电（记者 王小明）今天发布。",
    "中" + "x" * 300,
    "中文" + " " * 10 + "ab cd ef gh",
    "１２３ 新闻 ＡＢＣ",
    "ab中cd中ef中gh中ij中kl中",
]


def _plain_is_mostly_cjk(text: str, share: float, per: str) -> bool:
    cjk = cjk_count(text)
    total = letter_count(text) if per == "letter" else IDEOGRAPH_TOKENS.pattern.subn("", text)[1]
    return bool(total) and cjk / total >= share


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("share", [0.0, 0.1, 0.3, 0.5, 0.9, 1.0])
@pytest.mark.parametrize("per", ["token", "letter"])
def test_is_mostly_cjk_agrees_with_counting_every_token(text, share, per):
    assert is_mostly_cjk(text, share, per) == _plain_is_mostly_cjk(text, share, per)  # type: ignore[arg-type]


MONTH_TEXTS = [
    "Posted May 3, 2024 by staff",
    "Mental HealthDECEMBER 22, 2022 and more",
    "jaNov 4, 2020",  # a month starting inside another abbreviation's letters
    "ſeptember 4, 2025",  # case-blind matching folds the long s
    "marketing decisions on Sept. 9 2021, 10:30 am EST; then Oct 1 2022",
    "Nothing here at all, 2024",
    "新闻 2024年5月3日",
    "Dec 12, 2025 · 4 min read; Jan. 2, 2026 at 9:15 PM",
]


def _spans(matches):
    return [(m.span(), m.groupdict()) for m in matches]


@pytest.mark.parametrize("text", MONTH_TEXTS)
@pytest.mark.parametrize("pattern", [*dates.forms.PATTERNS, dates.forms.YEAR_LAST])
def test_date_finditer_matches_the_patterns_own(text, pattern):
    assert _spans(dates.forms.finditer(pattern, text)) == _spans(pattern.finditer(text))


CUE_TEXTS = [
    "本报记者 王小明 报道",
    "作者：李华 编辑：张三",
    "文/赵六 来源：新华网",
    "ggjjzhzz 发表于 2005-9-15",
    "本贴由大卫于2005年8月12日发表",
    "[ 黄宇 ] 来源：国际金融报",
    "责任编辑：刘七",
    "An English page with no byline cue at all.",
    "Story By Jane Doe and Written by John Smith",
    "Author: Mary Ann Evans",
    "news report by Jane Doe",
    "Article BY Jane Doe",
    "Posted bY: John Smith",
    "By: Jo Li and Sam Roe, May 3",
]


@pytest.mark.parametrize("text", CUE_TEXTS)
def test_cue_search_finds_what_the_cue_finds(text):
    for pattern in cues._CUE_WORDS:
        found, expected = cues.cue_search(pattern, text), pattern.search(text)
        assert (found and found.span()) == (expected and expected.span())


def test_every_cue_has_its_words():
    patterns = {
        *cues._CUES,
        cues.ENDED_CUE,
        *cues.MORE_CUES,
        cues._EN_BYLINE,
        cues._EN_CO_BYLINE,
        cues.WRITTEN_BY,
    }
    assert patterns == set(cues._CUE_WORDS)
    for pattern, words in cues._CUE_WORDS.items():
        literal = re.sub(r"\\.|\[[^]]*\]|[()?:|*+{}^$<!=]", " ", pattern.pattern)
        assert any(word in literal for word in words), pattern.pattern


def test_updated_word_is_in_every_updated_label():
    for text in ["Last updated: Sep 4, 2025", "UPDATED on Dec. 9", "更新时间：2024-05-03"]:
        label = dates.modified._UPDATED_LABEL.search(text)
        assert label is not None and dates.modified._UPDATED_WORD.search(label.group())


def _plain_full_date(window: str) -> str | None:
    best: tuple[int, str] | None = None
    for pattern in dates.forms.PATTERNS:
        for match in pattern.finditer(window):
            if best is not None and match.start() >= best[0]:
                break
            normalized = dates.forms.from_match(match)
            if normalized and dates.plausible(normalized, None):
                best = (match.start(), normalized)
                break
    return best[1] if best else None


@pytest.mark.parametrize("text", [*MONTH_TEXTS, "4 September 2025", "发布于 4 Sept 2021"])
def test_full_date_agrees_with_every_pattern_scanned_in_full(text):
    assert dates.forms.full_date(text, None) == _plain_full_date(text)


@pytest.fixture(scope="module")
def page_texts() -> list[str]:
    """Body texts of the repository's pages in both languages, and the texts above."""
    pages = load_pages(pages_file("cwced_zh"))[:25] + load_pages(pages_file("gne_zh"))[:25]
    pages += stable_sample(load_pages(pages_file("wcxb_dev")), 50)
    fixed = [*TEXTS, *MONTH_TEXTS, *CUE_TEXTS, "Last UPDATED: today", "来源于：东区办事处"]
    return fixed + body_texts(pages)


@pytest.mark.parametrize("name", FIRST_CHARACTER_PATTERNS)
def test_a_pattern_told_its_first_characters_matches_as_without(name, page_texts):
    fast = FIRST_CHARACTER_PATTERNS[name]
    slow = plain(fast)
    assert slow.pattern != fast.pattern
    matched = 0
    for text in page_texts:
        expected = _spans(slow.finditer(text))
        assert _spans(fast.finditer(text)) == expected, text[:80]
        matched += bool(expected)
    assert matched, f"{name} matched nothing: the check would prove nothing"


def test_a_wrong_first_character_claim_changes_the_matches():
    # The claim is the caller's: a class that leaves out a first character loses matches.
    wrong = starting_with("[p]", r"(?i:published|posted)")
    assert wrong.search("Posted May 3") is None
    assert plain(wrong).search("Posted May 3") is not None


def test_plain_refuses_a_pattern_not_made_by_starting_with():
    with pytest.raises(ValueError):
        plain(re.compile("abc"))


# Patterns whose "\s*:?\s*" became "\s*(?::\s*)?": the same strings and the same matches,
# but a run of spaces with no colon in it is no longer tried once per way to divide it.
def _as_it_was(pattern: re.Pattern[str]) -> re.Pattern[str]:
    return re.compile(pattern.pattern.replace(r"\s*(?::\s*)?", r"\s*:?\s*"), pattern.flags)


_COLON_PATTERNS = [cues.WRITTEN_BY, page_layout._STARTER_LABEL, trim.DATE_LINE, trim.BYLINE_LINE]
_PIECES = st.sampled_from(
    [
        " ",
        "  ",
        "\t",
        "\n",
        "\xa0",
        ":",
        "Written",
        "Posted",
        "by",
        "By",
        "Jo",
        "Li",
        "started",
        "updated",
        "reading time",
        "5 min read",
        "May 3, 2024",
        "|",
        "·",
        "Jo Li",
    ]
)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(_PIECES, max_size=24))
def test_optional_colons_between_spaces_match_as_they_did(pieces):
    text = "".join(pieces)
    for pattern in _COLON_PATTERNS:
        assert r"\s*(?::\s*)?" in pattern.pattern, pattern.pattern
        reference = _as_it_was(pattern)
        found = [(m.span(), m.groupdict()) for m in pattern.finditer(text)]
        assert found == [(m.span(), m.groupdict()) for m in reference.finditer(text)], text


def _segments_as_they_were(piece: str) -> list[str]:
    parts = (" ".join(part.split()) for part in page_layout._SEGMENT_SEPARATOR.split(piece))
    return [
        part
        for part in parts
        if page_layout._WORD_CHARACTER.search(part) and not cleaning.ROLE.fullmatch(part)
    ]


@settings(max_examples=examples(400), deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                " ",
                "  ",
                "\t",
                "\n",
                "\u3000",
                "|",
                "·",
                "/",
                "-",
                "—",
                "Jo Li",
                "Senior Writer",
                "May 3",
            ]
        ),
        max_size=20,
    )
)
def test_byline_segments_of_a_node_are_as_they_were(pieces):
    # (runs of 64 whitespace characters and more are collapsed first: none here)
    piece = "".join(pieces)
    assert page_layout._segments(piece) == _segments_as_they_were(piece), piece


# A run of underscores before an ideograph is tried from its first character only ((?<!_)):
# from a later one it can only match what the first already does (no separator ends in "_"
# before more of them, and a run of hyphens is taken whole by "-{2,}").
_TITLE_SEPARATOR_AS_IT_WAS = re.compile(
    r"\s+[-–—|·•»:_]{1,3}\s+|\s*\|{1,3}\s*|\s*-{2,}\s*|\s*[–—]{1,2}\s*"
    r"|(?<=[\u4e00-\u9fff])[-_]+|[-_]+(?=[\u4e00-\u9fff])"
)


@settings(max_examples=examples(400), deadline=None)
@given(
    st.lists(st.sampled_from([" ", "_", "-", "--", "—", "|", "标题", "网", "A", "b"]), max_size=24)
)
def test_the_title_separators_split_as_they_did(pieces):
    text = "".join(pieces)
    assert title.SEPARATOR.split(text) == _TITLE_SEPARATOR_AS_IT_WAS.split(text), text


# "N hours ago" in the byline-end pattern is tried from a run of digits' first one only: the
# first match is the same (a later start can match only what the first does).
_BYLINE_END_AS_IT_WAS = re.compile(
    cleaning._BYLINE_END.pattern.replace(r"(?<!\d)\d+\s*(?:hours?", r"\d+\s*(?:hours?"),
    cleaning._BYLINE_END.flags,
)


@settings(max_examples=examples(400), deadline=None)
@given(
    st.lists(
        st.sampled_from(["1", "12", " ", "hours", "hour", " ago", "Jo Li", "5:30", "-"]),
        max_size=16,
    )
)
def test_the_byline_end_is_found_where_it_was(pieces):
    text = "".join(pieces)
    assert r"(?<!\d)\d+\s*(?:hours?" in cleaning._BYLINE_END.pattern
    found, expected = cleaning._BYLINE_END.search(text), _BYLINE_END_AS_IT_WAS.search(text)
    assert (found and found.span()) == (expected and expected.span()), text


_EMAIL_AS_IT_WAS = re.compile(r"\S+@\S+\.\w+")


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(["jo", "@", ".", "com", " ", ",", "x1", "/a", "\n"]), max_size=20))
def test_email_addresses_are_removed_as_they_were(pieces):
    text = "".join(pieces)
    assert cleaning._EMAIL.sub(" ", text) == _EMAIL_AS_IT_WAS.sub(" ", text), text
