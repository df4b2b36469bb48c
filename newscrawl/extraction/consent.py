"""Drop a cookie-consent manager's banner and settings panel before any method reads a page.

Consent managers put their whole settings panel into the page ("Strictly Necessary Cookies",
"Targeting Cookies", "Cookie List", "Performance Cookies Off", a paragraph per purpose),
usually hidden until a click. On a page whose content is most of the body (a listing, a
product, a forum) that text is read with it. The panel names itself in its ``id`` and
``class``: a consent manager's own name (OneTrust, Cookiebot, Didomi, Complianz's
"cmplz", CookieLawInfo, Termly ...), or a consent word
("cookie", "consent", "gdpr") beside a word for a banner or a dialog ("banner", "notice",
"dialog", "bar", "sdk", "preferences" ...; not "container" or "info": a form's
"ginput_container_consent" is a checkbox), or the two written as one ("cookiebanner",
"cookienotice"). The words must be whole words of the attribute: a post tagged
"cookie-bars" is no banner.

An element marked only by a consent word and a box word is kept when it holds half the page's
text or the page's ``<h1>``: such words in the class of an article's wrapper are a
coincidence, not a banner. A consent manager's own name is never a coincidence.

A hand-written banner may name itself only for assistive technology: a modal dialog (ARIA
``role="dialog"`` or ``"alertdialog"``, ``aria-modal="true"``, or a ``<dialog>``) whose
accessible name (``aria-label``, or the text ``aria-labelledby`` points at) holds a consent
word or "privacy" ("Cookie preferences", "We Care About Your Privacy") is such a box, kept
by the same guards as a box marked by its words.
"""

from __future__ import annotations

import re

from lxml.etree import XPath
from lxml.etree import _Element as Element

from newscrawl.extraction.dom import drop_keep_tail, is_below, text_content
from newscrawl.extraction.native import walks
from newscrawl.extraction.thread import outermost

# A consent manager's own name, as its markup writes it: one such word is enough. The
# names are the tools' (WordPress plugins among them: CookieLawInfo, Moove, Borlabs,
# WPConsent), not chosen from data.
MANAGER_WORDS = frozenset(
    {
        "onetrust",
        "optanon",
        "cookiebot",
        "didomi",
        "cookieyes",
        "cookielawinfo",
        "termly",
        "iubenda",
        "moove",
        "klaro",
        "borlabs",
        "wpconsent",
        "axeptio",
        "trustarc",
        "usercentrics",
        "osano",
        "cookiepro",
        "cookiefirst",
        "cookiehub",
        "tarteaucitron",
    }
)
# A consent word, and the words for the box it names, as whole words of class/id.
CONSENT_WORDS = frozenset({"cookie", "cookies", "consent", "gdpr"})
# Consent managers' class prefixes that name a box only beside a box word: CookieLawInfo's
# "cli-modal", CookieYes's "cky-modal", Complianz's "cmplz-..." (alone they also mark a
# blocked video's placeholder inside the article, or a command line's "cli").
PREFIX_WORDS = frozenset({"cli", "cky", "cmplz"})
_PAIRED_WORDS = CONSENT_WORDS | PREFIX_WORDS
BOX_WORDS = frozenset(
    {
        "banner",
        "notice",
        "notification",
        "dialog",
        "modal",
        "popup",
        "bar",
        "sdk",
        "consent",
        "preferences",
        "settings",
        "overlay",
        "wall",
        "manager",
        "law",
    }
)
# A consent word written together with a box word ("cookiebanner", "cookienotice",
# "cookieconsent"): both words in one.
FUSED_WORDS = frozenset(
    consent + box for consent in CONSENT_WORDS for box in BOX_WORDS if consent != box
)
# Substrings every marked class/id holds one of (the C walk's cheap first cut).
_SUBSTRINGS = (b"ookie", b"onsent", b"gdpr", b"onetrust", b"optanon", b"didomi")
# Managers whose panel's class or id holds none of those: each searched in the attribute
# its markup uses ("cky" alone would take every "sticky" element). The other managers'
# roots hold a consent word too (Complianz's "cmplz-cookiebanner", Moove's
# "moove_gdpr_cookie_info_bar", "BorlabsCookie").
_CLASS_SUBSTRINGS = (b"cli-modal", b"cky-modal", b"osano")
_ID_SUBSTRINGS = (b"termly", b"iubenda", b"axeptio")
_PAIRS = (
    *((b"class", part) for part in (*_SUBSTRINGS, *_CLASS_SUBSTRINGS)),
    *((b"id", part) for part in (*_SUBSTRINGS, *_ID_SUBSTRINGS)),
)
# A modal dialog's marks (the C walk's cut; the roles are tested as whole values).
_DIALOG_PAIRS = ((b"role", b"dialog"), (b"aria-modal", b"true"))
DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
# Words of a dialog's accessible name that make it a consent box.
DIALOG_NAME_WORDS = CONSENT_WORDS | {"privacy"}
# The ids of an ``aria-labelledby`` looked up: a name is a heading or two, and each id is a
# search of the page.
MAX_LABEL_IDS = 4
_WORD_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def drop_consent_boxes(root: Element) -> int:
    """Remove from ``root``'s ``<body>`` the outermost elements marked as a consent manager's
    banner or panel (tails kept); return how many went."""
    body = root.find("body")
    if body is None:
        return 0
    marked = outermost(
        [el for el in _candidates(body) if el is not body and is_consent_box(el)]
        + [el for el in _dialogs(body) if el is not body and is_consent_dialog(el, body)]
    )
    if not marked:
        return 0
    page_chars: int | None = None  # read only for a box marked by its words alone
    dropped = 0
    for el in marked:
        if not class_id_words(el) & MANAGER_WORDS:
            if next(el.iter("h1"), None) is not None:
                continue
            if page_chars is None:
                page_chars = len(text_content(body))
            if 2 * len(text_content(el)) >= page_chars:
                continue
        drop_keep_tail(el)
        dropped += 1
    return dropped


