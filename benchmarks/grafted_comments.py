"""Whether a system keeps a comment thread served inside the page: comments grafted on.

The dev sets are recent pages whose comments mostly load by script, so few hold a comment
thread in their HTML; older pages, blogs and forums' article views serve them inline, under
the article, and a system that keeps them loses precision there (the extraction issue's
unseen sets: "comment threads kept"). This benchmark puts a comment thread into each
labelled page, right after the article's container (the deepest element holding the
label's first and last paragraphs: where blog templates put it), and scores each system on
the page as served (parsed and written out again, as the grafted page is) and with the
thread. The label is unchanged: every comment token a system keeps costs it precision, and
a thread that takes the region from the article costs it recall.

The comments are real user text from other sites: lines of the labelled forum threads of the
set (``--pool``; English), or, for Chinese pages, lines of the other pages' labels. Each
thread takes one of several markups (``--markup``), from a blog engine's named classes to
classes that say nothing, stamped with a clock time, a day, or nothing:

* ``named``: a WordPress-style ``#comments`` list, names "comment-author", a clock time,
  "Reply" links, a reply form after it;
* ``hashed``: the same shape, every class a meaningless word, a day only;
* ``plain``: ``<div>`` items with an author line, no date, a "Reply" link, no heading;
* ``zh``: a Chinese portal's "网友评论" list, "网友" names, "2020-03-02 10:12", "回复"/"支持".

With ``--section related`` the served sections are another site's boxes of other stories
(named "related", "recommended", "read-next" ...) instead of its comment section: the same
graft, for the issue's "related-story lists kept". A served section's links to its own
site are made relative, so that in the page it joins they link within that page's site.
With ``--section story`` the graft is another site's whole article under its headline, as
a news site's endless scroll serves the next story under the one asked for. ``--place
before`` puts the section before the article's container instead (a column of teasers first
in the markup: the issue's "teaser block beside the article"), ``--place middle`` between
two of its paragraphs (a box of headlines set into the story).

For each markup and system it prints the mean F1 and pages with F1 < 0.5, served and grafted,
and the share of the grafted comment text the system kept (its characters found in the
output), then the pages whose F1 falls most:

    python3 benchmarks/grafted_comments.py PAGES.jsonl --pool FORUMS.jsonl
        [--page-type article] [--systems auto,trafilatura] [--markup named,hashed,plain]
        [--comments 6] [--section related|story] [--place after|before|middle] [--limit N]
        [--worst 10]
"""

from __future__ import annotations

import argparse
import hashlib
import html as html_lib
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from lxml import etree
from lxml import html as lxml_html

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.anonymised_names import anonymise
from newscrawl.evaluation.crossval import page_site
from newscrawl.evaluation.dataset import DatasetError, Page, load_pages
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.evaluation.systems import System, systems_named
from newscrawl.extraction.decode import decode_html
from newscrawl.extraction.dom import common_ancestor
from newscrawl.extraction.domains import href_domain, url_domain
from newscrawl.extraction.text import is_mostly_cjk

# A comment line: long enough to be a remark, short enough to be one.
MIN_LINE, MAX_LINE = 30, 400
ZH_MIN_LINE, ZH_MAX_LINE = 12, 160
# The label's first and last lines are looked for by this many of their characters.
ANCHOR_CHARS = 40

EN_NAMES = ("mark_t", "Jenny Alvarez", "dave99", "S. Okafor", "Priya", "tom h.", "Linda M")
ZH_NAMES = ("网友a8f3", "北京网友", "老张", "小雨点", "上海市网友", "匿名用户", "风之子")


@dataclass(frozen=True, slots=True)
class Comment:
    author: str
    text: str
    index: int


def _digest(*parts: str) -> int:
    return int.from_bytes(hashlib.blake2s("|".join(parts).encode()).digest()[:8], "big")


def _escape(text: str) -> str:
    return html_lib.escape(text, quote=True)


