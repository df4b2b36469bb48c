"""TCDT's indexed body tree: preorder positions, depths and per-node counts in one pass.

docs/algorithms.md A.4.2: every element of ``<body>`` gets its preorder index ``pos`` (body = 0) and
depth. ``C`` (Chinese characters under the node), ``L`` (those inside links) and whether the
subtree references another resource (A.4.1 condition 1) are summed bottom-up in one reverse
sweep over the preorder list, O(n), instead of calling ``text_content()`` per node.

With noise rules (newscrawl.extraction.noise, from the density method's options: the optional
shared pre-filter of docs/algorithms.md A.4.6: comment sections, share bars, sidebars by
class/id), noise subtrees are left out of the counts used for weights
(``text_cjk``/``text_link_cjk``) unless one holds most of the page's Chinese text.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.extractors.density_options import DensityOptions
from newscrawl.extraction.metadata.title import is_self_link
from newscrawl.extraction.native import walks
from newscrawl.extraction.noise import NOISE_MAX_TEXT_SHARE, max_noise_chars, noise_rules
from newscrawl.extraction.text import cjk_count


@dataclass(slots=True)
class IndexedTree:
    """Parallel arrays over the body's elements in preorder (index = ``pos``)."""

    nodes: list[Element]
    tags: list[str]
    depth: list[int]
    parent: list[int]  # -1 for the body
    cjk: list[int]  # C(v), everything
    link_cjk: list[int]  # L(v), everything
    has_reference: list[bool]  # subtree has a non-self href, any src, or a <link>
    end: list[int]  # position of the last node of the subtree (descendants: pos < p <= end)
    text_cjk: list[int]  # C(v) without noise subtrees (= cjk without a noise predicate)
    text_link_cjk: list[int]  # L(v) without noise subtrees
    noise: list[bool]  # node is, or lies inside, an excluded noise subtree
    noise_roots: list[Element]  # the excluded subtrees' roots

    def __len__(self) -> int:
        return len(self.nodes)

    def contains(self, ancestor: int, pos: int) -> bool:
        """Whether ``pos`` lies in the subtree of ``ancestor`` (or is it)."""
        return ancestor <= pos <= self.end[ancestor]


def index_tree(
    body: Element,
    page_url: str | None = None,
    noise_options: DensityOptions | None = None,
    noise_share: float = NOISE_MAX_TEXT_SHARE,
) -> IndexedTree:
    """Index ``body`` (read only: the shared Document tree is never modified), leaving out
    the subtrees that ``noise_options`` (the density method's noise rules; None: none)
    marks: in C when the extension is built, else :func:`index_in_python` (the reference;
    tests/extraction/test_walks_c.py holds the two equal on every dataset page)."""
    if walks is None:
        return index_in_python(body, page_url, noise_options, noise_share)
    if noise_options is None:
        return IndexedTree(
            *walks.tcdt_index(
                body=body,
                page_url=page_url,
                is_self_link=is_self_link,
                is_noise=None,
                noise_hints=(),
                noise_share=noise_share,
            )
        )
    rules = noise_rules(noise_options)
    # The C walk runs the noise test itself from the rules' data, without calling back.
    return IndexedTree(
        *walks.tcdt_index(
            body=body,
            page_url=page_url,
            is_self_link=is_self_link,
            is_noise=rules.is_noise,
            noise_hints=rules.tags_c,
            noise_share=noise_share,
            **rules.c_inputs(),
        )
    )


def index_in_python(
    body: Element,
    page_url: str | None = None,
    noise_options: DensityOptions | None = None,
    noise_share: float = NOISE_MAX_TEXT_SHARE,
) -> IndexedTree:
    """:func:`index_tree` in Python: the reference the C walk (_walks.c) follows."""
    rules = noise_rules(noise_options) if noise_options is not None else None
    nodes: list[Element] = []
    tags: list[str] = []
    depths: list[int] = []
    parents: list[int] = []
    direct: list[int] = []
    reference: list[bool] = []
    stack: list[int] = []  # positions of the open ancestors
    # iterwalk runs in C; a Python preorder stack costs twice as much on 3,000-node pages.
    for event, el in etree.iterwalk(body, events=("start", "end")):
        tag = el.tag
        if not isinstance(tag, str):
            continue
        if event == "end":
            stack.pop()
            continue
        pos = len(nodes)
        parent = stack[-1] if stack else -1
        nodes.append(el)
        tags.append(tag)
        depths.append(len(stack))
        parents.append(parent)
        stack.append(pos)
        text = el.text
        direct.append(cjk_count(text) if text and not text.isspace() else 0)
        tail = el.tail
        if parent >= 0 and tail and not tail.isspace():
            direct[parent] += cjk_count(tail)  # a child's tail is its parent's text
        reference.append(
            (bool(el.attrib) and _references_other(el, tag, page_url)) or tag == "link"
        )
    n = len(nodes)
    noise_limit = max_noise_chars(sum(direct), noise_share)
    marked = [False] * n
    if rules is not None:
        for pos in range(1, n):
            el = nodes[pos]
            # Noise is decided by tag or attributes; most elements have neither to test.
            if el.attrib or tags[pos] in rules.tags:
                marked[pos] = rules.is_noise(el)
    cjk, text_cjk = list(direct), list(direct)
    link_cjk, text_link = [0] * n, [0] * n
    end = list(range(n))
    excluded = [False] * n
    for pos in range(n - 1, -1, -1):  # children before parents
        if tags[pos] == "a":
            link_cjk[pos], text_link[pos] = cjk[pos], text_cjk[pos]
        excluded[pos] = marked[pos] and cjk[pos] <= noise_limit
        parent = parents[pos]
        if parent >= 0:
            cjk[parent] += cjk[pos]
            link_cjk[parent] += link_cjk[pos]
            if not excluded[pos]:
                text_cjk[parent] += text_cjk[pos]
                text_link[parent] += text_link[pos]
            reference[parent] = reference[parent] or reference[pos]
            end[parent] = max(end[parent], end[pos])
    noise = [False] * n
    for pos in range(n):
        noise[pos] = excluded[pos] or (parents[pos] >= 0 and noise[parents[pos]])
    roots = [nodes[pos] for pos in range(n) if excluded[pos]]
    return IndexedTree(
        nodes,
        tags,
        depths,
        parents,
        cjk,
        link_cjk,
        reference,
        end,
        text_cjk,
        text_link,
        noise,
        roots,
    )


def _references_other(el: Element, tag: str, page_url: str | None) -> bool:
    """A.4.1 condition 1 for one element: a ``src``, a ``<link>``, or a non-self ``href``."""
    if tag == "link" or el.get("src") is not None:
        return True
    href = el.get("href")
    return href is not None and not is_self_link(href, page_url)
