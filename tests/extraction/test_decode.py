"""Bytes to text: BOM, declared encoding, <meta charset>, detection; GBK read as GB18030."""

from __future__ import annotations

import gzip
import json

import pytest

from newscrawl.evaluation.datasets import pages_file
from newscrawl.extraction.decode import decode_html, normalize_encoding, sniff_meta_charset

CHINESE = (
    "<html><head><title>新闻</title></head><body><p>中文正文，包含“引号”和喆字。</p></body></html>"
)


def test_utf8_bom_wins_over_everything():
    data = b"\xef\xbb\xbf" + CHINESE.encode("utf-8")
    assert decode_html(data, "latin-1") == (CHINESE, "utf-8")


def test_utf16_bom():
    text, encoding = decode_html(b"\xff\xfe" + CHINESE.encode("utf-16-le"))
    assert text == CHINESE and encoding == "utf-16-le"


def test_http_encoding_is_used_first():
    data = CHINESE.replace("<head>", "<head><meta charset='big5'>").encode("gb18030")
    text, encoding = decode_html(data, "gbk")
    assert encoding == "gb18030" and "喆" in text


def test_meta_charset_gb2312_is_decoded_as_gb18030():
    # 喆 is outside GB2312; pages that declare gb2312 use it anyway.
    html = CHINESE.replace(
        "<head>", '<head><meta http-equiv="Content-Type" content="text/html; charset=gb2312">'
    )
    text, encoding = decode_html(html.encode("gb18030"))
    assert encoding == "gb18030" and "喆" in text and "\ufffd" not in text


def test_wrong_declaration_is_not_trusted():
    html = CHINESE.replace("<head>", "<head><meta charset='utf-8'>")
    text, _ = decode_html(html.encode("gb18030"))
    assert "中文正文" in text


def test_undeclared_utf8():
    assert decode_html(CHINESE.encode("utf-8")) == (CHINESE, "utf-8")


def test_valid_utf8_wins_over_a_stale_latin_declaration():
    # a template that still says ISO-8859-1 around text the server writes in UTF-8
    html = "<html><head><meta charset='iso-8859-1'></head><body><p>Caf\u00e9 \u2013 na\u00efve</p>"
    assert decode_html(html.encode("utf-8")) == (html, "utf-8")
    assert decode_html(html.encode("utf-8"), "iso-8859-1") == (html, "utf-8")


def test_latin_text_that_is_not_utf8_keeps_its_declaration():
    html = "<html><head><meta charset='windows-1252'></head><body><p>Caf\u00e9 \u201cq\u201d</p>"
    assert decode_html(html.encode("cp1252")) == (html, "cp1252")


def test_undeclared_gbk_with_a_broken_byte_is_not_read_as_a_single_byte_code_page():
    # one truncated character makes the strict decode fail; the detector then offers only
    # single-byte code pages (Cyrillic ones for this text), which decode any bytes
    body = "".join(
        f"<p>第{n}段：八路军总司令率领主力师东渡黄河，挺进抗日前线，开辟建立根据地的光辉历程。</p>"
        for n in range(40)
    )
    data = f"<html><body>{body}</body></html>".encode("gb18030")
    cut = data.index("第20段".encode("gb18030"))
    broken = data[:cut] + b"\xc7" + data[cut:]
    text, encoding = decode_html(broken)
    assert encoding == "gb18030"
    assert "挺进抗日前线" in text and "\ufffd" not in text


def test_a_declared_double_byte_encoding_with_a_broken_byte_is_kept():
    # the declaration is evidence the double-byte search must not overrule
    body = "".join(
        f"<p>第{n}段：臺灣的新聞報導，記者於現場採訪民眾的意見與看法。</p>" for n in range(40)
    )
    html = f"<html><head><meta charset='big5'></head><body>{body}</body></html>"
    data = html.encode("big5hkscs")
    cut = data.index("第20段".encode("big5hkscs"))
    text, encoding = decode_html(data[:cut] + b"\xa4" + data[cut:])
    assert encoding == "big5hkscs" and "記者於現場採訪" in text


def test_undeclared_western_text_stays_single_byte():
    html = "<html><body>" + "<p>Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e, \u00e0 la carte.</p>" * 30
    text, encoding = decode_html(html.encode("cp1252"))
    assert text == html and encoding in ("cp1252", "iso8859_15", "latin_1", "cp1250")


@pytest.mark.parametrize(
    ("label", "codec"),
    [
        ("GB2312", "gb18030"),
        ("gbk", "gb18030"),
        ("x-gbk", "gb18030"),
        ("ISO-8859-1", "cp1252"),
        ("utf8", "utf-8"),
        ("no-such-codec", None),
        (None, None),
    ],
)
def test_normalize_encoding(label, codec):
    assert normalize_encoding(label) == codec


def test_sniff_meta_charset_variants():
    assert sniff_meta_charset(b'<meta charset="GBK">') == "gb18030"
    assert sniff_meta_charset(b"<meta content='text/html;charset=utf-8'>") == "utf-8"
    assert sniff_meta_charset(b"<p>no meta</p>") is None


def test_every_cwced_page_decodes_to_its_labelled_text():
    # no replacement characters, and the label's Chinese characters are in the page: a wrong
    # single-byte decode has no U+FFFD, only mojibake
    jsonl = pages_file("cwced_zh")
    rows = [json.loads(line) for line in jsonl.open(encoding="utf-8")]
    broken = []
    for row in rows:
        text, _ = decode_html(gzip.decompress((jsonl.parent / row["html_path"]).read_bytes()))
        labelled = {char for char in row["text"][:300] if "\u4e00" <= char <= "\u9fff"}
        found = sum(char in text for char in labelled)
        if "\ufffd" in text or found < 0.9 * len(labelled):
            broken.append(row["id"])
    assert broken == []
