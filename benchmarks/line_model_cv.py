"""Would a learned line filter beat the hand-written trim? Nested site-grouped cross-validation.

The finishing stages drop lines by rules (trim/, tail/). This asks whether a model
trained on the labelled pages, reading only generic features of each output line, finds
what the rules leave: every line of ``auto``'s output (the ``--predictions`` files
``newscrawl eval`` wrote) gets 28 features (its length in characters and tokens, whether it
is long, ends a sentence, is the whole text of one of the page's links, stands before the
first or after the last long line and how far, its place in the text, its share of capitals,
digits and tokens, a date in it, whether it is the title or before it, repeats, the
neighbours' length and links, the page's size and prose share) and the label "in the
labelled body" (its token sequence found there; a line of under four tokens must equal a
labelled line). A logistic regression (standardised features, L2, Newton steps, numpy only)
is trained on four folds of sites and drops the held-out fold's lines it scores under a
threshold; the threshold is chosen on the training folds from their own out-of-fold scores
(nested), among 0 (drop nothing) and 0.05 ... 0.4. Printed: body F1 before and after per set
and on the article pages, pooled, with the thresholds the folds chose.

    python3 -m newscrawl eval FULL/SET/pages.jsonl --method auto --predictions PRED/SET.jsonl
    python3 benchmarks/line_model_cv.py --data FULL --predictions PRED [--sets ...] [--folds 5]
"""

from __future__ import annotations

import argparse
import math
import re
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.predictions_cv import read_records
from newscrawl.evaluation.crossval import grouped_folds, page_site
from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.metric import tokenize
from newscrawl.extraction.document import DocumentError, load_document

DEFAULT_SETS = ("wcxb_dev", "cwced_zh", "gne_zh", "briefs6", "briefs3")
THRESHOLDS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)
_DATE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}"
    r"|\d{4}[-/.年]\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4}|\b(?:19|20)\d{2}\b",
    re.IGNORECASE,
)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_SENTENCE_END = re.compile(r"[.!?。！？”\"')）…:]$")
_BULLET = re.compile(r"^\s*(?:[-•*·▪►]|\d{1,2}[.)、]|[（(]\d+[)）])")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


@dataclass
class PageLines:
    """One page's output lines: their token bags, features and labels, and the truth."""

    key: str
    site: str
    article: bool
    truth: Counter[str]
    bags: list[Counter[str]]
    features: list[list[float]]
    labels: list[int]


def line_features(lines: list[str], title: str | None, links: frozenset[str]) -> list[list[float]]:
    """The 28 features of each line of one page's output (see the module's docstring)."""
    tokens = [tokenize(line) for line in lines]
    total = sum(len(t) for t in tokens) or 1
    cjk = bool(_CJK.search("".join(lines)[:300]))
    long_min = 25 if cjk else 15
    long_at = [i for i, t in enumerate(tokens) if len(t) >= long_min]
    first_long = long_at[0] if long_at else len(lines)
    last_long = long_at[-1] if long_at else -1
    title_key = " ".join(tokenize(title or ""))
    head = next(
        (i for i, t in enumerate(tokens[:15]) if title_key and " ".join(t) == title_key), None
    )
    repeats = Counter(" ".join(t) for t in tokens)
    prose = sum(len(tokens[i]) for i in long_at) / total
    count = len(lines)
    collapsed = [" ".join(line.split()) for line in lines]
    rows = []
    for i, (line, toks) in enumerate(zip(collapsed, tokens, strict=True)):
        words = _WORD.findall(line)
        capitals = sum(1 for w in words if w[0].isupper()) / len(words) if words else 0.0
        letters = [ch for ch in line if ch.isalpha()]
        upper = sum(1 for ch in letters if ch.isupper()) / len(letters) if letters else 0.0
        digits = sum(ch.isdigit() for ch in line) / max(1, len(line))
        rows.append(
            [
                math.log1p(len(line)),
                math.log1p(len(toks)),
                float(len(toks) >= long_min),
                float(bool(_SENTENCE_END.search(line))),
                float(line in links),
                float(i < first_long),
                float(i > last_long),
                i / max(1, count - 1),
                math.log1p(max(0, first_long - i)),
                math.log1p(max(0, i - last_long)),
                capitals,
                upper,
                digits,
                float(bool(_DATE.search(line))),
                float(head is not None and i == head),
                float(head is not None and i < head),
                float(repeats[" ".join(toks)] > 1),
                float(cjk),
                len(toks) / total,
                float(i > 0 and len(tokens[i - 1]) >= long_min),
                float(i + 1 < count and len(tokens[i + 1]) >= long_min),
                float(line.endswith((":", "："))),
                float(bool(_BULLET.match(line))),
                math.log1p(total),
                math.log1p(count),
                prose,
                float(i > 0 and collapsed[i - 1] in links),
                float(i + 1 < count and collapsed[i + 1] in links),
            ]
        )
    return rows


def in_truth(tokens: list[str], truth_text: str, truth_lines: set[str]) -> int:
    key = " ".join(tokens)
    return int(f" {key} " in truth_text if len(tokens) >= 4 else key in truth_lines)


