"""Options objects: a non-default field changes what a method returns, variants used one
after another do not leak into each other (the C walks' per-options caches), and
``extract(..., options=...)`` reaches the method."""

from __future__ import annotations

from dataclasses import replace

import pytest

from newscrawl.extraction import Article, Rejection, extract, load_document
from newscrawl.extraction.extractors import text_density
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as AUTO
from newscrawl.extraction.extractors.boilerpipe.filters import TerminatingBlocksFinder
from newscrawl.extraction.extractors.boilerpipe.options import DEFAULT_OPTIONS as BOILERPIPE
from newscrawl.extraction.extractors.boilerpipe.options import with_filter
from newscrawl.extraction.extractors.cx_options import DEFAULT_OPTIONS as CX
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS as DENSITY
from newscrawl.extraction.extractors.justext_options import DEFAULT_OPTIONS as JUSTEXT
from newscrawl.extraction.extractors.tcdt import tree as tcdt_tree
from newscrawl.extraction.extractors.tcdt.options import DEFAULT_OPTIONS as TCDT
from newscrawl.extraction.registry import METHODS, default_options

SENTENCE = (
    "The council approved the transit budget on Tuesday after a long debate about "
    "bus routes, fares and the northern line extension, and most members said that "
    "they were glad it was over. "
)
COMMENT = (
    "I have been taking this bus for years and the fares have only gone up while the "
    "service got worse, so I do not believe any of these promises at all. "
)
PAGE = (
    "<html><head><title>Transit budget approved</title></head><body>"
    "<nav><a href='/1'>Home</a> <a href='/2'>World</a> <a href='/3'>Sport</a></nav>\n\n\n\n"
    "<div class='story'><h1>Transit budget approved</h1>\n"
    + "".join(f"<p>{i}. {SENTENCE * 2}</p>\n" for i in range(5))
    + "<div class='related'><p>Related: "
    + "Another budget story here. " * 4
    + "</p></div>\n"
    + "</div>\n<h3>Comments</h3>\n"
    + f"<div class='thread'><p>{COMMENT}</p><p>{COMMENT}</p></div>\n"
    + "\n\n\n\n<footer>Copyright 2026 Daily News</footer></body></html>"
)


def content(method: str, options: object = None) -> str:
    result = extract(PAGE, url="https://example.com/a.html", method=method, options=options)
    return result.content if isinstance(result, Article) else ""


def test_every_method_has_default_options_equal_to_running_without():
    for method in METHODS:
        assert content(method, default_options(method)) == content(method), method


def test_density_noise_words_decide_what_is_left_out():
    assert "Another budget story" not in content("density")
    assert "Another budget story" in content("density", replace(DENSITY, noise_words=frozenset()))


def test_density_variants_one_after_another_do_not_leak():
    no_words = replace(DENSITY, noise_words=frozenset())
    runs = [content("density", options) for options in (DENSITY, no_words, DENSITY, no_words)]
    assert runs[0] == runs[2] and runs[1] == runs[3] and runs[0] != runs[1]


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"noise_words": frozenset()},
        {"noise_tags": frozenset({"div"})},
        {"content_words": frozenset()},
        {"skip_noise": False},
        {"line_min_chars": 1},
        {"content_boost": 1.0},
        {"content_tags": frozenset({"div", "article"})},
        {"content_tags": frozenset()},
        {"content_tags": frozenset({"div"}), "content_tags_when_unnamed": False},
        {"paragraph_tags": frozenset({"div", "td"})},
        {"paragraph_tags": frozenset({"div"}), "paragraph_tags_without_p": True},
        {"text_mass_exponent": 0.0},
        {"symbols": "."},
    ],
)
def test_the_c_walk_follows_the_options_like_the_python_reference(changes):
    # Alternate the default with the variant so a cache built for one would show in the other.
    root = load_document(PAGE).body
    for options in (DENSITY, replace(DENSITY, **changes), DENSITY):
        got, excluded = text_density.measure(root, options)
        expected, expected_excluded = text_density.measure_in_python(root, options)
        assert [(f.element, f.text, f.paragraphs, f.symbols, f.score) for f in got] == [
            (f.element, f.text, f.paragraphs, f.symbols, f.score) for f in expected
        ]
        assert excluded == expected_excluded


