"""Images ``auto`` stops reporting when its image span ends at the last text it kept.

For each page where ``auto``'s finishing stages dropped lines, the images of the winner's
span as it was and as ended at the last kept text node (:mod:`newscrawl.extraction.
kept_images`) are compared: pages whose images changed, images dropped, and for a sample of
pages the dropped images' file names and alt texts, to read whether they were the article's
or the cut teasers', boxes' and comments'. No set here labels images: this is the reading,
not a score.

    python3 benchmarks/kept_images.py PAGES.jsonl [PAGES.jsonl ...] [--show 30]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from newscrawl.evaluation.dataset import load_pages
from newscrawl.extraction import Article, dom, extract
from newscrawl.extraction.extractors.auto import images
from newscrawl.extraction.kept_images import span_to_last_kept_text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="+", type=Path)
    parser.add_argument("--show", type=int, default=30, help="pages listed with what went")
    args = parser.parse_args(argv)
    seen: list[tuple[Any, Any]] = []

    def recording(span: Any, text: str) -> Any:
        ended = span_to_last_kept_text(span, text)
        seen.append((span, ended))
        return ended

    # Set where kept_image_span looks it up: a name set on the auto package reaches no code.
    images.span_to_last_kept_text = recording  # type: ignore[attr-defined]
    try:
        report(args.pages, args.show, seen)
    finally:
        images.span_to_last_kept_text = span_to_last_kept_text  # type: ignore[attr-defined]
    return 0


def report(paths: list[Path], show: int, seen: list[tuple[Any, Any]]) -> None:
    """Each set's pages with dropped lines, and the images their ended spans lost."""
    for path in paths:
        rewritten = changed = before = after = 0
        shown: list[str] = []
        for page in load_pages(path):
            seen.clear()
            article = extract(page.read_html(), url=page.url, method="auto")
            if not isinstance(article, Article) or not seen:
                continue
            rewritten += 1
            span, ended = seen[0]
            was = dom.images_between(*span)
            now = dom.images_between(*ended) if ended is not None else []
            before += len(was)
            after += len(now)
            if len(now) == len(was):
                continue
            changed += 1
            if len(shown) < show:
                gone = [img for img in was if img not in now]
                names = "; ".join(
                    f"{(img.get('src') or '').rsplit('/', 1)[-1][:40]} "
                    f"alt={(img.get('alt') or '')[:40]!r}"
                    for img in gone[:4]
                )
                shown.append(f"  {page.id} {page.url}\n    -{len(gone)}: {names}")
        print(
            f"{path}: {rewritten} pages with lines dropped; images changed on {changed}; "
            f"span images {before} -> {after}"
        )
        print("\n".join(shown))


if __name__ == "__main__":
    sys.exit(main())
