"""Which tags name content for the density method: a site-grouped CV sweep, as served and renamed.

Every labelled page of wcxb_dev (each page type its own set), cwced_zh and gne_zh is run
through ``auto`` twice, as served and with its class and id words renamed to meaningless
hashes (``benchmarks/anonymised_names.py``: a generated stylesheet, an unseen template), under
each variant of :attr:`DensityOptions.content_tags` (none first; ``<article>``;
``<article>`` and ``<main>``), counted only on pages where no class/id word names content, or
on every page. One variant is chosen by ``crossval.select`` over both versions of every
page, among the variants that lower no set (served and renamed sets apart) on the tuning
folds; both versions of a page share its site's fold. Printed: the choice's in-sample and
cross-validated figure per set (then unguarded, then for the wcxb_dev articles alone), and
every variant's in-sample F1 per set.

    python3 benchmarks/content_tags_cv.py [--data DIR] [--folds 5]

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.anonymised_names import anonymise
from benchmarks.vote_cv import ARTICLES, SETS, Scored, f1_by_variant, report, variant_table
from newscrawl.evaluation.crossval import (
    page_site,
)
from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.metric import tokenize
from newscrawl.extraction import Article, extract
from newscrawl.extraction.decode import decode_html
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.extractors.auto_options import AutoOptions

REPO = Path(__file__).resolve().parent.parent
RENAMED = "renamed "


def variants() -> dict[str, AutoOptions]:
    """No content tags first, then each tag set on unnamed pages only and on every page."""
    found: dict[str, AutoOptions] = {}
    for label, tags in (
        ("none", ()),
        ("article", ("article",)),
        ("article+main", ("article", "main")),
    ):
        for unnamed_only in (True, False) if tags else (True,):
            density = replace(
                DEFAULT_AUTO.density,
                content_tags=frozenset(tags),
                content_tags_when_unnamed=unnamed_only,
            )
            name = (
                label
                if not tags
                else f"{label}, {'unnamed pages' if unnamed_only else 'every page'}"
            )
            found[name] = replace(DEFAULT_AUTO, density=density)
    return found


def text_of(html: bytes, url: str | None, options: AutoOptions) -> str:
    result = extract(html, url=url, method="auto", options=options)
    return result.content if isinstance(result, Article) else ""


def score(data: Path, options: dict[str, AutoOptions]) -> list[Scored]:
    """Both versions of every labelled page scored under each variant."""
    scored = []
    for directory, label in SETS:
        for page in load_pages(data / directory / "pages.jsonl"):
            if not page.text:
                continue
            name = f"{label}{page.page_type}" if label.endswith(" ") else label
            truth = tokenize(page.text)
            served = page.read_html()
            renamed = anonymise(decode_html(served)[0]).encode("utf-8")
            for prefix, html in (("", served), (RENAMED, renamed)):
                texts = ((n, text_of(html, page.url, o)) for n, o in options.items())
                scored.append(Scored(prefix + name, page_site(page), f1_by_variant(truth, texts)))
    return scored


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    options = variants()
    pages = score(args.data, options)
    names, label = list(options), "content tags"

    def site(page: Scored) -> str:  # a page's two versions share its site's fold
        return page.site

    print("all sets pooled, the choice may lower no set:")
    report(pages, names, args.folds, label, guarded=True, group_of=site)
    print("all sets pooled, unguarded:")
    report(pages, names, args.folds, label, guarded=False, group_of=site)
    print("wcxb_dev articles alone, as served and renamed, unguarded:")
    articles = [page for page in pages if page.dataset.endswith(ARTICLES)]
    report(articles, names, args.folds, label, guarded=False, group_of=site)
    variant_table(pages, list(options))
    return 0


if __name__ == "__main__":
    sys.exit(main())
