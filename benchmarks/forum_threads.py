"""Whether a system keeps every post of a forum thread, replies of a few words included.

The dev sets' forum threads are English and their replies are mostly sentences; a Chinese
forum's replies are often a line ("顶，支持楼主", "同问", a clause of twenty characters),
shorter than the length a repeat needs to count as a post. This benchmark writes threads
in the page shapes of three widespread forum engines, after their public templates (no
engine's code): Discuz! X (a table per post, the message in ``td.t_f#postmessage_N``,
"发表于 TIME" above it), a Tieba-like layout (``div.l_post`` items, the message in
``div.d_post_content``, floor and time in a tail line under it) and phpBB (``div.post``
with a profile column and ``div.content``). Each thread opens with a post of three to six
lines and has three to eleven replies; ``--replies mixed`` gives replies of one to three
lines, ``short`` replies of one short line (under 40 characters) each. The lines come from
a labelled set's ground truth (``--pool``): a reply is text a page could hold, and the label
is every post's message, nothing else. Templates and seeds are fixed, so a run is
repeatable.

    python3 benchmarks/forum_threads.py --pool FULL/cwced_zh/pages.jsonl [--threads 30]
        [--replies mixed|short] [--systems auto,trafilatura]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.grafted_comments import failed, mean, run_system
from newscrawl.evaluation.dataset import DatasetError, Page, load_pages
from newscrawl.evaluation.metric import token_scores, tokenize
from newscrawl.evaluation.report import FAILED_F1
from newscrawl.evaluation.systems import System, systems_named
from newscrawl.extraction.text import is_mostly_cjk

# A reply line shorter than this is "short": under the thread stage's post minimum.
SHORT_REPLY = 40
# Pool lines: long enough to read as a sentence, short enough for a post's line.
MIN_LINE, MAX_LINE = 15, 300
USERS = ("风清扬", "lucy2008", "老张", "天涯过客", "mm小雨", "north_star", "JohnD", "kite_runner")


@dataclass(frozen=True, slots=True)
class Post:
    number: int
    user: str
    stamp: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Thread:
    title: str
    posts: tuple[Post, ...]

    @property
    def label(self) -> str:
        return "\n".join(line for post in self.posts for line in post.lines)


def pool_lines(pages: Sequence[Page]) -> tuple[list[str], list[str]]:
    """The pool's sentence lines and its short lines (under :data:`SHORT_REPLY`)."""
    lines = [
        " ".join(line.split())
        for page in pages
        for line in (page.text or "").split("\n")
        if MIN_LINE <= len(line.strip()) <= MAX_LINE
    ]
    return lines, [line for line in lines if len(line) < SHORT_REPLY]


def make_thread(rng: random.Random, lines: list[str], shorts: list[str], replies: str) -> Thread:
    count = rng.randint(4, 12)
    posts = []
    for number in range(count):
        if number == 0:
            chosen = rng.sample(lines, rng.randint(3, 6))
        elif replies == "short":
            chosen = [rng.choice(shorts)]
        else:
            chosen = rng.sample(lines, rng.choice((1, 1, 1, 2, 3)))
        stamp = f"2024-05-{3 + number // 5:02d} {10 + number % 10}:{20 + number % 6 * 7:02d}"
        posts.append(Post(number, rng.choice(USERS), stamp, tuple(chosen)))
    return Thread(title=rng.choice(lines)[:30], posts=tuple(posts))


def _message(post: Post, separator: str) -> str:
    return separator.join(escape(line) for line in post.lines)


