"""The density method as the registry runs it: root, walk, winner, merged siblings, text."""

from __future__ import annotations

import heapq

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS, DensityOptions
from newscrawl.extraction.extractors.text_density.root import content_root
from newscrawl.extraction.extractors.text_density.walk import measure
from newscrawl.extraction.extractors.text_density.winner import best_node, merge_siblings
from newscrawl.extraction.types import ContentResult, Rejection, RejectReason

METHOD = "density"


def extract_content(
    doc: Document, options: DensityOptions = DEFAULT_OPTIONS, *, merge: bool | None = None
) -> ContentResult | Rejection:
    """The density method: the best-scoring element's text, one paragraph per line.

    ``merge`` (default ``options.merge_siblings``) also takes the winner's article-like
    siblings.
    """
    merge = options.merge_siblings if merge is None else merge
    root = content_root(doc, options)
    if root is None:
        return Rejection(RejectReason.NO_BODY, "page has no <body>", METHOD, doc.url)
    features, excluded = measure(root, options)
    winner = best_node(features)
    if winner is None:
        return Rejection(RejectReason.NO_CONTENT, "no element with scoring text", METHOD, doc.url)
    skip = set(excluded)
    nodes = merge_siblings(winner.element, skip, options) if merge else [winner.element]
    text = "\n".join(t for t in (dom.paragraph_text(n, exclude=skip) for n in nodes) if t)
    ranked = heapq.nsmallest(options.diagnostic_top, features, key=lambda f: (-f.score, f.order))
    diagnostics = {
        "density": {
            "root": root.tag,
            "winner": winner.as_dict(options),
            "candidates": [f.as_dict(options) for f in ranked],
            "merged": len(nodes),
            "excluded_noise": len(excluded),
        }
    }
    return ContentResult(text=text, nodes=nodes, diagnostics=diagnostics, method=METHOD)
