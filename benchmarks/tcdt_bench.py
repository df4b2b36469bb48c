"""TCDT and title-chooser benchmarks (numbers in docs/benchmarks/tcdt.md).

    python benchmarks/tcdt_bench.py titles [--limit N] [--peers]
    python benchmarks/tcdt_bench.py body [--methods tcdt,density]
    python benchmarks/tcdt_bench.py speed [--methods tcdt,density] [--repeat 3]

``titles``: exact match of the chosen title on wcxb_dev article pages, without anchor text and
with a deterministic title variant (exact / truncated / prefixed / site-suffixed) as anchor.
``body``: bag-of-tokens F1 of the content against ``text`` on cwced_zh. ``speed``: pages/s on
cwced_zh + gne_unlabeled, HTML parsing included, one process.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
import time
from collections import Counter
from pathlib import Path

from newscrawl.extraction.core import extract, extract_document
from newscrawl.extraction.document import load_document
from newscrawl.extraction.metadata.title_text import tokens
from newscrawl.extraction.types import Article

DATASETS = Path(__file__).resolve().parents[1] / ".." / "shared" / "datasets"
PREFIXES = ("[视频]", "图文：", "Video: ", "[Photos] ")
SUFFIXES = (" - Example News", " | 新闻中心", "_网易新闻")


def load_rows(name: str) -> list[dict]:
    path = DATASETS / name / "pages.jsonl"
    lines = path.read_text(encoding="utf-8").split("\n")  # not splitlines(): U+2028 in text
    return [json.loads(line) for line in lines if line.strip()]


def page_bytes(name: str, row: dict) -> bytes:
    return gzip.decompress((DATASETS / name / row["html_path"]).read_bytes())


def title_variant(row: dict) -> str:
    """Deterministic anchor for a page: exact, truncated, prefixed or site-suffixed title."""
    title = row["title"]
    pick = int(hashlib.sha1(row["id"].encode()).hexdigest(), 16)
    kind = pick % 4
    if kind == 1:
        words = title.split()
        if len(words) > 3:
            return " ".join(words[: max(2, len(words) * 3 // 5)]) + "…"
        return title[: max(4, len(title) * 3 // 5)] + "..."
    if kind == 2:
        return PREFIXES[pick // 4 % len(PREFIXES)] + title
    if kind == 3:
        return title + SUFFIXES[pick // 4 % len(SUFFIXES)]
    return title


def bag_f1(predicted: str, truth: str) -> float:
    got, want = Counter(tokens(predicted)), Counter(tokens(truth))
    overlap = sum((got & want).values())
    if not overlap:
        return 0.0
    precision, recall = overlap / sum(got.values()), overlap / sum(want.values())
    return 2 * precision * recall / (precision + recall)


def run_titles(args: argparse.Namespace) -> None:
    rows = [r for r in load_rows("wcxb_dev") if r["page_type"] == "article" and r["title"]]
    rows = rows[: args.limit] if args.limit else rows
    hits: Counter[str] = Counter()
    for row in rows:
        html = page_bytes("wcxb_dev", row)
        want = tokens(row["title"])
        for mode, anchor in (("no-anchor", None), ("title-variants", title_variant(row))):
            doc = load_document(html, url=row["url"], anchor_text=anchor)
            from newscrawl.extraction.metadata.title import choose_title
            got = choose_title(doc)
            hits[mode] += tokens(got) == want
            if args.verbose and tokens(got) != want:
                print(f"{mode:15} {row['id']}: want {row['title']!r} got {got!r} anchor {anchor!r}")
        if args.peers:
            hits["gne"] += tokens(_gne_title(html)) == want
            hits["trafilatura"] += tokens(_trafilatura_title(html, row["url"])) == want
    print(f"wcxb_dev article pages: {len(rows)}")
    for mode, count in hits.items():
        print(f"title exact-match {mode:15} {count / len(rows):.3f} ({count}/{len(rows)})")


def _gne_title(html: bytes) -> str:
    from gne import GeneralNewsExtractor

    try:
        return GeneralNewsExtractor().extract(html.decode("utf-8", "replace"))["title"] or ""
    except Exception:  # noqa: BLE001 - a peer crashing on a page counts as a miss
        return ""


def _trafilatura_title(html: bytes, url: str | None) -> str:
    import trafilatura

    meta = trafilatura.extract_metadata(html.decode("utf-8", "replace"), default_url=url)
    return (meta.title if meta else "") or ""


def run_body(args: argparse.Namespace) -> None:
    rows = load_rows("cwced_zh")
    for method in args.methods.split(","):
        scores, methods = [], Counter()
        for row in rows:
            result = extract(page_bytes("cwced_zh", row), method=method)
            text = result.content if isinstance(result, Article) else ""
            scores.append(bag_f1(text, row["text"]))
            methods[result.method if isinstance(result, Article) else "rejected"] += 1
            if args.verbose:
                print(f"{method} {row['id']} f1={scores[-1]:.3f}")
        print(f"cwced_zh {method:10} mean F1 {sum(scores) / len(scores):.3f} over {len(rows)} "
              f"pages; results by method: {dict(methods)}")


def run_speed(args: argparse.Namespace) -> None:
    pages = [page_bytes(name, row) for name in ("cwced_zh", "gne_unlabeled")
             for row in load_rows(name)]
    docs_html = pages
    for method in args.methods.split(","):
        best = 0.0
        for _ in range(args.repeat):
            started = time.perf_counter()
            for html in docs_html:
                extract(html, method=method)
            best = max(best, len(docs_html) / (time.perf_counter() - started))
        print(f"{method:10} {best:6.1f} pages/s ({len(docs_html)} pages, best of {args.repeat})")
    # Method cost alone, parsing excluded (same Documents for every method).
    docs = [load_document(html) for html in docs_html]
    for method in args.methods.split(","):
        started = time.perf_counter()
        for doc in docs:
            extract_document(doc, method)
        print(f"{method:10} {len(docs) / (time.perf_counter() - started):6.1f} pages/s "
              f"excluding parsing")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    titles = sub.add_parser("titles")
    titles.add_argument("--limit", type=int, default=0)
    titles.add_argument("--peers", action="store_true", help="also score GNE and trafilatura")
    titles.add_argument("-v", "--verbose", action="store_true")
    body = sub.add_parser("body")
    body.add_argument("--methods", default="tcdt")
    body.add_argument("-v", "--verbose", action="store_true")
    speed = sub.add_parser("speed")
    speed.add_argument("--methods", default="tcdt,density")
    speed.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    {"titles": run_titles, "body": run_body, "speed": run_speed}[args.what](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