def discuz(thread: Thread) -> str:
    floors = ("楼主", "沙发", "板凳")
    posts = "".join(
        f'<div id="post_{1000 + p.number}"><table id="pid{1000 + p.number}" class="plhin">'
        f'<tr><td class="pls" rowspan="2"><div class="pi"><div class="authi">'
        f'<a href="space-uid-{p.number}.html" class="xw1">{p.user}</a></div></div>'
        f'<div class="tns xg2"><table><tr><th><p><a href="#">{p.number + 3}</a></p>主题</th>'
        f"<td><p>{p.number * 37}</p>积分</td></tr></table></div></td>"
        f'<td class="plc"><div class="pi"><strong><a href="#">'
        f"{floors[p.number] if p.number < 3 else f'{p.number + 1}<sup>#</sup>'}</a></strong>"
        f'<div class="pti"><div class="authi"><em id="authorposton{1000 + p.number}">'
        f'发表于 {p.stamp}</em><span class="pipe">|</span><a href="#">只看该作者</a></div></div>'
        f'</div><div class="pct"><div class="pcb"><div class="t_fsz"><table><tr>'
        f'<td class="t_f" id="postmessage_{1000 + p.number}">{_message(p, "<br />")}</td>'
        f"</tr></table></div></div></div></td></tr>"
        f'<tr><td class="plc plm"><div class="po hin"><div class="pob cl">'
        f'<em><a class="fastre" href="#">回复</a></em><p><a href="#">举报</a></p>'
        f"</div></div></td></tr></table></div>"
        for p in thread.posts
    )
    return _page(
        thread,
        '<div id="pt" class="bm cl"><div class="z"><a href="./">社区</a> <em>›</em> '
        '<a href="forum.php">论坛</a> <em>›</em> <a href="#">家长论坛</a></div></div>'
        f'<div id="postlist" class="pl bm"><table><tr><td class="pls ptn pbn">'
        f'<span class="xg1">查看:</span> <span class="xi1">3521</span></td>'
        f'<td class="plc ptm pbn vwthd"><h1 class="ts"><span id="thread_subject">'
        f"{escape(thread.title)}</span></h1></td></tr></table>{posts}</div>",
        '<div id="ft" class="wp cl"><p><a href="#">联系我们</a> | <a href="#">手机版</a></p>'
        "<p>Powered by <strong>Discuz!</strong> X3.4 &copy; 2001-2024 Comsenz Inc.</p></div>",
    )


def tieba(thread: Thread) -> str:
    posts = "".join(
        f'<div class="l_post l_post_bright j_l_post clearfix">'
        f'<div class="d_author"><ul class="p_author"><li class="icon"><img src="a.jpg"></li>'
        f'<li class="d_name"><a class="p_author_name j_user_card" href="#">{p.user}</a></li>'
        f'<li class="l_badge"><div class="d_badge_title">等级 {p.number % 9 + 1}</div></li>'
        f'</ul></div><div class="d_post_content_main"><div class="p_content"><cc>'
        f'<div id="post_content_{9000 + p.number}" class="d_post_content j_d_post_content">'
        f"{_message(p, '<br>')}</div></cc></div>"
        f'<div class="core_reply j_lzl_wrapper"><div class="core_reply_tail">'
        f'<ul class="p_tail"><li><span>{p.number + 1}楼</span></li><li><span>{p.stamp}</span>'
        f'</li></ul><a class="lzl_link_unfold" href="#">回复</a></div></div></div></div>'
        for p in thread.posts
    )
    return _page(
        thread,
        f'<div class="core_title_wrap_bright"><h3 class="core_title_txt">'
        f"{escape(thread.title)}</h3></div>"
        f'<div class="l_thread_info"><ul class="l_posts_num"><li class="l_reply_num">'
        f'<span class="red">{len(thread.posts) - 1}</span>回复贴</li></ul></div>'
        f'<div id="j_p_postlist" class="p_postlist">{posts}</div>',
        '<div class="footer"><a href="#">帮助中心</a> <a href="#">用户协议</a> '
        "<span>&copy;2024 Baidu</span></div>",
    )


