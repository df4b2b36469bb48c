"""What each of ``auto``'s rules earns today: every rule turned off alone, judged by
site-grouped cross-validation against the shipped code.

Rules were kept one at a time, each when it raised the cross-validated figure over the code of
its day; later rules may have made an earlier one redundant, or harmful. For every option of
``auto_options.DEFAULT_OPTIONS`` that switches a rule on (a ``True`` flag, or a threshold of a
field that may be ``None``, where ``None`` turns the rule off), the script runs ``newscrawl
eval`` with that one option off (``auto_variant.py --set PATH=false|null``) on every set, then
scores each page's body F1 under the shipped options and without the rule and asks
:func:`~newscrawl.evaluation.crossval.select` to choose with the rule **off listed first**: a
tie keeps the simpler code, so a rule is chosen in a fold only when it wins on the other
folds' sites. Printed per option: the pooled and article means with and without it, the pages
it changes, the folds that choose it, and the cross-validated figure of that choice.

    python3 benchmarks/rule_ablation.py --data FULL --out PRED [--sets wcxb_dev cwced_zh ...]
        [--options trim.byline_lines tail.repeats ...] [--jobs 2]

``FULL`` holds one folder per set (``SET/pages.jsonl``); predictions go to
``PRED/<option>/SET.jsonl`` (``PRED/shipped/`` for the shipped options) and a file already
there is reused, so an interrupted run resumes. A page's group is its site whatever set holds
it (a brief cut from a wcxb_dev page shares that page's fold).
"""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import sys
import types
import typing
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.predictions_cv import read_records
from newscrawl.evaluation.crossval import page_site, select
from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.metric import bag_scores
from newscrawl.extraction.extractors import auto_options

DEFAULT_SETS = ("wcxb_dev", "cwced_zh", "gne_zh", "briefs6", "briefs3")
SHIPPED = "shipped"
HERE = Path(__file__).resolve().parent


def switches(options: Any, prefix: str = "") -> Iterator[tuple[str, str]]:
    """``(dotted path, JSON value that turns it off)`` for every rule switch under
    ``options``: ``True`` flags and set fields whose type admits ``None``."""
    hints = typing.get_type_hints(type(options))
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        path = prefix + field.name
        if dataclasses.is_dataclass(value):
            yield from switches(value, path + ".")
        elif value is True:
            yield path, "false"
        elif value is not None and _admits_none(hints.get(field.name)):
            yield path, "null"


def _admits_none(hint: Any) -> bool:
    union = typing.get_origin(hint) in (types.UnionType, typing.Union)
    return union and type(None) in typing.get_args(hint)


def run(data: Path, out: Path, name: str, setting: str | None, dataset: str) -> None:
    """One ``newscrawl eval`` of ``dataset`` with ``setting`` (``PATH=JSON``, None: shipped)."""
    target = out / name / f"{dataset}.jsonl"
    if target.exists():
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    variant = ["--set", setting] if setting else []
    command = [
        sys.executable,
        str(HERE / "auto_variant.py"),
        *variant,
        "--",
        "eval",
        str(data / dataset / "pages.jsonl"),
        "--method",
        "auto",
        "--predictions",
        str(partial),
        "--no-progress",
    ]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    partial.rename(target)


@dataclass(frozen=True, slots=True)
class Scored:
    """Per page (every set, in order): F1 shipped and without the rule, group, kind."""

    shipped: list[float]
    without: list[float]
    groups: list[str]
    kinds: list[str]


@dataclass(frozen=True, slots=True)
class ShippedPage:
    """A labelled page with its F1 under the shipped options, read once for every rule."""

    dataset: str
    id: str
    text: str
    f1: float
    group: str
    kind: str


def shipped_pages(data: Path, out: Path, sets: Sequence[str]) -> list[ShippedPage]:
    found = []
    for dataset in sets:
        base = read_records(out / SHIPPED / f"{dataset}.jsonl", "auto")
        for page in load_pages(data / dataset / "pages.jsonl"):
            if not page.text or page.id not in base:
                continue
            f1 = bag_scores(base[page.id].get("content") or "", page.text).f1
            kind = page.page_type or "article"
            found.append(ShippedPage(dataset, page.id, page.text, f1, page_site(page), kind))
    return found


def score(out: Path, name: str, shipped: Sequence[ShippedPage]) -> Scored:
    """The shipped pages' F1 beside their F1 without rule ``name`` (pages it has no
    prediction for are left out)."""
    other = {
        dataset: read_records(out / name / f"{dataset}.jsonl", "auto")
        for dataset in dict.fromkeys(page.dataset for page in shipped)
    }
    kept = [page for page in shipped if page.id in other[page.dataset]]
    without = [
        bag_scores(other[page.dataset][page.id].get("content") or "", page.text).f1 for page in kept
    ]
    return Scored(
        [page.f1 for page in kept],
        without,
        [page.group for page in kept],
        [page.kind for page in kept],
    )


def report_line(name: str, scored: Scored, folds: int) -> str:
    """One markdown row: means shipped / without, pages changed, the folds' choices."""
    everything = range(len(scored.groups))
    articles = [i for i in everything if scored.kinds[i] == "article"]

    def judged(indices: Sequence[int]) -> tuple[float, float, str, float]:
        scores = {
            "off": [scored.without[i] for i in indices],
            "on": [scored.shipped[i] for i in indices],
        }
        picked = select(scores, [scored.groups[i] for i in indices], folds)
        mean_on = sum(scores["on"]) / len(indices)
        mean_off = sum(scores["off"]) / len(indices)
        on_folds = f"{picked.fold_choices.count('on')}/{folds}"
        return mean_on, mean_off, on_folds, picked.cv_score

    changed = [i for i in everything if abs(scored.shipped[i] - scored.without[i]) > 1e-9]
    up = sum(1 for i in changed if scored.shipped[i] > scored.without[i])
    on, off, folds_on, cv = judged(list(everything))
    a_on, a_off, a_folds_on, a_cv = judged(articles)
    return (
        f"| `{name}` | {on:.4f} | {off:.4f} | {folds_on} | {cv:.4f} | {a_on:.4f} | {a_off:.4f} "
        f"| {a_folds_on} | {a_cv:.4f} | {len(changed)} ({up} up) |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--sets", nargs="+", default=list(DEFAULT_SETS))
    parser.add_argument(
        "--options", nargs="+", help="dotted option paths (default: every rule switch)"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)

    found = dict(switches(auto_options.DEFAULT_OPTIONS))
    names = args.options or list(found)
    unknown = [name for name in names if name not in found]
    if unknown:
        parser.error(f"not a rule switch of auto's options: {', '.join(unknown)}")
    runs: list[tuple[str, str | None, str]] = [(SHIPPED, None, d) for d in args.sets]
    runs += [(name, f"{name}={found[name]}", d) for name in names for d in args.sets]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(lambda r: run(args.data, args.out, *r), runs))  # raises a run's failure
    print(
        "| rule off alone | pooled on | off | folds choosing it | CV | articles on | off "
        "| folds | CV | pages changed |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    shipped = shipped_pages(args.data, args.out, args.sets)
    for name in names:
        print(report_line(name, score(args.out, name, shipped), args.folds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
