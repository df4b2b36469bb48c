"""libxml2 parses the attributes of one element in quadratic time; a start tag with thousands
of attributes keeps its first MAX_ATTRIBUTES_PER_TAG before parsing (issue 13, item 3)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import Article, dom, extract
from newscrawl.extraction.dom import MAX_ATTRIBUTES_PER_TAG

BODY = "<p>" + "市政府今天公布了新的交通规划方案，涉及多条地铁线路。" * 8 + "</p>"


def bomb(n: int) -> str:
    attributes = " ".join(f"data-x{i}='{i}'" for i in range(n))
    return f"<html><body><div><img {attributes} src='/a.jpg'>{BODY}</div></body></html>"


def test_a_tag_with_thousands_of_attributes_keeps_the_first_few():
    root = dom.parse_html(bomb(20_000))
    assert root is not None
    img = root.find(".//img")
    assert img is not None and len(img.attrib) == MAX_ATTRIBUTES_PER_TAG
    assert img.get("data-x0") == "0"
    assert root.find(".//p") is not None  # the page after the tag is intact


def test_the_page_is_still_extracted():
    result = extract(bomb(20_000), method="density")
    assert isinstance(result, Article) and "交通规划方案" in result.content


def test_ordinary_long_tags_and_scripts_are_left_alone():
    data_url = "<img src='data:image/png;base64," + "A" * 100_000 + "' data-src='/real.jpg'>"
    script = "<script>for (i = 0; i<items.length; i++) {" + " x = 1;" * 20_000 + "}</script>"
    page = f"<html><body>{data_url}{script}{'<b a=1>' * 10}</body></html>"
    assert dom.cap_attributes(page) == page
    # Even where the scan runs (many more "=" than tags), a tag under the cap is kept whole.
    many = "<p " + " ".join(f"a{i}=1" for i in range(MAX_ATTRIBUTES_PER_TAG)) + " " * 9000 + ">"
    assert dom.cap_attributes(many * 3) == many * 3


@given(st.text(alphabet=st.sampled_from("=> a中\U0001f600"), max_size=80))
def test_the_c_count_of_two_characters_is_str_count(text):
    from newscrawl.extraction.native import walks

    assert walks is not None
    assert walks.count_two(text=text, first="=", second=">") == (text.count("="), text.count(">"))
