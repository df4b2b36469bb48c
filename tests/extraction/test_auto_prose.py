"""auto's vote leaves out candidates that are not punctuated like prose (keyword blocks)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from newscrawl.extraction import load_document
from newscrawl.extraction.extractors.auto import prose, runs, voting
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions
from newscrawl.extraction.text import token_counts
from newscrawl.extraction.types import ContentResult

EVERY_CANDIDATE_VOTES = replace(DEFAULT_OPTIONS, max_chars_per_mark=None)
ARTICLE = (
    "近日，警方接到一名七十二岁事主报警，称其接到一通陌生来电后被层层套路，最终被骗上百万元。"
    "接到报案后，警方即立案侦查，先后在多地抓获九名涉案嫌疑人。"
) * 8
# A republishing site's keyword block: thousands of characters of search terms, no sentence.
KEYWORDS = " ".join(f"热门搜索词{index}号 相关关键词{index}" for index in range(3000))


def candidate(method: str, text: str) -> runs.Candidate:
    return runs.Candidate(
        method, ContentResult(text=text, nodes=[], method=method), token_counts(text)
    )


def test_a_long_text_without_sentence_punctuation_is_not_prose():
    assert prose.reads_as_prose(ARTICLE)
    assert not prose.reads_as_prose(KEYWORDS)
    # The article's marks do not carry a keyword block fifty times its size.
    assert not prose.reads_as_prose(ARTICLE[:200] + KEYWORDS)
    assert prose.reads_as_prose(KEYWORDS, EVERY_CANDIDATE_VOTES)


def test_a_list_of_lines_reads_as_prose():
    # A product grid's items carry no punctuation, but each is a line: the fallback to a
    # page's largest candidate (a grid) must stay open.
    grid = "\n".join(f"Kettle model {index} at {index}9 euros" for index in range(400))
    assert prose.reads_as_prose(grid)
    assert not prose.reads_as_prose(grid.replace("\n", " "))


def test_a_short_text_is_prose_whatever_its_punctuation():
    short_list = "Home Sofas Tables Chairs Lamps Rugs"
    assert prose.reads_as_prose(short_list)
    assert not prose.reads_as_prose(short_list, replace(DEFAULT_OPTIONS, prose_min_chars=10))


def test_the_vote_keeps_every_candidate_when_none_is_prose():
    lists = [candidate("density", KEYWORDS), candidate("cx", KEYWORDS + " 更多")]
    assert voting.voters(lists) == lists
    article = candidate("justext", ARTICLE)
    assert voting.voters([*lists, article]) == [article]


def fixed_runner(texts: dict[str, str]) -> runs.Runner:
    def run(methods: Sequence[str]) -> list[runs.Candidate]:
        return [candidate(method, texts[method]) for method in methods if method in texts]

    return run


def keyword_page_vote(options: AutoOptions) -> voting.Vote | None:
    """density and TCDT agree on the article inside the keyword block, the other methods
    find the article alone."""
    texts = {
        "density": ARTICLE + "\n" + KEYWORDS,
        "tcdt": ARTICLE + KEYWORDS,
        "justext": ARTICLE + "\n" + KEYWORDS,
        "boilerpipe": ARTICLE,
        "cx": ARTICLE + "\n责任编辑：王明",
    }
    doc = load_document(f"<html><body><p>{ARTICLE}</p></body></html>".encode())
    return voting.run_vote(doc, options, fixed_runner(texts))


def test_a_keyword_block_neither_exits_early_nor_wins_the_vote():
    vote = keyword_page_vote(DEFAULT_OPTIONS)
    assert vote is not None
    assert not vote.decided_early
    assert vote.winner.method in ("boilerpipe", "cx")
    # Every candidate voting, the Chinese early pair agrees and the keyword block wins.
    every = keyword_page_vote(EVERY_CANDIDATE_VOTES)
    assert every is not None
    assert every.decided_early
    assert every.winner.method in ("density", "tcdt")
