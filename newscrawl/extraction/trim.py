"""Trim what does not belong to the article from a chosen region's text.

A method picks a region; the region often holds more than the article: a related-stories
list after the last paragraph, a table-of-contents list of links, a "Related: ..." teaser
between paragraphs, the author's profile link above the first one. Each rule here reads one
signal that does not depend on a site's markup, on the region's lines (one paragraph a line):

* **tail heading** — a short line that only names a section that never belongs to the
  article ("Related articles", "Comments", "相关阅读", "推荐阅读" ...), far enough into the
  text (:attr:`TrimOptions.tail_min_share`) that it cannot be a heading above the article:
  the text is cut there.
  With :attr:`TrimOptions.sidebar_headings`, a blog sidebar's or author box's heading
  ("Categories", "Recent posts", "About the author") cuts the same way.
* **teaser line** — a short line that opens with "Related:", "Read more:", "相关阅读：" ...
  and is dropped alone: such lines sit between paragraphs and point elsewhere.
* **link run** — :attr:`TrimOptions.link_run` or more consecutive lines each of which is the
  whole text of one of the page's links: a list of links (related stories, a contents list,
  tag clouds), not prose; with :attr:`TrimOptions.runs_only_at_end`, only after the last
  long paragraph.
* **leading links** — lines before the first line that is not a whole link text
  (breadcrumbs, the author's name linked to their profile, a category link).
* **end sections** — with :attr:`TrimOptions.end_sections`, the headings of what follows
  an article's last paragraph on many sites (the author box, "Topics", "Explore more",
  "Previous post") cut like a tail heading; with :attr:`TrimOptions.sources_sections`, the
  heading of its sources ("References", "Sources", "参考文献") too.
* **Chinese portal furniture** — five options the cross-validation judges apart, on a
  text with a CJK character among its first :data:`CJK_PROBE` characters only:
  :attr:`TrimOptions.zh_headings` cuts at a recommendation or keyword heading written with
  a separator or a variant :data:`TAIL_HEADING` misses ("延伸 · 推荐", "为您推荐",
  "猜你喜欢", "文章关键词"); :attr:`TrimOptions.appeal_lines` drops a short line that is a
  video player's fallback, a keyword list, or a feedback, share, QR-code or follow appeal
  ("您的浏览器暂时无法播放此视频", "关键词 >> ...", "扫描下方二维码", "回复【福利】查看");
  :attr:`TrimOptions.original_title` drops the "（原标题：...）" line portals put above a
  reprinted article; :attr:`TrimOptions.zh_teasers` drops a line that points at other
  coverage ("此前报道：...", "点击进入专题："); :attr:`TrimOptions.disclaimers` drops a
  platform's disclaimer line ("免责声明：...", "特别声明：...").
* **consent lines** — with :attr:`TrimOptions.consent_lines`, a sign-up or contact form's
  legal line ("By signing up, you agree to ...", "By clicking "Submit", you authorize ...",
  "This site is protected by reCAPTCHA ...") and a form builder's status messages ("Thank
  you! Your submission has been received!"), wherever they stand and however long: a
  form's furniture, not the article's.
* **control labels** — with :attr:`TrimOptions.ui_labels`, a line that is only a button's,
  a toggle's or a player's label ("Learn more", "Read more", "Book now", "Share", "Back to
  top", "Advertisement", "Show caption", "Listen", "Loading..."): interface, not text.
* **picture credits** — with :attr:`TrimOptions.credit_lines`, a short line that credits a
  picture ("Photo: Jane Doe/AP", "Image credit: ...", "Courtesy of ...", "... Getty Images").
* **date lines** — with :attr:`TrimOptions.date_lines`, a line that is only a date (a
  byline's "Dec 12, 2025", "Updated on March 2, 2026") before the text's first long line.
* **cut cap** — when the rules together would remove more than
  :attr:`TrimOptions.max_cut_share` of the text's characters, the text is kept whole: a
  region that is mostly linked lines or follows a heading early on is a listing, a
  collection or a link-heavy page whose content is those lines, not an article with a tail.

One pass over the lines; the page's link texts are read once per page. Which rules are on
was chosen by cross-validation grouped by site (benchmarks/trim_cv.py,
docs/benchmarks/trim.md).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from newscrawl.extraction.document import Document
from newscrawl.extraction.posts import MONTH_WORD

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
# Short lines of a portal's page furniture that sit among or after the paragraphs: a video
# player's fallback text, a keyword list, feedback, share, QR-code and follow appeals.
APPEAL_LINE = re.compile(
    r"您的浏览器(?:暂时|暂)?(?:不支持|无法播放)|^\s*自动播放\s*$|"
    r"^\s*(?:文章|本文)?关键[词字]\s*(?:[:：]|>>|》)|我要(?:反馈|纠错|举报)|"
    r"(?:扫描|扫一扫|扫码|长按|识别).{0,8}二维码|二维码.{0,8}(?:关注|下载|分享)|"
    r"点击.{0,12}(?:关注|订阅|菜单)|回复【[^】]{1,12}】|点【在看】|"
    r"^\s*分享到\s*[:：]?\s*$|"
    r"^\s*(?:微信)?扫一扫|^\s*关注(?:我们|本?公众号|微信)|"
    r"^\s*[（(]?\s*点击(?:图片)?(?:查看|看)?(?:清晰|高清)?大图\s*[）)]?\s*$",
)
# One character of every :data:`APPEAL_LINE` alternative: a cheap test before the pattern.
_APPEAL_HINT = re.compile("[浏播键要维击【享扫注]")
# A Chinese line that points at other coverage: "此前报道：...", "点击进入专题：",
# "相关资讯请关注：".
ZH_TEASER_LINE = re.compile(
    r"^\s*(?:(?:此前|相关|更多|往期|延伸)(?:报道|回顾|推荐|链接|资讯|专题|阅读|新闻)"
    r"[^:：]{0,6}[:：]|点击进入专题)",
)
# The line naming a reprinted article's original headline: "（原标题：...）", "本文原标题：《...》".
ORIGINAL_TITLE = re.compile(r"^\s*[（(【\[]?\s*(?:本文)?原(?:标)?题(?:为|是)?\s*[:：《]")
# A platform's disclaimer line ("免责声明：...", "特别声明：以上内容...仅提供信息存储服务"),
# too long for auto's boilerplate-line length limit.
DISCLAIMER_LINE = re.compile(r"^\s*[【\[（(]?\s*(?:免责|特别|版权|郑重)声明\s*[】\]）)]?\s*[:：]")
# A form's legal line or status message: "By signing up, you agree to our Privacy Policy",
# "By clicking "Start Now!" you accept ...", "This site is protected by reCAPTCHA ...",
# "Thank you! Your submission has been received!". The clause before "you" stays within one
# sentence, so an article's "By 2030, ... you agree" does not read as one.
CONSENT_LINE = re.compile(
    r"^\W*by\s+(?:clicking|tapping|pressing|checking|selecting|signing\s+up|subscribing|"
    r"submitting|registering|entering|providing|continuing|creating\s+an\s+account|joining|"
    r"using\s+this\s+(?:site|website|form))\b[^.?\n]{0,80}?\s+you(?:'re|’re|\s+are)?\s+"
    r"(?:hereby\s+)?(?:agree|consent|authori[sz]e|acknowledge|accept|confirm)"
    r"|^\W*this\s+site\s+is\s+protected\s+by\s+recaptcha"
    r"|^\W*(?:thank\s+you|thanks)!?\s*your\s+submission\s+has\s+been\s+received"
    r"|^\W*oops!?\s*something\s+went\s+wrong\s+while\s+submitting\s+the\s+form",
    re.IGNORECASE,
)
# A line that is only the label of a control: a button or link that acts ("Learn more",
# "Read more", "Get started", "Book now", "Share", "Back to top"), an advertising tag, a media
# player's or a caption's toggle ("Listen", "Embed", "Show caption"), a loading placeholder,
# the heading of a contents box whose links went ("Table of Contents", "In this article").
# Whatever the page, such a line is interface, not the article's text.
UI_LABEL = re.compile(
    r"^[\s▶►›»→←↑⬆✕×·•|]*(?:"
    r"(?:learn|read|see|show|view|load)\s+(?:more|all|less)|keep\s+reading|"
    # where an advertisement or a promotion interrupts the story: "Story continues below
    # advertisement", "Continue reading the main story", "SKIP ADVERTISEMENT", "Ad Feedback",
    # "Skip past newsletter promotion", "Advertisement - Scroll to continue"
    r"continue\s+reading(?:\s+(?:below|the\s+(?:main\s+)?(?:story|article)))?|"
    r"(?:the\s+)?(?:story|article|content|text)\s+continues\s+(?:below|after)"
    r"(?:\s+(?:this\s+|the\s+)?(?:advertisement|ad))?|"
    r"skip\s+(?:the\s+)?(?:advertisement|ad)|ad\s+feedback|"
    r"(?:skip\s+past|after)\s+newsletter\s+promotion|"
    r"scroll\s+(?:down\s+)?to\s+continue(?:\s+(?:reading|with\s+content))?|"
    r"advertisement\s*[-–—:]\s*(?:continue\s+reading(?:\s+below)?|scroll\s+to\s+continue)|"
    r"get\s+started(?:\s+(?:for\s+free|now|today))?|start\s+(?:your\s+)?free\s+trial|"
    r"try\s+(?:it\s+)?(?:for\s+)?free|"
    r"(?:buy|shop|book|order|subscribe|sign\s+up|register|download|apply|join|donate)\s+"
    r"(?:now|today|here)|"
    r"get\s+a\s+(?:free\s+)?quote|request\s+a\s+(?:demo|quote)|"
    r"share(?:\s+this)?(?:\s+(?:article|story|post|page))?|share\s+on\s+\w+|tweet|pin\s+it|"
    r"print(?:\s+this)?|"
    r"copy\s+link|link\s+copied!?|"
    r"back\s+to\s+top|scroll\s+to\s+top|skip\s+to\s+(?:main\s+)?content|"
    r"jump\s+to\s+(?:recipe|review|comments|section|content)|"
    r"table\s+of\s+contents|contents|in\s+this\s+(?:article|post|guide)|on\s+this\s+page|"
    r"advertisement(?:\s*-\s*(?:page\s+)?continues?\s+below)?|sponsored|ad|"
    r"show\s+caption|hide\s+caption|toggle\s+caption|enlarge(?:\s+image)?|"
    r"view\s+(?:image|gallery|this\s+figure)|opens?\s+in\s+(?:a\s+)?new\s+(?:tab|window)|"
    r"click\s+to\s+expand\.*|loading\.*|like\s+this:?|like\s+loading\.*|"
    r"listen(?:\s+to\s+(?:this\s+)?(?:article|story))?|embed|play(?:\s+video)?|"
    r"watch(?:\s+video|\s+now)?"
    r")\s*[:.!…→»›]*\s*$",
    re.IGNORECASE,
)
# The label a date line or a byline's date may open with, and the numeric dates both read.
_DATE_LABEL = r"(?:(?:last\s+)?(?:updated|published|posted|date)(?:\s+on)?\s*(?::\s*)?)?"
_NUMERIC_DATE = r"\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d{2}-\d{2}"
# A line that is only a date, with an optional "Updated"/"Published" label and time of day.
DATE_LINE = re.compile(
    r"^\s*"
    + _DATE_LABEL
    + r"(?:"
    + MONTH_WORD
    + r"\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+"
    + MONTH_WORD
    + r"\s+\d{4}|"
    + _NUMERIC_DATE
    + r")"
    r"(?:,?\s*(?:at\s+)?\d{1,2}:\d{2}\s*(?:[ap]\.?m\.?)?(?:\s*[a-z]{2,4})?)?\s*\|?\s*$",
    re.IGNORECASE,
)
# A byline line before the article's prose: "By Rick Steves", "By Chris McNamara ⋅ Founder and
# Editor-in-Chief ⋅ Updated May 6, 2025", "Updated Dec 18, 2025 · 12 min read", "Bridgestone
# Team | 5 min read", "Reading Time: 8 minutes", "1,693 views": the byline's parts (an
# author, a date, the reading time, a view count), joined by the separators bylines use.
_BYLINE_SEP = r"\s*[|·•⋅/–—]\s*"
# A byline's date also takes an ordinal day ("November 4th, 2025") and a comma after the month.
_BYLINE_DATE = (
    _DATE_LABEL
    + r"(?:"
    + MONTH_WORD
    + r"\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}\s+"
    + MONTH_WORD
    + r",?\s+\d{4}|"
    + _NUMERIC_DATE
    + r")"
)
_BYLINE_READ = (
    r"(?:reading\s+time\s*(?::\s*)?)?\d{1,3}\s*-?\s*min(?:ute)?s?\.?(?:\s+(?:read|to\s+read))?"
)
_BYLINE_VIEWS = r"[\d,.]+\s*[km]?\s+views?"
_BYLINE_NAME = r"[^\W\d_][\w.'’-]*(?:\s+[^\W\d_][\w.'’-]*){0,4}"
_BYLINE_BY = r"(?:(?:written|posted|reviewed|edited|words)\s+)?by\s+" + _BYLINE_NAME
_BYLINE_PART = f"(?:{_BYLINE_DATE}|{_BYLINE_READ}|{_BYLINE_VIEWS})"
BYLINE_LINE = re.compile(
    # An author first, then any short parts (a role, a date); or only dates, reading times
    # and view counts, the name left out.
    rf"^\s*(?:{_BYLINE_BY}(?:{_BYLINE_SEP}[^|·•⋅]{{1,40}}?){{0,3}}"
    rf"|(?:{_BYLINE_NAME}{_BYLINE_SEP})?{_BYLINE_PART}(?:{_BYLINE_SEP}{_BYLINE_PART}){{0,3}})"
    r"\s*[.|]?\s*$",
    re.IGNORECASE,
)
# Byline lines are short.
MAX_BYLINE_LINE = 100
# A Chinese byline before the article's prose: "【文/观察者网专栏作者 王文】", "执笔/叨叨姐",
# "原创： 路闻卓立编译", "作者：张三", "记者 李四 通讯员 王五", "摄影：产品经理".
ZH_BYLINE_LINE = re.compile(
    r"^\s*[【\[（(]?\s*(?:文|作者|执笔|撰文|记者|通讯员|摄影|编译|整理|原创)\s*[/／:：|｜]"
    r"|^\s*记者\s*\S{2,4}\s+通讯员\s*\S{2,4}"
)
MAX_ZH_BYLINE_LINE = 40
# A line that asks the reader to sign up for mail: "Sign up for our e-newsletter", "Join our
# mailing list!", "Subscribe to get the latest posts sent to your email.", "Get the best of
# X delivered to your inbox weekly", "X is a reader-supported publication. To receive new
# posts ...". A sign-up box's heading or pitch, never the article's own sentence.
SIGNUP_LINE = re.compile(
    r"^\W*(?:"
    r"(?:sign(?:ing)?\s+up|subscribe|join|register|opt\s+in)\b[^.;!]{0,120}?"
    r"\b(?:e-?newsletters?|newsletters?|mailing\s+list|inbox|e-?mails?|subscribers)\b"
    r"|.{0,100}?\b(?:delivered|sent)\s+(?:straight\s+|right\s+|directly\s+)?to\s+your\s+inbox"
    r"|.{0,100}?\bis\s+a\s+reader-supported\s+publication"
    r"|(?:never\s+miss|want\s+to\s+(?:get|receive)|stay\s+(?:up\s+to\s+date|in\s+the\s+loop))"
    r"\b[^.;!]{0,120}?\b(?:newsletters?|inbox|e-?mails?|sign\s+up|subscribe)"
    r")",
    re.IGNORECASE,
)
# A sign-up pitch is a sentence or two; longer lines are prose.
MAX_SIGNUP_LINE = 200
# Every SIGNUP_LINE match holds one of these (case-folded): most lines hold none, and the
# pattern's alternatives would each scan the line's start for nothing.
SIGNUP_WORDS = ("newsletter", "mail", "inbox", "subscri", "reader-supported", "sign up")
# A control's label is a few words; longer lines are not read as one.
MAX_UI_LABEL = 40
# A line that credits a picture: "Photo: Jane Doe/AP", "Image credit: ...", "Credit:",
# "Courtesy of Acme", "Photo by ..." at its start, or a picture agency's name at its end
# ("Firn | Getty Images", "Kim Kyung-Hoon/Reuters").
CREDIT_START = re.compile(
    r"\s*[(\[]?\s*(?:"
    r"(?:photo(?:graph)?|image|illustration|picture)s?\s+credits?\s*[:：]|"
    r"photo(?:graph)?s?\s*[:：]|credits?\s*[:：]|"
    r"(?:photo|image|illustration)s?\s+(?:by|courtesy(?:\s+of)?)\b|courtesy\s+of\s"
    r")",
    re.IGNORECASE,
)
CREDIT_END = re.compile(
    r"(?:getty\s+images|shutterstock|istock(?:photo)?|adobe\s+stock|ap\s+photo|reuters|"
    r"unsplash|afp)\s*[)\]]?\s*$",
    re.IGNORECASE,
)
# The end is searched in a line's last characters only: an agency's name and a bracket.
CREDIT_END_CHARS = 40
# Every CREDIT_END match ends the line (bar spaces and one bracket) with one of these,
# case-folded: most lines end with none, and the pattern's alternatives would each be tried
# at each of the line's last characters.
_CREDIT_END_WORDS = ("images", "stock", "photo", "reuters", "unsplash", "afp")
# A credit is a name or two; longer lines are captions or prose.
MAX_CREDIT_LINE = 120
_CJK = re.compile(r"[\u4e00-\u9fff]")
# How many leading characters the Chinese rules' CJK test reads.
CJK_PROBE = 2000
# Appeal lines longer than this are prose that happens to name a QR code or a player.
MAX_APPEAL_LINE = 80
# A Chinese heading is a few words; longer lines are not read as one.
MAX_ZH_HEADING = 20
# Lines longer than this are prose even when they match a pattern above.
MAX_MARKER_LINE = 150


@dataclass(frozen=True, slots=True)
class TrimOptions:
    """Which rules run. Defaults: the rules cross-validation kept (docs/benchmarks/trim.md)."""

    # Cut at a tail heading when at least this share of the text's characters precedes it;
    # None turns the rule off.
    tail_min_share: float | None = 0.7
    # Also cut at a sidebar heading (:data:`SIDEBAR_HEADING`), under the same condition.
    sidebar_headings: bool = True
    # Drop teaser lines ("Related: ...").
    teaser_lines: bool = True
    # Drop runs of at least this many consecutive whole-link lines; None: off.
    link_run: int | None = 2
    # Drop a link run only after the text's last long paragraph (:data:`MAX_MARKER_LINE`):
    # lists of links between paragraphs may be the article's own (products, changelogs).
    runs_only_at_end: bool = False
    # A line whose links all lead to other sites (Document.offsite_link_texts) is no part of
    # a link run: the article's sources, products or references, not the site's own lists.
    offsite_runs_kept: bool = True
    # Drop the whole-link lines before the first other line.
    leading_links: bool = True
    # Also cut at an end-section heading (:data:`END_SECTION`), like a tail heading. On since
    # the short-article sets joined the cross-validation: chosen in every site-grouped fold,
    # unguarded and on the articles; off before, when each group of headings cost one
    # wcxb_dev page type what it gained on articles (docs/benchmarks/trim.md).
    end_sections: bool = True
    # Also cut at the heading of the article's sources (:data:`SOURCES_SECTION`): chosen
    # with the end sections, in every fold (docs/benchmarks/trim.md).
    sources_sections: bool = True
    # Keep the text whole when the rules would remove more than this share of its
    # characters; None: no cap.
    max_cut_share: float | None = 0.5
    # Also cut at a Chinese recommendation or keyword heading (:data:`ZH_TAIL_HEADING`).
    zh_headings: bool = True
    # Drop short player-fallback, keyword and appeal lines (:data:`APPEAL_LINE`).
    appeal_lines: bool = True
    # Drop the "（原标题：...）" line (:data:`ORIGINAL_TITLE`).
    original_title: bool = True
    # Drop Chinese lines that point at other coverage (:data:`ZH_TEASER_LINE`).
    zh_teasers: bool = True
    # Drop a platform's disclaimer line (:data:`DISCLAIMER_LINE`).
    disclaimers: bool = True
    # Drop a form's legal line and status messages (:data:`CONSENT_LINE`); on: chosen in 5
    # of 5 folds unguarded (docs/benchmarks/trim.md).
    consent_lines: bool = True
    # Drop a line that is only a control's label (:data:`UI_LABEL`); on: chosen in 5 of 5
    # folds, guarded (docs/benchmarks/trim.md).
    ui_labels: bool = True
    # Drop a line that credits a picture (:func:`is_credit`); on: chosen in 5 of 5 folds,
    # guarded (docs/benchmarks/trim.md).
    credit_lines: bool = True
    # Drop a line that is only a date ("Dec 12, 2025", "Updated on March 2, 2026 at 4:10 pm",
    # "2025-12-12") before the text's first long line (:data:`DATE_LINE`): a byline's date.
    # On: chosen in 5 of 5 folds unguarded and on the articles (docs/benchmarks/trim.md).
    date_lines: bool = True
    # Drop a line that asks the reader to sign up for mail (:data:`SIGNUP_LINE`).
    signup_lines: bool = True
    # Drop a byline line (:data:`BYLINE_LINE`: an author, a date, the reading time, a view
    # count) before the text's first long line, as a date line is. On: chosen in 5 of 5
    # site-grouped folds unguarded and on the articles (docs/benchmarks/trim.md).
    byline_lines: bool = True
    # Drop a Chinese byline line (:data:`ZH_BYLINE_LINE`) before the text's first long line.
    # On: chosen in 5 of 5 site-grouped folds, guarded and unguarded (four gne_zh pages up,
    # none down; docs/benchmarks/trim.md).
    zh_bylines: bool = True

    @property
    def any_chinese(self) -> bool:
        return any(getattr(self, rule) for rule in CHINESE_RULES)

    @property
    def needs_links(self) -> bool:
        return self.link_run is not None or self.leading_links


# The switches of the Chinese portal rules, which run only on Chinese text.
CHINESE_RULES = (
    "zh_headings",
    "appeal_lines",
    "original_title",
    "zh_teasers",
    "disclaimers",
    "zh_bylines",
)


def without_chinese_rules(options: TrimOptions) -> TrimOptions:
    """``options`` with the Chinese portal rules off (the references of the sweeps)."""
    return replace(options, **dict.fromkeys(CHINESE_RULES, False))


NO_TRIM = without_chinese_rules(
    TrimOptions(
        tail_min_share=None,
        sidebar_headings=False,
        teaser_lines=False,
        link_run=None,
        leading_links=False,
        end_sections=False,
        sources_sections=False,
        max_cut_share=None,
        consent_lines=False,
        ui_labels=False,
        credit_lines=False,
        signup_lines=False,
        date_lines=False,
        byline_lines=False,
    )
)


def normalized(text: str) -> str:
    return " ".join(text.split())


def is_zh_heading(line: str) -> bool:
    """Whether ``line`` is a Chinese recommendation or keyword heading (separators ignored)."""
    return bool(ZH_TAIL_HEADING.match(_HEADING_SEPARATORS.sub("", line)))


def is_chinese_furniture(line: str, options: TrimOptions) -> bool:
    """Whether the enabled Chinese line rules drop ``line`` (teaser, original title,
    disclaimer, appeal)."""
    if len(line) > MAX_MARKER_LINE:  # most prose lines stop here
        return False
    return bool(
        (options.zh_teasers and ZH_TEASER_LINE.match(line))
        or (options.original_title and ORIGINAL_TITLE.match(line))
        or (options.disclaimers and DISCLAIMER_LINE.match(line))
        or (
            options.appeal_lines
            and len(line) <= MAX_APPEAL_LINE
            and _APPEAL_HINT.search(line)
            and APPEAL_LINE.search(line)
        )
    )


def is_signup(line: str) -> bool:
    """Whether ``line`` asks the reader to sign up for mail (:data:`SIGNUP_LINE`)."""
    if len(line) > MAX_SIGNUP_LINE:
        return False
    folded = line.casefold()
    return any(word in folded for word in SIGNUP_WORDS) and bool(SIGNUP_LINE.match(line))


def is_credit(line: str) -> bool:
    """Whether ``line`` credits a picture (:data:`CREDIT_START`, :data:`CREDIT_END`)."""
    if CREDIT_START.match(line):
        return True
    end = line.rstrip()
    if end.endswith((")", "]")):
        end = end[:-1].rstrip()
    return end[-len("unsplash") - 4 :].casefold().endswith(_CREDIT_END_WORDS) and bool(
        CREDIT_END.search(line, max(0, len(line) - CREDIT_END_CHARS))
    )


def trim_text(
    text: str,
    links: frozenset[str],
    options: TrimOptions,
    offsite: Callable[[], frozenset[str]] | None = None,
) -> str:
    """``text`` without the lines the enabled rules mark (the whole text if all would go).
    ``offsite``: the link texts that never count toward a link run (asked only when the
    text has two link lines in a row)."""
    lines = text.split("\n")
    keep = [True] * len(lines)
    flat = [normalized(line) for line in lines] if options.needs_links else []
    is_link = [line in links for line in flat]
    in_run = is_link
    if offsite is not None and any(map(operator.and_, is_link, is_link[1:])):
        away = offsite()
        in_run = [linked and line not in away for linked, line in zip(is_link, flat, strict=True)]
    # The Chinese rules only on a text with a CJK character among its first characters: a
    # bounded C scan spares other pages a regex per line.
    chinese = options.any_chinese and _CJK.search(text, 0, CJK_PROBE) is not None
    zh_headings = chinese and options.zh_headings
    if options.tail_min_share is not None:
        total = sum(len(line) for line in lines) or 1
        before = 0
        for index, line in enumerate(lines):
            if (
                before / total >= options.tail_min_share
                and len(line) <= MAX_MARKER_LINE
                and (
                    TAIL_HEADING.match(line)
                    or (options.sidebar_headings and SIDEBAR_HEADING.match(line))
                    or (options.end_sections and END_SECTION.match(line))
                    or (options.sources_sections and SOURCES_SECTION.match(line))
                    or (zh_headings and len(line) <= MAX_ZH_HEADING and is_zh_heading(line))
                )
            ):
                keep[index:] = [False] * (len(lines) - index)
                break
            before += len(line)
    if (
        options.teaser_lines
        or options.consent_lines
        or options.ui_labels
        or options.credit_lines
        or options.signup_lines
    ):
        for index, line in enumerate(lines):
            if (
                (options.teaser_lines and len(line) <= MAX_MARKER_LINE and TEASER_LINE.match(line))
                or (options.consent_lines and CONSENT_LINE.match(line))
                or (options.ui_labels and len(line) <= MAX_UI_LABEL and UI_LABEL.match(line))
                or (options.credit_lines and len(line) <= MAX_CREDIT_LINE and is_credit(line))
                or (options.signup_lines and is_signup(line))
            ):
                keep[index] = False
    zh_bylines = chinese and options.zh_bylines
    if options.date_lines or options.byline_lines or zh_bylines:
        for index, line in enumerate(lines):
            if len(line) > MAX_MARKER_LINE:
                break  # the prose has begun: a date line inside it is a timeline's
            if (
                (options.date_lines and DATE_LINE.match(line))
                or (
                    options.byline_lines
                    and len(line) <= MAX_BYLINE_LINE
                    and BYLINE_LINE.match(line)
                )
                or (zh_bylines and len(line) <= MAX_ZH_BYLINE_LINE and ZH_BYLINE_LINE.match(line))
            ):
                keep[index] = False
    if chinese:
        for index, line in enumerate(lines):
            if keep[index] and is_chinese_furniture(line, options):
                keep[index] = False
    if options.leading_links:
        for index, linked in enumerate(is_link):
            if not linked:
                break
            keep[index] = False
    if options.link_run is not None:
        last_long = -1
        if options.runs_only_at_end:
            last_long = max(
                (index for index, line in enumerate(lines) if len(line) > MAX_MARKER_LINE),
                default=-1,
            )
        start = 0
        while start < len(lines):
            end = start
            while end < len(lines) and in_run[end]:
                end += 1
            if end - start >= options.link_run and start > last_long:
                keep[start:end] = [False] * (end - start)
            start = end + 1
    kept = [line for line, wanted in zip(lines, keep, strict=True) if wanted]
    if not kept:
        return text
    if options.max_cut_share is not None:
        removed = sum(len(line) for line, wanted in zip(lines, keep, strict=True) if not wanted)
        if removed > options.max_cut_share * sum(len(line) for line in lines):
            return text
    return "\n".join(kept)


def trim(text: str, doc: Document, options: TrimOptions) -> str:
    """:func:`trim_text` with the page's link texts read only when a rule needs them."""
    if not options.needs_links:
        return trim_text(text, frozenset(), options)
    offsite = (
        doc.offsite_link_texts
        if options.offsite_runs_kept and options.link_run is not None
        else None
    )
    return trim_text(text, doc.link_texts(), options, offsite)


DEFAULT_OPTIONS = TrimOptions()
