from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newscrawl.evaluation.crossval import (
    grouped_folds,
    linked_host,
    no_harm,
    page_site,
    registered_domain,
    select,
    site_of,
)
from newscrawl.evaluation.dataset import Page


def test_site_of_folds_host_prefixes_and_keeps_pages_without_url_apart():
    assert site_of("https://www.example.com/a", "1") == "example.com"
    assert site_of("http://m.news.example.com/b", "2") == "news.example.com"
    assert site_of("http://example.com/b", "3") == "example.com"
    assert site_of(None, "p1") != site_of(None, "p2")


def test_pages_without_url_group_by_the_site_their_dataset_names():
    assert site_of(None, "163-1", "163") == site_of(None, "163-2", "163")
    assert site_of(None, "163-1", "163") != site_of(None, "sina-1", "sina")
    # A URL, when there is one, decides.
    assert site_of("https://news.163.com/a", "163-1", "sina") == "163.com"


def saved_page(tmp_path, page_id: str, html: str) -> Page:
    path = tmp_path / f"{page_id}.html"
    path.write_text(html, encoding="utf-8")
    return Page(id=page_id, html_path=path, text="x", title=None)


def test_saved_pages_without_url_group_by_the_site_they_link_to_most(tmp_path):
    links = "".join(
        f"<a href='http://{host}/{n}'>x</a>"
        for n, host in enumerate(["biz.163.com"] * 3 + ["www.w3.org", "cnzz.com", "sina.com.cn"])
    )
    first = saved_page(tmp_path, "a", f"<html><body>{links}</body></html>")
    other = "<a href='http://news.163.com/1'>x</a><a href='https://www.163.com/2'>y</a>"
    second = saved_page(tmp_path, "b", f"<html><body>{other}</body></html>")
    assert page_site(first) == page_site(second) == "linked:163.com"
    lone = saved_page(tmp_path, "c", "<html><body><p>no links</p></body></html>")
    assert page_site(lone) == "page:c"
    missing = Page(id="d", html_path=tmp_path / "missing.html", text="x", title=None)
    assert page_site(missing) == "page:d"


def test_linked_host_leaves_out_hosts_every_page_links_to():
    html = b"<a href='http://www.w3.org/1'></a>" * 5 + b"<a href='http://example.org/'></a>"
    assert linked_host(html) == "example.org"
    assert linked_host(b"<p>none</p>") is None


def test_registered_domain_keeps_a_country_code_second_level():
    assert registered_domain("finance.sina.com.cn") == "sina.com.cn"
    assert registered_domain("www.bbc.co.uk") == "bbc.co.uk"
    assert registered_domain("cn.biz.yahoo.com") == "yahoo.com"
    assert registered_domain("example.org") == "example.org"
    assert registered_domain("Example.ORG.") == "example.org"


@given(st.lists(st.sampled_from("abcdefghij"), min_size=5, max_size=60), st.integers(2, 5))
def test_a_site_never_spans_two_folds(groups, k):
    if len(set(groups)) < k:
        with pytest.raises(ValueError, match="sites"):
            grouped_folds(groups, k)
        return
    folds = grouped_folds(groups, k)
    fold_of = {}
    for group, fold in zip(groups, folds, strict=True):
        assert fold_of.setdefault(group, fold) == fold
    assert set(folds) <= set(range(k))


def test_folds_do_not_depend_on_page_order_and_stay_balanced():
    groups = ["big"] * 6 + [f"s{i}" for i in range(12)]
    folds = grouped_folds(groups, 3)
    by_group = dict(zip(groups, folds, strict=True))
    shuffled = list(reversed(groups))
    assert dict(zip(shuffled, grouped_folds(shuffled, 3), strict=True)) == by_group
    loads = [folds.count(fold) for fold in range(3)]
    assert max(loads) - min(loads) <= 1


def test_a_variant_fitted_to_one_site_loses_its_lead_under_cross_validation():
    # "fitted" is perfect on site a's many pages and poor elsewhere; "general" is good
    # everywhere. In-sample the fitted one wins; held out, its site a pages are never
    # available to choose it, so the cross-validated figure shows the overfit.
    groups = ["a"] * 10 + ["b", "c", "d", "e", "f", "g"]
    scores = {"general": [0.8] * 16, "fitted": [1.0] * 10 + [0.5] * 6}
    selection = select(scores, groups, 4)
    assert selection.in_sample_choice == "fitted"
    assert selection.in_sample_score == pytest.approx((10 + 3) / 16)
    assert selection.cv_score < selection.in_sample_score
    assert selection.fold_choices[grouped_folds(groups, 4)[0]] == "general"


def test_ties_keep_the_first_variant_so_a_change_must_win():
    groups = ["a", "b", "c", "d"]
    selection = select({"default": [0.5] * 4, "change": [0.5] * 4}, groups, 2)
    assert selection.in_sample_choice == "default"
    assert set(selection.fold_choices) == {"default"}
    assert selection.optimism == pytest.approx(0.0)


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="one score per page"):
        select({"x": [1.0]}, ["a", "b"], 2)
    with pytest.raises(ValueError, match="at least 2 folds"):
        grouped_folds(["a", "b"], 1)


def test_no_harm_keeps_a_choice_from_buying_one_sets_gain_with_anothers_loss():
    # "trade" gains a lot on the big set and loses on the small one; "safe" gains a little
    # on the big set and loses nothing: pooled, "trade" is better, guarded, "safe" is chosen.
    sets = ["big"] * 8 + ["small"] * 4
    groups = [f"s{i}" for i in range(12)]
    scores = {
        "off": [0.5] * 12,
        "trade": [0.9] * 8 + [0.3] * 4,
        "safe": [0.6] * 8 + [0.5] * 4,
    }
    assert select(scores, groups, 2).in_sample_choice == "trade"
    guarded = select(scores, groups, 2, no_harm(scores, sets, "off"))
    assert guarded.in_sample_choice == "safe"
    assert set(guarded.fold_choices) == {"safe"}


def test_no_harm_always_allows_the_baseline():
    scores = {"off": [0.5, 0.5], "worse": [0.4, 0.4]}
    eligible = no_harm(scores, ["a", "b"], "off")
    assert list(eligible([0, 1])) == ["off"]
    assert list(no_harm(scores, ["a", "b"], "off", tolerance=0.2)([0, 1])) == ["off", "worse"]
