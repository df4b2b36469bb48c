"""A line that credits a picture: a credit label at its start or an agency's name at its end,
or a Chinese picture credit without a caption."""

from __future__ import annotations

import re

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
# A Chinese line that only credits a picture, with no caption: "资料图", "图/pixabay",
# "图片均来自网络", "▲图片来自视频截图。", "▲广州日报全媒体图片记者黎旭阳、李妍摄". A caption
# that describes the picture before its credit ("图为...。新华社记者李明摄") is the article's.
ZH_PICTURE_CREDIT = re.compile(
    r"^\s*[▲△▼↑]?\s*[（(【\[]?\s*(?:"
    r"资料(?:图片?|照片)|图\s*[/／]\s*\S.{0,30}|图片?(?:来源|来自|源自)\s*[:：]\s*\S.{0,30}|"
    r"(?:本文)?图片(?:均|皆)?(?:来自|来源于|源自|取自)(?:网络|视频截图|互联网)|(?:图片?)?来自视频截图|"
    r"[\u4e00-\u9fff《》]{0,12}?(?:图片|摄影)?记者\s*[\u4e00-\u9fff]{2,4}(?:\s*[、，,]\s*[\u4e00-\u9fff]{2,4}){0,3}\s*摄"
    r")\s*[）)】\]]?\s*[。.]?\s*$"
)
# The end is searched in a line's last characters only: an agency's name and a bracket.
CREDIT_END_CHARS = 40
# Every CREDIT_END match ends the line (bar spaces and one bracket) with one of these,
# case-folded: most lines end with none, and the pattern's alternatives would each be tried
# at each of the line's last characters.
_CREDIT_END_WORDS = ("images", "stock", "photo", "reuters", "unsplash", "afp")
# A credit is a name or two; longer lines are captions or prose.
MAX_CREDIT_LINE = 120


def is_credit(line: str) -> bool:
    """Whether ``line`` credits a picture (:data:`CREDIT_START`, :data:`CREDIT_END`,
    :data:`ZH_PICTURE_CREDIT`)."""
    if CREDIT_START.match(line) or ZH_PICTURE_CREDIT.match(line):
        return True
    end = line.rstrip()
    if end.endswith((")", "]")):
        end = end[:-1].rstrip()
    return end[-len("unsplash") - 4 :].casefold().endswith(_CREDIT_END_WORDS) and bool(
        CREDIT_END.search(line, max(0, len(line) - CREDIT_END_CHARS))
    )
