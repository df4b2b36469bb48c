"""Pages where a peer library beats ``auto`` by a wide margin, grouped by cause.

For every labelled page, ``auto`` and each peer are scored with the eval metric (bag-of-tokens
F1, a CJK character is a token). A page is a *peer win* when a peer's F1 exceeds auto's by more
than ``--margin`` (0.3). Each win gets a cause, read from precision and recall:

* ``kept_too_much``: auto's precision is the lower one (comments, related lists, teasers kept);
* ``missed_article``: auto's recall is the lower one (it chose a fragment or another region);
* ``wrong_region``: both lower; ``rejected``: auto returned no article.

Per page type the script prints the mean F1 and the share of pages under 0.5 of auto and each
peer, so a set of mixed page types shows where the tail is. The list (one JSON object per win)
is written with ``--out`` so a later change can be checked against it: ``--against OLD.jsonl``
prints which wins are gone and which are new.

    python3 benchmarks/peer_wins.py PAGES.jsonl [--page-type article] [--peers trafilatura]
        [--out wins.jsonl] [--against old.jsonl]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from newscrawl.evaluation.dataset import Page, load_pages
from newscrawl.evaluation.metric import Scores, token_scores, tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.evaluation.systems import System, peer_system
from newscrawl.extraction import Article, extract

# How much worse auto's precision or recall must be to name it as the cause.
CAUSE_GAP = 0.1


@dataclass(frozen=True, slots=True)
class PeerWin:
    id: str
    url: str | None
    page_type: str | None
    peer: str
    auto_f1: float
    auto_precision: float
    auto_recall: float
    peer_f1: float
    peer_precision: float
    peer_recall: float
    auto_winner: str
    cause: str


def cause_of(auto: Scores, peer: Scores, rejected: bool) -> str:
    if rejected:
        return "rejected"
    lower_precision = auto.precision < peer.precision - CAUSE_GAP
    lower_recall = auto.recall < peer.recall - CAUSE_GAP
    if lower_precision and lower_recall:
        return "wrong_region"
    if lower_recall:
        return "missed_article"
    return "kept_too_much"


@dataclass(slots=True)
class TypeSummary:
    """Per page type: pages, and per system the sum of F1 and the pages under FAILED_F1."""

    pages: int = 0
    f1: dict[str, float] = field(default_factory=dict)
    failed: Counter[str] = field(default_factory=Counter)

    def add(self, system: str, f1: float) -> None:
        self.f1[system] = self.f1.get(system, 0.0) + f1
        self.failed[system] += f1 < FAILED_F1


def score_page(
    page: Page, peers: list[System], margin: float, summary: TypeSummary
) -> list[PeerWin]:
    html = page.read_html()
    truth = tokenize(page.text)
    result = extract(html, url=page.url, method="auto")
    rejected = not isinstance(result, Article)
    auto_text = "" if rejected else result.content  # type: ignore[union-attr]
    winner = "-" if rejected else str(result.diagnostics.get("auto_winner", "-"))  # type: ignore[union-attr]
    auto = token_scores(tokenize(auto_text), truth)
    summary.pages += 1
    summary.add("auto", auto.f1)
    wins = []
    for system in peers:
        peer = token_scores(tokenize(system.run(html, page.url, None).content), truth)
        summary.add(system.name, peer.f1)
        if peer.f1 - auto.f1 > margin:
            wins.append(
                PeerWin(
                    page.id,
                    page.url,
                    page.page_type,
                    system.name,
                    auto.f1,
                    auto.precision,
                    auto.recall,
                    peer.f1,
                    peer.precision,
                    peer.recall,
                    winner,
                    cause_of(auto, peer, rejected),
                )
            )
    return wins


def compare(old_path: Path, wins: list[PeerWin]) -> str:
    old = {(row["id"], row["peer"]) for row in map(json.loads, old_path.open(encoding="utf-8"))}
    new = {(win.id, win.peer) for win in wins}
    gone, added = sorted(old - new), sorted(new - old)
    lines = [f"against {old_path}: {len(gone)} wins gone, {len(added)} new"]
    lines += [f"  gone: {page} ({peer})" for page, peer in gone]
    lines += [f"  new:  {page} ({peer})" for page, peer in added]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", type=Path, metavar="PAGES.jsonl")
    parser.add_argument("--page-type")
    parser.add_argument("--peers", default="trafilatura,readability")
    parser.add_argument("--margin", type=float, default=0.3)
    parser.add_argument("--out", type=Path, help="write the wins, one JSON object a line")
    parser.add_argument("--against", type=Path, help="an earlier --out file to compare with")
    args = parser.parse_args(argv)
    pages = [page for page in load_pages(args.pages, page_type=args.page_type) if page.text]
    peers = [peer_system(name.strip()) for name in args.peers.split(",") if name.strip()]
    summaries: dict[str, TypeSummary] = {}
    wins: list[PeerWin] = []
    for page in pages:
        summary = summaries.setdefault(page.page_type or "-", TypeSummary())
        wins.extend(score_page(page, peers, args.margin, summary))
    names = ["auto", *[p.name for p in peers]]
    print(f"{len(pages)} labelled pages; per page type, F1 and the share with F1 < {FAILED_F1}:")
    for page_type, summary in sorted(summaries.items(), key=lambda item: -item[1].pages):
        print(
            f"  {page_type:<14} {summary.pages:>4} pages: "
            + ", ".join(
                f"{name} {summary.f1[name] / summary.pages:.3f} "
                f"({summary.failed[name] / summary.pages:.3f})"
                for name in names
            )
        )
    if len(summaries) > 1:
        total = sum(summary.pages for summary in summaries.values())
        print(
            f"  {'all':<14} {total:>4} pages: "
            + ", ".join(
                f"{name} {sum(s.f1[name] for s in summaries.values()) / total:.3f} "
                f"({sum(s.failed[name] for s in summaries.values()) / total:.3f})"
                for name in names
            )
        )
    pages_won = {win.id for win in wins}
    print(f"pages where a peer beats auto by > {args.margin} F1: {len(pages_won)}")
    for peer in peers:
        mine = [win for win in wins if win.peer == peer.name]
        causes = Counter(win.cause for win in mine)
        by_type = Counter(win.page_type or "-" for win in mine)
        winners = Counter(win.auto_winner for win in mine)
        print(
            f"  {peer.name}: {len(mine)} pages; causes {dict(causes.most_common())}; "
            f"page types {dict(by_type.most_common())}; "
            f"auto's winner {dict(winners.most_common())}"
        )
    for win in sorted(wins, key=lambda w: w.auto_f1 - w.peer_f1):
        print(
            f"    {win.id:<14} {win.peer:<12} auto {win.auto_f1:.2f} (P {win.auto_precision:.2f} "
            f"R {win.auto_recall:.2f}, {win.auto_winner}) vs {win.peer_f1:.2f}  {win.cause}  "
            f"{win.url or ''}"
        )
    if args.out:
        with args.out.open("w", encoding="utf-8") as sink:
            for win in wins:
                sink.write(json.dumps(asdict(win), ensure_ascii=False) + "\n")
    if args.against:
        print(compare(args.against, wins))
    return 0


if __name__ == "__main__":
    sys.exit(main())
