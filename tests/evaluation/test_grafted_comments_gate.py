"""The eval gate under grafted comment sections (benchmarks/grafted_comments.py): ``auto`` on
the repository's wcxb_dev articles with another of its sites' served comment section put
right after each article's container, every class and id word of the section hashed.

Measured at the commit that set them (docs/benchmarks/precision.md): 171 articles grafted,
F1 0.9575 as served, 0.8987 grafted, 0.209 of the comment text kept; before the comment
headings (0b27a71) 0.8561 and 0.295. Floors ~0.01 under.
"""

from __future__ import annotations

import pytest

from tests.scripts import REPO, load_script

FLOOR_F1 = 0.885
CEILING_KEPT = 0.23


@pytest.mark.slow
def test_grafted_renamed_comment_sections_keep_their_floor() -> None:
    script = load_script("benchmarks/grafted_comments.py")
    dataset = REPO / "datasets/wcxb_dev/pages.jsonl"
    pages = script.load_pages(dataset, page_type="article")
    donors = script.donor_grafts(script.load_pages(dataset), chinese=False)
    assert len(donors) >= 10
    result = script.score(pages, [script.method_system("auto")], ["served-renamed"], [], donors, 6)
    scores = result.scores[("served-renamed", "auto")]
    assert len(scores.grafted) >= 150
    grafted = sum(scores.grafted) / len(scores.grafted)
    kept = sum(scores.kept) / len(scores.kept)
    assert grafted >= FLOOR_F1, f"grafted F1 {grafted:.4f} < floor {FLOOR_F1}"
    assert kept <= CEILING_KEPT, f"comment text kept {kept:.3f} > ceiling {CEILING_KEPT}"
