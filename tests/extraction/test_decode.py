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


def test_every_cwced_page_decodes_without_replacement_characters():
    jsonl = pages_file("cwced_zh")
    rows = [json.loads(line) for line in jsonl.open(encoding="utf-8")]
    broken = []
    for row in rows:
        text, _ = decode_html(gzip.decompress((jsonl.parent / row["html_path"]).read_bytes()))
        if "\ufffd" in text:
            broken.append(row["id"])
    assert broken == []
