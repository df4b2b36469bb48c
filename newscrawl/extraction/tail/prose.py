"""Where the article's prose is in a region: its prose container and last long paragraph
(:func:`prose_container`), and the share of the region's characters it holds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import text_content
from newscrawl.extraction.tail.options import DEFAULT_OPTIONS, TailOptions
from newscrawl.extraction.tail.paragraphs import article_paragraph_length


@dataclass(frozen=True, slots=True)
class Prose:
    """Where the article's prose is in a region."""

    container: Element
    last: Element  # its last long paragraph
    chars: int  # characters of the region's long paragraphs
    # The comment heading the prose ended at (``prose_container``'s ``stops``), if any.
    ended_by: Element | None = None


def prose_container(
    region: Element,
    long_paragraph: int,
    share: float,
    skip: Callable[[Element], bool] | None = None,
    ends: Callable[[Element], bool] | None = None,
    stops: Sequence[Element] = (),
) -> Prose | None:
    """The deepest element holding ``share`` of the region's long-paragraph characters, and
    the last long ``<p>`` inside it; None when the region has no long paragraph.

    Deepest rather than the one with most ``<p>`` children: articles split over sibling
    sections or wrappers are held together by their parent, and a related-post list's
    excerpts are a small share of the prose. With ``skip``, a paragraph inside an element
    below the region that ``skip`` marks is not the article's (another article's teaser in a
    recommendation box), so it neither moves the container nor ends the prose. With ``ends``,
    a paragraph inside an element ``ends`` marks (a run of dated posts) is not the article's
    either, and once the article's prose has begun it ends there: an article does not resume
    after its comment thread (the reply form's notices that follow are not the article's).
    An element of ``stops`` (a comment section's heading) after the article's first long
    paragraph ends the prose there."""
    held: dict[Element, int] = {}
    depth: dict[Element, int] = {}
    paragraphs: list[Element] = []
    total = 0
    marked: dict[Element, bool] = {region: False}  # an element or an ancestor below is skipped
    ending: dict[Element, bool] = {region: False}  # the same for ``ends``
    ended_by = None
    stop_set = set(stops)  # the proxies stay alive in ``stops``
    for paragraph in region.iter("p", *{el.tag for el in stops}):
        if paragraph in stop_set:
            if paragraphs:
                ended_by = paragraph
                break
            continue
        if paragraph.tag != "p":
            continue
        length = article_paragraph_length(paragraph, long_paragraph)
        if not length:
            continue
        chain: list[Element] = []  # the paragraph's ancestors up to the region, nearest first
        if paragraph is not region:  # a region that is one <p> has no ancestors inside it
            for el in paragraph.iterancestors():
                chain.append(el)
                if el is region:
                    break
            if skip is not None and (_under_marked(chain, skip, marked) or skip(paragraph)):
                continue
            if ends is not None and _under_marked(chain, ends, ending):
                if paragraphs:
                    break
                continue
        paragraphs.append(paragraph)
        total += length
        for index, el in enumerate(chain):
            held[el] = held.get(el, 0) + length
            depth.setdefault(el, len(chain) - index)
    if not paragraphs:
        return None
    holding = [el for el, chars in held.items() if chars >= share * total]
    container = max(holding, key=depth.__getitem__, default=region)
    inside = {container, *container.iterdescendants("p")}
    last = next(p for p in reversed(paragraphs) if p in inside)
    return Prose(container, last, total, ended_by)


def _under_marked(
    chain: list[Element], skip: Callable[[Element], bool], marked: dict[Element, bool]
) -> bool:
    """Whether an element of ``chain`` (a paragraph's ancestors, nearest first, ending at the
    region) below the region is marked by ``skip``; ``marked`` remembers each answer per
    element, so a paragraph's neighbours reuse it and ``skip`` runs once per element."""
    index = 0
    while chain[index] not in marked:
        index += 1
    value = marked[chain[index]]
    for el in reversed(chain[:index]):
        value = value or skip(el)
        marked[el] = value
    return value


def is_prose(region: Element, prose: Prose, share: float, outside: Sequence[Element] = ()) -> bool:
    """Whether the long paragraphs hold ``share`` of the region's characters (those of the
    ``outside`` subtrees left out)."""
    chars = non_space_chars(region) - sum(non_space_chars(el) for el in outside)
    return prose.chars >= share * chars


def prose_share(region: Element, options: TailOptions = DEFAULT_OPTIONS) -> float:
    """The share of ``region``'s characters (spaces excluded) its article paragraphs hold:
    :func:`prose_container` with the tail cut's paragraph length and container share, but
    without its exclusions (paragraphs in named boxes or dated posts count here); 0 without
    a long paragraph."""
    return share_of(
        region, prose_container(region, options.long_paragraph, options.container_share)
    )


def share_of(region: Element, prose: Prose | None) -> float:
    """The share of ``region``'s characters (spaces excluded) that ``prose``, its prose
    container as :func:`prose_container` found it, holds in long paragraphs; 0 without one."""
    chars = non_space_chars(region)
    return prose.chars / chars if prose is not None and chars else 0.0


def non_space_chars(el: Element) -> int:
    """The characters of ``el``'s text without its spaces: what the prose shares (here, and
    of the dropped subtrees' text in :mod:`.dropped`) are measured in."""
    text = text_content(el)
    return len(text) - text.count(" ")
