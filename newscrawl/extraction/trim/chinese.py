"""Chinese portal furniture: a video player's fallback, a keyword list, feedback, share,
QR-code and follow appeals, a pointer at other coverage, a reprint's original title, a
platform's disclaimer, the story's credits, a post's controls (the rules that run only on a
Chinese text)."""

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
    r"^\s*[（(]?\s*点击(?:图片)?(?:查看|看)?(?:清晰|高清)?大图\s*[）)]?\s*$|"
    # an app's appeal and a portal's way back ("更多原创资讯请下载“澎湃新闻”APP", "返回搜狐，查看
    # 更多"), a share box's and a comment counter's labels ("分享至好友和朋友圈", "跟贴 19")
    r"下载.{0,12}(?:APP|App|app|客户端)|返回\S{1,6}[，,]\s*查看更多|^\s*分享至|^\s*跟贴\s*(?:跟贴|\d)",
)
# One character of every :data:`APPEAL_LINE` alternative: a cheap test before the pattern.
_APPEAL_HINT = re.compile("[浏播键要维击【享扫注载返贴]")
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
# A line of a story's credits, at its start or its end: "编辑|禤志杰", "【责任编辑：王芳】",
# "编辑 刘晓阳 校对 李铭", "新京报记者 陆一夫", "本报记者罗科苏盈发自北京", "来源|羊城晚报".
# Every field is a credit's label and two- to four-character names (or Latin ones), so a
# sentence that opens with a label ("记者从市交通部门了解到") is no such line.
_CREDIT_FIELD = (
    r"(?:责任编辑|责编|编辑|校对|审校|审核|监制|来源|作者|(?:实习|见习|特约)?记者|通讯员|实习生|"
    r"摄影|摄像|采写|撰文|美编)"
)
_ZH_NAME = r"[\u4e00-\u9fff]{2,4}|[\u4e00-\u9fff]{1,6}·[\u4e00-\u9fff·]{1,10}"
_LATIN_NAME = r"[A-Z][A-Za-z.\-]*(?:\s[A-Z][A-Za-z.\-]*){0,2}"
_NAME = rf"(?:{_ZH_NAME}|{_LATIN_NAME})"
_NAMES = rf"{_NAME}(?:\s*[、，,/]\s*{_NAME}|\s+{_NAME}){{0,5}}"
_SOURCES = r"[\u4e00-\u9fff《》A-Za-z]{2,12}(?:\s*[、，,]\s*[\u4e00-\u9fff《》A-Za-z]{2,12}){0,5}"
_OUTLET = r"(?:[\u4e00-\u9fff《》]{1,10}\s?)?"
_CREDIT = (
    rf"(?:来源\s*[:：|｜/]\s*{_SOURCES}"
    rf"|{_OUTLET}{_CREDIT_FIELD}(?:\s*[:：|｜/]\s*|\s+){_NAMES}"
    rf"|{_OUTLET}记者(?:{_ZH_NAME})(?=发自|$))"
)
STORY_CREDIT_LINE = re.compile(
    rf"^\s*[【\[（(]?\s*(?:(?:采写|撰文)\s*[:：]\s*)?{_CREDIT}(?:\s+{_CREDIT})*"
    r"(?:\s*(?:发自\S{2,6}|\S{2,8}报道))?\s*[】\]）)]?\s*$"
)
# A line of controls alone, a post's or a story's buttons and their counts, joined by
# separators or spaces: "举报 | 回复", "收藏 分享 举报", "赞 12 踩 3", "只看该作者".
_CONTROL = (
    r"(?:举报|回复|引用|收藏|分享|点赞|赞同?|反对|支持|踩|顶|评论|转发|打赏|私信|复制链接|"
    r"只看(?:该作者|楼主)|使用道具|删除|置顶|展开(?:全文)?|收起)(?:\s*\(?\d+\)?)?"
)
ZH_CONTROL_LINE = re.compile(rf"^\s*{_CONTROL}(?:\s*[|｜·•/]?\s*{_CONTROL})*\s*$")
# A story's credits are a few labels and names; a longer line is prose.
MAX_STORY_CREDIT_LINE = 60
# A line of controls is a few buttons.
MAX_CONTROL_LINE = 40
# Appeal lines longer than this are prose that happens to name a QR code or a player.
MAX_APPEAL_LINE = 80


def is_chinese_furniture(line: str, options: TrimOptions) -> bool:
    """Whether the enabled Chinese line rules drop ``line`` (teaser, original title,
    disclaimer, credits, appeal)."""
    if len(line) > MAX_MARKER_LINE:  # most prose lines stop here
        return False
    return bool(
        (options.zh_teasers and ZH_TEASER_LINE.match(line))
        or (options.original_title and ORIGINAL_TITLE.match(line))
        or (options.disclaimers and DISCLAIMER_LINE.match(line))
        or (
            options.zh_credits
            and len(line) <= MAX_STORY_CREDIT_LINE
            and STORY_CREDIT_LINE.match(line)
        )
        or (options.zh_controls and len(line) <= MAX_CONTROL_LINE and ZH_CONTROL_LINE.match(line))
        or (
            options.appeal_lines
            and len(line) <= MAX_APPEAL_LINE
            and _APPEAL_HINT.search(line)
            and APPEAL_LINE.search(line)
        )
    )
