"""boilerpipe's text blocks and filters (Kohlschütter et al., WSDM 2010) — docs/algorithms.md A.6.

Blocks and documents are immutable: every filter returns a new :class:`TextDocument`, so a
chain declared once as a tuple of filter objects can be shared by any number of threads.
Word counts are CJK-aware (tokens.word_count), so the word thresholds of the decision trees
mean the same for Chinese as for English.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol

from newscrawl.extraction.blocks import Block
from newscrawl.extraction.text import cjk_count, word_count

# Column width of a wrapped line, as in boilerpipe's text density.
WRAP_COLUMNS = 80
# Columns one CJK character takes when wrapping. boilerpipe's 80 columns hold ~13 English
# words; at 1.7 characters per word (tokens.py) ~24 Chinese characters give as many words,
# so a character counts ~3.3 columns. Rounded to 3; swept 2-4 on cwced_zh with
# benchmarks/seed_extractors.py (boilerpipe-default F1 moved < 0.01 across the range).
CJK_COLUMNS = 3


class Label(StrEnum):
    TITLE = "title"
    END_OF_TEXT = "end_of_text"
    MIGHT_BE_CONTENT = "might_be_content"


@dataclass(frozen=True, slots=True)
class TextBlock:
    """A run of text with boilerpipe's shallow features; ``start``/``end`` are source indices."""

    text: str
    words: int
    linked_words: int
    wrapped_words: int
    wrapped_lines: int
    level: int
    start: int
    end: int
    is_content: bool = False
    labels: frozenset[Label] = frozenset()

    @property
    def link_density(self) -> float:
        return self.linked_words / self.words if self.words else 0.0

    @property
    def text_density(self) -> float:
        return self.wrapped_words / self.wrapped_lines if self.wrapped_lines else 0.0

    def labelled(self, is_content: bool, labels: frozenset[Label] | None = None) -> TextBlock:
        """A copy with another content flag (and labels); ``self`` when nothing changes.
        Built directly: ``dataclasses.replace`` was 5% of ``method="auto"``'s time."""
        labels = self.labels if labels is None else labels
        if is_content == self.is_content and labels == self.labels:
            return self
        return TextBlock(
            self.text,
            self.words,
            self.linked_words,
            self.wrapped_words,
            self.wrapped_lines,
            self.level,
            self.start,
            self.end,
            is_content,
            labels,
        )


def merge_run(run: Sequence[TextBlock]) -> TextBlock:
    """One block for a run of neighbours, built in one pass: fusing pairwise would copy the
    growing text again for every member (quadratic on a page that is one long run)."""
    if len(run) == 1:
        return run[0]
    labels: frozenset[Label] = frozenset().union(*(block.labels for block in run))
    return TextBlock(
        text="\n".join(block.text for block in run),
        words=sum(block.words for block in run),
        linked_words=sum(block.linked_words for block in run),
        wrapped_words=sum(block.wrapped_words for block in run),
        wrapped_lines=sum(block.wrapped_lines for block in run),
        level=min(block.level for block in run),
        start=run[0].start,
        end=run[-1].end,
        is_content=any(block.is_content for block in run),
        labels=labels,
    )


EMPTY = TextBlock("", 0, 0, 0, 0, 0, -1, -1)


def wrap_counts(text: str, words: int, cjk: int | None = None) -> tuple[int, int]:
    """(words in full wrapped lines, number of full lines); the partial last line is left out
    unless it is the only line, as in boilerpipe's text density. Wrapping is estimated from
    the text's width (CJK characters are wider), not simulated word by word."""
    columns = len(text) + (CJK_COLUMNS - 1) * (cjk_count(text) if cjk is None else cjk)
    lines = math.ceil(columns / WRAP_COLUMNS) if columns else 0
    if lines <= 1:
        return words, 1
    full_share = (lines - 1) * WRAP_COLUMNS / columns
    return round(words * full_share), lines - 1


def text_block(block: Block) -> TextBlock:
    cjk = cjk_count(block.text)
    words = word_count(block.text, cjk)
    wrapped_words, wrapped_lines = wrap_counts(block.text, words, cjk)
    return TextBlock(
        block.text,
        words,
        word_count(block.link_text) if block.link_text else 0,
        wrapped_words,
        wrapped_lines,
        block.level,
        block.position,
        block.position,
    )


@dataclass(frozen=True, slots=True)
class TextDocument:
    title: str
    blocks: tuple[TextBlock, ...]

    def with_blocks(self, blocks: Sequence[TextBlock]) -> TextDocument:
        return replace(self, blocks=tuple(blocks))

    def content_text(self) -> str:
        return "\n".join(block.text for block in self.blocks if block.is_content)


