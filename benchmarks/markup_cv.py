"""Which markup the density method reads: a site-grouped CV sweep on pages as served and altered.

Every labelled page of wcxb_dev (each page type its own set), cwced_zh and gne_zh is run
through ``auto`` twice, as served and altered (``benchmarks/anonymised_names.py``), under each
variant of a grid:

* ``content-tags`` (pages renamed: class and id words replaced by meaningless hashes, as on a
  generated stylesheet or an unseen template): :attr:`DensityOptions.content_tags`, none
  first, ``<article>``, ``<article>`` and ``<main>``, counted only on pages where no class/id
  word names content, or on every page;
* ``paragraph-tags`` (pages whose ``<p>`` are ``<div>``, as on templates that give each
  paragraph a ``<div>``): :attr:`DensityOptions.paragraph_tags`, none first, then sets of
  block tags whose own text line counts as a paragraph;
* ``dated-posts`` (pages renamed): :attr:`TailOptions.dated_posts`, the tail's comment
  threads and post lists told by structure (runs of dated same-shape blocks), off first;
* ``merge-siblings`` (pages renamed): :attr:`DensityOptions.merge_siblings`, an article
  split over sibling containers taken whole, the winner alone first.

One variant is chosen by ``crossval.select`` over both versions of every
page, among the variants that lower no set (served and renamed sets apart) on the tuning
folds; both versions of a page share its site's fold. Printed: the choice's in-sample and
cross-validated figure per set (then unguarded, then for the wcxb_dev articles alone), and
every variant's in-sample F1 per set.

    python3 benchmarks/markup_cv.py [--data DIR] [--folds 5]
        [--grid content-tags|paragraph-tags|dated-posts|merge-siblings]

``--data`` holds ``wcxb_dev/``, ``cwced_zh/`` and ``gne_zh/`` (default: the repository's
``datasets/``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.anonymised_names import anonymise, paragraphs_as_divs
from benchmarks.vote_cv import (
    ARTICLES,
    Scored,
    f1_by_variant,
    labelled_pages,
    report,
    variant_table,
)
from newscrawl.evaluation.crossval import (
    page_site,
)
from newscrawl.evaluation.metric import tokenize
from newscrawl.extraction import Article, extract
from newscrawl.extraction.decode import decode_html
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.extractors.auto_options import AutoOptions

REPO = Path(__file__).resolve().parent.parent
ALTERED = "altered "


def with_density(**changes: object) -> AutoOptions:
    """``auto`` with its density options changed, for the vote and for TCDT's fallback to
    density alike."""
    density = replace(DEFAULT_AUTO.density, **changes)  # type: ignore[arg-type]
    return replace(DEFAULT_AUTO, density=density, tcdt=replace(DEFAULT_AUTO.tcdt, density=density))


def content_tag_variants() -> dict[str, AutoOptions]:
    """No content tags first, then each tag set on unnamed pages only and on every page."""
    found = {"none": with_density(content_tags=frozenset())}
    for label, tags in (("article", ("article",)), ("article+main", ("article", "main"))):
        for unnamed_only in (True, False):
            where = "unnamed pages" if unnamed_only else "every page"
            found[f"{label}, {where}"] = with_density(
                content_tags=frozenset(tags), content_tags_when_unnamed=unnamed_only
            )
    return found


def paragraph_tag_variants() -> dict[str, AutoOptions]:
    """No paragraph tags first, then sets of block tags, on every page and on pages without
    a <p> only."""
    found = {"none": with_density(paragraph_tags=frozenset())}
    for tags in (
        ("div",),
        ("div", "td"),
        ("div", "section", "article", "td", "dd", "blockquote"),
    ):
        for without_p in (False, True):
            name = "+".join(tags) + (", pages without <p>" if without_p else "")
            found[name] = with_density(
                paragraph_tags=frozenset(tags), paragraph_tags_without_p=without_p
            )
    return found


def with_tail(**changes: object) -> AutoOptions:
    """``auto`` with its tail options changed."""
    return replace(DEFAULT_AUTO, tail=replace(DEFAULT_AUTO.tail, **changes))  # type: ignore[arg-type]


def dated_post_variants() -> dict[str, AutoOptions]:
    """No dated-post rule first, then runs of 3 or 4 posts, each holding a link or not, the
    cut cap counting comment threads or not, around prose of 50 % or 70 % of the rest."""
    found = {"none": with_tail(dated_posts=None)}
    for repeats, linked, capped, share in (
        (3, True, True, 0.5),
        (3, True, False, 0.5),
        (3, True, False, 0.7),
        (3, False, False, 0.5),
        (4, True, False, 0.5),
    ):
        name = (
            f"{repeats} posts"
            + (", linked" if linked else "")
            + (", capped" if capped else "")
            + f", prose {share}"
        )
        found[name] = with_tail(
            dated_posts=repeats,
            dated_posts_linked=linked,
            dated_posts_capped=capped,
            dated_posts_prose_share=share,
        )
    return found


def merge_sibling_variants() -> dict[str, AutoOptions]:
    """Density's winner alone first, then with its article-like siblings merged
    (:attr:`DensityOptions.merge_siblings`: a sibling with at least ``merge_min_chars``
    characters outside links and at most ``merge_max_link_density`` of them in links)."""
    found = {"winner alone": with_density(merge_siblings=False)}
    for min_chars, link_density in ((20, 0.3), (100, 0.3), (100, 0.1), (300, 0.1)):
        found[f"merged, {min_chars} chars, links {link_density}"] = with_density(
            merge_siblings=True, merge_min_chars=min_chars, merge_max_link_density=link_density
        )
    return found


# grid name: (variants, the perturbation the altered pages get, the report's label)
GRIDS: dict[str, tuple[Callable[[], dict[str, AutoOptions]], Callable[[str], str], str]] = {
    "content-tags": (content_tag_variants, anonymise, "content tags"),
    "paragraph-tags": (paragraph_tag_variants, paragraphs_as_divs, "paragraph tags"),
    "dated-posts": (dated_post_variants, anonymise, "dated posts"),
    "merge-siblings": (merge_sibling_variants, anonymise, "sibling merge"),
}


def text_of(html: bytes, url: str | None, options: AutoOptions) -> str:
    result = extract(html, url=url, method="auto", options=options)
    return result.content if isinstance(result, Article) else ""


def score(
    data: Path, options: dict[str, AutoOptions], alter: Callable[[str], str] = anonymise
) -> list[Scored]:
    """Both versions of every labelled page (as served, altered by ``alter``) scored under
    each variant."""
    scored = []
    for name, page in labelled_pages(data):
        truth = tokenize(page.text or "")
        served = page.read_html()
        altered = alter(decode_html(served)[0]).encode("utf-8")
        for prefix, html in (("", served), (ALTERED, altered)):
            texts = ((n, text_of(html, page.url, o)) for n, o in options.items())
            scored.append(Scored(prefix + name, page_site(page), f1_by_variant(truth, texts)))
    return scored


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "datasets")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--grid", choices=tuple(GRIDS), default="content-tags")
    args = parser.parse_args(argv)
    variants, alter, label = GRIDS[args.grid]
    options = variants()
    pages = score(args.data, options, alter)
    names = list(options)

    def site(page: Scored) -> str:  # a page's two versions share its site's fold
        return page.site

    print("all sets pooled, the choice may lower no set:")
    report(pages, names, args.folds, label, guarded=True, group_of=site)
    print("all sets pooled, unguarded:")
    report(pages, names, args.folds, label, guarded=False, group_of=site)
    print("wcxb_dev articles alone, as served and altered, unguarded:")
    articles = [page for page in pages if page.dataset.endswith(ARTICLES)]
    report(articles, names, args.folds, label, guarded=False, group_of=site)
    variant_table(pages, list(options))
    return 0


if __name__ == "__main__":
    sys.exit(main())
