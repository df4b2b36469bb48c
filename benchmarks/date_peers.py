"""Pages where htmldate or trafilatura get the publish day right and newscrawl does not.

    python3 benchmarks/date_peers.py --data DIR [--datasets cwced_zh wcxb_dev gne_zh]
        [--out wins.jsonl] [--against old.jsonl] [--folds 5] [--limit N]

Every page with a date label is read (wcxb_dev: every page type, not only articles). On each,
newscrawl's date (:func:`dates.publish_time` with the library's stage order and rules, and the
stage that answered), htmldate in its four settings (``original_date`` and ``extensive_search``
on and off) and trafilatura's date are compared with the label by calendar day (the match rule
of ``newscrawl eval``). A *peer win* is a page where some peer is right and newscrawl is not;
each win is given a class read from the page (the label is the page's modified day, our
answer is a UTC time on the day after the label, our day is the modified one, the labelled
day is written in the HTML or not; with the stage newscrawl answered from), and the
wins are counted by class and by site. ``--out`` writes one JSON object per win so a later
change can be checked against it: ``--against OLD.jsonl`` prints the wins gone and the new.

Combinations: "take htmldate's answer (setting S) when newscrawl's answer came from stage
set W" for each setting and each W, scored per page and chosen by site-grouped
cross-validation (``crossval.select`` with ``no_harm`` over the sets), printed beside the
in-sample figure.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from htmldate import find_date

from newscrawl.evaluation.crossval import format_selection, no_harm, select
from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metadata import date_label, date_matches
from newscrawl.extraction import load_document
from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata import dates

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

# The same site key as the metadata cross-validation (cwced_zh pages have no URL).
from benchmarks.metadata_cv import site_of, trafilatura_metadata  # noqa: E402

# htmldate settings: (original_date, extensive_search); the library runs (True, True).
HTMLDATE_SETTINGS: dict[str, tuple[bool, bool]] = {
    "htmldate_orig_ext": (True, True),
    "htmldate_orig": (True, False),
    "htmldate_ext": (False, True),
    "htmldate": (False, False),
}
PEERS = (*HTMLDATE_SETTINGS, "trafilatura")
# Sets of newscrawl stages whose answer a combination replaces by htmldate's.
WEAK_STAGE_SETS: dict[str, frozenset[str]] = {
    "none": frozenset({"none"}),
    "htmldate": frozenset({"none", "htmldate"}),
    "text": frozenset({"none", "htmldate", "text"}),
    "text_url": frozenset({"none", "htmldate", "text", "url"}),
    "all": frozenset({"none", "htmldate", "text", "url", "structured"}),
}


@dataclass(slots=True)
class PageDates:
    dataset: str
    id: str
    url: str | None
    site: str
    page_type: str | None
    label: str
    ours: str | None
    stage: str
    modified: str | None
    peers: dict[str, str | None] = field(default_factory=dict)
    label_in_html: bool = False

    def right(self, found: str | None) -> bool:
        return date_matches(found, self.label)


def our_date(doc: Document) -> tuple[str | None, str]:
    """The library's answer and the stage that gave it ("none" without one): the first
    stage of the library's order that answers on its own (the stages before it gave
    nothing, so the whole order answers the same)."""
    for name in dates.STAGE_ORDER:
        found = dates.publish_time(doc, None, (name,), dates.DEFAULT_DATE_RULES)
        if found:
            return found, name
    return None, "none"


def peer_dates(html: bytes, text: str, url: str | None) -> dict[str, str | None]:
    """Each htmldate setting's date for ``text`` (the page decoded as newscrawl decodes
    it), and trafilatura's."""
    found: dict[str, str | None] = {}
    for name, (original, extensive) in HTMLDATE_SETTINGS.items():
        try:
            found[name] = find_date(
                text, url=url, original_date=original, extensive_search=extensive
            )
        except Exception:  # noqa: BLE001 -- a peer crash counts as no answer
            found[name] = None
    found["trafilatura"] = trafilatura_metadata(html, url)[0]
    return found


