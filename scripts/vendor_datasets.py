"""Copy the labelled page sets and site lists the tests and benchmarks need into ``datasets/``.

    python3 scripts/vendor_datasets.py SOURCE [--output datasets] [--seed 11]
                                              [--articles 200] [--per-type 5] [--forums 40]

``SOURCE`` is a folder holding ``datasets/<set>/pages.jsonl`` (+ ``html/``) and ``site_lists/``.
cwced_zh, gne_unlabeled and the site lists are copied whole. wcxb_dev is too big to carry
(about 81 MB), so a seeded sample of it is copied: per page type, its sites in a seeded
random order, each site with all its pages of that type, until the type's quota is reached
(``--articles`` for articles, ``--forums`` for forum threads, ``--per-type`` for the five
other types). Whole sites, so a cross-validation grouped by site sees every page of a site on
the same side. A type's quota does not change which sites another type draws: the seeded
shuffles depend on the number of sites only.

Every kept line of a ``pages.jsonl`` is copied byte for byte, in source order, with its HTML
file: ids, paths and labels stay those of the source, and the same arguments on the same
source give the same files.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
WHOLE_SETS = ("cwced_zh", "gne_unlabeled")
SAMPLED_SET = "wcxb_dev"
SITE_LISTS = "site_lists"


class SourceError(ValueError):
    """A source folder that does not have the expected layout."""


def read_lines(pages: Path) -> list[tuple[str, dict[str, object]]]:
    """The non-empty lines of a pages.jsonl with their parsed records."""
    try:
        text = pages.read_text(encoding="utf-8")
    except OSError as error:
        raise SourceError(f"{pages}: cannot read: {error}") from error
    rows = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as error:
            raise SourceError(f"{pages}:{number}: not valid JSON: {error}") from error
        if not isinstance(record, dict) or not isinstance(record.get("html_path"), str):
            raise SourceError(f"{pages}:{number}: field 'html_path' is missing")
        rows.append((line, record))
    return rows


def sample_sites(
    rows: list[tuple[str, dict[str, object]]],
    *,
    seed: int,
    articles: int,
    per_type: int,
    forums: int | None = None,
) -> list[tuple[str, dict[str, object]]]:
    """Per page type, whole sites in a seeded order until the quota is met; source order kept."""
    by_type: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for index, (_, record) in enumerate(rows):
        page_type = str(record.get("page_type"))
        host = urlsplit(str(record.get("url") or "")).hostname or f"#{index}"
        by_type[page_type][host].append(index)
    rng = random.Random(seed)
    kept: set[int] = set()
    quotas = {"article": articles, "forum": per_type if forums is None else forums}
    for page_type in sorted(by_type):
        quota = quotas.get(page_type, per_type)
        sites = sorted(by_type[page_type])
        rng.shuffle(sites)
        taken = 0
        for site in sites:
            if taken >= quota:
                break
            kept.update(by_type[page_type][site])
            taken += len(by_type[page_type][site])
    return [row for index, row in enumerate(rows) if index in kept]


def copy_set(source: Path, output: Path, rows: list[tuple[str, dict[str, object]]]) -> int:
    """Write ``rows`` as output/pages.jsonl with their HTML files; returns the bytes written."""
    if output.exists():
        shutil.rmtree(output)
    written = 0
    for _, record in rows:
        target = output / str(record["html_path"])
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / str(record["html_path"]), target)
        written += target.stat().st_size
    lines = "".join(line + "\n" for line, _ in rows)
    (output / "pages.jsonl").write_text(lines, encoding="utf-8")
    return written + len(lines.encode("utf-8"))


def vendor(
    source: Path,
    output: Path,
    *,
    seed: int,
    articles: int,
    per_type: int,
    forums: int | None = None,
) -> None:
    sets = source / "datasets"
    for name in (*WHOLE_SETS, SAMPLED_SET):
        if not (sets / name / "pages.jsonl").is_file():
            raise SourceError(f"{sets / name / 'pages.jsonl'}: no such file")
    if not (source / SITE_LISTS).is_dir():
        raise SourceError(f"{source / SITE_LISTS}: no such folder")
    output.mkdir(parents=True, exist_ok=True)
    for name in WHOLE_SETS:
        rows = read_lines(sets / name / "pages.jsonl")
        size = copy_set(sets / name, output / name, rows)
        print(f"{name}: {len(rows)} pages, {size / 1e6:.1f} MB")
    rows = read_lines(sets / SAMPLED_SET / "pages.jsonl")
    sample = sample_sites(rows, seed=seed, articles=articles, per_type=per_type, forums=forums)
    size = copy_set(sets / SAMPLED_SET, output / SAMPLED_SET, sample)
    counts: dict[str, int] = defaultdict(int)
    for _, record in sample:
        counts[str(record.get("page_type"))] += 1
    shown = ", ".join(f"{kind} {count}" for kind, count in sorted(counts.items()))
    print(f"{SAMPLED_SET}: {len(sample)} of {len(rows)} pages ({shown}), {size / 1e6:.1f} MB")
    lists = output / SITE_LISTS
    if lists.exists():
        shutil.rmtree(lists)
    shutil.copytree(source / SITE_LISTS, lists)
    print(f"{SITE_LISTS}: {len(list(lists.iterdir()))} files")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "source", type=Path, help="folder with datasets/<set>/pages.jsonl and site_lists/"
    )
    parser.add_argument("--output", type=Path, default=REPO / "datasets")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--articles",
        type=int,
        default=200,
        help="wcxb_dev article pages to keep (whole sites, so a few more)",
    )
    parser.add_argument(
        "--per-type", type=int, default=5, help="wcxb_dev pages to keep of each other page type"
    )
    parser.add_argument(
        "--forums",
        type=int,
        default=None,
        help="wcxb_dev forum threads to keep (default: --per-type)",
    )
    args = parser.parse_args(argv)
    try:
        vendor(
            args.source,
            args.output,
            seed=args.seed,
            articles=args.articles,
            per_type=args.per_type,
            forums=args.forums,
        )
    except SourceError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
