"""Result types of the extraction library: an :class:`Article` or a typed :class:`Rejection`,
and the :class:`ContentResult` a method hands to the core on the way."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lxml.etree import _Element as Element


class RejectReason(StrEnum):
    """Why a page produced no article; values are stable and used as stats keys."""

    EMPTY_INPUT = "empty_input"
    NOT_HTML = "not_html"
    NO_BODY = "no_body"
    NO_CONTENT = "no_content"
    UNKNOWN_METHOD = "unknown_method"
    EXTRACTOR_ERROR = "extractor_error"


@dataclass(frozen=True, slots=True)
class Rejection:
    """A page that yielded no article. ``reason`` is machine-readable; ``detail`` is for people."""

    reason: RejectReason
    detail: str = ""
    method: str = ""
    url: str | None = None

    def __bool__(self) -> bool:  # lets callers write ``if result:`` for "got an article"
        return False


@dataclass(slots=True)
class ContentResult:
    """What a method found: content nodes (document order) and/or their text.

    ``text`` has one paragraph per line. ``nodes`` may be empty for text-only methods (CX),
    in which case content HTML is built from the text. ``image_span``, when given, is the
    article's first and last element: its images are those from the first to the end of the
    last, instead of those under ``nodes`` (block methods and TCDT know their first and last
    paragraph, and the figures between paragraphs belong to none; ``auto`` keeps its winner's
    span when it rewrites the text). Only the span is kept: the images are looked up once,
    for the result that becomes the Article.
    ``region_nodes`` (``auto``, when its finishing stages changed the winner's lines) are
    the nodes the finished text was taken from: the content HTML keeps their markup for the
    lines ``text`` still holds (:mod:`newscrawl.extraction.kept_html`).
    ``title_hint`` is a title the method itself located (TCDT's title node); the shared title
    chooser weighs it with the others.
    """

    text: str
    nodes: list[Element] = field(default_factory=list)
    title_hint: str | None = None
    diagnostics: dict[str, Any] = field(default_factory=dict)
    method: str = ""
    image_span: tuple[Element, Element] | None = None
    region_nodes: list[Element] = field(default_factory=list)

    @property
    def images_from(self) -> tuple[Element, Element] | None:
        """The span the article's images come from: ``image_span``, else the nodes' span."""
        if self.image_span is not None:
            return self.image_span
        return (self.nodes[0], self.nodes[-1]) if self.nodes else None


@dataclass(slots=True)
class Article:
    """A clean news record.

    ``content`` is plain text with one paragraph per line; ``content_html`` is the sanitised
    content node(s); ``publish_time`` is ISO 8601 with a timezone only when the page states one
    (``modified_time`` likewise, kept apart). ``authors`` lists the writers; ``author`` is
    the same names as one string ("A, B"), the stored form. ``editors`` lists who the page
    credits with editing the story ("责任编辑：甲"), kept apart from the writers, who fall back
    to them only when the page names no writer; ``editor`` is them as one string. ``source``
    is the agency or outlet the story comes from ("来源：新华社"), not a writer.
    """

    title: str
    content: str
    content_html: str = ""
    publish_time: str | None = None
    author: str | None = None
    authors: list[str] = field(default_factory=list)
    editors: list[str] = field(default_factory=list)
    source: str | None = None
    modified_time: str | None = None
    images: list[str] = field(default_factory=list)
    lang: str | None = None
    method: str = ""
    url: str | None = None
    diagnostics: dict[str, Any] = field(default_factory=dict)

    @property
    def editor(self) -> str | None:
        """The editors as one string ("A, B"), the stored form; None when there are none."""
        return ", ".join(self.editors) or None

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "content": self.content,
            "content_html": self.content_html,
            "publish_time": self.publish_time,
            "author": self.author,
            "authors": list(self.authors),
            "editors": list(self.editors),
            "source": self.source,
            "modified_time": self.modified_time,
            "images": list(self.images),
            "lang": self.lang,
            "method": self.method,
            "url": self.url,
        }


ExtractResult = Article | Rejection
