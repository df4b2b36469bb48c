"""Deterministic page mutations: what transport errors, broken templates and hostile pages do to
real HTML. A seed fully determines each mutant, so a failure is reproduced by its seed alone.

Each mutant is page bytes plus the encoding a server might declare for it (usually none).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

Mutation = Callable[[random.Random, bytes], bytes]

STRAY_CHARS = (b"<", b">", b"&", b"<<", b"&#", b"&#x", b"</", b"<!--", b"<![CDATA[", b"<?")
RANDOM_TAGS = (
    b"<div>",
    b"</div>",
    b"<p>",
    b"</p>",
    b"<a href='x.html'>",
    b"</a>",
    b"<title>",
    b"</title>",
    b"<table><tr><td>",
    b"</td></tr></table>",
    b"<script>",
    b"</script>",
    b"<style>",
    b"<br>",
    b"<select>",
    b"<textarea>",
    b"<button>",
    b"<h1>",
    b"</h1>",
    b"<body>",
    b"</body>",
    b"<html>",
    b"<head>",
    b"</head>",
    b"<img src='a.jpg'>",
    b"<meta name='author' content='x'>",
    b"<noscript>",
    b"<template>",
    b"<svg>",
    b"<li>",
    b"<ul>",
    b"<pre>",
    b"<time datetime='x'>",
)
CONTROL_CHARS = (
    b"\x00",
    b"\x01",
    b"\x08",
    b"\x0b",
    b"\x0c",
    b"\x1b",
    b"\x1f",
    b"\x7f",
    b"&#1;",
    b"&#x0b;",
    b"&#0;",
    b"&#xfffe;",
    b"&#xffff;",
    b"&#xd800;",
    b"&#1114112;",
)
BAD_ATTRIBUTES = (
    b" {% if x %}",
    b" {a}=1",
    b" {a}b=2",
    b' =""',
    b' "q"=3',
    b" {{x}}",
    b" a:b=4",
    b" \x01x=5",
    b" title='\x02'",
    b" href='//[oops/x'",
    b" data-x='&#1;'",
    b" {=6",
    b" }=7",
    b" xmlns:a='u'",
    b" a:{b}=8",
)
BAD_URLS = (
    b"//[oops/x.jpg",
    b"http://[::1",
    b"http://[oops]/a",
    b"//[",
    b"\x01/a.jpg",
    b"&#1;.jpg",
    b"javascript:alert(1)",
    b"data:,x",
    b"http://a:99999999/x",
    b"http://a:port/x",
    b"//\xff\xfe/x",
    b"http://%zz/",
    b"mailto:x@y",
    b"  ",
)
BAD_CHARSETS = (
    "undefined",
    "hex",
    "rot13",
    "base64",
    "zlib",
    "idna",
    "punycode",
    "unicode_escape",
    "utf-7",
    "utf-16",
    "utf-32",
    "x-unknown",
    "",
    "mbcs",
    "gbk",
    "latin-1",
    "utf-8",
    "utf8mb4",
    "cp65001",
)


def _position(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def _insert(rng: random.Random, data: bytes, piece: bytes) -> bytes:
    at = _position(rng, data)
    return data[:at] + piece + data[at:]


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: _position(rng, data)]


def splice(rng: random.Random, data: bytes) -> bytes:
    """A range of the page copied elsewhere (a proxy that replays a chunk)."""
    start = _position(rng, data)
    chunk = data[start : start + rng.randrange(1, 4096)]
    return _insert(rng, data, chunk)


def delete_range(rng: random.Random, data: bytes) -> bytes:
    start = _position(rng, data)
    return data[:start] + data[start + rng.randrange(1, 8192) :]


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    mutable = bytearray(data)
    for _ in range(rng.randrange(1, 32)):
        if mutable:
            mutable[rng.randrange(len(mutable))] = rng.randrange(256)
    return bytes(mutable)


def stray_markup(rng: random.Random, data: bytes) -> bytes:
    for _ in range(rng.randrange(1, 16)):
        data = _insert(rng, data, rng.choice(STRAY_CHARS))
    return data


def random_tags(rng: random.Random, data: bytes) -> bytes:
    for _ in range(rng.randrange(1, 16)):
        data = _insert(rng, data, rng.choice(RANDOM_TAGS))
    return data


def control_chars(rng: random.Random, data: bytes) -> bytes:
    for _ in range(rng.randrange(1, 24)):
        data = _insert(rng, data, rng.choice(CONTROL_CHARS))
    return data


def _into_tags(rng: random.Random, data: bytes, pieces: tuple[bytes, ...]) -> bytes:
    """Each piece right after the name of a random start tag (``<p`` + piece + ``>``)."""
    for _ in range(rng.randrange(1, 12)):
        starts = _tag_name_ends(data, rng)
        if starts:
            at = rng.choice(starts)
            data = data[:at] + rng.choice(pieces) + data[at:]
    return data


def _tag_name_ends(data: bytes, rng: random.Random) -> list[int]:
    """Offsets just past a tag name, sampled from a window of the page (keeps mutation cheap)."""
    start = _position(rng, data)
    window = data[start : start + 20_000]
    ends = []
    at = window.find(b"<")
    while at >= 0:
        end = at + 1
        while end < len(window) and (chr(window[end]).isalnum()):
            end += 1
        if end > at + 1:
            ends.append(start + end)
        at = window.find(b"<", end)
    return ends


def bad_attributes(rng: random.Random, data: bytes) -> bytes:
    return _into_tags(rng, data, BAD_ATTRIBUTES)


def bad_urls(rng: random.Random, data: bytes) -> bytes:
    links = (
        tuple(b" href='" + url + b"'" for url in BAD_URLS)
        + tuple(b" src='" + url + b"'" for url in BAD_URLS)
        + tuple(b" data-src='" + url + b"'" for url in BAD_URLS)
    )
    data = _into_tags(rng, data, links)
    url = rng.choice(BAD_URLS)
    return _insert(rng, data, b"<p><a href='" + url + b"'>x</a><img src='" + url + b"'></p>")


def bad_meta_charset(rng: random.Random, data: bytes) -> bytes:
    charset = rng.choice(BAD_CHARSETS).encode()
    http_equiv = b'<meta http-equiv="Content-Type" content="text/html; charset=%s">'
    meta = rng.choice((b"<meta charset='%s'>", http_equiv))
    return meta % charset + data if rng.random() < 0.5 else _insert(rng, data, meta % charset)


MUTATIONS: tuple[Mutation, ...] = (
    truncate,
    splice,
    delete_range,
    flip_bytes,
    stray_markup,
    random_tags,
    control_chars,
    bad_attributes,
    bad_urls,
    bad_meta_charset,
)


@dataclass(frozen=True, slots=True)
class Mutant:
    seed: int
    steps: tuple[str, ...]
    data: bytes
    encoding: str | None


def mutant(page: bytes, seed: int) -> Mutant:
    """One to three mutations of ``page`` and maybe a declared encoding, all chosen by ``seed``."""
    rng = random.Random(seed)
    steps = rng.sample(MUTATIONS, rng.randrange(1, 4))
    data = page
    for step in steps:
        data = step(rng, data)
    encoding = rng.choice(BAD_CHARSETS) if rng.random() < 0.15 else None
    return Mutant(seed, tuple(step.__name__ for step in steps), data, encoding)
