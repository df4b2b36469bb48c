"""How much each system leans on class and id names: F1 on pages as served and renamed.

Many rules read meaning from ``class`` and ``id`` words ("comment", "sidebar", "content",
"related"): density's noise and content words, the tail's named subtrees, jusText's and
boilerpipe's segmentation does not. A site whose stylesheet is generated (CSS modules,
CSS-in-JS: ``class="css-1x2y3z"``) or made of utility classes carries no such words, and
names a rule list has never seen behave the same way. This benchmark shows what is left of
each system's accuracy when the names mean nothing: every ``class`` and ``id`` word of a page
is replaced by a hash of itself (``comments`` -> ``c4f1a9e``), the same word by the same hash
within the page, so repeated structure (the same class on every post, every list item)
survives and only the words' meaning is gone. Tags, ``itemprop``, ``role`` and the text
stay as they were; the charset declaration is rewritten to UTF-8, the encoding the renamed
page is handed over in.

``--perturbation divs`` alters the pages another way instead: every ``<p>`` becomes a
``<div>``, as on templates that give each paragraph a ``<div>``: what rests on the paragraph
tag (the density method's paragraph count, jusText's and boilerpipe's block boundaries).
``--perturbation breaks`` removes every ``<p>`` instead, ending each paragraph's text with two
``<br>`` in its parent, as blog engines that keep a post's line breaks serve it: what rests on
a paragraph being an element. ``--perturbation sections`` turns every HTML5 sectioning or
landmark element (``article``, ``aside``, ``nav``, ``header``, ``footer``, ``main``,
``section``) into a ``<div>``, as on templates older than HTML5: what rests on those tags (the
tail's ``nav``/``aside``/``footer``, the content tags). ``--perturbation bare`` does both,
names and sections: what is left when neither the names nor the tags say what a block is.
``--perturbation minified`` drops the whitespace between tags where either is block-level, as
HTML minifiers serve pages: what rests on a newline between two blocks in the page's raw text.
``--perturbation shell`` serves the page as a site drawn by its scripts does: the ``<head>`` as
it was (its structured data included), the ``<body>`` an empty application root with a
"Loading..." line and a ``<noscript>`` notice; only pages whose HTML holds a JSON-LD
``articleBody`` are scored, as no system can find the article anywhere else.

For each system it prints the mean F1 (the eval metric) and the pages with F1 < 0.5 as
served and altered, and lists the pages whose F1 falls most:

    python3 benchmarks/anonymised_names.py PAGES.jsonl [--page-type article]
        [--systems auto,trafilatura] [--worst 20] [--limit N]
        [--perturbation names|divs|breaks|sections|bare|minified|shell] [--write DIR]

``--write DIR`` scores nothing: it writes the altered pages as a set of their own
(``DIR/pages.jsonl``, each record as it was but for ``html_path``, the altered page UTF-8 and
gzipped under ``DIR/html/``), for the other benchmarks (``metadata_cv.py --data``, ``newscrawl
eval``) to read.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from newscrawl.evaluation.dataset import Page, load_pages, write_pages
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.evaluation.systems import System, systems_named
from newscrawl.extraction.article_body import DEFAULT_OPTIONS as ARTICLE_BODY_OPTIONS
from newscrawl.extraction.article_body import article_body
from newscrawl.extraction.decode import decode_html
from newscrawl.extraction.document import load_document
from newscrawl.extraction.dom import BLOCK_TAGS

# class="..." / id='...' / class=bare, in start tags; the value is read as written.
_NAME_ATTRIBUTE = re.compile(
    r"""(\s(?:class|id)\s*=\s*)("[^"]*"|'[^']*'|[^\s>"']+)""", re.IGNORECASE
)
# A charset declaration, in <meta charset> or in <meta http-equiv content="...charset=...">.
_CHARSET = re.compile(r"""(charset\s*=\s*["']?)[\w.:-]+""", re.IGNORECASE)
HASH_CHARS = 6


def renamed_word(word: str) -> str:
    """A name that keeps which words are equal and nothing of what they say."""
    return "c" + hashlib.blake2s(word.encode("utf-8"), digest_size=8).hexdigest()[:HASH_CHARS]


def anonymise(html: str) -> str:
    """``html`` with every class and id word replaced by :func:`renamed_word` of itself and
    its charset declared as UTF-8."""

    def rename(match: re.Match[str]) -> str:
        words = match.group(2).strip("\"'").split()
        return f'{match.group(1)}"{" ".join(renamed_word(word) for word in words)}"'

    return _CHARSET.sub(r"\1utf-8", _NAME_ATTRIBUTE.sub(rename, html))