def to_document(title: str, blocks: Sequence[Block]) -> TextDocument:
    return TextDocument(title, tuple(text_block(block) for block in blocks))


class Filter(Protocol):
    def __call__(self, doc: TextDocument) -> TextDocument: ...


def run_chain(chain: Sequence[Filter], doc: TextDocument) -> TextDocument:
    for step in chain:
        doc = step(doc)
    return doc


def _neighbours(blocks: Sequence[TextBlock]) -> list[tuple[TextBlock, TextBlock, TextBlock]]:
    padded = [EMPTY, *blocks, EMPTY]
    return [(padded[i - 1], padded[i], padded[i + 1]) for i in range(1, len(padded) - 1)]


# ---------------------------------------------------------------- classifiers


@dataclass(frozen=True, slots=True)
class NeighbourRulesClassifier:
    """Labels every block content or not from itself and its two neighbours."""

    def __call__(self, doc: TextDocument) -> TextDocument:
        return doc.with_blocks(
            [
                cur.labelled(self.is_content(prev, cur, nxt))
                for prev, cur, nxt in _neighbours(doc.blocks)
            ]
        )

    @staticmethod
    def is_content(prev: TextBlock, cur: TextBlock, nxt: TextBlock) -> bool:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class NumWordsRulesClassifier(NeighbourRulesClassifier):
    """ArticleExtractor's decision tree on link density and word counts (docs/algorithms.md A.6)."""

    @staticmethod
    def is_content(prev: TextBlock, cur: TextBlock, nxt: TextBlock) -> bool:
        if cur.link_density > 0.333333:
            return False
        if prev.link_density <= 0.555556:
            if cur.words <= 16:
                if nxt.words <= 15:
                    return prev.words > 4
                return True
            return True
        return cur.words > 40 or nxt.words > 17


@dataclass(frozen=True, slots=True)
class DensityRulesClassifier(NeighbourRulesClassifier):
    """DefaultExtractor's decision tree on link and text density (docs/algorithms.md A.6)."""

    @staticmethod
    def is_content(prev: TextBlock, cur: TextBlock, nxt: TextBlock) -> bool:
        if cur.link_density > 0.333333:
            return False
        if prev.link_density <= 0.555556:
            if cur.text_density <= 9:
                if nxt.text_density <= 10:
                    return prev.text_density > 4
                return True
            return nxt.text_density != 0
        return nxt.text_density > 11


# ---------------------------------------------------------------- labelling

# Starts of blocks that end an article's text (comment sections, rating widgets), lower case.
END_PREFIXES = (
    "comments",
    "please rate this",
    "post a comment",
    " reuters",
    "评论",
    "发表评论",
    "网友评论",
    "相关新闻",
    "相关阅读",
    "责任编辑",
)
END_PATTERN = re.compile(r"^\d+ comments")
END_PHRASES = (
    "what you think...",
    "add your comment",
    "add comment",
    "reader views",
    "have your say",
    "reader comments",
    "rtta artikeln",
)


@dataclass(frozen=True, slots=True)
class TerminatingBlocksFinder:
    """Labels short blocks that typically follow the article (comments, "related news").
    A terminating block is short: fewer than ``max_words`` words, at least ``min_chars``
    characters."""

    max_words: int = 15
    min_chars: int = 2

    def __call__(self, doc: TextDocument) -> TextDocument:
        return doc.with_blocks(
            [
                b.labelled(b.is_content, b.labels | {Label.END_OF_TEXT}) if self.is_end(b) else b
                for b in doc.blocks
            ]
        )

    def is_end(self, block: TextBlock) -> bool:
        if block.words >= self.max_words or len(block.text) < self.min_chars:
            return False
        text = block.text.lower()
        return (
            text.startswith(END_PREFIXES)
            or bool(END_PATTERN.match(text))
            or any(phrase in text for phrase in END_PHRASES)
        )


_TITLE_SPLITS = (r"[|:]", r"[|:()]", r"[|:()\-]", r"[|,:()\-]", r"[|_－—\-]")


def title_variants(title: str) -> frozenset[str]:
    """The ``<title>`` and its longest part for several separator sets, lower case."""
    title = " ".join(title.lower().split())
    if not title:
        return frozenset()
    variants = {title}
    for pattern in _TITLE_SPLITS:
        parts = [part.strip() for part in re.split(pattern, title) if part.strip()]
        if len(parts) > 1:
            variants.add(max(parts, key=len))
    return frozenset(variants)


