"""UTF-8 read as Latin-1 or Windows-1252 put back; text that only looks like it kept."""

from __future__ import annotations

import lxml.html
import pytest
from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import Article, Rejection, RejectReason, dom, extract
from newscrawl.extraction.mojibake import repair_mojibake
from newscrawl.extraction.stored_fields import stored_name, stored_names, stored_text


def misread(text: str, code_page: str) -> str:
    """``text`` as a site shows it after reading its UTF-8 bytes in ``code_page``; the five
    bytes Windows-1252 leaves undefined read as the C1 controls of the same value, as the
    WHATWG encoding standard (and so a browser, or a site's PHP) reads them."""
    return "".join(
        bytes([byte]).decode(code_page, errors="replace").replace("\ufffd", chr(byte))
        for byte in text.encode("utf-8")
    )


@pytest.mark.parametrize("code_page", ["latin-1", "cp1252"])
@pytest.mark.parametrize(
    "original",
    [
        "A DIY Investor’s Guide",
        "café, naïve, Zürich, São Paulo, Łódź",
        "“Quoted” — and a dash – and an ellipsis…",
        "© 2025 Example™ ® × ½",
        "中文新闻，包含“引号”",
        "emoji 😀 at the end",
    ],
)
def test_misread_text_is_put_back(original: str, code_page: str) -> None:
    shown = misread(original, code_page)
    assert shown != original
    assert repair_mojibake(shown) == original


def test_text_misread_twice_is_put_back() -> None:
    twice = misread(misread("Investor’s guide", "cp1252"), "cp1252")
    assert twice == "InvestorÃ¢â‚¬â„¢s guide"
    assert repair_mojibake(twice) == "Investor’s guide"


def test_the_c1_controls_of_a_latin1_reading_are_put_back() -> None:
    assert repair_mojibake("Investor\u00e2\u0080\u0099s") == "Investor’s"


@pytest.mark.parametrize(
    "text",
    [
        "plain ASCII text",
        "Pokémon’s trainer",  # é then ’: no UTF-8 character's bytes
        "Straß’ Ende",  # ß’ would be U+07D2, an NKo letter: not a Latin page's character
        "Ö’s",  # Ö’ would be U+0592, a Hebrew accent
        "À la carte, très « bien »",
        "naïve café",
        "中文新闻",
    ],
)
def test_text_that_is_already_right_stays(text: str) -> None:
    assert repair_mojibake(text) == text


@given(st.text())
def test_never_raises_and_keeps_text_without_sequences(text: str) -> None:
    repaired = repair_mojibake(text)
    assert isinstance(repaired, str)
    assert len(repaired) <= len(text)


@given(st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7F)))
def test_ascii_is_untouched(text: str) -> None:
    assert repair_mojibake(text) == text


def test_extract_stores_the_repaired_title_body_and_author() -> None:
    body = " ".join(["The investor’s guide explains retirement calculators in detail."] * 8)
    page = f"""<html><head><meta charset="utf-8"><title>An Investor’s Guide</title>
    <meta name="author" content="José García"></head><body><article>
    <h1>An Investor’s Guide</h1><p>{body}</p><p>{body}</p></article></body></html>"""
    html = misread(page, "cp1252").encode("utf-8")
    article = extract(html, url="https://example.com/guide", method="density")
    assert article.title == "An Investor’s Guide"
    assert "investor’s guide" in article.content and "â€" not in article.content
    assert "â€" not in article.content_html
    assert article.authors == ["José García"]


def test_stored_text_drops_what_no_reader_sees() -> None:
    # A zero-width joiner left alone on a line (an emoji image's neighbour) and U+FFFE go;
    # a soft hyphen inside a word stays (it is the word's hyphenation point).
    assert stored_text("One\n\u200d\nTwo \ufffe\nSoft\u00adhyphen") == "One\nTwo \nSoft\u00adhyphen"
    assert stored_text("Investorâ€™s guide") == "Investor’s guide"


def test_stored_text_drops_a_line_no_reader_can_read() -> None:
    # A row of an icon font's private-use glyphs, a run of replacement characters; a rare
    # ideograph a GBK page maps into the private-use area stays inside its line.
    text = "正文第一段。\n\ue5e5\ue5e5\n\ufffd\ufffd\ufffd\n\ue5e5\ue5e5正文第二段。"
    assert stored_text(text) == "正文第一段。\n\ue5e5\ue5e5正文第二段。"


@pytest.mark.parametrize("method", ["density", "auto"])
def test_a_page_whose_text_no_reader_can_read_is_rejected(method: str) -> None:
    rows = "".join("<p>\ue5e5\ue5e5\ue5e5 \ufffd\ufffd</p>" for _ in range(12))
    result = extract(f"<html><body><article>{rows}</article></body></html>", method=method)
    assert isinstance(result, Rejection) and result.reason is RejectReason.NO_CONTENT


def test_the_content_html_reads_as_the_stored_text() -> None:
    # A line the stored text drops (a zero-width joiner alone) leaves the content HTML too.
    body = "<p>The council approved the harbour plan on Tuesday evening after a long debate.</p>"
    page = f"<html><body><article>{body * 6}<p>\u200d</p>{body * 6}</article></body></html>"
    result = extract(page, method="density")
    assert isinstance(result, Article)
    assert "\u200d" not in result.content and "\u200d" not in result.content_html
    holder = lxml.html.fragment_fromstring(result.content_html, create_parent="div")
    assert dom.paragraph_text(dom.clean_tree(holder)) == result.content


def test_stored_names_drop_what_is_left_empty() -> None:
    assert stored_names(["Jane Doe", "\ue5e5", "JosÃ© GarcÃ­a"]) == ["Jane Doe", "José García"]
    assert stored_name("\ufffd\ufffd") is None and stored_name(None) is None
    assert stored_name("新华社") == "新华社"
