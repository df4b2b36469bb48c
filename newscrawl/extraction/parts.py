"""An article split into sibling containers of one kind: the other parts of the chosen one.

Page builders cut an article into several containers of the same tag and class, side by side
under one parent, with a download box, a product card or an image strip between them
(Webflow's ``rich-text`` blocks around a call to action). A method that scores single regions
picks the largest part and loses the others. The signal is the markup's own: siblings of the
chosen region (or of one of its nearest ancestors) with exactly its tag and ``class``, each
holding prose of its own (most of its text outside links). The boxes between them have
another class and stay out.

It differs from a thread (:mod:`newscrawl.extraction.thread`): two or three parts make an
article, under one parent, and the chosen one is usually most of the text; a thread needs
several posts, anywhere on the page, that together outweigh the chosen one.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml.etree import _Element as Element

from newscrawl.extraction.thread import prose_length


@dataclass(frozen=True, slots=True)
class PartsOptions:
    """When the chosen region's same-class siblings join it (``enabled=False``: never).
    Defaults: the variant the article pages' site-grouped cross-validation chose in 4 of 5
    folds among off and five settings (benchmarks/predictions_cv.py, precision.md)."""

    enabled: bool = True
    # Characters (spaces excluded) a sibling needs to be a part, not a caption or a label.
    min_part_chars: int = 100
    # Share of a part's characters inside links above which it is a link list (an article's
    # table of linked company names holds a third of its part's text).
    max_link_share: float = 0.5
    # Ancestors of the region looked at as the part element (0: the region itself only).
    # 1 also joins the siblings of a layout wrapper (a theme's columns, a page's sections)
    # to an article's body: pooled over every page type it scores as well, on articles worse.
    max_climb: int = 0


DEFAULT_OPTIONS = PartsOptions()


def parts_of(region: Element, options: PartsOptions = DEFAULT_OPTIONS) -> list[Element] | None:
    """The parts of the article ``region`` belongs to, in document order (the region or
    its ancestor among them), or None when it stands alone."""
    if not options.enabled:
        return None
    for el in [region, *region.iterancestors()][: options.max_climb + 1]:
        parent = el.getparent()
        if parent is None or el.tag in ("body", "html"):
            return None
        signature = el.get("class")
        if not signature or not signature.strip():
            continue
        parts = [
            sibling
            for sibling in parent
            if sibling is not el
            and sibling.tag == el.tag
            and sibling.get("class") == signature
            and prose_length(sibling, options.min_part_chars, options.max_link_share)
        ]
        if parts:
            chosen = {el, *parts}  # the proxies stay alive in the set
            return [child for child in parent if child in chosen]
    return None