@dataclass(frozen=True, slots=True)
class DocumentTitleMatchClassifier:
    """Labels blocks whose whole text equals the page title (or its main part)."""

    def __call__(self, doc: TextDocument) -> TextDocument:
        variants = title_variants(doc.title)
        if not variants:
            return doc
        return doc.with_blocks(
            [
                b.labelled(b.is_content, b.labels | {Label.TITLE})
                if " ".join(b.text.lower().split()) in variants
                else b
                for b in doc.blocks
            ]
        )


# ---------------------------------------------------------------- block selection


@dataclass(frozen=True, slots=True)
class IgnoreBlocksAfterContent:
    """Everything after an end-of-text label, once enough dense text was seen, is boilerplate.
    ``min_words`` words of dense text (text density >= ``full_text_density``) must precede
    the label before it is believed (boilerpipe's IgnoreBlocksAfterContentFilter defaults)."""

    min_words: int = 60
    full_text_density: float = 9

    def __call__(self, doc: TextDocument) -> TextDocument:
        seen_words = 0
        ended = False
        out = []
        for block in doc.blocks:
            if block.is_content and block.text_density >= self.full_text_density:
                seen_words += block.words
            if Label.END_OF_TEXT in block.labels and seen_words >= self.min_words:
                ended = True
            out.append(block.labelled(False) if ended else block)
        return doc.with_blocks(out)


@dataclass(frozen=True, slots=True)
class BlockProximityFusion:
    """Fuses a content block into the block before it when at most ``max_distance`` source
    blocks lie between them. ``content_only`` requires both to be content; ``same_level``
    requires the same nesting level."""

    max_distance: int = 1
    content_only: bool = False
    same_level: bool = False

    def __call__(self, doc: TextDocument) -> TextDocument:
        runs: list[list[TextBlock]] = []
        for block in doc.blocks:
            if runs and block.is_content and self._fuses(runs[-1][-1], runs[-1][0], block):
                runs[-1].append(block)
            else:
                runs.append([block])
        return doc.with_blocks([merge_run(run) for run in runs])

    def _fuses(self, last: TextBlock, first: TextBlock, block: TextBlock) -> bool:
        """Would ``block`` join the run from ``first`` to ``last``? (The run's fused block has
        ``first``'s start, ``last``'s end, the lowest level and any member's content flag.)"""
        if block.start - last.end - 1 > self.max_distance:
            return False
        if self.content_only and not (first.is_content or last.is_content):
            return False
        return not (self.same_level and first.level != block.level)


@dataclass(frozen=True, slots=True)
class SimpleBlockFusion:
    """Fuses neighbours with the same text density (runs of equally dense lines)."""

    def __call__(self, doc: TextDocument) -> TextDocument:
        runs: list[list[TextBlock]] = []
        run_words = run_lines = 0  # running totals: the fused run's text density
        for block in doc.blocks:
            run_density = run_words / run_lines if run_lines else 0.0
            if runs and run_density == block.text_density:
                runs[-1].append(block)
            else:
                runs.append([block])
                run_words = run_lines = 0
            run_words += block.wrapped_words
            run_lines += block.wrapped_lines
        return doc.with_blocks([merge_run(run) for run in runs])


@dataclass(frozen=True, slots=True)
class BoilerplateBlockFilter:
    """Drops every block that is not content."""

    def __call__(self, doc: TextDocument) -> TextDocument:
        return doc.with_blocks(
            [block for block in doc.blocks if block.is_content or Label.TITLE in block.labels]
        )


@dataclass(frozen=True, slots=True)
class KeepLargestBlock:
    """Only the content block with most words stays content; the others might be."""

    def __call__(self, doc: TextDocument) -> TextDocument:
        content = [block for block in doc.blocks if block.is_content]
        if not content:
            return doc
        largest = max(content, key=lambda block: block.words)
        return doc.with_blocks(
            [
                block
                if block is largest or not block.is_content
                else block.labelled(False, block.labels | {Label.MIGHT_BE_CONTENT})
                for block in doc.blocks
            ]
        )


@dataclass(frozen=True, slots=True)
class ExpandTitleToContent:
    """Might-be-content blocks between the title and the content become content."""

    def __call__(self, doc: TextDocument) -> TextDocument:
        title = next((i for i, b in enumerate(doc.blocks) if Label.TITLE in b.labels), None)
        first = next((i for i, b in enumerate(doc.blocks) if b.is_content), None)
        if title is None or first is None or title >= first:
            return doc
        return doc.with_blocks(
            [
                b.labelled(True) if title < i < first and Label.MIGHT_BE_CONTENT in b.labels else b
                for i, b in enumerate(doc.blocks)
            ]
        )