def label_written(text: str, label: str) -> bool:
    """Whether the labelled day appears in the HTML in a form this checks (ISO, slashes,
    English month names): tells "no page could answer" apart from "we read it wrong"."""
    day = date_label(label)
    if day is None or len(day) < len("2025-01-01"):
        return False
    moment = datetime.fromisoformat(day[:10])
    text = text.lower()
    forms = {
        day[:10],
        moment.strftime("%Y/%m/%d"),
        f"{moment.year}/{moment.month}/{moment.day}",
        f"{moment.year}年{moment.month}月{moment.day}日",
        f"{moment:%B} {moment.day}, {moment.year}".lower(),
        f"{moment:%b} {moment.day}, {moment.year}".lower(),
        f"{moment:%b}. {moment.day}, {moment.year}".lower(),
        f"{moment.day} {moment:%B} {moment.year}".lower(),
        f"{moment.day} {moment:%b} {moment.year}".lower(),
        f"{moment.month}/{moment.day}/{moment.year}",
        f"{moment.day:02d}.{moment.month:02d}.{moment.year}",
    }
    return any(form in text for form in forms)


def collect(dataset: str, pages: Sequence[Page]) -> list[PageDates]:
    records = []
    for page in pages:
        label = page.fields.get("publish_date")
        if not isinstance(label, str) or not date_label(label):
            continue
        html = page.read_html()
        doc = load_document(html, url=page.url)
        ours, stage = our_date(doc)
        site = site_of(page, html)
        record = PageDates(
            dataset,
            page.id,
            page.url,
            site,
            page.page_type,
            label,
            ours,
            stage,
            dates.modified_time(doc, None),
        )
        record.peers = peer_dates(html, doc.html, page.url)
        record.label_in_html = label_written(doc.html, label)
        records.append(record)
    return records


def win_class(record: PageDates) -> str:
    """Why newscrawl missed a day a peer found, read from what it answered."""
    if record.ours is None:
        return "we_no_date"
    if record.modified and record.right(record.modified):
        return f"label_is_the_modified_day:{record.stage}"
    if _utc_day_after(record):
        return f"utc_day_after_the_label:{record.stage}"
    if record.modified and record.ours[:10] == record.modified[:10]:
        return f"we_modified_day:{record.stage}"
    if record.label_in_html:
        return f"we_other_date:{record.stage}"
    return f"we_other_date_label_not_written:{record.stage}"


def _utc_day_after(record: PageDates) -> bool:
    """Our answer is a UTC time on the day after the labelled day (an evening post in a
    zone west of UTC)."""
    day = date_label(record.label)
    if not record.ours or not day or len(day) < len("2025-01-01") or "+00:00" not in record.ours:
        return False
    after = datetime.fromisoformat(day[:10]) + timedelta(days=1)
    return record.ours[:10] == after.date().isoformat()


def wins(records: Sequence[PageDates]) -> list[dict[str, object]]:
    found = []
    for record in records:
        if record.right(record.ours):
            continue
        right = [peer for peer in PEERS if record.right(record.peers.get(peer))]
        if right:
            found.append({**asdict(record), "right_peers": right, "class": win_class(record)})
    return found


def combined(record: PageDates, setting: str, weak: frozenset[str]) -> str | None:
    """newscrawl's answer, replaced by htmldate's (``setting``) when it came from ``weak``
    stages and htmldate has one."""
    if record.stage in weak and record.peers.get(setting):
        return record.peers[setting]
    return record.ours


