"""Drop posts embedded from social networks before any method reads a page.

News and blog articles embed posts from social networks with the markup each network
publishes for it: a ``<blockquote class="twitter-tweet">`` holding the post's text, date and
author, which the network's script turns into a card; ``instagram-media``, ``tiktok-embed``,
Reddit's ``reddit-embed-bq``, Bluesky's ``bluesky-embed``, Threads' ``text-post-media``,
Facebook's ``fb-post``. The post is another author's, quoted beside the article ("View this
post on Instagram", "A post shared by ..."), and no reader of the page sees it as the raw
text the markup holds. The class names are the networks' own, the same on every site.
"""

from __future__ import annotations

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import drop_keep_tail
from newscrawl.extraction.native import walks
from newscrawl.extraction.thread import outermost

# The class a network's embed code puts on the element that holds the embedded post.
EMBED_CLASSES = (
    "twitter-tweet",
    "twitter-video",
    "instagram-media",
    "tiktok-embed",
    "reddit-embed-bq",
    "bluesky-embed",
    "text-post-media",
    "fb-post",
)
_EMBED_SET = frozenset(EMBED_CLASSES)
_PARTS = tuple((b"class", name.encode()) for name in EMBED_CLASSES)


def _candidates(root: Element) -> list[Element]:
    """A superset of the embeds: elements whose class holds a name (one walk in C)."""
    if walks is None:
        return [
            el
            for el in root.iter()
            if isinstance(el.tag, str)
            and any(name in el.get("class", "") for name in EMBED_CLASSES)
        ]
    return list(walks.elements_with(root=root, attribute_substrings=_PARTS))


def drop_social_embeds(root: Element) -> int:
    """Remove the outermost embedded social posts under ``root`` (their tails kept); how
    many went."""
    embeds = outermost(
        [el for el in _candidates(root) if not _EMBED_SET.isdisjoint(el.get("class", "").split())]
    )
    for el in embeds:
        drop_keep_tail(el)
    return len(embeds)
