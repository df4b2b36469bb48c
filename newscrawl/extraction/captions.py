"""Drop the lines a chosen region took from its figures' captions.

A caption (``<figcaption>``) describes a picture, a chart or a video: who is in it, who
took it, what it shows. Inside an article region every method keeps it as a line, and most
labelled article texts leave it out (on the wcxb_dev articles ten times as many caption
words are outside the labels as inside them). A line of the finished text is the caption's
when its words stand in the page's ``<figcaption>`` elements and the rest of the page does
not hold them as often; such lines are dropped. When they would be more than
``max_drop_share`` of the text, the page is its pictures (a gallery whose captions are the
story) and the text is kept whole.
"""

from __future__ import annotations

from newscrawl.extraction.document import Document, source_markers
from newscrawl.extraction.held_lines import drop_held_lines, more_often_elsewhere

MAX_DROP_SHARE = 0.5
MIN_LINE_CHARS = 10


source_markers("<figcaption")


def drop_caption_lines(
    text: str,
    doc: Document,
    max_drop_share: float = MAX_DROP_SHARE,
    min_line_chars: int = MIN_LINE_CHARS,
) -> str:
    """``text`` without the lines whose words only the page's figure captions hold."""
    if not doc.holds("<figcaption"):  # an HTML5 element, written in lower case
        return text
    captions = list(doc.root.iter("figcaption"))
    return drop_held_lines(
        text, captions, more_often_elsewhere(doc.root), max_drop_share, min_line_chars
    )
