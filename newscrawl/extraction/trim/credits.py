"""A line that credits a picture: a credit label at its start or an agency's name at its end."""

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
# The end is searched in a line's last characters only: an agency's name and a bracket.
CREDIT_END_CHARS = 40
# Every CREDIT_END match ends the line (bar spaces and one bracket) with one of these,
# case-folded: most lines end with none, and the pattern's alternatives would each be tried
# at each of the line's last characters.
_CREDIT_END_WORDS = ("images", "stock", "photo", "reuters", "unsplash", "afp")
# A credit is a name or two; longer lines are captions or prose.
MAX_CREDIT_LINE = 120


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
