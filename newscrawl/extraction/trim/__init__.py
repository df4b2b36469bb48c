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

The package, one concept a module: :mod:`.options` (:class:`TrimOptions`), :mod:`.markers`
(tail headings and teaser lines, and the length past which a line is prose), :mod:`.chinese`
(the Chinese portal furniture), :mod:`.interface` (control labels and consent lines),
:mod:`.bylines` (date and byline lines), :mod:`.signups` (sign-up pitches), :mod:`.credits`
(picture credits) and :mod:`.lines` (:func:`trim_text`: the one pass over the lines, and
:func:`trim`). The names below are re-exported for reading: a name looked up at run time is
monkeypatched (or wrapped by ``benchmarks/stage_times.py``) on the submodule that looks it
up (``trim.lines:is_credit``, as :func:`trim_text` calls it), not here.
"""

from __future__ import annotations

from newscrawl.extraction.trim.bylines import (
    BYLINE_LINE,
    DATE_LINE,
    MAX_BYLINE_LINE,
    MAX_ZH_BYLINE_LINE,
    ZH_BYLINE_LINE,
)
from newscrawl.extraction.trim.chinese import (
    APPEAL_LINE,
    DISCLAIMER_LINE,
    MAX_APPEAL_LINE,
    ORIGINAL_TITLE,
    ZH_TEASER_LINE,
    is_chinese_furniture,
)
from newscrawl.extraction.trim.credits import (
    CREDIT_END,
    CREDIT_END_CHARS,
    CREDIT_START,
    MAX_CREDIT_LINE,
    is_credit,
)
from newscrawl.extraction.trim.interface import CONSENT_LINE, MAX_UI_LABEL, UI_LABEL
from newscrawl.extraction.trim.lines import CJK_PROBE, normalized, trim, trim_text
from newscrawl.extraction.trim.markers import (
    END_SECTION,
    MAX_MARKER_LINE,
    MAX_ZH_HEADING,
    SIDEBAR_HEADING,
    SOURCES_SECTION,
    TAIL_HEADING,
    TEASER_LINE,
    ZH_TAIL_HEADING,
    is_cut_heading,
    is_zh_heading,
)
from newscrawl.extraction.trim.options import (
    CHINESE_RULES,
    DEFAULT_OPTIONS,
    NO_TRIM,
    TrimOptions,
    without_chinese_rules,
)
from newscrawl.extraction.trim.signups import (
    MAX_SIGNUP_LINE,
    SIGNUP_LINE,
    SIGNUP_WORDS,
    is_signup,
)

__all__ = [
    "APPEAL_LINE",
    "BYLINE_LINE",
    "CHINESE_RULES",
    "CJK_PROBE",
    "CONSENT_LINE",
    "CREDIT_END",
    "CREDIT_END_CHARS",
    "CREDIT_START",
    "DATE_LINE",
    "DEFAULT_OPTIONS",
    "DISCLAIMER_LINE",
    "END_SECTION",
    "MAX_APPEAL_LINE",
    "MAX_BYLINE_LINE",
    "MAX_CREDIT_LINE",
    "MAX_MARKER_LINE",
    "MAX_SIGNUP_LINE",
    "MAX_UI_LABEL",
    "MAX_ZH_BYLINE_LINE",
    "MAX_ZH_HEADING",
    "NO_TRIM",
    "ORIGINAL_TITLE",
    "SIDEBAR_HEADING",
    "SIGNUP_LINE",
    "SIGNUP_WORDS",
    "SOURCES_SECTION",
    "TAIL_HEADING",
    "TEASER_LINE",
    "UI_LABEL",
    "ZH_BYLINE_LINE",
    "ZH_TAIL_HEADING",
    "ZH_TEASER_LINE",
    "TrimOptions",
    "is_chinese_furniture",
    "is_credit",
    "is_cut_heading",
    "is_signup",
    "is_zh_heading",
    "normalized",
    "trim",
    "trim_text",
    "without_chinese_rules",
]
