"""What the spider yields and the pipelines fill in."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, NamedTuple

from newscrawl.extraction import Article

if TYPE_CHECKING:
    from newscrawl.crawl.content_keys import ContentKeys


class CopyOf(NamedTuple):
    """The page carries the article of another URL: ``reason`` is ``duplicate`` or
    ``near_duplicate``; ``replaces`` says this item's URL is the more canonical one."""

    reason: str
    other: str
    replaces: bool


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
    # Set with ``article`` by ExtractPipeline (computed in the extraction worker), read by the
    # other stages: weight, content hash, simhash.
    content_keys: ContentKeys | None = None
    # The URL the page was fetched under when ``url`` was set to the one it declares canonical.
    fetched_url: str | None = None
    declared_canonical: bool = False  # ``url`` is the page's own rel=canonical / og:url
    copy_of: CopyOf | None = None  # set by ValidatePipeline, acted on by StorePipeline
    # The site's zone for times its pages state without one (newscrawl.config.timezones).
    timezone: str | None = None
    # The day the site began (its ``since``): no date of its pages lies before it.
    published_since: date | None = None
    stage: str = ""  # the pipeline stage the item is in: named when that stage raises

    @property
    def keys(self) -> ContentKeys:
        """The article's content keys; an article without them is a pipeline bug."""
        if self.content_keys is None:
            raise ValueError(
                f"{self.url}: article without content keys (ExtractPipeline sets "
                f"them with the article)"
            )
        return self.content_keys

    @property
    def replaces_copy(self) -> bool:
        """This page takes over the row of a copy this crawl already stored: a re-key under a
        more canonical URL, not one more article."""
        return self.copy_of is not None and self.copy_of.replaces
