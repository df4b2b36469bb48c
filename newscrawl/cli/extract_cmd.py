"""``newscrawl extract FILE``: extract one saved page and print the article.

``--explain`` shows why: for TCDT the chosen title node and the condition that decided, then
the top content groups with their distance d, correction factor α and weight W; for other
methods their diagnostics. The title chooser's ranking is printed for every method.
"""

from __future__ import annotations

import argparse
import codecs
import gzip
import json
import sys
import zlib
from datetime import date
from pathlib import Path
from typing import IO, Any

from newscrawl.config.fields import INVALID
from newscrawl.config.fields import since as since_field
from newscrawl.extraction.core import extract_document
from newscrawl.extraction.decode import normalize_encoding
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.dom import text_content
from newscrawl.extraction.metadata.title import rank_titles
from newscrawl.extraction.registry import METHODS, canonical_name
from newscrawl.extraction.types import Article, Rejection
from newscrawl.method_names import DEFAULT_METHOD

# Groups and blocks listed by --explain; more is noise for a person reading a terminal.
EXPLAIN_GROUPS = 8
EXPLAIN_PREVIEW_CHARS = 60


def register(subparsers: Any) -> None:  # argparse's _SubParsersAction is private
    parser = subparsers.add_parser(
        "extract",
        help="extract the article from one saved page",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="HTML file (.html or .html.gz)")
    parser.add_argument("--url", help="the page's URL (resolves links, self-link test)")
    parser.add_argument("--anchor-text", help="text of the link that led to the page")
    # The crawler's default, so a page extracts here as it would in a crawl.
    parser.add_argument(
        "--method",
        default=DEFAULT_METHOD,
        help=f"extraction method: {', '.join(METHODS)} (default: %(default)s, as in a crawl)",
    )
    parser.add_argument("--encoding", help="declared encoding, e.g. from the HTTP header")
    parser.add_argument(
        "--since",
        metavar="DAY",
        help="the day the site began (1998, 1998-03 or 1998-03-15), as sites.yaml's since: "
        "no date before it is taken",
    )
    parser.add_argument(
        "--explain", action="store_true", help="show how the title and the content were chosen"
    )
    parser.add_argument("--json", action="store_true", help="print the article as JSON")
    parser.add_argument(
        "--report",
        type=Path,
        metavar="PAGE.html",
        help="also write an explain page: every method's block decisions",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, out: IO[str] | None = None) -> int:
    out = out or sys.stdout
    name = canonical_name(args.method)
    if name not in METHODS:
        print(
            f"newscrawl extract: unknown method {args.method!r} (known: {', '.join(METHODS)})",
            file=sys.stderr,
        )
        return 2
    if args.encoding is not None and not usable_encoding(args.encoding):
        print(
            f"newscrawl extract: --encoding {args.encoding!r}: unknown or unusable encoding "
            "(give a text codec such as utf-8, gbk, big5)",
            file=sys.stderr,
        )
        return 2
    published_since, problem = parse_since(args.since)
    if problem:
        print(f"newscrawl extract: --since {args.since!r}: {problem}", file=sys.stderr)
        return 2
    try:
        html = read_page(args.file)
    except CorruptPage as error:
        print(f"newscrawl extract: {args.file}: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(
            f"newscrawl extract: cannot read {args.file}: {error.strerror or error}",
            file=sys.stderr,
        )
        return 2
    try:
        doc = load_document(
            html,
            url=args.url,
            anchor_text=args.anchor_text,
            encoding=args.encoding,
            published_since=published_since,
        )
    except DocumentError as error:
        print(f"newscrawl extract: {args.file}: {error.detail} ({error.reason})", file=sys.stderr)
        return 1
    result = extract_document(doc, name)
    if args.report:
        from newscrawl.reporting.explain_page import write_explain_page

        write_explain_page(doc, args.report, name)
        print(f"newscrawl extract: explain page written to {args.report}", file=sys.stderr)
    if args.explain:
        explain(doc, name, result, out)
    if isinstance(result, Rejection):
        print(
            f"newscrawl extract: {args.file}: rejected: {result.reason.value}: {result.detail}",
            file=sys.stderr,
        )
        return 1
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2), file=out)
    else:
        print_article(result, out)
    return 0


def parse_since(value: str | None) -> tuple[date | None, str | None]:
    """``--since`` read by the rules of sites.yaml's ``since``: (the day, None) or (None,
    what is wrong with it)."""
    if value is None:
        return None, None
    problems: list[str] = []
    found = since_field(value, 0, lambda _line, message: problems.append(message))
    if found is INVALID or problems:
        return None, problems[0] if problems else "not a day"
    return found, None