def _candidates(body: Element) -> list[Element]:
    """A superset of the marked elements, in document order."""
    if walks is None:
        return [
            el
            for el in body.iter()
            if isinstance(el.tag, str)
            and _may_be_marked(f"{el.get('class', '')} {el.get('id', '')}")
        ]
    return list(walks.elements_with(root=body, attribute_substrings=_PAIRS))


def _dialogs(body: Element) -> list[Element]:
    """A superset of the page's modal dialogs."""
    if walks is None:
        marked = [
            el
            for el in body.iter()
            if isinstance(el.tag, str) and (el.get("role") is not None or el.get("aria-modal"))
        ]
    else:
        marked = list(walks.elements_with(root=body, attribute_substrings=_DIALOG_PAIRS))
    # A <dialog> may carry the role too: each element once.
    return list(dict.fromkeys([*marked, *body.iter("dialog")]))


def is_consent_dialog(el: Element, body: Element) -> bool:
    """Whether ``el`` is a modal dialog whose accessible name speaks of consent or privacy."""
    role = (el.get("role") or "").strip().lower()
    if not (
        el.tag == "dialog"
        or role in DIALOG_ROLES
        or (el.get("aria-modal") or "").strip().lower() == "true"
    ):
        return False
    name = el.get("aria-label") or ""
    for label_id in (el.get("aria-labelledby") or "").split()[:MAX_LABEL_IDS]:
        # A dialog labelled by itself or by what holds it is named by all its text: no name.
        labels = [
            label
            for label in _BY_ID(body, id=label_id)
            if label is not el and not is_below(el, label)
        ]
        name += " " + " ".join(text_content(label) for label in labels)
    return not DIALOG_NAME_WORDS.isdisjoint(_WORD_SPLIT.split(name.lower()))


_BY_ID = XPath("//*[@id=$id]")


def _may_be_marked(value: str) -> bool:
    lowered = value.lower()
    return any(part.decode() in lowered for _, part in _PAIRS)


def is_consent_box(el: Element) -> bool:
    """Whether ``el``'s class or id names a consent manager's banner or panel."""
    words = class_id_words(el)
    if words & MANAGER_WORDS:
        return True
    if words & FUSED_WORDS:
        return True
    consent, box = words & _PAIRED_WORDS, words & BOX_WORDS
    # Two different words: "consent" alone names a form's consent checkbox, not a banner.
    return bool(consent) and bool(box) and len(consent | box) >= 2


def class_id_words(el: Element) -> frozenset[str]:
    """The lower-case words of ``el``'s class and id, split at punctuation and camel case
    ("CybotCookiebotDialog" gives "cybot", "cookiebot", "dialog")."""
    value = f"{el.get('class', '')} {el.get('id', '')}"
    return frozenset(word for word in _WORD_SPLIT.split(_CAMEL.sub(" ", value).lower()) if word)