def report(records: Sequence[PageDates], folds: int) -> list[dict[str, object]]:
    by_set: dict[str, list[PageDates]] = {}
    for record in records:
        by_set.setdefault(record.dataset, []).append(record)
    for dataset, members in by_set.items():
        types = Counter(r.page_type for r in members)
        print(f"## {dataset}: {len(members)} dated pages {dict(types)}")
        ours = sum(r.right(r.ours) for r in members)
        print(f"newscrawl {ours}/{len(members)} = {ours / len(members):.3f}")
        for peer in PEERS:
            hits = sum(r.right(r.peers.get(peer)) for r in members)
            print(f"{peer:20} {hits}/{len(members)} = {hits / len(members):.3f}")
        stages = Counter(r.stage for r in members)
        right = Counter(r.stage for r in members if r.right(r.ours))
        print(
            "stage answered (right/all): "
            + ", ".join(f"{s} {right[s]}/{n}" for s, n in stages.items())
        )
        for page_type in sorted(types, key=str):
            typed = [r for r in members if r.page_type == page_type]
            hits = sum(r.right(r.ours) for r in typed)
            peer_hits = sum(r.right(r.peers.get("trafilatura")) for r in typed)
            print(
                f"  {page_type}: newscrawl {hits}/{len(typed)}, "
                f"trafilatura {peer_hits}/{len(typed)}"
            )
        set_wins = wins(members)
        print(f"peer wins (a peer right, newscrawl wrong): {len(set_wins)}")
        classes = Counter(str(w["class"]) for w in set_wins)
        for name, count in classes.most_common():
            sites = {w["site"] for w in set_wins if w["class"] == name}
            print(f"  {name}: {count} pages, {len(sites)} sites")
        losses = sum(
            1
            for r in members
            if r.right(r.ours) and not any(r.right(r.peers.get(p)) for p in PEERS)
        )
        print(f"newscrawl right and every peer wrong: {losses}")
        print()
    combinations(records, folds)
    return wins(records)


def combinations(records: Sequence[PageDates], folds: int) -> None:
    scores: dict[str, list[float]] = {"newscrawl": [float(r.right(r.ours)) for r in records]}
    for setting in HTMLDATE_SETTINGS:
        for weak_name, weak in WEAK_STAGE_SETS.items():
            scores[f"{setting} over {weak_name}"] = [
                float(r.right(combined(r, setting, weak))) for r in records
            ]
    sets = [r.dataset for r in records]
    groups = [f"{r.dataset}:{r.site}" for r in records]
    print("## combinations (htmldate setting over newscrawl stages), in-sample hits per set")
    for name, values in scores.items():
        per_set: Counter[str] = Counter()
        for value, dataset in zip(values, sets, strict=True):
            per_set[dataset] += int(value)
        print(f"{name:40} " + ", ".join(f"{d} {n}" for d, n in sorted(per_set.items())))
    selection = select(scores, groups, folds, no_harm(scores, sets, "newscrawl"))
    print(format_selection(selection, label="combination"))
    for dataset in sorted(set(sets)):
        members = [i for i, d in enumerate(sets) if d == dataset]
        sub = {name: [values[i] for i in members] for name, values in scores.items()}
        sub_groups = [groups[i] for i in members]
        if len(set(sub_groups)) >= folds:
            picked = select(sub, sub_groups, folds)
            print(f"{dataset}: " + format_selection(picked, label="combination"))
    print()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="folder of dataset folders")
    parser.add_argument("--datasets", nargs="+", default=["cwced_zh", "wcxb_dev", "gne_zh"])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None, help="pages per dataset")
    parser.add_argument("--out", type=Path, help="write the peer wins here (JSON lines)")
    parser.add_argument("--against", type=Path, help="an earlier --out file to compare with")
    args = parser.parse_args(argv)
    records: list[PageDates] = []
    for dataset in args.datasets:
        path = args.data / dataset / "pages.jsonl"
        if not path.is_file():
            print(f"{path}: no such dataset file", file=sys.stderr)
            return 2
        records += collect(dataset, load_pages(path, limit=args.limit))
    found = report(records, args.folds)
    if args.out:
        args.out.write_text("".join(json.dumps(w, ensure_ascii=False) + "\n" for w in found))
    if args.against:
        old = {json.loads(line)["id"] for line in args.against.read_text().split("\n") if line}
        new = {str(w["id"]) for w in found}
        print(f"wins gone since {args.against}: {sorted(old - new)}")
        print(f"new wins: {sorted(new - old)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
