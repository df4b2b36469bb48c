"""TCDT and title-chooser benchmarks (numbers in docs/benchmarks/tcdt.md).

    python benchmarks/tcdt_bench.py [--data DIR] titles [--limit N] [--peers]
    python benchmarks/tcdt_bench.py body [--methods tcdt,density]
    python benchmarks/tcdt_bench.py speed [--methods tcdt,density] [--repeat 3]
    python benchmarks/tcdt_bench.py labels [--methods tcdt,density] [-v]
    python benchmarks/tcdt_bench.py label-titles [-v]
    python benchmarks/tcdt_bench.py sweep '{"rho": [0.3, 0.5]}'

``titles``: exact match of the chosen title on wcxb_dev article pages, without anchor text and
with a deterministic title variant (exact / truncated / prefixed / site-suffixed) as anchor.
``body``: bag-of-tokens F1 of the content against ``text`` on cwced_zh. ``speed``: pages/s on
cwced_zh + gne_unlabeled, HTML parsing included, one process. ``labels``: the hand-made
checks of tests/data/gne_labels/labels.json (title, must / must-not snippets) per method.
``sweep``: cwced_zh F1 of TCDT for every combination of the given option values.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import hashlib
import itertools
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from newscrawl.evaluation.datasets import add_data_option, pages_file
from newscrawl.extraction.core import extract, extract_document
from newscrawl.extraction.document import Document, load_document
from newscrawl.extraction.metadata.title import choose_title
from newscrawl.extraction.text import tokens
from newscrawl.extraction.types import Article

REPO = Path(__file__).resolve().parents[1]
# The data root (``--data``); None: NEWSCRAWL_DATA, else the repository's datasets/.
DATA_ROOT: str | None = None
LABELS = REPO / "tests" / "data" / "gne_labels" / "labels.json"
PREFIXES = ("[视频]", "图文：", "Video: ", "[Photos] ")
SUFFIXES = (" - Example News", " | 新闻中心", "_网易新闻")


def load_rows(name: str) -> list[dict]:
    path = pages_file(name, DATA_ROOT)
    lines = path.read_text(encoding="utf-8").split("\n")  # not splitlines(): U+2028 in text
    return [json.loads(line) for line in lines if line.strip()]


def page_bytes(name: str, row: dict) -> bytes:
    return gzip.decompress((pages_file(name, DATA_ROOT).parent / row["html_path"]).read_bytes())


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
    got, want = Counter(tokens(predicted, normalize=True)), Counter(tokens(truth, normalize=True))
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
        want = tokens(row["title"], normalize=True)
        for mode, anchor in (("no-anchor", None), ("title-variants", title_variant(row))):
            doc = load_document(html, url=row["url"], anchor_text=anchor)
            got = choose_title(doc)
            hits[mode] += tokens(got, normalize=True) == want
            if args.verbose and tokens(got, normalize=True) != want:
                print(f"{mode:15} {row['id']}: want {row['title']!r} got {got!r} anchor {anchor!r}")
        if args.peers:
            hits["gne"] += tokens(_gne_title(html), normalize=True) == want
            trafilatura_title = _trafilatura_title(html, row["url"])
            hits["trafilatura"] += tokens(trafilatura_title, normalize=True) == want
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
        print(
            f"cwced_zh {method:10} mean F1 {sum(scores) / len(scores):.3f} over {len(rows)} "
            f"pages; results by method: {dict(methods)}"
        )


def run_speed(args: argparse.Namespace) -> None:
    pages = [
        page_bytes(name, row) for name in ("cwced_zh", "gne_unlabeled") for row in load_rows(name)
    ]
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
        print(
            f"{method:10} {len(docs) / (time.perf_counter() - started):6.1f} pages/s "
            f"excluding parsing"
        )


@dataclass(frozen=True)
class LabelScore:
    """Checks passed on one labelled page: title, must-contain and must-not-contain."""

    page_id: str
    title_ok: bool
    contained: int
    must_contain: int
    avoided: int
    must_not_contain: int
    failures: tuple[str, ...]

    @property
    def passed(self) -> int:
        return self.title_ok + self.contained + self.avoided

    @property
    def total(self) -> int:
        return 1 + self.must_contain + self.must_not_contain


def score_labels(
    method: str,
    labels_path: Path = LABELS,
    content_extractor: Callable[[Document], Any] | None = None,
) -> list[LabelScore]:
    """Run ``method`` on every labelled gne page and check its title and snippets."""
    labels = json.loads(labels_path.read_text(encoding="utf-8"))
    rows = {row["id"]: row for row in load_rows(labels["dataset"])}
    scores = []
    for label in labels["pages"]:
        doc = load_document(page_bytes(labels["dataset"], rows[label["id"]]))
        result = extract_document(doc, method, content_extractor)
        title = result.title if isinstance(result, Article) else ""
        body = _squash(result.content if isinstance(result, Article) else "")
        missing = [s for s in label["must_contain"] if _squash(s) not in body]
        leaked = [s for s in label["must_not_contain"] if _squash(s) in body]
        title_ok = tokens(title, normalize=True) == tokens(label["title"], normalize=True)
        failures = (
            ([f"title {title!r}"] if not title_ok else [])
            + [f"missing {s!r}" for s in missing]
            + [f"leaked {s!r}" for s in leaked]
        )
        scores.append(
            LabelScore(
                label["id"],
                title_ok,
                len(label["must_contain"]) - len(missing),
                len(label["must_contain"]),
                len(label["must_not_contain"]) - len(leaked),
                len(label["must_not_contain"]),
                tuple(failures),
            )
        )
    return scores


def _squash(text: str) -> str:
    return "".join(text.split())


def run_labels(args: argparse.Namespace) -> None:
    for method in args.methods.split(","):
        scores = score_labels(method)
        passed, total = sum(s.passed for s in scores), sum(s.total for s in scores)
        titles = sum(s.title_ok for s in scores)
        contained = sum(s.contained for s in scores)
        avoided = sum(s.avoided for s in scores)
        print(
            f"gne labels {method:10} checks {passed}/{total} ({passed / total:.3f}); "
            f"titles {titles}/{len(scores)}; must-contain {contained}/"
            f"{sum(s.must_contain for s in scores)}; must-not-contain avoided {avoided}/"
            f"{sum(s.must_not_contain for s in scores)}"
        )
        if args.verbose:
            for score in scores:
                if score.failures:
                    print(f"   {score.page_id}: {'; '.join(score.failures)}")


def run_label_titles(args: argparse.Namespace) -> None:
    """The title chooser on the labelled Chinese pages, without and with anchor readings."""
    labels = json.loads(LABELS.read_text(encoding="utf-8"))
    rows = {row["id"]: row for row in load_rows(labels["dataset"])}
    hits = total = 0
    for label in labels["pages"]:
        html = page_bytes(labels["dataset"], rows[label["id"]])
        title = label["title"]
        anchors = (
            None,
            title,
            title[: len(title) * 3 // 5] + "…",
            "[视频]" + title,
            "图文：" + title,
            title + "_网易新闻",
        )
        for anchor in anchors:
            got = choose_title(load_document(html, anchor_text=anchor))
            total += 1
            hits += tokens(got, normalize=True) == tokens(title, normalize=True)
            if args.verbose and tokens(got, normalize=True) != tokens(title, normalize=True):
                print(f"   {label['id']} anchor {anchor!r}: got {got!r}")
    print(f"gne labels title exact-match (no anchor + 5 anchor readings): {hits}/{total}")


def run_sweep(args: argparse.Namespace) -> None:
    from newscrawl.extraction.extractors.tcdt.extractor import extract_content
    from newscrawl.extraction.extractors.tcdt.options import DEFAULT_OPTIONS

    grid = json.loads(args.grid)
    rows = load_rows("cwced_zh")
    docs = [(load_document(page_bytes("cwced_zh", row)), row["text"]) for row in rows]
    for combo in itertools.product(*grid.values()):
        options = dataclasses.replace(DEFAULT_OPTIONS, **dict(zip(grid, combo, strict=True)))
        f1 = [
            bag_f1(getattr(extract_content(doc, options), "text", ""), truth) for doc, truth in docs
        ]
        checks = score_labels("tcdt", content_extractor=partial(extract_content, options=options))
        passed, total = sum(s.passed for s in checks), sum(s.total for s in checks)
        print(
            f"{dict(zip(grid, combo, strict=True))}  cwced_zh F1 {sum(f1) / len(f1):.4f}"
            f"  gne label checks {passed}/{total}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_data_option(parser)
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
    labels = sub.add_parser("labels")
    labels.add_argument("--methods", default="tcdt,density")
    labels.add_argument("-v", "--verbose", action="store_true")
    label_titles = sub.add_parser("label-titles")
    label_titles.add_argument("-v", "--verbose", action="store_true")
    sweep = sub.add_parser("sweep")
    sweep.add_argument("grid", help="JSON object: option name -> list of values")
    args = parser.parse_args(argv)
    global DATA_ROOT
    DATA_ROOT = args.data
    commands = {
        "titles": run_titles,
        "body": run_body,
        "speed": run_speed,
        "labels": run_labels,
        "label-titles": run_label_titles,
        "sweep": run_sweep,
    }
    commands[args.what](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
