"""Images of ``auto`` against density's on the speed benchmark's pages.

Counts the pages where density reports images and ``auto`` none, by ``auto``'s winning
method: ``auto`` should lose no article images by picking a text-only winner or by rewriting
its winner's text.

    python3 benchmarks/auto_images.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from extraction_speed import benchmark_pages

from newscrawl.extraction import Article, extract


def main() -> int:
    winners: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for page in benchmark_pages(60):
        html = page.read_html()
        auto = extract(html, url=page.url, method="auto")
        if not isinstance(auto, Article):
            continue
        winner = str(auto.diagnostics.get("auto_winner"))
        winners[winner] += 1
        density = extract(html, url=page.url, method="density")
        if isinstance(density, Article) and density.images and not auto.images:
            lost[winner] += 1
    print(f"pages by auto's winner: {dict(winners.most_common())}")
    print(
        f"density has images, auto none: {sum(lost.values())} pages, by winner "
        f"{dict(lost.most_common())}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
