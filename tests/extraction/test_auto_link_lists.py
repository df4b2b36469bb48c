"""auto's vote leaves out candidates that are lists of the page's links (a headline sidebar)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from newscrawl.extraction import load_document
from newscrawl.extraction.extractors.auto import prose, runs, voting
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions
from newscrawl.extraction.text import token_counts
from newscrawl.extraction.types import ContentResult

TEST_ON = replace(
    DEFAULT_OPTIONS, max_link_share=0.7, link_list_min_chars=200, link_lists_vote=True
)
TEST_OFF = replace(DEFAULT_OPTIONS, max_link_share=None)
ARTICLE = (
    "八月二十日起，市政府联合多家企业开启了为期一个月的直播活动，甄选了百款特色好物。"
    "这片富饶的黑土地上有丰富的农产品，有成熟的汽车工业技术，还有特色的美食。"
) * 6
HEADLINES = [f"【深度】第{index}条热点新闻的标题在这里展示给读者看看" for index in range(30)]
SIDEBAR = "\n".join(["热点推荐", *(f"·{line}" for line in HEADLINES)])
PAGE = (
    "<html><body><h1>标题</h1><div class='sidebar'><ul>"
    + "".join(f"<li><a href='/n{i}.html'>{line}</a></li>" for i, line in enumerate(HEADLINES))
    + f"</ul></div><div><p>{ARTICLE}</p></div></body></html>"
)


def candidate(method: str, text: str) -> runs.Candidate:
    return runs.Candidate(
        method, ContentResult(text=text, nodes=[], method=method), token_counts(text)
    )


def test_a_text_of_link_lines_is_a_link_list():
    links = load_document(PAGE).link_texts()
    assert prose.is_link_list(SIDEBAR, links, TEST_ON)
    assert not prose.is_link_list(ARTICLE, links, TEST_ON)
    # An article with a short list of links after it is still an article.
    assert not prose.is_link_list(ARTICLE + "\n" + "\n".join(HEADLINES[:3]), links, TEST_ON)
    assert not prose.is_link_list(SIDEBAR, links, TEST_OFF)
    assert not prose.reads_as_prose(SIDEBAR, TEST_ON, links)
    assert prose.reads_as_prose(SIDEBAR, TEST_ON)  # without the page's links: no test


def test_a_short_list_is_not_judged():
    links = load_document(PAGE).link_texts()
    short = "\n".join(HEADLINES[:2])
    assert not prose.is_link_list(short, links, TEST_ON)


def fixed_runner(texts: dict[str, str]) -> runs.Runner:
    def run(methods: Sequence[str]) -> list[runs.Candidate]:
        return [candidate(method, texts[method]) for method in methods if method in texts]

    return run


def sidebar_vote(options: AutoOptions) -> voting.Vote | None:
    """density and TCDT agree on the sidebar (the article's wrapper was taken for noise),
    the other methods find the article."""
    texts = {
        "density": "标题\n" + SIDEBAR,
        "tcdt": "标题\n" + SIDEBAR,
        "justext": ARTICLE,
        "boilerpipe": ARTICLE,
        "cx": ARTICLE,
    }
    return voting.run_vote(load_document(PAGE), options, fixed_runner(texts))


def test_a_link_list_neither_exits_early_nor_wins_the_vote():
    vote = sidebar_vote(TEST_ON)
    assert vote is not None
    assert not vote.decided_early
    assert vote.winner.method in ("justext", "boilerpipe", "cx")
    off = sidebar_vote(TEST_OFF)
    assert off is not None
    assert off.decided_early
    assert off.winner.method in ("density", "tcdt")


def test_the_shipped_vote_runs_every_method_when_the_early_pair_is_a_link_list():
    vote = sidebar_vote(DEFAULT_OPTIONS)
    assert vote is not None
    assert not vote.decided_early
    # The list still votes; the three methods that found the article outvote it.
    assert {c.method for c in vote.candidates} >= {"density", "tcdt", "justext", "cx"}
    assert vote.winner.method in ("justext", "boilerpipe", "cx")
