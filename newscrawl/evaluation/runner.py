"""Running systems over labelled pages and scoring each (system, page) pair."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .dataset import Page
from .metadata import MetadataScore, score_fields
from .metric import Scores, title_matches, token_scores, tokenize
from .progress import ProgressBar
from .simulated_anchors import anchor_for
from .systems import Prediction, System


@dataclass(frozen=True, slots=True)
class PageScore:
    """One system on one page. ``scores`` is None when the page has no ground-truth body,
    ``title_match`` None when it has no title label."""

    page_id: str
    lang: str
    system: str
    scores: Scores | None
    title_match: bool | None
    seconds: float
    rejection: str | None
    # Publish date, author, source and editor against the page's labels.
    metadata: MetadataScore = field(default_factory=MetadataScore)


PredictionSink = Callable[[Page, System, Prediction], None]


def evaluate(
    pages: Sequence[Page],
    systems: Sequence[System],
    *,
    anchor_mode: str | None = None,
    on_prediction: PredictionSink | None = None,
    progress: bool | None = None,
) -> list[PageScore]:
    """Run every system on every page and score it.

    The loop is page-major and the system order rotates from page to page, so machine noise
    and cache warmth are spread evenly over the systems whose speed is being compared.
    ``anchor_mode`` is None, ``"title-variants"`` or a page field (see :mod:`.anchors`).
    ``seconds`` of each result is CPU time of this process.
    """
    results: list[PageScore] = []
    with ProgressBar(len(pages) * len(systems), "eval", enabled=progress) as bar:
        for index, page in enumerate(pages):
            html = page.read_html()
            anchor = anchor_for(page, anchor_mode)
            truth = tokenize(page.text)
            has_title = bool(tokenize(page.title))
            shift = index % len(systems) if systems else 0
            for system in (*systems[shift:], *systems[:shift]):
                # CPU time, not wall time: on a shared machine other jobs would otherwise
                # decide the pages/s column (every system here is single-threaded).
                started = time.process_time()
                prediction = system.run(html, page.url, anchor)
                seconds = time.process_time() - started
                if on_prediction is not None:
                    on_prediction(page, system, prediction)
                results.append(
                    PageScore(
                        page_id=page.id,
                        lang=page.lang,
                        system=system.name,
                        scores=token_scores(tokenize(prediction.content), truth) if truth else None,
                        title_match=(
                            title_matches(prediction.title, page.title or "") if has_title else None
                        ),
                        seconds=seconds,
                        rejection=prediction.rejection,
                        metadata=score_fields(
                            prediction.publish_time,
                            prediction.author,
                            prediction.source,
                            page,
                            prediction.editor,
                        ),
                    )
                )
                bar.update()
    return results
