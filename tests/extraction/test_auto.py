"""auto: consensus choice, tolerance of missing/failing methods, line clean-up."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from newscrawl.extraction.core import extract
from newscrawl.extraction.document import load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto import cleanup, consensus, finishing, runs, voting
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.text import bag_f1, tokens
from newscrawl.extraction.types import Article, ContentResult


def candidate(method: str, text: str) -> runs.Candidate:
    return runs.Candidate(method, ContentResult(text=text, method=method), Counter(tokens(text)))


ARTICLE = "the council said it would review the plan in spring"


def test_consensus_is_the_median_count():
    bags = [Counter(a=2, b=1), Counter(a=2), Counter(a=1, c=5)]
    assert consensus.consensus_bag(bags) == Counter(a=2)


BAGS = st.lists(
    st.dictionaries(st.sampled_from("abcdef中文"), st.integers(1, 6), max_size=8).map(Counter),
    min_size=1,
    max_size=9,
)


@given(BAGS, st.sampled_from([0.0, 0.3, 0.5, 0.99]))
def test_the_consensus_in_c_is_the_python_one(bags, quantile):
    found = consensus.consensus_bag(bags, quantile)
    assert list(found.items()) == list(consensus.consensus_bag_in_python(bags, quantile).items())


def test_majority_beats_an_outlier_with_extra_text():
    candidates = [
        candidate("a", ARTICLE),
        candidate("b", ARTICLE + " comments sign in share"),
        candidate("c", ARTICLE),
        candidate("d", "home news sport weather"),
    ]
    winner, agreement = consensus.choose(candidates)
    assert winner.method in {"a", "c"} and agreement == 1.0


def test_near_ties_go_to_the_shortest():
    article = " ".join([ARTICLE] * 6)  # 60 tokens: one more is within the tie margin
    long_one = article + " more"
    candidates = [
        candidate("long", long_one),
        candidate("long2", long_one),
        candidate("short", article),
    ]
    assert consensus.choose(candidates)[0].method == "short"


def test_clean_lines_drops_repeats_and_boilerplate():
    lines = [
        "第一段正文内容很长很长很长",
        "第一段正文内容很长很长很长",
        "京ICP备12345678号",
        "第二段正文",
        "上一页 | 下一页",
    ]
    text = "\n".join(lines)
    assert cleanup.clean_lines(text) == "第一段正文内容很长很长很长\n第二段正文"


def test_a_tables_repeated_plain_cells_are_kept_and_other_repeats_dropped():
    plan = "<tr><td>Week 1</td><td>Rest</td><td>Optional cross-training 30 min</td></tr>"
    widget = "<tr><td><div class='stars'>Rate this book now</div></td></tr>"
    page = (
        "<html><body><table><tr><th>Week</th><th>Mon</th><th>Tue</th></tr>"
        f"{plan}{plan.replace('1', '2')}</table><table>{widget}{widget}</table></body></html>"
    )
    doc = load_document(page)
    text = "\n".join(
        ["Week 1", "Rest", "Optional cross-training 30 min"] * 2
        + ["Rate this book now"] * 2
        + ["A paragraph said twice, word for word."] * 2
    )
    on = replace(DEFAULT_AUTO, repeat_table_cells=True)
    kept = cleanup.clean_lines(text, on, doc).split("\n")
    assert kept.count("Optional cross-training 30 min") == 2
    # a cell holding blocks is layout: its widgets' repeats go, as a paragraph's do
    assert kept.count("Rate this book now") == 1
    assert kept.count("A paragraph said twice, word for word.") == 1
    off = replace(on, repeat_table_cells=False)
    assert (
        cleanup.clean_lines(text, off, doc).split("\n").count("Optional cross-training 30 min") == 1
    )
    assert cleanup.clean_lines(text, on) == cleanup.clean_lines(text, off)  # no page: no cells


def test_with_runs_only_a_repeat_goes_only_beside_another_repeat():
    caption = "Live view from the valley floor, updated every minute."
    copied = ["The park opens at dawn and closes at dusk.", "Parking fills by nine."]
    text = "\n".join(
        [
            *("Camera one faces Half Dome.", caption, "Camera two faces the falls.", caption),
            *copied,
            *("Camera three faces the meadow.", caption, "Camera four faces the road."),
            *copied,
        ]
    )
    kept = cleanup.clean_lines(text, runs_only=lambda: True).split("\n")
    assert kept.count(caption) == 3  # each between distinct lines
    assert kept.count(copied[0]) == 1 and kept.count(copied[1]) == 1  # a copied block
    assert cleanup.clean_lines(text).split("\n").count(caption) == 1
    assert cleanup.clean_lines(text, runs_only=lambda: False) == cleanup.clean_lines(text)
    asked: list[bool] = []

    def judged() -> bool:
        asked.append(True)
        return True

    cleanup.clean_lines("No line here repeats.\nNor this one.", runs_only=judged)
    assert not asked  # the region is judged only when a line repeats


def test_an_article_shaped_region_is_mostly_long_paragraphs():
    prose = "The council voted on Tuesday to rebuild the bridge over the river next spring. "
    article = f"<div id='r'><p>{prose * 3}</p><p>{prose * 2}</p><span>Share</span></div>"
    listing = "<div id='r'>" + "".join(f"<p><a href='/{n}'>Story {n}</a></p>" for n in range(9))
    for page, shaped in ((article, True), (listing + f"<p>{prose}</p></div>", False)):
        region = load_document(f"<html><body>{page}</body></html>").root.find(".//div")
        assert region is not None
        assert finishing.is_article_shaped([region], 0.5) is shaped
    assert not finishing.is_article_shaped([], 0.0)


def test_candidates_are_cut_at_a_chinese_comment_heading():
    article = "正文第一段，讲的是新闻本身。\n正文第二段。"
    thread = "网友评论\n# re: 标题 2004-12-27 寒星\n写得好！"
    assert runs.cut_at_comments(f"{article}\n{thread}") == article
    assert runs.cut_at_comments(f"{article}\n评论(63)\n写得好！") == article
    # A paragraph that mentions comments, or a thread with no article before it, is not cut
    # into something else: the first is kept whole, the second becomes empty.
    quoted = "他在评论中写道：这件事值得关注。"
    assert runs.cut_at_comments(f"{article}\n{quoted}") == f"{article}\n{quoted}"
    assert runs.cut_at_comments(thread) == ""
    # English "Comments" lines are left alone (they also open share bars).
    assert runs.cut_at_comments("Body text.\n124 Comments\nMore body.").endswith("More body.")


def test_a_comment_only_candidate_drops_out_of_the_vote(monkeypatch):
    texts = {"density": "正文一。\n正文二。\n评论\n顶！", "tcdt": "评论\n顶！\n沙发"}

    def fake_get_method(name):
        if name not in texts:
            raise KeyError(name)
        return lambda doc, options=None: ContentResult(text=texts[name], method=name)

    monkeypatch.setattr(runs, "get_method", fake_get_method)
    doc = load_document("<html><body><p>正文一。</p></body></html>")
    found = runs.run_methods(doc, ("density", "tcdt"))
    assert [(c.method, c.result.text) for c in found] == [("density", "正文一。\n正文二。")]


def test_bag_f1_matches_the_counter_definition():
    a, b = Counter("aabbbcx"), Counter("abbcccy")
    overlap = sum((a & b).values())
    expected = 2 * (overlap / 7) * (overlap / 7) / (overlap / 7 + overlap / 7)
    assert bag_f1(a, b) == pytest.approx(expected)
    assert bag_f1(a, Counter("zz")) == 0.0


def test_missing_and_failing_methods_are_skipped(monkeypatch):
    def broken(doc, options=None):
        raise RuntimeError("boom")

    def fake_get_method(name):
        if name == "density":
            return broken
        raise KeyError(name)

    monkeypatch.setattr(runs, "get_method", fake_get_method)
    doc = load_document("<html><body><p>" + ARTICLE * 5 + "</p></body></html>")
    found = runs.run_methods(doc, ("density", "tcdt", "nonexistent"))
    assert found == []


PAGE = (
    "<html><head><title>新闻</title></head><body>"
    "<div><a href='/1'>首页</a> <a href='/2'>国内</a> <a href='/3'>国际</a></div>\n\n\n\n"
    + "".join(
        f"<p>{i}记者从有关部门了解到，今年以来本市经济运行总体平稳，主要指标保持在合理区间，"
        "各项政策措施落地见效。</p>\n"
        for i in range(6)
    )
    + "\n\n\n\n<div>京ICP备12345678号</div></body></html>"
)


def test_auto_on_a_page_runs_methods_without_mutating_the_tree():
    doc = load_document(PAGE)
    before = etree.tostring(doc.root)
    result = auto.extract_content(doc)
    assert isinstance(result, ContentResult)
    assert "经济运行总体平稳" in result.text and "首页" not in result.text
    assert "ICP" not in result.text
    assert result.diagnostics["auto_winner"] in result.diagnostics["auto_candidates"]
    assert etree.tostring(doc.root) == before


def test_auto_through_extract():
    article = extract(PAGE, method="auto")
    assert article and article.method == "auto"


def test_weights_give_a_method_more_votes():
    extra = ARTICLE + " sidebar links"
    candidates = [candidate("density", extra), candidate("b", ARTICLE), candidate("c", ARTICLE)]
    assert consensus.choose(candidates)[0].method != "density"
    assert consensus.choose(candidates, {"density": 3})[0].method == "density"


ENGLISH_PAGE = (
    "<html><head><title>Budget</title></head><body>"
    "<nav><a href='/1'>Home</a> <a href='/2'>World</a> <a href='/3'>Sport</a></nav>\n\n\n\n"
    + "".join(
        f"<p>Paragraph {i}: the council approved the transit budget on Tuesday after a "
        "long debate about bus routes, fares and the northern line extension. It was "
        "the third time that the members of the council had met to discuss it, and "
        "most of them said that they were glad it was over.</p>\n"
        for i in range(6)
    )
    + "\n\n\n\n<footer>Copyright 2026 Daily News</footer></body></html>"
)


def test_an_english_page_where_density_and_justext_agree_needs_no_other_method():
    result = auto.extract_content(load_document(ENGLISH_PAGE))
    assert isinstance(result, ContentResult)
    assert "northern line extension" in result.text and "Home" not in result.text
    assert result.diagnostics["auto_candidates"] == ["density", "justext"]


def test_the_early_exit_can_be_switched_off():
    options = replace(DEFAULT_AUTO, early_agreement=None)
    result = auto.extract_content(load_document(ENGLISH_PAGE), options)
    assert result.diagnostics["auto_candidates"] == ["density", "justext", "boilerpipe", "cx"]
    options = replace(options, early_agreement_chinese=None)
    chinese = auto.extract_content(load_document(PAGE), options)
    assert chinese.diagnostics["auto_candidates"] == [
        "density",
        "justext",
        "boilerpipe",
        "cx",
        "tcdt",
    ]


def test_a_chinese_page_pairs_density_with_tcdt_not_justext():
    any_agreement = replace(DEFAULT_AUTO, early_agreement_chinese=0.0)
    chinese = auto.extract_content(load_document(PAGE), any_agreement)
    assert chinese.diagnostics["auto_candidates"] == ["density", "tcdt"]
    assert "经济运行总体平稳" in chinese.text
    never_enough = replace(DEFAULT_AUTO, early_agreement_chinese=1.01)
    chinese = auto.extract_content(load_document(PAGE), never_enough)
    # the full vote, in the usual order although TCDT ran second
    assert chinese.diagnostics["auto_candidates"] == [
        "density",
        "justext",
        "boilerpipe",
        "cx",
        "tcdt",
    ]


def test_early_exit_needs_both_methods_to_agree():
    agreeing = [candidate("density", ARTICLE), candidate("justext", ARTICLE + " more")]
    assert voting.early_winner(agreeing, chinese=False)[0] is not None
    apart = [candidate("density", ARTICLE), candidate("justext", "a menu of other links")]
    assert voting.early_winner(apart, chinese=False) == (None, 0.0)
    assert voting.early_winner(agreeing[:1], chinese=False) == (None, 0.0)
    same = [candidate("density", ARTICLE), candidate("tcdt", ARTICLE)]
    assert voting.early_winner(same, chinese=True)[0] is not None  # 1.0 >= the 0.98 needed
    assert voting.early_winner(agreeing, chinese=True) == (None, 0.0)  # 0.95: too far apart


@pytest.mark.parametrize(
    "other",
    [
        ARTICLE,
        ARTICLE + " more",
        ARTICLE[:30],
        ARTICLE + " and " + ARTICLE,
        "the council",
        ARTICLE.replace("council", "mayor"),
        ARTICLE + " sidebar links and more links here",
    ],
)
def test_the_pair_vote_shortcut_equals_the_full_vote(other):
    for first, second in (
        (candidate("density", ARTICLE), candidate("justext", other)),
        (candidate("density", other), candidate("justext", ARTICLE)),
    ):
        agreement = bag_f1(first.bag, second.bag)
        winner, score = voting.pair_vote(first, second, agreement)
        expected, expected_score = consensus.choose([first, second], DEFAULT_AUTO.weights)
        assert winner is expected
        assert score == pytest.approx(expected_score)


def test_a_comment_thread_without_names_is_left_out() -> None:
    # generated class names (CSS-in-JS): only the thread's shape shows what it is
    sentence = "The harbour authority approved the new ferry terminal after a long review. "
    paragraphs = "".join(f"<p>{sentence * 3} Point {n}.</p>" for n in range(8))
    comments = "".join(
        f"<li class='css-q1 css-x{n % 2}'><a href='/u/{n}'>Reader{n}</a>"
        f"<span>March {n + 1}, 2025 at 4:1{n} pm</span>"
        f"<p>{'I commute on that ferry daily and I doubt the schedule will hold. ' * 3}</p>"
        f"<a href='#c{n}'>Reply</a></li>"
        for n in range(30)
    )
    html = (
        "<html><head><title>Ferry terminal approved</title></head><body>"
        f"<div class='css-a1'><div class='css-b2'><h1>Ferry terminal approved</h1>{paragraphs}"
        f"</div><div class='css-c3'><h3>30 Comments</h3><ol class='css-d4'>{comments}</ol>"
        "</div></div></body></html>"
    )
    article = extract(html.encode(), url="https://example.com/ferry", method="auto")
    assert isinstance(article, Article)
    assert article.content.count("harbour authority") == 24
    assert "commute on that ferry" not in article.content
