"""Shared DOM stages used by every extraction method: parse, clean, walk, text, sanitise.

Nothing here is specific to one algorithm. Functions never recurse in Python (pages with
100,000 nested elements must not hit the recursion limit) and never mutate a tree they did
not create, except :func:`clean_tree`, which works on the tree it is given by design.

The package re-exports the names other modules use; each lives in one submodule: ``tags``
the tag sets (junk, blocks, headings, code, images), ``parsing`` the parser and what it is
given (:func:`parse_html`, the attribute cap, the document ends, :func:`xml_safe`),
``cleaning`` :func:`clean_tree` and its steps, ``element_text`` the text of elements
(:func:`paragraph_text`, :func:`subtree_lines`, :func:`text_content`), ``tree`` walks and
relations between elements, ``images`` image URLs and the images of a span, ``safe_html``
the sanitised content HTML. Imports: tags, parsing and tree import no other submodule;
cleaning <- parsing, tags; element_text <- tags; images <- parsing, tags, tree; safe_html <-
cleaning, images, parsing, tags.
"""

from __future__ import annotations

from newscrawl.extraction.dom.cleaning import (
    clean_tree,
    drop_keep_tail,
    merge_text_runs,
    merge_text_runs_in_python,
)
from newscrawl.extraction.dom.element_text import (
    link_text_length,
    node_text,
    normalize_space,
    paragraph_text,
    paragraph_text_in_python,
    subtree_lines,
    subtree_lines_in_python,
    text_content,
)
from newscrawl.extraction.dom.images import image_url, image_urls, images_between, resolve_url
from newscrawl.extraction.dom.parsing import (
    MAX_ATTRIBUTES_PER_TAG,
    cap_attributes,
    drop_document_ends,
    parse_html,
    utf8_parser,
    xml_safe,
)
from newscrawl.extraction.dom.safe_html import sanitize, sanitized_html, text_to_html
from newscrawl.extraction.dom.tags import BLOCK_TAGS, CODE_TAGS, HEADING_TAGS, IMAGE_TAGS
from newscrawl.extraction.dom.tree import common_ancestor, is_below, iter_with_depth, sole

__all__ = [
    "BLOCK_TAGS",
    "CODE_TAGS",
    "HEADING_TAGS",
    "IMAGE_TAGS",
    "MAX_ATTRIBUTES_PER_TAG",
    "cap_attributes",
    "clean_tree",
    "common_ancestor",
    "drop_document_ends",
    "drop_keep_tail",
    "image_url",
    "image_urls",
    "images_between",
    "is_below",
    "iter_with_depth",
    "link_text_length",
    "merge_text_runs",
    "merge_text_runs_in_python",
    "node_text",
    "normalize_space",
    "paragraph_text",
    "paragraph_text_in_python",
    "parse_html",
    "resolve_url",
    "sanitize",
    "sanitized_html",
    "sole",
    "subtree_lines",
    "subtree_lines_in_python",
    "text_content",
    "text_to_html",
    "utf8_parser",
    "xml_safe",
]