def test_justext_thresholds_come_from_the_options():
    assert "northern line" in content("justext")
    strict = replace(JUSTEXT, english=replace(JUSTEXT.english, length_low=10_000))
    assert content("justext", strict) == ""


def test_boilerpipe_article_chain_comes_from_the_options():
    assert COMMENT.strip() not in content("boilerpipe")
    no_end_labels = replace(
        BOILERPIPE,
        article_chain=with_filter(BOILERPIPE.article_chain, TerminatingBlocksFinder(max_words=0)),
    )
    assert COMMENT.strip() in content("boilerpipe", no_end_labels)


def test_boilerpipe_default_chain_comes_from_the_options():
    assert content("boilerpipe-default")
    # Without its classifier the DefaultExtractor labels nothing as content.
    unclassified = replace(BOILERPIPE, default_chain=BOILERPIPE.default_chain[:-1])
    assert content("boilerpipe-default", unclassified) == ""


def test_cx_threshold_comes_from_the_options():
    assert "northern line" in content("cx")
    assert content("cx", replace(CX, threshold=100_000)) == ""


CHINESE_PAGE = (
    "<html><head><title>本市经济运行总体平稳</title></head><body>"
    "<div><a href='/1'>首页</a> <a href='/2'>国内</a></div>"
    "<div><h1>本市经济运行总体平稳</h1>"
    + "".join(
        f"<p>{i}记者从有关部门了解到，今年以来本市经济运行总体平稳，主要指标保持在合理区间，"
        "各项政策措施落地见效。</p>"
        for i in range(6)
    )
    + "<div class='related'><p>相关新闻：另一条经济新闻的标题在这里</p></div>"
    + "</div><footer>版权所有</footer></body></html>"
)


def test_tcdt_options_reach_the_method():
    def selected(options: object = None) -> object:
        result = extract(CHINESE_PAGE, method="tcdt", options=options)
        assert isinstance(result, Article)
        return result.diagnostics["tcdt"]["selected_pos"]

    assert selected() is not None
    # No group weighs a billion characters: TCDT selects nothing and falls back.
    assert selected(replace(TCDT, min_weight=10**9)) is None


def test_auto_passes_each_voter_its_options():
    full_vote = replace(AUTO, early_agreement=None)
    result = extract(PAGE, method="auto", options=full_vote)
    assert isinstance(result, Article)
    assert "justext" in result.diagnostics["auto_candidates"]
    silent_justext = replace(
        full_vote, justext=replace(JUSTEXT, english=replace(JUSTEXT.english, length_low=10_000))
    )
    result = extract(PAGE, method="auto", options=silent_justext)
    assert isinstance(result, Article)
    assert "justext" not in result.diagnostics["auto_candidates"]


def test_options_of_another_method_are_a_type_error():
    with pytest.raises(TypeError, match="method 'density' takes DensityOptions, not CxOptions"):
        extract(PAGE, method="density", options=CX)
    assert isinstance(extract(PAGE, method="nonexistent", options=CX), Rejection)


def test_options_objects_are_frozen():
    for method in METHODS:
        options = default_options(method)
        field = next(iter(options.__dataclass_fields__))
        with pytest.raises(AttributeError):
            setattr(options, field, None)


@pytest.mark.parametrize(
    "changes",
    [
        {"noise_words": frozenset()},
        {"noise_tags": frozenset()},
        {"noise_tags": frozenset({"p"})},
    ],
)
def test_the_tcdt_index_follows_the_noise_options_in_c_and_python(changes):
    body = load_document(CHINESE_PAGE).body
    variant = replace(DENSITY, **changes)
    indexes = [
        (tcdt_tree.index_tree(body, None, options), tcdt_tree.index_in_python(body, None, options))
        for options in (DENSITY, variant, DENSITY)
    ]
    for got, expected in indexes:
        assert got == expected
    assert indexes[0][0] == indexes[2][0]
    assert indexes[0][0].noise_roots != indexes[1][0].noise_roots


def test_tcdt_falls_back_to_density_with_its_density_options():
    # An English page goes to the density method, with TCDT's density options.
    no_words = replace(TCDT, density=replace(DENSITY, noise_words=frozenset()))
    assert "Another budget story" not in content("tcdt", TCDT)
    assert "Another budget story" in content("tcdt", no_words)
