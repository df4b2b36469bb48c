"""Tag sets shared by the DOM stages and the extraction methods: junk, blocks, headings,
code and images."""

from __future__ import annotations

# Removed with their content (their tail text is kept: it belongs to the parent).
JUNK_TAGS = frozenset(
    {
        "script",
        "style",
        "noscript",
        "template",
        "iframe",
        "object",
        "embed",
        "svg",
        "canvas",
        "select",
        "textarea",
        "button",
        "input",
        "form_meta",
    }
)
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Elements that start a new paragraph when turned into text: these and the headings.
BLOCK_TAGS = HEADING_TAGS | frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "center",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "header",
        "hr",
        "html",
        "legend",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
    }
)
# Elements that show code as written: a template or JSON inside them is an example, not page
# machinery (hidden_copies, placeholders).
CODE_TAGS = ("pre", "code", "samp", "kbd")
# Elements that show a picture: ``<img>``, and AMP pages' ``<amp-img>`` (an AMP page has no
# other; the crawl may store an article from its AMP copy).
IMAGE_TAGS = ("img", "amp-img")
