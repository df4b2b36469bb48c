"""A line that asks the reader to sign up for mail (a sign-up box's heading or pitch)."""

from __future__ import annotations

import re

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


def is_signup(line: str) -> bool:
    """Whether ``line`` asks the reader to sign up for mail (:data:`SIGNUP_LINE`)."""
    if len(line) > MAX_SIGNUP_LINE:
        return False
    folded = line.casefold()
    return any(word in folded for word in SIGNUP_WORDS) and bool(SIGNUP_LINE.match(line))