def read_pages(data: Path, predictions: Path, sets: Sequence[str]) -> list[PageLines]:
    found = []
    for dataset in sets:
        records = read_records(predictions / f"{dataset}.jsonl", "auto")
        for page in load_pages(data / dataset / "pages.jsonl"):
            record = records.get(page.id)
            if page.text is None or record is None:
                continue
            lines = [line for line in (record.get("content") or "").split("\n") if tokenize(line)]
            try:
                links = load_document(page.read_html(), url=page.url).link_texts()
            except DocumentError:
                links = frozenset()
            truth_tokens = tokenize(page.text)
            truth_text = f" {' '.join(truth_tokens)} "
            truth_lines = {" ".join(tokenize(line)) for line in page.text.split("\n")}
            found.append(
                PageLines(
                    key=f"{dataset}:{page.id}",
                    site=page_site(page),
                    article=(page.page_type or "article") == "article",
                    truth=Counter(truth_tokens),
                    bags=[Counter(tokenize(line)) for line in lines],
                    features=line_features(lines, record.get("title"), links),
                    labels=[in_truth(tokenize(line), truth_text, truth_lines) for line in lines],
                )
            )
    return found


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 25) -> np.ndarray:
    """Weights (bias last) of an L2-regularised logistic regression, by Newton's method."""
    design = np.hstack([x, np.ones((len(x), 1))])
    weights = np.zeros(design.shape[1])
    penalty = np.full(design.shape[1], l2)
    penalty[-1] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-design @ weights))
        gradient = design.T @ (p - y) + penalty * weights
        hessian = (design.T * (p * (1 - p))) @ design + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-6:
            break
    return weights


class Model:
    def __init__(self, x: np.ndarray, y: np.ndarray) -> None:
        self.mean = x.mean(axis=0)
        self.scale = x.std(axis=0) + 1e-9
        self.weights = fit_logistic((x - self.mean) / self.scale, y)

    def scores(self, x: np.ndarray) -> np.ndarray:
        design = np.hstack([(x - self.mean) / self.scale, np.ones((len(x), 1))])
        result: np.ndarray = 1.0 / (1.0 + np.exp(-design @ self.weights))
        return result


def train(pages: Sequence[PageLines]) -> Model:
    x = np.array([row for page in pages for row in page.features])
    y = np.array([label for page in pages for label in page.labels], dtype=float)
    return Model(x, y)


def page_f1(page: PageLines, scores: np.ndarray | None, threshold: float) -> float:
    kept: Counter[str] = Counter()
    for index, bag in enumerate(page.bags):
        if scores is None or scores[index] >= threshold:
            kept.update(bag)
    if not kept and not page.truth:
        return 1.0
    overlap = sum((kept & page.truth).values())
    if not overlap:
        return 0.0
    precision, recall = overlap / sum(kept.values()), overlap / sum(page.truth.values())
    return 2 * precision * recall / (precision + recall)


def out_of_fold(pages: Sequence[PageLines], folds: Sequence[int]) -> dict[str, np.ndarray]:
    """Each page's line scores from a model trained without its fold."""
    scores: dict[str, np.ndarray] = {}
    for fold in sorted(set(folds)):
        model = train([p for p, f in zip(pages, folds, strict=True) if f != fold])
        for page, f in zip(pages, folds, strict=True):
            if f == fold and page.features:
                scores[page.key] = model.scores(np.array(page.features))
    return scores


def best_threshold(pages: Sequence[PageLines], scores: dict[str, np.ndarray]) -> float:
    def mean(threshold: float) -> float:
        return statistics.fmean(page_f1(p, scores.get(p.key), threshold) for p in pages)

    return max(THRESHOLDS, key=lambda t: (mean(t), -t))  # a tie drops less


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--predictions", type=Path, required=True)
    parser.add_argument("--sets", nargs="+", default=list(DEFAULT_SETS))
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)

    pages = read_pages(args.data, args.predictions, args.sets)
    folds = grouped_folds([page.site for page in pages], args.folds)
    held_out = out_of_fold(pages, folds)
    after: dict[str, float] = {}
    chosen = []
    for fold in range(args.folds):
        tuning = [(p, f) for p, f in zip(pages, folds, strict=True) if f != fold]
        inner = out_of_fold([p for p, _ in tuning], [f for _, f in tuning])
        threshold = best_threshold([p for p, _ in tuning], inner)
        chosen.append(threshold)
        for page, f in zip(pages, folds, strict=True):
            if f == fold:
                after[page.key] = page_f1(page, held_out.get(page.key), threshold)
    before = {page.key: page_f1(page, None, 0.0) for page in pages}
    print(f"thresholds chosen per fold: {chosen}")

    def line(label: str, members: list[PageLines]) -> None:
        b = statistics.fmean(before[p.key] for p in members)
        a = statistics.fmean(after[p.key] for p in members)
        under = (
            sum(before[p.key] < 0.5 for p in members),
            sum(after[p.key] < 0.5 for p in members),
        )
        print(f"{label:24} {len(members):5} pages  {b:.4f} -> {a:.4f}  F1 < 0.5: ", end="")
        print(f"{under[0]} -> {under[1]}")

    line("pooled", pages)
    line("articles", [p for p in pages if p.article])
    for dataset in args.sets:
        members = [p for p in pages if p.key.startswith(f"{dataset}:")]
        line(f"  {dataset}", members)
        line(f"  {dataset} articles", [p for p in members if p.article])
    return 0


if __name__ == "__main__":
    sys.exit(main())