class CorruptPage(ValueError):
    """A page file that cannot be read as a page (a broken gzip stream)."""


def read_page(path: Path) -> bytes:
    data = path.read_bytes()
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        return gzip.decompress(data)
    except EOFError:
        raise CorruptPage("truncated gzip data (the file ends mid-stream)") from None
    except (gzip.BadGzipFile, zlib.error) as error:
        raise CorruptPage(f"corrupt gzip data ({error})") from None


def usable_encoding(label: str) -> bool:
    """Whether ``label`` names a codec that decodes bytes to text (not rot13, not undefined)."""
    name = normalize_encoding(label)
    if name is None or not codecs.lookup(name)._is_text_encoding:
        return False
    try:
        b"<html>".decode(name)
    except (UnicodeError, LookupError):  # the "undefined" codec refuses everything
        return False
    return True


def print_article(article: Article, out: IO[str]) -> None:
    for label, value in (
        ("title", article.title),
        ("method", article.method),
        ("publish_time", article.publish_time),
        ("modified_time", article.modified_time),
        ("author", article.author),
        ("editors", article.editor),
        ("source", article.source),
        ("lang", article.lang),
        ("url", article.url),
    ):
        if value:
            print(f"{label}: {value}", file=out)
    if article.images:
        print(f"images: {len(article.images)}", file=out)
        for image in article.images:
            print(f"  {image}", file=out)
    print(file=out)
    print(article.content, file=out)


def explain(doc: Any, name: str, result: Article | Rejection, out: IO[str]) -> None:
    """Print how the title and the content were chosen (to ``out``, before the article)."""
    print("== title", file=out)
    hint = None
    if isinstance(result, Article):
        hint = (result.diagnostics.get("tcdt") or {}).get("title", {}).get("text")
    choice = rank_titles(doc, hint)
    print(f"chosen: {choice.text!r} from {choice.source}", file=out)
    print(f"why: {choice.reason}", file=out)
    if doc.anchor_text:
        print(f"anchor text: {doc.anchor_text!r}", file=out)
    for text, source, score in choice.ranked:
        print(f"  {score:6.2f}  {source:14} {text[:80]!r}", file=out)
    if name == "tcdt":
        explain_tcdt(doc, out)
    elif isinstance(result, Article):
        print(f"== {name} diagnostics", file=out)
        print(json.dumps(result.diagnostics, ensure_ascii=False, indent=2, default=str), file=out)
    print("== article", file=out)


def explain_tcdt(doc: Any, out: IO[str]) -> None:
    from newscrawl.extraction.extractors.tcdt.extractor import analyse, node_path

    analysis = analyse(doc)
    if analysis is None:
        print("== tcdt: page has no <body>", file=out)
        return
    title, tree = analysis.title, analysis.tree
    print("== tcdt title node T", file=out)
    where = node_path(tree, title.pos)
    print(
        f"T: <{title.tag}> pos={title.pos} ({where}) C_T={title.cjk} text={title.text!r}", file=out
    )
    print(f"decided by: {title.reason}", file=out)
    if title.low_confidence:
        print("low confidence: no title candidate passed conditions 1-2", file=out)
    if not analysis.chinese:
        print("not applicable: no Chinese characters in any title candidate -> density", file=out)
    print(
        f"== tcdt content groups (N={len(tree)} nodes; W = α(d)·(C−L)/C_T; top by W, * = selected)",
        file=out,
    )
    print(
        f"  {'W':>8} {'members':>7} {'pos':>6} {'d':>6} {'α':>6} {'C':>6} {'L':>6}  path", file=out
    )
    for group in analysis.ranked_groups()[:EXPLAIN_GROUPS]:
        first = group.members[0]
        mark = "*" if group is analysis.selected else " "
        preview = text_content(tree.nodes[first.pos]).strip()[:EXPLAIN_PREVIEW_CHARS]
        print(
            f"{mark} {group.weight:8.2f} {len(group.members):7d} {first.pos:6d} "
            f"{first.d:6d} {first.alpha:6.3f} {sum(b.cjk for b in group.members):6d} "
            f"{sum(b.link_cjk for b in group.members):6d}  "
            f"{node_path(tree, first.pos)}  {' '.join(preview.split())!r}",
            file=out,
        )
        if len(group.members) > 1:
            weights = ", ".join(f"{b.pos}:{b.weight:.2f}" for b in group.members[:12])
            more = " …" if len(group.members) > 12 else ""
            print(f"{'':12}merged (pos:W): {weights}{more}", file=out)
    if analysis.selected is None:
        print("no group reaches W >= min_weight -> density fallback", file=out)
