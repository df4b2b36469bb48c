"""The line clean-up of the winner's text (:func:`clean_lines`): repeated paragraphs and
short boilerplate lines (ICP numbers, copyright, pagination) go; a line of one of the page's
plain table cells may repeat (:func:`table_cell_lines`)."""

from __future__ import annotations

from collections.abc import Callable

from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import BLOCK_TAGS, paragraph_text
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions


def clean_lines(
    text: str,
    options: AutoOptions = DEFAULT_OPTIONS,
    doc: Document | None = None,
    runs_only: Callable[[], bool] | None = None,
) -> str:
    """Drop repeated paragraphs and short boilerplate lines.

    The title line is kept: labelled bodies often start with it, and dropping it cost
    0.002 F1 on cwced_zh. With ``doc`` and ``options.repeat_table_cells``, a line that is
    the text of one of the page's table cells may repeat: a table's cells do. When
    ``runs_only`` answers yes (asked only if a line repeats: most texts have none), a repeat
    goes only when a neighbouring line is a repeat too: a copied block goes, a caption
    repeated between distinct lines stays.
    """
    lines = [(line, key) for line in text.split("\n") if (key := line_key(line))]
    seen: set[str] = set()
    cells: frozenset[str] | None = None
    repeats = [False] * len(lines)
    for index, (_, key) in enumerate(lines):
        if len(key) >= options.min_dedup_line and key in seen:
            if doc is not None and options.repeat_table_cells:
                if cells is None:  # read once, on the first repeat: most pages have none
                    cells = table_cell_lines(doc)
                repeats[index] = key not in cells
            else:
                repeats[index] = True
        seen.add(key)
    in_runs = runs_only is not None and any(repeats) and runs_only()
    kept = []
    for index, (line, key) in enumerate(lines):
        if repeats[index] and (
            not in_runs
            or (index > 0 and repeats[index - 1])
            or (index + 1 < len(lines) and repeats[index + 1])
        ):
            continue
        if len(key) <= options.max_boilerplate_line and options.boilerplate_line.search(line):
            continue
        kept.append(line)
    return "\n".join(kept)


def line_key(line: str) -> str:
    """What two lines must share to be the same line: their text without spaces, lower-cased."""
    return "".join(line.split()).lower()


# A cell holding one of these (a paragraph aside) is a layout cell.
_LAYOUT_IN_CELL = BLOCK_TAGS - {"p"}


def table_cell_lines(doc: Document) -> frozenset[str]:
    """The keys (:func:`line_key`) of the lines of the page's plain table cells (text,
    inline markup and paragraphs). A cell holding blocks, forms or widgets is layout (a forum's
    post list, a catalogue's grid laid out in a table), whose repeats are its furniture."""
    body = doc.body
    if body is None:
        return frozenset()
    return frozenset(
        key
        for cell in body.iter("td", "th")
        if not any(el.tag in _LAYOUT_IN_CELL for el in cell.iterdescendants())
        for line in paragraph_text(cell).split("\n")
        if (key := line_key(line))
    )
