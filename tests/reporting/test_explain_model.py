"""The explain model: every method's decision per block, on a page whose layout is known."""

from __future__ import annotations

from newscrawl.extraction import extract, load_document
from newscrawl.reporting.block_trace import BODY, LINK_LIST, NOISE, TITLE
from newscrawl.reporting.explain import build
from newscrawl.reporting.explain_page import explain_html

URL = "https://courier.example/news/floods"
ANCHOR = "River towns brace for record floods"


def model_of(html: bytes):  # type: ignore[no-untyped-def]
    return build(load_document(html, url=URL, anchor_text=ANCHOR), "density")


def classes(model, method: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {
        block.text[:30]: decision.cls
        for block, decision in zip(model.blocks, model.methods[method].decisions, strict=True)
    }


def test_every_method_ran_and_each_block_has_a_decision(article_html: bytes) -> None:
    model = model_of(article_html)
    assert set(model.methods) >= {
        "density",
        "tcdt",
        "justext",
        "boilerpipe",
        "boilerpipe-default",
        "cx",
        "auto",
    }
    for view in model.methods.values():
        assert len(view.decisions) == len(model.blocks)
        assert all(d.rule for d in view.decisions)


def test_density_colours_match_its_extraction(article_html: bytes) -> None:
    model = model_of(article_html)
    seen = classes(model, "density")
    assert seen["Emergency crews along the lowe"] == BODY
    assert seen["River towns brace for record s"] == TITLE
    assert seen["News"] == NOISE  # inside <nav>
    assert seen["Most read | Podcasts | Newslet"] == LINK_LIST
    body_text = "\n".join(
        b.text
        for b, d in zip(model.blocks, model.methods["density"].decisions, strict=True)
        if d.cls == BODY
    )
    extracted = extract(article_html, url=URL, anchor_text=ANCHOR, method="density")
    assert body_text == extracted.content  # the page shows exactly what was stored
    winner = next(d for d in model.methods["density"].decisions if d.cls == BODY)
    assert {"TD", "SbD", "score"} <= set(winner.features)
    assert "best-scoring element" in winner.rule


def test_justext_says_which_rule_decided(article_html: bytes) -> None:
    model = model_of(article_html)
    decisions = dict(
        zip((b.text[:30] for b in model.blocks), model.methods["justext"].decisions, strict=True)
    )
    paragraph = decisions["Emergency crews along the lowe"]
    assert paragraph.cls == BODY and "stop-word density" in paragraph.rule
    assert {"stop-word density", "link density", "context-free class"} <= set(paragraph.features)
    links = decisions["Most read | Podcasts | Newslet"]
    assert links.cls == LINK_LIST and links.rule.startswith("link density")


def test_boilerpipe_and_cx_expose_their_features(article_html: bytes) -> None:
    model = model_of(article_html)
    kept = [d for d in model.methods["boilerpipe"].decisions if d.cls == BODY]
    assert kept and {"words", "text density", "labels"} <= set(kept[0].features)
    cx_kept = [d for d in model.methods["cx"].decisions if d.cls == BODY]
    assert cx_kept and "threshold" in cx_kept[0].features
    assert "region" in cx_kept[0].rule


def test_auto_lists_candidates_votes_and_the_early_exit(article_html: bytes) -> None:
    model = model_of(article_html)
    auto = model.auto
    assert auto is not None and not auto.chinese
    assert auto.early_pair == ("density", "justext")
    stored = extract(article_html, url=URL, anchor_text=ANCHOR, method="auto")
    assert auto.winner == stored.diagnostics["auto_winner"]
    votes = {c.method: c.votes for c in auto.candidates}
    assert votes["density"] == 3 and votes["justext"] == 1
    assert auto.early_exit == (auto.early_agreement >= auto.early_threshold)
    assert [c.method for c in auto.candidates if c.ran] == stored.diagnostics["auto_candidates"]


def test_title_date_and_author_say_where_they_came_from(article_html: bytes) -> None:
    model = model_of(article_html)
    assert model.title.text == "River towns brace for record spring floods"
    assert "anchor text" in model.title.reason
    assert model.publish_time.value == "2026-03-14T08:30:00+01:00"
    assert "article:published_time" in model.publish_time.source
    assert model.author.value == "Maria Lindqvist"
    assert '"author"' in model.author.source


def test_tcdt_on_an_english_page_says_it_fell_back(article_html: bytes) -> None:
    model = model_of(article_html)
    assert "fell back to density" in model.methods["tcdt"].summary


def test_page_text_is_escaped_never_markup(hostile_html: bytes) -> None:
    html = explain_html(load_document(hostile_html, url="https://bad.example/"), "auto")
    assert "window.pwned" in html  # the text is shown ...
    assert "<script>window.pwned" not in html and "</script><script>" not in html  # ... inert
    assert "onerror=" not in html.replace("onerror=&#34;", "")
    assert html.count("<script") == 1  # the page's own, with the nonce


def test_tcdt_on_a_chinese_page_shows_d_alpha_and_w() -> None:
    from .conftest import DATA

    html = (DATA / "article_zh.html").read_bytes()
    model = build(
        load_document(html, url="https://zh.example/a/1", anchor_text="江南多地启动防汛应急响应"),
        "tcdt",
    )
    view = model.methods["tcdt"]
    assert view.summary.startswith("title node <h1>")
    decided = dict(zip((b.text[:6] for b in model.blocks), view.decisions, strict=True))
    assert decided["江南多地启动"].cls == TITLE
    paragraph = decided["受持续强降雨"]
    assert paragraph.cls == BODY and {"d", "α", "W", "group W"} <= set(paragraph.features)
    assert "member of the selected group (W = 16.44" in paragraph.rule  # div.content
    assert f"its own group weighs {paragraph.features['group W']:.2f}" in paragraph.rule
    body = "\n".join(
        b.text for b, d in zip(model.blocks, view.decisions, strict=True) if d.cls == BODY
    )
    stored = extract(
        html, url="https://zh.example/a/1", anchor_text="江南多地启动防汛应急响应", method="tcdt"
    )
    assert body in stored.content and stored.content.endswith(body)
    assert decided["夏季高温天气"].cls == LINK_LIST and "<" in decided["夏季高温天气"].rule
    auto = model.auto
    assert auto is not None and auto.chinese and auto.early_pair == ("density", "tcdt")