def named_markup(comments: Sequence[Comment], title: str) -> str:
    items = "".join(
        f"<li id='comment-{1000 + c.index}' class='comment even thread-even depth-1'>"
        f"<article class='comment-body'><footer class='comment-meta'>"
        f"<div class='comment-author vcard'><img class='avatar' src='/a/{c.index}.png' alt=''>"
        f"<b class='fn'>{_escape(c.author)}</b> <span class='says'>says:</span></div>"
        f"<div class='comment-metadata'><a href='#comment-{1000 + c.index}'>"
        f"<time datetime='2019-03-{c.index + 2:02d}T10:{c.index + 10}:00+00:00'>"
        f"March {c.index + 2}, 2019 at 10:{c.index + 10} am</time></a></div></footer>"
        f"<div class='comment-content'><p>{_escape(c.text)}</p></div>"
        f"<div class='reply'><a class='comment-reply-link' href='#respond'>Reply</a></div>"
        f"</article></li>"
        for c in comments
    )
    return (
        f"<div id='comments' class='comments-area'><h2 class='comments-title'>"
        f"{len(comments)} thoughts on &ldquo;{_escape(title)}&rdquo;</h2>"
        f"<ol class='comment-list'>{items}</ol>"
        f"<div id='respond' class='comment-respond'><h3>Leave a Reply</h3>"
        f"<form><p>Your email address will not be published.</p>"
        f"<textarea name='comment'></textarea><input type='submit' value='Post Comment'>"
        f"</form></div></div>"
    )


def hashed_markup(comments: Sequence[Comment], title: str) -> str:
    items = "".join(
        f"<div class='k7f2a1'><div class='q03be9'><img src='/a/{c.index}.png' alt=''>"
        f"<span class='z81c4d'>{_escape(c.author)}</span>"
        f"<span class='m5e0aa'>Jan {c.index + 3}, 2020</span></div>"
        f"<div class='p2d9f0'><p>{_escape(c.text)}</p></div>"
        f"<div class='w1b7c3'><a href='?reply={c.index}'>Reply</a></div></div>"
        for c in comments
    )
    return f"<div class='t4a8e2'><h3 class='h9c1f5'>Comments</h3>{items}</div>"


def plain_markup(comments: Sequence[Comment], title: str) -> str:
    items = "".join(
        f"<div class='item'><div class='who'><a href='/u/{c.index}'>{_escape(c.author)}</a>"
        f"</div><div class='body'>{_escape(c.text)}</div>"
        f"<div class='act'><a href='?r={c.index}'>Reply</a></div></div>"
        for c in comments
    )
    return f"<div class='box'>{items}</div>"


def zh_markup(comments: Sequence[Comment], title: str) -> str:
    items = "".join(
        f"<li class='item'><div class='info'><span class='name'>{_escape(c.author)}</span>"
        f"<span class='time'>2020-03-{c.index + 2:02d} 10:{c.index + 10}</span></div>"
        f"<p class='txt'>{_escape(c.text)}</p>"
        f"<div class='ops'><a href='javascript:;'>回复</a> <a href='javascript:;'>"
        f"支持({c.index * 3 + 1})</a></div></li>"
        for c in comments
    )
    return (
        f"<div class='pl'><div class='pl-hd'><h3>网友评论</h3>"
        f"<span>已有{len(comments)}条评论</span></div><ul class='pl-list'>{items}</ul></div>"
    )


SYNTHETIC: dict[str, Callable[[Sequence[Comment], str], str]] = {
    "named": named_markup,
    "hashed": hashed_markup,
    "plain": plain_markup,
    "zh": zh_markup,
}


def pool_lines(pages: Sequence[Page], chinese: bool) -> list[tuple[str, str]]:
    """(site, line) for every label line of ``pages`` that reads as one comment."""
    low, high = (ZH_MIN_LINE, ZH_MAX_LINE) if chinese else (MIN_LINE, MAX_LINE)
    lines = []
    for page in pages:
        site = page_site(page)
        for line in (page.text or "").split("\n"):
            line = " ".join(line.split())
            if low <= len(line) <= high and is_mostly_cjk(line) == chinese:
                lines.append((site, line))
    return lines


