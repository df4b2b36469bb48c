"""TCDT's indexed body tree: preorder positions, depths and per-node counts in one pass.

Spec A.5/A.8: every element of ``<body>`` gets its preorder index ``pos`` (body = 0) and
depth. ``C`` (Chinese characters under the node), ``L`` (those inside links) and whether the
subtree references another resource (A.4 condition 1) are summed bottom-up in one reverse
sweep over the preorder list, O(n), instead of calling ``text_content()`` per node.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml.html import HtmlElement

from newscrawl.extraction.dom import iter_with_depth
from newscrawl.extraction.metadata.title import is_self_link
from newscrawl.extraction.metadata.title_text import cjk_count


@dataclass(slots=True)
class IndexedTree:
    """Parallel arrays over the body's elements in preorder (index = ``pos``)."""

    nodes: list[HtmlElement]
    tags: list[str]
    depth: list[int]
    parent: list[int]  # -1 for the body
    cjk: list[int]  # C(v)
    link_cjk: list[int]  # L(v)
    has_reference: list[bool]  # subtree has a non-self href, any src, or a <link>

    def __len__(self) -> int:
        return len(self.nodes)

    def children(self) -> list[list[int]]:
        """Child positions of every node, in document order."""
        kids: list[list[int]] = [[] for _ in self.nodes]
        for pos, parent in enumerate(self.parent):
            if parent >= 0:
                kids[parent].append(pos)
        return kids


def index_tree(body: HtmlElement, page_url: str | None = None) -> IndexedTree:
    """Index ``body`` (read only: the shared Document tree is never modified)."""
    nodes: list[HtmlElement] = []
    tags: list[str] = []
    depths: list[int] = []
    parents: list[int] = []
    direct: list[int] = []
    reference: list[bool] = []
    open_at_depth: list[int] = []  # position of the latest node at each depth
    for el, depth in iter_with_depth(body):
        pos = len(nodes)
        del open_at_depth[depth:]
        parent = open_at_depth[-1] if open_at_depth else -1
        open_at_depth.append(pos)
        tag = el.tag if isinstance(el.tag, str) else ""
        nodes.append(el)
        tags.append(tag)
        depths.append(depth)
        parents.append(parent)
        direct.append(cjk_count(el.text or ""))
        if parent >= 0 and el.tail:
            direct[parent] += cjk_count(el.tail)  # a child's tail is its parent's text
        reference.append(_references_other(el, tag, page_url))
    cjk = direct
    link_cjk = [0] * len(nodes)
    for pos in range(len(nodes) - 1, -1, -1):  # children before parents
        if tags[pos] == "a":
            link_cjk[pos] = cjk[pos]
        parent = parents[pos]
        if parent >= 0:
            cjk[parent] += cjk[pos]
            link_cjk[parent] += link_cjk[pos]
            reference[parent] = reference[parent] or reference[pos]
    return IndexedTree(nodes, tags, depths, parents, cjk, link_cjk, reference)


def _references_other(el: HtmlElement, tag: str, page_url: str | None) -> bool:
    """Spec A.4 condition 1 for one element: a ``src``, a ``<link>``, or a non-self ``href``."""
    if tag == "link" or el.get("src") is not None:
        return True
    href = el.get("href")
    return href is not None and not is_self_link(href, page_url)
