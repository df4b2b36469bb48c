"""Build ``datasets/gne_zh/pages.jsonl`` from the labelling decisions, or check it is current.

    python3 scripts/build_gne_zh.py            # write datasets/gne_zh/pages.jsonl
    python3 scripts/build_gne_zh.py --check    # exit 1 if the file differs from a rebuild

The decisions (``datasets/gne_zh/decisions.json``) were made by reading each page of
``datasets/gne_unlabeled`` as numbered visible lines (``scripts/label_view.py``): per page the
headline as shown, the line ranges that are the article body, author and date when the page
shows them, the source when a line labels one ("来源：新华社"; not a picture's credit, not a
placeholder such as "网络" or "本站原创"), the editors a line credits ("责任编辑：甲", "编辑|乙",
"" where none), the page type, and notes on what was left out and
why. ``drop_text`` lists exact strings cut from the body where a link sits inside the last
paragraph's line (e.g. a "back to the home page" link). This script only replays those
decisions: it renders the same lines, joins the chosen ones with a blank line (the cwced_zh
convention) and checks that every range exists, every dropped string was found, the title is
text of the page, a line labels the source and a line credits each editor.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from label_view import read_page, visible_lines

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "datasets" / "gne_unlabeled"
TARGET = REPO / "datasets" / "gne_zh"
PAGE_TYPES = ("article", "gallery", "video", "forum")
_SPACE = re.compile(r"\s+")


class DecisionError(ValueError):
    """A decision that does not fit its page; the message names the page and the field."""


def _squeeze(text: str) -> str:
    return _SPACE.sub("", text)


def body_text(page_id: str, lines: list[str], decision: dict[str, Any]) -> str:
    chosen: list[str] = []
    for start, end in decision["body_lines"]:
        if not 1 <= start <= end <= len(lines):
            raise DecisionError(
                f"{page_id}: body_lines [{start}, {end}] outside the page's {len(lines)} lines"
            )
        chosen.extend(lines[start - 1 : end])
    text = "\n\n".join(chosen)
    for cut in decision.get("drop_text", []):
        if cut not in text:
            raise DecisionError(f"{page_id}: drop_text {cut!r} is not in the chosen lines")
        text = text.replace(cut, "").rstrip()
    return text


def _labelled_source(source: str, lines: list[str]) -> bool:
    """Whether a line of the page labels ``source`` as the story's source ("来源：新华社",
    "本文来源：新京报", "信息来源：省发改委", "来源于：东区办事处", "来源CSDN"); a picture's,
    a video's or a quoted fact's source ("图片来源：", "资料来源：") labels none."""
    label = re.compile(
        r"(?<!图片)(?<!视频)(?<!资料)(?<!数据)来源于?[:：]?" + re.escape(_squeeze(source))
    )
    return any(label.search(_squeeze(line)) for line in lines)


def _credited_editor(name: str, lines: list[str]) -> bool:
    """Whether a line of the page credits ``name`` as an editor ("责任编辑：甲", "编辑 乙",
    "责编：丙、丁")."""
    label = re.compile(r"(?:编辑|责编)\W{0,3}(?:[^\W\d_]+\W{1,3}){0,3}" + re.escape(name))
    return any(label.search(line) for line in lines)


def build_record(source: dict[str, Any], decision: dict[str, Any]) -> dict[str, Any]:
    page_id = source["id"]
    if decision.get("page_type") not in PAGE_TYPES:
        raise DecisionError(
            f"{page_id}: page_type {decision.get('page_type')!r} is not one of "
            f"{', '.join(PAGE_TYPES)}"
        )
    lines = visible_lines(read_page(SOURCE / source["html_path"]))
    title = decision["title"]
    if not title or _squeeze(title) not in _squeeze("".join(lines)):
        raise DecisionError(f"{page_id}: title {title!r} is not text of the page")
    outlet = decision.get("source")
    if outlet is not None and not _labelled_source(outlet, lines):
        raise DecisionError(f"{page_id}: source {outlet!r} is not labelled as one on the page")
    editors = decision.get("editor")
    for name in editors.split("、") if editors else ():
        if not _credited_editor(name, lines):
            raise DecisionError(f"{page_id}: editor {name!r} is not credited on the page")
    return {
        "id": page_id,
        "lang": "zh",
        "url": source.get("url"),
        "title": title,
        "text": body_text(page_id, lines, decision),
        "author": decision.get("author"),
        "publish_date": decision.get("publish_date"),
        "source": outlet,
        "editor": editors,
        "page_type": decision["page_type"],
        "orig_encoding": source.get("orig_encoding"),
        "source_dataset": source["source_dataset"],
        "site": source["site"],
        "html_path": f"../gne_unlabeled/{source['html_path']}",
    }


def build_lines() -> list[str]:
    decisions: dict[str, dict[str, Any]] = json.loads(
        (TARGET / "decisions.json").read_text(encoding="utf-8")
    )
    sources = [
        json.loads(line)
        for line in (SOURCE / "pages.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    known = {source["id"] for source in sources}
    unknown = sorted(set(decisions) - known)
    if unknown:
        raise DecisionError(f"decisions for pages not in gne_unlabeled: {', '.join(unknown)}")
    return [
        json.dumps(build_record(source, decisions[source["id"]]), ensure_ascii=False)
        for source in sources
        if source["id"] in decisions
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="only compare the committed file with a rebuild"
    )
    args = parser.parse_args(argv)
    try:
        content = "\n".join(build_lines()) + "\n"
    except DecisionError as error:
        print(f"build_gne_zh: {error}", file=sys.stderr)
        return 2
    target = TARGET / "pages.jsonl"
    if args.check:
        current = target.read_text(encoding="utf-8") if target.is_file() else ""
        if current != content:
            print(
                f"build_gne_zh: {target} is not what the decisions build; rerun the script",
                file=sys.stderr,
            )
            return 1
        return 0
    target.write_text(content, encoding="utf-8")
    print(f"{target}: {content.count(chr(10))} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
