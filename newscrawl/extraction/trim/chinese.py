"""Chinese portal furniture: a video player's fallback, a keyword list, feedback, share,
QR-code and follow appeals, a pointer at other coverage, a reprint's original title, a
platform's disclaimer (the rules that run only on a Chinese text)."""

from __future__ import annotations

import re

from newscrawl.extraction.trim.markers import MAX_MARKER_LINE
from newscrawl.extraction.trim.options import TrimOptions

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
# Appeal lines longer than this are prose that happens to name a QR code or a player.
MAX_APPEAL_LINE = 80


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