# <p ...> and </p>, not <pre>, <param> or <path>.
_P_TAG = re.compile(r"<(/?)p(?=[\s>/])", re.IGNORECASE)


def paragraphs_as_divs(html: str) -> str:
    """``html`` with every ``<p>`` a ``<div>`` and its charset declared as UTF-8."""
    return _CHARSET.sub(r"\1utf-8", _P_TAG.sub(r"<\1div", html))


# The HTML5 sectioning and landmark tags, opening and closing.
_SECTIONING_TAG = re.compile(
    r"<(/?)(?:article|aside|nav|header|footer|main|section)(?=[\s>/])", re.IGNORECASE
)


# A paragraph's start tag, with its attributes, and its end tag.
_P_START = re.compile(r"<p(?=[\s>/])[^>]*>", re.IGNORECASE)
_P_END = re.compile(r"</p\s*>", re.IGNORECASE)


def paragraphs_as_breaks(html: str) -> str:
    """``html`` with no ``<p>``: each paragraph's text stands in its parent, ended by two
    ``<br>``, as blog engines that keep a post's line breaks serve it, and its charset
    declared as UTF-8."""
    return _CHARSET.sub(r"\1utf-8", _P_END.sub("<br><br>", _P_START.sub("", html)))


def sections_as_divs(html: str) -> str:
    """``html`` with every HTML5 sectioning or landmark element (``article``, ``aside``,
    ``nav``, ``header``, ``footer``, ``main``, ``section``) a ``<div>`` and its charset
    declared as UTF-8."""
    return _CHARSET.sub(r"\1utf-8", _SECTIONING_TAG.sub(r"<\1div", html))


def bare_markup(html: str) -> str:
    """``html`` renamed (:func:`anonymise`) and with its sectioning elements as ``<div>``s
    (:func:`sections_as_divs`): a template that says nothing in its names or its tags, as
    a generated stylesheet on a page built from ``<div>``s does."""
    return sections_as_divs(anonymise(html))


# Block-level tags (the project's own list, and <br>): a minifier drops the whitespace
# between them (and around them), which a browser does not render, while the whitespace
# between inline elements is kept.
_BLOCK_TAGS = BLOCK_TAGS | {"br", "html", "head"}
# A tag, the whitespace after it (no-break spaces are text, not layout) and the next tag's name.
_GAP = re.compile(r"(</?([A-Za-z][A-Za-z0-9]*)\b[^>]*>)[ \t\r\n]+(?=</?([A-Za-z][A-Za-z0-9]*))")


def minified(html: str) -> str:
    """``html`` as an HTML minifier serves it (whitespace between two tags dropped where
    either is block-level: "</p>\\n<p>" is "</p><p>") and its charset declared as UTF-8:
    text that block boundaries separated is then joined in the document's text."""

    def squeeze(match: re.Match[str]) -> str:
        before, after = match.group(2).lower(), match.group(3).lower()
        return match.group(1) if before in _BLOCK_TAGS or after in _BLOCK_TAGS else match.group(0)

    return _CHARSET.sub(r"\1utf-8", _GAP.sub(squeeze, html))


_BODY = re.compile(r"<body\b[^>]*>.*?(?:</body\s*>|$)", re.IGNORECASE | re.DOTALL)
# The articleBody length newscrawl reads as an article's copy, not a description.
ARTICLE_BODY_CHARS = ARTICLE_BODY_OPTIONS.min_body_chars
SHELL_BODY = (
    '<body><div id="app">Loading...</div>'
    "<noscript>You need to enable JavaScript to run this app.</noscript></body>"
)


_JSON_LD = re.compile(
    r"<script\b[^>]*application/ld\+json[^>]*>.*?</script\s*>", re.IGNORECASE | re.DOTALL
)


def script_shell(html: str) -> str:
    """``html`` as a page drawn by its scripts serves it: the head unchanged, the body an
    empty application root (:data:`SHELL_BODY`) with the body's JSON-LD blocks (written for
    search engines, they are served either way), the charset declared as UTF-8."""

    def shell(match: re.Match[str]) -> str:
        data = "".join(_JSON_LD.findall(match.group(0)))
        return SHELL_BODY.replace("</body>", data + "</body>")

    altered, found = _BODY.subn(shell, html, count=1)
    return _CHARSET.sub(r"\1utf-8", altered if found else html + SHELL_BODY)


