"""jusText (Pomikálek 2011) with a Chinese adaptation — docs/algorithms.md A.5.

Stages, each callable on its own: :func:`~newscrawl.extraction.blocks.segment` →
:func:`paragraph_stats` → :func:`classify_context_free` → :func:`revise_classes` →
good paragraphs. Chinese pages count stop words per character (tokens.py) against a Chinese
function-character list and use shorter length limits; English pages keep the reference
defaults.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from newscrawl.extraction.blocks import Block, blocks_text, segment
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors.justext_options import (
    DEFAULT_OPTIONS,
    JustextOptions,
    JustextParams,
)
from newscrawl.extraction.stoplists import load_stoplist
from newscrawl.extraction.text import (
    is_mostly_cjk,
    single_ideograph_pattern,
    token_count,
    tokens,
)
from newscrawl.extraction.types import ContentResult, Rejection, RejectReason

METHOD = "justext"


class Cls(StrEnum):
    GOOD = "good"
    NEARGOOD = "neargood"
    SHORT = "short"
    BAD = "bad"


class Paragraph:
    """A block with the measurements the classifier needs. Its stop-word density is measured
    when first read: the classifier reads it only for blocks that the link-density and
    length rules leave open (most of a page's blocks are short links)."""

    __slots__ = ("_density", "_lang", "_stoplist", "block")

    def __init__(
        self,
        block: Block,
        stopword_density: float | None = None,
        stoplist: frozenset[str] = frozenset(),
        lang: str = "en",
    ) -> None:
        self.block = block
        self._density = stopword_density
        self._stoplist = stoplist
        self._lang = lang

    @property
    def stopword_density(self) -> float:
        if self._density is None:
            self._density = stopword_density(self.block.text, self._stoplist, self._lang)
        return self._density

    @property
    def text(self) -> str:
        return self.block.text

    @property
    def length(self) -> int:
        return self.block.length

    @property
    def heading(self) -> bool:
        return self.block.heading


def params_for(
    blocks: Sequence[Block], doc_lang: str | None = None, options: JustextOptions = DEFAULT_OPTIONS
) -> JustextParams:
    """Chinese parameters when the page text is mostly CJK (or declared ``zh``), else English."""
    sample = " ".join(block.text for block in blocks)[: options.lang_sample_chars]
    if is_mostly_cjk(sample, options.cjk_page_share) or (doc_lang == "zh" and not sample):
        return options.chinese
    return options.english


def stopword_density(text: str, stoplist: frozenset[str], lang: str) -> float:
    """Stop tokens / tokens. English splits on whitespace as the reference does."""
    if lang != "en" and (stop_chars := single_ideograph_pattern(stoplist)) is not None:
        # A stop list of single ideographs (the Chinese one): count both in C.
        total = token_count(text)
        return stop_chars.subn("", text)[1] / total if total else 0.0
    words = text.lower().split() if lang == "en" else tokens(text)
    if not words:
        return 0.0
    return sum(map(stoplist.__contains__, words)) / len(words)  # counted in C


def paragraph_stats(blocks: Sequence[Block], params: JustextParams) -> list[Paragraph]:
    stoplist = load_stoplist(params.lang)
    return [Paragraph(block, stoplist=stoplist, lang=params.lang) for block in blocks]


def classify_one(paragraph: Paragraph, params: JustextParams) -> Cls:
    """Context-free class of one paragraph (docs/algorithms.md A.5 step 3; first matching rule
    wins)."""
    block = paragraph.block
    text = block.text
    # A block without link text has link density 0: the division is skipped (most of a
    # page's blocks are read here, a few hundred a page).
    if (block.link_text or params.max_link_density < 0) and (
        block.link_density > params.max_link_density
    ):
        return Cls.BAD
    if "©" in text or "&copy" in text:
        return Cls.BAD
    length = len(text)
    if length < params.length_low:
        return Cls.BAD if block.link_text and block.link_chars > 0 else Cls.SHORT
    density = paragraph.stopword_density
    if density >= params.stopwords_high:
        return Cls.GOOD if length > params.length_high else Cls.NEARGOOD
    if density >= params.stopwords_low:
        return Cls.NEARGOOD
    return Cls.BAD


def classify_context_free(paragraphs: Sequence[Paragraph], params: JustextParams) -> list[Cls]:
    return [classify_one(paragraph, params) for paragraph in paragraphs]


_SHORT = frozenset({Cls.SHORT})
_SHORT_OR_NEARGOOD = frozenset({Cls.SHORT, Cls.NEARGOOD})


def _neighbours(classes: Sequence[Cls], skip: frozenset[Cls]) -> tuple[list[Cls], list[Cls]]:
    """For every position, the nearest class before and after it that is not in ``skip``
    (the page edges count as bad): two passes instead of a search per paragraph, which was
    quadratic in a long run of short paragraphs."""
    before: list[Cls] = []
    last = Cls.BAD
    for cls in classes:
        before.append(last)
        if cls not in skip:
            last = cls
    after = [Cls.BAD] * len(classes)
    last = Cls.BAD
    for i in range(len(classes) - 1, -1, -1):
        after[i] = last
        if classes[i] not in skip:
            last = classes[i]
    return before, after


def _good_heading_follows(
    paragraphs: Sequence[Paragraph], classes: Sequence[Cls], i: int, max_distance: int
) -> bool:
    distance = 0
    for j in range(i + 1, len(paragraphs)):
        if classes[j] == Cls.GOOD:
            return True
        distance += paragraphs[j].length
        if distance > max_distance:
            return False
    return False


def revise_classes(
    paragraphs: Sequence[Paragraph], initial: Sequence[Cls], params: JustextParams
) -> list[Cls]:
    """Context-sensitive revision (docs/algorithms.md A.5 step 4). Returns a new list; inputs are
    untouched."""
    classes = list(initial)
    if not params.no_headings:  # (a) short headings right before good text become neargood
        for i, paragraph in enumerate(paragraphs):
            if (
                paragraph.heading
                and classes[i] == Cls.SHORT
                and _good_heading_follows(paragraphs, classes, i, params.max_heading_distance)
            ):
                classes[i] = Cls.NEARGOOD

    # (b) short paragraphs take the class of their non-short neighbours, decided together.
    if Cls.SHORT in classes:
        far_before, far_after = _neighbours(classes, _SHORT_OR_NEARGOOD)
        near_before, near_after = _neighbours(classes, _SHORT)
        revised: dict[int, Cls] = {}
        for i, cls in enumerate(classes):
            if cls != Cls.SHORT:
                continue
            before, after = far_before[i], far_after[i]
            if before == after:
                revised[i] = before
            elif before == Cls.BAD:  # mixed: good only if a neargood sits on the bad side
                revised[i] = Cls.GOOD if near_before[i] == Cls.NEARGOOD else Cls.BAD
            else:
                revised[i] = Cls.GOOD if near_after[i] == Cls.NEARGOOD else Cls.BAD
        for i, cls in revised.items():
            classes[i] = cls

    # (c) neargood paragraphs are good unless both neighbours are bad.
    if Cls.NEARGOOD in classes:
        far_before, far_after = _neighbours(classes, _SHORT_OR_NEARGOOD)
        for i, cls in enumerate(classes):
            if cls == Cls.NEARGOOD:
                both_bad = far_before[i] == far_after[i] == Cls.BAD
                classes[i] = Cls.BAD if both_bad else Cls.GOOD

    if not params.no_headings:  # (d) headings that were not bad and precede good text
        for i, paragraph in enumerate(paragraphs):
            if (
                paragraph.heading
                and classes[i] == Cls.BAD
                and initial[i] != Cls.BAD
                and _good_heading_follows(paragraphs, classes, i, params.max_heading_distance)
            ):
                classes[i] = Cls.GOOD
    return classes


def good_blocks(blocks: Sequence[Block], params: JustextParams) -> list[Block]:
    """The blocks jusText keeps, in document order."""
    paragraphs = paragraph_stats(blocks, params)
    classes = revise_classes(paragraphs, classify_context_free(paragraphs, params), params)
    return [p.block for p, cls in zip(paragraphs, classes, strict=True) if cls == Cls.GOOD]


def content_from_blocks(
    doc: Document, blocks: Sequence[Block], options: JustextOptions = DEFAULT_OPTIONS
) -> ContentResult | Rejection:
    """jusText on an existing segmentation (``auto`` shares one with boilerpipe)."""
    chosen_params = params_for(blocks, doc.lang, options)
    kept = good_blocks(blocks, chosen_params)
    if not kept:
        return Rejection(RejectReason.NO_CONTENT, "jusText kept no paragraph", METHOD, doc.url)
    return ContentResult(
        text=blocks_text(kept),
        method=METHOD,
        image_span=(kept[0].element, kept[-1].element),
        diagnostics={
            "justext_lang": chosen_params.lang,
            "paragraphs": len(blocks),
            "good": len(kept),
        },
    )


def extract_content(
    doc: Document, options: JustextOptions = DEFAULT_OPTIONS
) -> ContentResult | Rejection:
    """Registry entry point: jusText with language-dependent parameters."""
    return content_from_blocks(doc, segment(doc.root), options)
