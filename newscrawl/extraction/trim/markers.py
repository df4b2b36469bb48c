"""Marker lines: a short line that only names a section outside the article (a heading: the
text is cut there) or opens with a pointer to another page (a teaser: dropped alone). A line
longer than :data:`MAX_MARKER_LINE` is prose whatever it matches."""

from __future__ import annotations

import re

from newscrawl.extraction.trim.options import TrimOptions

# A line that only names a section outside the article, with an optional count or colon.
TAIL_HEADING = re.compile(
    r"^\s*(?:"
    r"related(?:\s+(?:articles?|stories|posts?|content|news|reading|links))?|"
    r"(?:you\s+(?:may|might)\s+also\s+(?:like|enjoy)|more\s+(?:stories|articles)|"
    r"read\s+(?:more|next)|recommended(?:\s+(?:for\s+you|articles?|stories|reading))?|"
    r"popular\s+(?:posts|stories|articles)|latest\s+(?:news|posts|stories|articles)|"
    r"more\s+from\b.{0,40}|leave\s+a\s+(?:reply|comment)|\d*\s*comments?|"
    r"share\s+this(?:\s+(?:article|story|post))?)|"
    r"(?:相关|推荐|延伸|热门|精彩|猜你喜欢|更多)(?:阅读|新闻|文章|推荐|内容|资讯)?|"
    r"(?:网友|读者|用户|热门|最新|精彩|全部|发表|我要|查看)?(?:评论|留言)(?:区|列表)?"
    r")\s*[:：(（\d)）]*\s*$",
    re.IGNORECASE,
)
# Headings of a blog's sidebar and author box, sections that sit after the article when a
# region reaches into the sidebar; a separate option so the cross-validation judges them.
SIDEBAR_HEADING = re.compile(
    r"^\s*(?:categories|archives|tags|recent\s+(?:posts|articles|comments)|about\s+the\s+author"
    r"|文章分类|文章归档|标签|最新文章|关于作者)\s*[:：(（\d)）]*\s*$",
    re.IGNORECASE,
)
# Headings of the sections sites put after an article's last paragraph: the author box, its
# sources, topic and "explore more" lists, the post navigation. Separate from TAIL_HEADING so
# the cross-validation judges them apart (docs/benchmarks/trim.md).
END_SECTION = re.compile(
    r"^\s*(?:"
    r"about\s+the\s+authors?|written\s+by|(?:the\s+)?authors?|more\s+(?:by|from)\s+(?:the\s+)?author|"
    r"(?:related\s+)?topics|keep\s+exploring.{0,40}|explore\s+more.{0,40}|"
    r"more\s+(?:videos|posts|news|resources)|recent\s+articles|latest\s+news|tags|filed\s+under|"
    r"share\s+(?:this\s+(?:recipe|page)|on)|follow\s+us|"
    r"(?:previous|next|older|newer|prev)(?:\s+(?:posts?|articles?|stor(?:y|ies)|entry|entries))?|"
    r"作者简介|关于作者|上一篇|下一篇"
    r")\s*[:：(（\d)）.!]*\s*$",
    re.IGNORECASE,
)
# The heading of an article's sources: part of the article on some sites' labels (a paper's
# references), not on others'; a switch of its own so the cross-validation judges it apart.
SOURCES_SECTION = re.compile(
    r"^\s*(?:(?:article\s+)?sources|references|citations|footnotes|works\s+cited|bibliography|"
    r"参考文献|参考资料)\s*[:：(（\d)）.!]*\s*$",
    re.IGNORECASE,
)
# A line that opens with a pointer to another page.
TEASER_LINE = re.compile(
    r"^\s*(?:related|read\s+more|read\s+also|also\s+read|see\s+also|more|recommended|"
    r"相关阅读|相关新闻|延伸阅读|推荐阅读|相关文章)\s*[:：]",
    re.IGNORECASE,
)
# Chinese headings of the recommendation and keyword sections after an article, read with
# the separators and spaces some sites put between the words removed ("延伸 · 推荐"):
# a qualifier and a noun ("热点推荐", "为您推荐", "推荐新闻"), "猜你喜欢", "文章关键词".
ZH_TAIL_HEADING = re.compile(
    r"^(?:"
    r"(?:相关|延伸|热点|热门|精彩|推荐|为您|为你|更多|今日|大家都在|编辑)"
    r"(?:推荐|阅读|新闻|文章|内容|资讯|专题|视频|图集|排行|看)|"
    r"猜你喜欢|你可能(?:还)?(?:喜欢|感兴趣)|(?:文章|本文)?关键[词字]"
    r")[:：(（\d)）]*$"
)
# What separates the words of a heading on some sites ("延伸 · 推荐", "相关 | 推荐").
_HEADING_SEPARATORS = re.compile(r"[\s·•・|｜/_\-—]+")
# A Chinese heading is a few words; longer lines are not read as one.
MAX_ZH_HEADING = 20
# Lines longer than this are prose even when they match a pattern (a marker above, a
# Chinese portal's line in :mod:`.chinese`, a byline's line before the prose).
MAX_MARKER_LINE = 150


def is_zh_heading(line: str) -> bool:
    """Whether ``line`` is a Chinese recommendation or keyword heading (separators ignored)."""
    return bool(ZH_TAIL_HEADING.match(_HEADING_SEPARATORS.sub("", line)))


def is_cut_heading(line: str, options: TrimOptions, zh_headings: bool) -> bool:
    """Whether the enabled heading rules cut the text at ``line``: a tail heading, or with
    their switches a sidebar, end-section or sources heading, or with ``zh_headings`` (a
    Chinese text's) a Chinese one. The caller has measured how far into the text it stands."""
    return bool(
        TAIL_HEADING.match(line)
        or (options.sidebar_headings and SIDEBAR_HEADING.match(line))
        or (options.end_sections and END_SECTION.match(line))
        or (options.sources_sections and SOURCES_SECTION.match(line))
        or (zh_headings and len(line) <= MAX_ZH_HEADING and is_zh_heading(line))
    )