def comments_for(
    page: Page, site: str, pool: Sequence[tuple[str, str]], count: int
) -> list[Comment]:
    """``count`` comment lines from sites other than ``site``, picked by the page's id."""
    others = [line for line_site, line in pool if line_site != site]
    if not others:
        return []
    names = ZH_NAMES if is_mostly_cjk(others[0]) else EN_NAMES
    start = _digest(page.id) % len(others)
    step = 1 + _digest(page.id, "step") % 97
    return [
        Comment(names[i % len(names)], others[(start + i * step) % len(others)], i)
        for i in range(count)
    ]


def normalised(text: str) -> str:
    """``text`` with its whitespace removed: how label lines and page text are compared."""
    return "".join(text.split())


def holder_of(root: etree._Element, piece: str) -> etree._Element | None:
    """The deepest element whose text holds ``piece`` (whitespace removed)."""
    found = None
    body = root.find("body")
    for el in (body if body is not None else root).iter():
        if not isinstance(el.tag, str) or el.tag in ("script", "style"):
            continue
        if piece in normalised(el.text_content()):
            found = el  # iter() is document order, so a later hit is inside the earlier one
    return found


def long_lines(label: str) -> list[str]:
    """The label's lines of 20 or more characters, whitespace removed: the lines a graft is
    placed by."""
    return [normalised(line) for line in label.split("\n") if len(normalised(line)) >= 20]


def article_element(root: etree._Element, label: str) -> etree._Element | None:
    """The deepest element holding the label's first and last long lines: the article's
    container, after which a blog template puts its comments."""
    lines = long_lines(label)
    if not lines:
        return None
    first = holder_of(root, lines[0][:ANCHOR_CHARS])
    last = holder_of(root, lines[-1][-ANCHOR_CHARS:])
    if first is None or last is None:
        return None
    return common_ancestor(first, last)


@dataclass(frozen=True, slots=True)
class Graft:
    """A comment thread to put into a page: its markup, the lines that are comments and,
    for a served section, the site it was taken from (named in the worst pages' list)."""

    markup: str
    lines: tuple[str, ...]
    donor: str = ""


def synthetic_graft(comments: Sequence[Comment], template: str, title: str) -> Graft | None:
    if not comments:
        return None
    return Graft(SYNTHETIC[template](comments, title), tuple(c.text for c in comments))


# class/id words of a served section of each kind (``--section``): a comment section
# (WordPress, Drupal, Substack, Blogger, ...), or a box of other stories ("related",
# "recommended", "read-next", "you-may-like": the "related-story lists").
SECTION_NAMES = {
    "comments": re.compile(
        r"(?:^|[\s_-])(?:comments?|commentlist|comment-list|comments-area)(?:$|[\s_-])"
    ),
    "related": re.compile(
        r"(?:^|[\s_-])(?:related|recommended|recommendations?|more-stories|read-next"
        r"|also-like|you-may-like|related-posts|related-articles)(?:$|[\s_-])"
    ),
}
# A section's characters: a thread is long; a box of other stories' headlines is shorter.
MIN_SECTION_CHARS = {"comments": 600, "related": 300}
MAX_SECTION_CHARS = 20_000


def _is_heading_anchor(el: etree._Element) -> bool:
    """Whether ``el``'s id is its first heading's text of several words as a slug: a
    documentation page's section ("Respond to review comments" in
    ``section#respond-to-review-comments``), which names comments without being any (a
    blog's ``section#comments`` under "Comments" is one word)."""
    heading = next((child for child in el if child.tag in ("h1", "h2", "h3", "h4")), None)
    if heading is None or not el.get("id"):
        return False
    words = re.findall(r"[a-z0-9]+", heading.text_content().lower())
    return len(words) > 1 and "-".join(words) == el.get("id", "").lower()


