"""What the spider yields and the pipelines fill in."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from newscrawl.extraction import Article


@dataclass(slots=True)
class PageItem:
    """A fetched candidate article page.

    The spider fills the crawl facts; ExtractPipeline sets ``article`` or ``rejection`` (a
    RejectReason value or a crawl-side reason such as ``list_page``); ValidatePipeline drops
    rejected ones; StorePipeline writes the rest.
    """

    url: str
    site: str
    body: bytes = field(repr=False)
    encoding: str | None  # HTTP header charset or the site's override; None: let decode detect
    anchor_text: str | None
    method: str
    depth: int
    fetched_at: datetime = field(repr=False)
    anchor_texts: list[str] = field(default_factory=list)
    article: Article | None = field(default=None, repr=False)
    rejection: str | None = None
    rejection_detail: str = ""
    content_hash: str = ""
    simhash: int | None = None  # computed by the extraction worker when near-dedup is on
    content_weight: int | None = None  # text_weight of the content, from the extraction worker
