"""Lines of the interface around an article, dropped wherever they stand and however the
page is built: a control's label and a form's legal line or status message."""

from __future__ import annotations

import re

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
    r"|^\W*oops!?\s*something\s+went\s+wrong\s+while\s+submitting\s+the\s+form"
    # a comment or answer box's prompt to sign in, a rating widget's empty state, a player's
    # or an image viewer's own message ("Your browser does not support the video tag.",
    # "Press enter or click to view image in full size")
    r"|^\W*you\s+(?:must|need\s+to)\s+(?:be\s+)?(?:log(?:ged)?\s+in|sign(?:ed)?\s+in|"
    r"register(?:ed)?|a\s+member)\b[^.\n]{0,40}?\b(?:reply|comment|post|answer|vote)"
    r"\b[^.\n]{0,25}[.!]?\s*$"
    r"|^\W*(?:create\s+an\s+account\s+or\s+(?:sign|log)\s+in\s+to|"
    r"sign\s+up\s+for\s+a\s+new\s+account\s+in\s+our\s+community|"
    r"already\s+have\s+an\s+account\?\s*(?:sign|log)\s+in\s+here)"
    r"|^\W*no\s+votes\s+so\s+far!?\s*be\s+the\s+first\s+to\s+rate"
    r"|^\W*(?:sorry,\s*)?your\s+browser\s+does\s*(?:not|n[’']t)\s+support\s+(?:the\s+)?"
    r"(?:embedded\s+|html5?\s+)?(?:videos?|audio)"
    r"|^\W*press\s+enter\s+or\s+click\s+to\s+view\s+image\s+in\s+full\s+size",
    re.IGNORECASE,
)
# A line that is only the label of a control: a button or link that acts ("Learn more",
# "Read more", "Get started", "Book now", "Share", "Back to top"), an advertising tag, a media
# player's or a caption's toggle ("Listen", "Embed", "Show caption") or its running time alone
# ("3:51"), a loading placeholder, the heading of a contents box whose links went ("Table of
# Contents", "In this article"). Whatever the page, such a line is interface, not the
# article's text.
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
    r"watch(?:\s+video|\s+now)?|"
    # a media player's running time or timecode alone ("3:51", "1:02:45")
    r"(?:\d{1,2}:)?\d{1,2}:\d{2}|"
    # a byline's label on a line of its own, the name on the next ("Written by", "Fact-checked
    # by"); a comment box's and a rating widget's controls; the name of an icon font's glyph,
    # the text a ligature icon shows as ("chevron_right")
    r"(?:written|edited|reviewed|fact[\s-]checked|medically\s+reviewed|posted|published)\s+by|"
    r"hide|(?:view|show|hide)\s+comments|how\s+useful\s+was\s+this\s+post\??|"
    r"click\s+on\s+a\s+star\s+to\s+rate\s+it!?|"
    r"(?:chevron|arrow|keyboard_arrow|navigate)_(?:right|left|up|down|forward|back|before|next)|"
    r"expand_(?:more|less)|"
    # a retailer's button beside a product: "Check Price at Amazon", "$129 at Target"
    r"(?:(?:check\s+(?:the\s+)?(?:latest\s+)?price|buy(?:\s+it)?|shop(?:\s+it)?|view|see\s+it|"
    r"get\s+it)|[$£€]\s?[\d,.]+)\s+(?:at|on|from)\s+[\w.&'’ -]{2,25}?"
    r"(?:\s*\((?:on\s+sale!?|opens\s+in\s+new\s+tab)\))?"
    r")\s*[:.!…→»›]*\s*$",
    re.IGNORECASE,
)
# A control's label is a few words; longer lines are not read as one.
MAX_UI_LABEL = 40