def holds_article_body(page: Page) -> bool:
    """Whether the page carries its article in a JSON-LD ``articleBody`` (the only copy a
    script shell leaves): one of :data:`ARTICLE_BODY_CHARS` characters or more."""
    text, _ = decode_html(page.read_html())
    if '"articleBody"' not in text:
        return False
    return len(article_body(load_document(text))) >= ARTICLE_BODY_CHARS


PERTURBATIONS: dict[str, Callable[[str], str]] = {
    "names": anonymise,
    "divs": paragraphs_as_divs,
    "breaks": paragraphs_as_breaks,
    "sections": sections_as_divs,
    "bare": bare_markup,
    "minified": minified,
    "shell": script_shell,
}


@dataclass(slots=True)
class SystemScores:
    served: list[float] = field(default_factory=list)
    altered: list[float] = field(default_factory=list)

    def line(self, name: str) -> str:
        def mean(values: list[float]) -> float:
            return sum(values) / len(values) if values else 0.0

        def failed(values: list[float]) -> int:
            return sum(value < FAILED_F1 for value in values)

        served, altered = mean(self.served), mean(self.altered)
        return (
            f"{name:12s} pages {len(self.served):4d}  F1 served {served:.4f}"
            f" altered {altered:.4f} (change {altered - served:+.4f})"
            f"  F1 < {FAILED_F1}: served {failed(self.served)} altered {failed(self.altered)}"
        )


def f1_of(system: System, html: bytes, page: Page, truth: list[str]) -> float:
    prediction = system.run(html, page.url, None)
    if prediction.rejection is not None or not truth:
        return 0.0
    return token_scores(tokenize(prediction.content), truth).f1


def score(
    pages: Sequence[Page], systems: Sequence[System], alter: Callable[[str], str] = anonymise
) -> tuple[dict[str, SystemScores], list[Page]]:
    """Every system's F1 on each labelled page as served and altered by ``alter`` (renamed,
    by default), pages in order."""
    scores = {system.name: SystemScores() for system in systems}
    scored: list[Page] = []
    for page in pages:
        if not page.text:
            continue
        served = page.read_html()
        text, _ = decode_html(served)
        altered = alter(text).encode("utf-8")
        truth = tokenize(page.text)
        scored.append(page)
        for system in systems:
            scores[system.name].served.append(f1_of(system, served, page, truth))
            scores[system.name].altered.append(f1_of(system, altered, page, truth))
    return scores, scored


def worst_pages(
    scores: dict[str, SystemScores], pages: Sequence[Page], system: str, count: int
) -> list[str]:
    """The ``count`` pages whose F1 under ``system`` falls most when altered, with every
    system's two figures."""
    own = scores[system]
    order = sorted(range(len(pages)), key=lambda i: own.altered[i] - own.served[i])
    lines = []
    for i in order[:count]:
        figures = "  ".join(
            f"{name} {s.served[i]:.3f} -> {s.altered[i]:.3f}" for name, s in scores.items()
        )
        lines.append(f"  {pages[i].id}  {figures}  {pages[i].url or ''}")
    return lines


def write_altered(pages: Sequence[Page], alter: Callable[[str], str], folder: Path) -> int:
    """Write ``pages`` altered by ``alter`` as a pages.jsonl set in ``folder`` (each page's
    own record, pointing at its altered HTML); the number written."""
    return write_pages(
        folder,
        ((page.fields, alter(decode_html(page.read_html())[0]).encode("utf-8")) for page in pages),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("pages", type=Path)
    parser.add_argument("--page-type", default=None)
    parser.add_argument("--systems", default="auto,trafilatura", help="methods and peers")
    parser.add_argument("--worst", type=int, default=20, help="pages listed (0: none)")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--perturbation", choices=tuple(PERTURBATIONS), default="names")
    parser.add_argument("--write", type=Path, default=None, metavar="DIR")
    args = parser.parse_args(argv)
    if args.write is not None:
        pages = load_pages(args.pages, page_type=args.page_type, limit=args.limit)
        alter = PERTURBATIONS[args.perturbation]
        written = write_altered(pages, alter, args.write)
        print(f"{written} pages written to {args.write / 'pages.jsonl'}")
        return 0
    systems = systems_named(args.systems)
    pages = load_pages(args.pages, page_type=args.page_type, limit=args.limit)
    if args.perturbation == "shell":
        pages = [page for page in pages if holds_article_body(page)]
    scores, scored = score(pages, systems, PERTURBATIONS[args.perturbation])
    for name, system_scores in scores.items():
        print(system_scores.line(name))
    if args.worst and systems:
        first = systems[0].name
        print(f"pages whose {first} F1 falls most when altered:")
        print("\n".join(worst_pages(scores, scored, first, args.worst)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