def served_section(root: etree._Element, kind: str = "comments") -> etree._Element | None:
    """The outermost element named as a section of ``kind`` (:data:`SECTION_NAMES`), holding
    MIN_SECTION_CHARS to MAX_SECTION_CHARS of text, below ``<body>`` and outside
    ``<style>``/``<script>``; not a documentation section whose heading names the kind
    (:func:`_is_heading_anchor`)."""
    body = root.find("body")
    if body is None:
        return None
    for el in body.iterdescendants():
        if not isinstance(el.tag, str) or el.tag in ("style", "script", "article", "main"):
            continue
        names = f"{el.get('id') or ''} {el.get('class') or ''}".lower()
        if not SECTION_NAMES[kind].search(names) or _is_heading_anchor(el):
            continue
        chars = len(normalised(el.text_content()))
        if MIN_SECTION_CHARS[kind] <= chars <= MAX_SECTION_CHARS:
            return el
    return None


# ``--section story``: the next story a news site serves under the one asked for (an endless
# scroll's second article), another page's whole article container under its headline.
STORY = "story"


def next_story(root: etree._Element, page: Page) -> etree._Element | None:
    """``page``'s article container (:func:`article_element`) under its headline, as one
    ``<article>``; None without a container below ``<body>`` or a title."""
    holder = article_element(root, page.text or "")
    if holder is None or holder.tag in ("body", "html") or not page.title:
        return None
    story = etree.Element("article")
    headline = etree.SubElement(story, "h1")
    headline.text = page.title
    holder.tail = None
    story.append(holder)
    return story


def donor_grafts(
    pages: Sequence[Page], chinese: bool, kind: str = "comments"
) -> list[tuple[str, Graft]]:
    """(site, graft) for each page of ``pages`` that serves a comment section in its HTML
    (or, for :data:`STORY`, has an article container); forum threads are left out (their
    post lists are the page, not comments under one)."""
    low, high = (ZH_MIN_LINE, ZH_MAX_LINE * 4) if chinese else (MIN_LINE, MAX_LINE * 4)
    donors = []
    for page in pages:
        if page.page_type == "forum":
            continue
        text, _ = decode_html(page.read_html())
        try:
            root = lxml_html.document_fromstring(text)
        except (etree.ParserError, ValueError):
            continue
        section = next_story(root, page) if kind == STORY else served_section(root, kind)
        if section is None:
            continue
        section.tail = None
        as_own_links(section, page.url)
        lines = tuple(
            line
            for line in (" ".join(part.split()) for part in section.itertext())
            if low <= len(line) <= high
        )
        if lines:
            markup = lxml_html.tostring(section, encoding="unicode")
            site = page_site(page)
            donors.append((site, Graft(markup, lines, site)))
    return donors


def as_own_links(section: etree._Element, donor_url: str | None) -> None:
    """Make the section's links to its own site relative: on the page it is grafted into it
    is that page's own box, linking within that page's site, as it did on the donor's (an
    absolute link to the donor's domain would read as a link to another site)."""
    own = url_domain(donor_url)
    if own is None:
        return
    for anchor in section.iter("a"):
        href = anchor.get("href") or ""
        if href_domain(href) == own:
            parts = urlsplit(href if not href.startswith("//") else "https:" + href)
            anchor.set("href", urlunsplit(("", "", parts.path or "/", parts.query, parts.fragment)))


def donor_for(page: Page, site: str, donors: Sequence[tuple[str, Graft]]) -> Graft | None:
    others = [graft for donor_site, graft in donors if donor_site != site]
    return others[_digest(page.id, "donor") % len(others)] if others else None


# Where a graft goes (``--place``): after the article's container (where templates put
# comments and most boxes of other stories), before it (a column of teasers that comes first
# in the markup), or between two of its paragraphs (a news site's box of headlines set into
# the story).
PLACES = ("after", "before", "middle")


