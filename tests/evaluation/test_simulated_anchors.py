from __future__ import annotations

from collections import Counter

from newscrawl.evaluation.dataset import Page
from newscrawl.evaluation.simulated_anchors import (
    ELLIPSES,
    PREFIXES,
    TITLE_VARIANTS,
    anchor_for,
    site_name,
    title_variant,
    truncate,
)

TITLE = "Council approves the new city budget after a long debate"


def _kind(variant: str, title: str) -> str:
    if variant == title:
        return "exact"
    if variant.endswith(ELLIPSES):
        return "truncated"
    if variant.startswith(PREFIXES):
        return "prefixed"
    assert variant.startswith(title + " - ")
    return "suffixed"


def test_variants_are_deterministic_per_page_id():
    assert title_variant("page-7", TITLE) == title_variant("page-7", TITLE)


def test_every_variant_kind_occurs_in_fair_shares():
    kinds = Counter(_kind(title_variant(f"id-{i}", TITLE) or "", TITLE) for i in range(400))
    assert set(kinds) == {"exact", "truncated", "prefixed", "suffixed"}
    assert min(kinds.values()) > 60  # ~100 each


def test_truncation_keeps_a_prefix_of_words_or_characters():
    assert truncate(TITLE) == "Council approves the new city budget"
    assert truncate("市政府周一批准新的预算方案") == "市政府周一批准新"
    assert truncate("Budget") == "Budget"


def test_site_suffix_is_named_after_the_host():
    assert site_name("https://www.nytimes.com/2024/x.html") == "Nytimes"
    assert site_name("https://news.bbc.co.uk/x") == "Bbc"
    assert site_name(None) == "Site"


def test_anchor_modes(tmp_path):
    page = Page(
        id="a",
        html_path=tmp_path,
        text=None,
        title=TITLE,
        fields={"anchor_text": "Budget approved", "blank": "  "},
    )
    assert anchor_for(page, None) is None
    assert anchor_for(page, "anchor_text") == "Budget approved"
    assert anchor_for(page, "blank") is None
    assert anchor_for(page, "missing") is None
    assert anchor_for(page, TITLE_VARIANTS) == title_variant("a", TITLE, None)


def test_no_title_gives_no_variant():
    assert title_variant("a", None) is None
    assert title_variant("a", "   ") is None
