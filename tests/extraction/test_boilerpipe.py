"""boilerpipe filters on hand-made blocks, chain immutability, and an English oracle check."""

from __future__ import annotations

import contextlib
import dataclasses
import io

import pytest

from newscrawl.extraction.core import extract
from newscrawl.extraction.extractors.boilerpipe import filters as bf
from newscrawl.extraction.extractors.boilerpipe.options import (
    DEFAULT_OPTIONS as BOILERPIPE_DEFAULTS,
)
from newscrawl.extraction.text import word_count


def tb(
    words: int,
    linked: int = 0,
    density: float | None = None,
    index: int = 0,
    content: bool = False,
    labels: frozenset[bf.Label] = frozenset(),
    text: str | None = None,
) -> bf.TextBlock:
    td = words if density is None else density
    return bf.TextBlock(
        text if text is not None else f"block {index}",
        words,
        linked,
        round(td),
        1,
        1,
        index,
        index,
        content,
        labels,
    )


def doc(*blocks: bf.TextBlock, title: str = "") -> bf.TextDocument:
    return bf.TextDocument(title, tuple(blocks))


def test_num_words_rules():
    rules = bf.NumWordsRulesClassifier.is_content
    assert not rules(bf.EMPTY, tb(50, linked=20), bf.EMPTY)  # linked > 1/3
    assert rules(bf.EMPTY, tb(30), bf.EMPTY)  # long enough
    assert rules(tb(10), tb(10), tb(5))  # short, prev has words
    assert not rules(tb(3), tb(10), tb(5))  # short among short
    assert rules(tb(3), tb(10), tb(20))  # short before long
    assert not rules(tb(10, linked=9), tb(20), tb(10))  # after a link list
    assert rules(tb(10, linked=9), tb(41), tb(10))


def test_density_rules():
    rules = bf.DensityRulesClassifier.is_content
    assert not rules(bf.EMPTY, tb(20, linked=10), bf.EMPTY)
    assert rules(tb(10, density=5), tb(10, density=8), tb(10, density=8))
    assert not rules(tb(10, density=3), tb(10, density=8), tb(10, density=8))
    assert rules(tb(10, density=3), tb(10, density=8), tb(20, density=12))
    assert rules(tb(10, density=3), tb(20, density=12), tb(20, density=1))
    assert not rules(tb(10, density=3), tb(20, density=12), bf.EMPTY)


def test_text_density_for_chinese_uses_character_width():
    text = "这是一个测试句子" * 20  # 160 CJK characters: several wrapped lines
    words = word_count(text)
    full_words, lines = bf.wrap_counts(text, words)
    assert lines >= 4
    assert 5 < full_words / lines < 20  # comparable with English words per line


def test_filters_return_new_documents_and_leave_input_alone():
    original = doc(tb(30, index=0), tb(2, index=1), tb(30, index=2))
    result = bf.run_chain(BOILERPIPE_DEFAULTS.article_chain, original)
    assert result is not original
    assert all(not block.is_content for block in original.blocks)


def test_chains_are_tuples_of_frozen_filters():
    for chain in (BOILERPIPE_DEFAULTS.article_chain, BOILERPIPE_DEFAULTS.default_chain):
        assert isinstance(chain, tuple)
        for step in chain:  # frozen and slotted: no shared mutable state
            assert dataclasses.is_dataclass(step) and step.__dataclass_params__.frozen
            assert not hasattr(step, "__dict__")


def test_proximity_fusion_respects_distance_and_content_only():
    fused = bf.BlockProximityFusion(max_distance=1, content_only=True)(
        doc(
            tb(10, index=0, content=True),
            tb(10, index=2, content=True),
            tb(10, index=5, content=True),
        )
    )
    assert [(b.start, b.end) for b in fused.blocks] == [(0, 2), (5, 5)]
    assert fused.blocks[0].words == 20


def test_terminating_blocks_and_ignore_after_content():
    labelled = bf.TerminatingBlocksFinder()(
        doc(
            tb(80, index=0, content=True, density=12),
            tb(3, index=1, text="Comments (3)"),
            tb(30, index=2, content=True),
            tb(3, index=3, text="发表评论"),
        )
    )
    assert bf.Label.END_OF_TEXT in labelled.blocks[1].labels
    assert bf.Label.END_OF_TEXT in labelled.blocks[3].labels
    after = bf.IgnoreBlocksAfterContent()(labelled)
    assert [b.is_content for b in after.blocks] == [True, False, False, False]


def test_keep_largest_and_expand_title():
    title = frozenset({bf.Label.TITLE})
    result = bf.ExpandTitleToContent()(
        bf.KeepLargestBlock()(
            doc(
                tb(5, index=0, labels=title),
                tb(20, index=1, content=True),
                tb(90, index=2, content=True),
                tb(10, index=3, content=True),
            )
        )
    )
    assert [b.is_content for b in result.blocks] == [False, True, True, False]


def test_title_match_uses_longest_part():
    assert "big news today" in bf.title_variants("Big News Today | Example Site")
    labelled = bf.DocumentTitleMatchClassifier()(
        doc(tb(3, text="Big news today"), title="Big News Today - Site")
    )
    assert bf.Label.TITLE in labelled.blocks[0].labels


ZH_PAGE = (
    "<html><head><title>测试</title></head><body>"
    "<ul><li><a href='/1'>首页</a></li><li><a href='/2'>新闻中心</a></li></ul>"
    "<div><p>"
    + "记者从有关部门了解到，今年以来本市经济运行总体平稳，主要指标保持在合理区间。" * 3
    + "</p><p>"
    + "据介绍，这些措施已经在全市推开，为企业减轻了负担，也为群众带来了实惠。" * 3
    + "</p></div><div><a href='/3'>相关阅读：一条很长很长的新闻标题链接</a></div></body></html>"
)


@pytest.mark.parametrize("method", ["boilerpipe", "boilerpipe-default"])
def test_chinese_page(method):
    article = extract(ZH_PAGE, method=method)
    assert article, article
    assert "经济运行总体平稳" in article.content and "首页" not in article.content


EN_PAGE = (
    "<html><head><title>Council backs plan</title></head><body>"
    "<div><a href='/'>Home</a> | <a href='/news'>News</a> | <a href='/sport'>Sport</a></div>"
    "<h1>Council backs plan</h1>"
    + "".join(
        f"<p>Paragraph {i}: the council said on Tuesday that it would review the "
        "housing plan in the spring, after residents who live near the site asked "
        "for more time to read the proposals and respond to them.</p>"
        for i in range(4)
    )
    + "<div><a href='/a'>Privacy policy</a> <a href='/b'>Terms of use</a></div></body></html>"
)


def test_agrees_with_boilerpy3_on_an_english_page():
    boilerpy3 = pytest.importorskip("boilerpy3.extractors")
    with contextlib.redirect_stdout(io.StringIO()):
        reference = boilerpy3.ArticleExtractor().get_content(EN_PAGE)
    ours = extract(EN_PAGE, method="boilerpipe")
    assert ours
    assert set(ours.content.split("\n")) == set(reference.strip().split("\n"))