def phpbb(thread: Thread) -> str:
    posts = "".join(
        f'<div id="p{500 + p.number}" class="post has-profile bg{2 - p.number % 2}">'
        f'<div class="inner"><dl class="postprofile" id="profile{500 + p.number}">'
        f'<dt><a href="#" class="username">{p.user}</a></dt>'
        f'<dd class="profile-posts"><strong>帖子:</strong> <a href="#">{p.number * 11 + 4}</a>'
        f'</dd></dl><div class="postbody"><div id="post_content{500 + p.number}">'
        f'<h3><a href="#p{500 + p.number}">Re: {escape(thread.title)}</a></h3>'
        f'<p class="author"><a href="#"><span>由</span></a> <strong>'
        f'<a href="#" class="username">{p.user}</a></strong> &raquo; {p.stamp}</p>'
        f'<div class="content">{_message(p, "<br>")}</div></div></div>'
        f'<div class="back2top"><a href="#top" class="top" title="Top">Top</a></div>'
        f"</div></div>"
        for p in thread.posts
    )
    return _page(
        thread,
        f'<h2 class="topic-title"><a href="#">{escape(thread.title)}</a></h2>'
        '<div class="action-bar bar-top"><a href="#" class="button">发表回复</a>'
        f'<div class="pagination">{len(thread.posts)} 帖子 &bull; 第 1 页 (共 1 页)</div></div>'
        f"{posts}",
        '<div class="copyright">Powered by <a href="https://www.phpbb.com/">phpBB</a>&reg; '
        "Forum Software &copy; phpBB Limited</div>",
    )


def _page(thread: Thread, main: str, footer: str) -> str:
    title = escape(thread.title)
    return (
        f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title} - 论坛</title>'
        '</head><body><div id="hd"><ul class="nav"><li><a href="/">首页</a></li>'
        '<li><a href="/forum">论坛</a></li><li><a href="/search">搜索</a></li></ul></div>'
        f'<div id="wp" class="wp">{main}</div>{footer}</body></html>'
    )


ENGINES: dict[str, Callable[[Thread], str]] = {"discuz": discuz, "tieba": tieba, "phpbb": phpbb}


@dataclass
class Result:
    f1: list[float] = field(default_factory=list)
    precision: list[float] = field(default_factory=list)
    recall: list[float] = field(default_factory=list)

    def line(self, name: str) -> str:
        return (
            f"{name:28s} threads {len(self.f1):3d}  F1 {mean(self.f1):.4f}"
            f"  P {mean(self.precision):.3f}  R {mean(self.recall):.3f}"
            f"  F1 < {FAILED_F1}: {failed(self.f1)}"
        )


def score(
    systems: Sequence[System], lines: list[str], shorts: list[str], threads: int, replies: str
) -> dict[str, Result]:
    results: dict[str, Result] = {}
    page = Page(
        id="thread",
        html_path=Path("thread.html"),
        text=None,
        title=None,
        url="https://bbs.example.com/thread-1-1-1.html",
    )
    for engine, write in ENGINES.items():
        rng = random.Random(f"{engine}-{replies}")
        for _ in range(threads):
            thread = make_thread(rng, lines, shorts, replies)
            html = write(thread).encode("utf-8")
            truth = tokenize(thread.label)
            for system in systems:
                found = token_scores(tokenize(run_system(system, html, page)), truth)
                for key in (f"{system.name} {engine}", f"{system.name} all"):
                    result = results.setdefault(key, Result())
                    result.f1.append(found.f1)
                    result.precision.append(found.precision)
                    result.recall.append(found.recall)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pool", type=Path, required=True, help="a labelled pages.jsonl")
    parser.add_argument("--threads", type=int, default=30, help="threads per engine")
    parser.add_argument("--replies", choices=("mixed", "short"), default="mixed")
    parser.add_argument("--systems", default="auto,trafilatura")
    args = parser.parse_args(argv)
    try:
        pages = load_pages(args.pool)
    except DatasetError as error:
        parser.error(str(error))
    lines, shorts = pool_lines(pages)
    if len(lines) < 50 or len(shorts) < 10:
        parser.error(f"{args.pool}: too few lines to write threads from")
    systems = systems_named(args.systems)
    language = "Chinese" if is_mostly_cjk("".join(lines[:200]), 0.5) else "non-Chinese"
    print(f"pool: {len(lines)} lines ({language}), {len(shorts)} short; replies: {args.replies}")
    results = score(systems, lines, shorts, args.threads, args.replies)
    for key in sorted(results, key=lambda k: (k.split()[1] != "all", k)):
        print(results[key].line(key))
    return 0


if __name__ == "__main__":
    sys.exit(main())