def middle_child(holder: etree._Element, root: etree._Element, label: str) -> etree._Element | None:
    """The child of the article's container that holds the label's middle long line: a
    box put after it stands between two paragraphs of the story. None for a label of
    fewer than three long lines (no middle) or a line outside every child."""
    lines = long_lines(label)
    if len(lines) < 3:
        return None
    inner = holder_of(root, lines[len(lines) // 2][:ANCHOR_CHARS])
    while inner is not None and inner.getparent() is not holder:
        inner = inner.getparent()
    return inner


def graft_into(
    text: str, label: str, thread: Graft, place: str = "after"
) -> tuple[bytes, bytes] | None:
    """The page as served (parsed and written out) and with ``thread`` at ``place`` beside
    or inside the article's container (:func:`article_element`); None when there is none
    below ``<body>`` (or, for the middle, no child holding the label's middle line)."""
    root = lxml_html.document_fromstring(text)
    served = lxml_html.tostring(root, encoding="utf-8")
    holder = article_element(root, label)
    if holder is None or holder.tag in ("body", "html") or holder.getparent() is None:
        return None
    graft = lxml_html.fragment_fromstring(thread.markup)
    if place == "before":
        holder.addprevious(graft)
    elif place == "middle":
        child = middle_child(holder, root, label)
        if child is None:
            return None
        child.addnext(graft)
    else:
        holder.addnext(graft)
    return served, lxml_html.tostring(root, encoding="utf-8")


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def failed(values: Sequence[float]) -> int:
    """How many of the F1 ``values`` are under the report's failure line."""
    return sum(value < FAILED_F1 for value in values)


@dataclass(slots=True)
class Scores:
    served: list[float] = field(default_factory=list)
    grafted: list[float] = field(default_factory=list)
    kept: list[float] = field(default_factory=list)

    def line(self, name: str) -> str:
        served, grafted = mean(self.served), mean(self.grafted)
        return (
            f"  {name:12s} pages {len(self.served):4d}  F1 served {served:.4f}"
            f" grafted {grafted:.4f} (change {grafted - served:+.4f})"
            f"  F1 < {FAILED_F1}: {failed(self.served)} -> {failed(self.grafted)}"
            f"  comment text kept {mean(self.kept):.3f}"
        )


def run_system(system: System, html: bytes, page: Page) -> str:
    prediction = system.run(html, page.url, None)
    return "" if prediction.rejection is not None else prediction.content


def kept_share(output: str, lines: Sequence[str]) -> float:
    """The share of the comment lines' characters whose line the output holds."""
    flat = normalised(output)
    total = sum(len(normalised(line)) for line in lines)
    kept = sum(len(normalised(line)) for line in lines if normalised(line) in flat)
    return kept / total if total else 0.0


KINDS = (*SYNTHETIC, "served", "served-renamed")


def thread_for(
    kind: str,
    page: Page,
    site: str,
    pool: Sequence[tuple[str, str]],
    donors: Sequence[tuple[str, Graft]],
    count: int,
) -> Graft | None:
    """The comment thread of ``kind`` grafted on ``page``: a synthetic one of ``count``
    pool lines, or another site's served section (renamed: its class and id words hashed)."""
    if kind in SYNTHETIC:
        return synthetic_graft(comments_for(page, site, pool, count), kind, page.title or "")
    donor = donor_for(page, site, donors)
    if donor is None or kind == "served":
        return donor
    return Graft(anonymise(donor.markup), donor.lines, donor.donor)


@dataclass(slots=True)
class Result:
    """Per (kind, system) scores, the first system's F1 changes with a line each, and how
    many grafts could not be made."""

    scores: dict[tuple[str, str], Scores]
    falls: list[tuple[float, str]]
    skipped: int


def score(
    pages: Sequence[Page],
    systems: Sequence[System],
    kinds: Sequence[str],
    pool: Sequence[tuple[str, str]],
    donors: Sequence[tuple[str, Graft]],
    count: int,
    place: str = "after",
) -> Result:
    """Every system on each labelled page as served and with a thread of each kind."""
    scores = {(kind, s.name): Scores() for kind in kinds for s in systems}
    falls: list[tuple[float, str]] = []
    skipped = 0
    for page in pages:
        if not page.text:
            continue
        text, _ = decode_html(page.read_html())
        truth = tokenize(page.text)
        site = page_site(page)
        for kind in kinds:
            thread = thread_for(kind, page, site, pool, donors, count)
            pair = graft_into(text, page.text, thread, place) if thread is not None else None
            if thread is None or pair is None:
                skipped += 1
                continue
            for system in systems:
                own = scores[(kind, system.name)]
                before, after = (run_system(system, html, page) for html in pair)
                was, now = (token_scores(tokenize(out), truth) for out in (before, after))
                own.served.append(was.f1)
                own.grafted.append(now.f1)
                own.kept.append(kept_share(after, thread.lines))
                if system is systems[0]:
                    falls.append(
                        (
                            now.f1 - was.f1,
                            (
                                f"{page.id} {kind} F1 {was.f1:.3f} -> {now.f1:.3f} recall "
                                f"{was.recall:.2f} -> {now.recall:.2f} comments kept "
                                f"{own.kept[-1]:.2f} {page.url or ''}"
                                + (f" (from {thread.donor})" if thread.donor else "")
                            ),
                        )
                    )
    return Result(scores, falls, skipped)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("pages", type=Path)
    parser.add_argument(
        "--pool", type=Path, default=None, help="pages whose labels and sections give comments"
    )
    parser.add_argument("--pool-type", default=None, help="page type of the pool's pages")
    parser.add_argument("--page-type", default=None)
    parser.add_argument("--systems", default="auto,trafilatura")
    parser.add_argument("--kinds", default="named,hashed,plain,served,served-renamed")
    parser.add_argument("--comments", type=int, default=6)
    parser.add_argument(
        "--section",
        choices=[*sorted(SECTION_NAMES), STORY],
        default="comments",
        help="what the served sections are: comment sections, boxes of other stories, or"
        " the next story in full",
    )
    parser.add_argument(
        "--place",
        choices=PLACES,
        default="after",
        help="where the section goes: after the article's container, before it, or inside it"
        " between two paragraphs",
    )
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--worst", type=int, default=10)
    args = parser.parse_args(argv)
    try:
        pages = load_pages(args.pages, page_type=args.page_type, limit=args.limit)
        pool_pages = load_pages(args.pool, page_type=args.pool_type) if args.pool else pages
    except DatasetError as error:
        parser.error(str(error))
    kinds = [name.strip() for name in args.kinds.split(",") if name.strip()]
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown:
        parser.error(f"unknown kinds {unknown}; known: {', '.join(KINDS)}")
    chinese = "zh" in kinds
    pool = pool_lines(pool_pages, chinese)
    served = {"served", "served-renamed"} & set(kinds)
    donors = donor_grafts(pool_pages, chinese, args.section) if served else []
    print(f"pool: {len(pool)} comment lines, {len(donors)} served {args.section} sections")
    systems = systems_named(args.systems)
    result = score(pages, systems, kinds, pool, donors, args.comments, args.place)
    scores, falls, skipped = result.scores, result.falls, result.skipped
    for kind in kinds:
        print(f"{kind}:")
        for system in systems:
            print(scores[(kind, system.name)].line(system.name))
    print(f"grafts not made (no article container below <body>, no donor): {skipped}")
    print_falls(falls, systems[0].name, args.worst)
    return 0


def print_falls(falls: Sequence[tuple[float, str]], name: str, count: int) -> None:
    """The ``count`` lines of ``falls`` (F1 change, line) whose change is most negative."""
    if count:
        print(f"pages whose {name} F1 falls most:")
        for _, line in sorted(falls)[:count]:
            print("  " + line)


if __name__ == "__main__":
    sys.exit(main())
