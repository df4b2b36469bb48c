"""The title chooser shared by every extraction method.

Candidates come from the page (``h1``–``h6``, ``<title>`` and its parts split on site
separators, ``og:title``/``twitter:title``, JSON-LD ``headline``) plus the method's own hint
(TCDT's title node). Two rankings:

* **with anchor text** (the text of the link the crawler followed): the candidate most similar
  to the anchor wins, once the anchor's usual decorations are peeled off (truncation with
  "…"/"...", a "[视频]"/"图文:" prefix, a site suffix). If nothing on the page is close enough,
  the no-anchor ranking decides: the anchor text itself is never returned blindly.
* **without anchor text**: sources vote. A headline that the ``<h1>``, ``og:title`` and a part of
  ``<title>`` agree on beats one that only one source carries; the site-name part of ``<title>``
  gets no vote.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import normalize_space
from newscrawl.extraction.text import tokens

from .title_text import LcsReference, lcs_dice, prefix_cover

# Votes per source in the no-anchor ranking. Swept on wcxb_dev article pages
# (benchmarks/tcdt_bench.py titles; h1 over 1.0-2.6, title-part 0.6/0.9, twitter 0.3/0.6):
# the visible <h1> is the headline readers see and outvotes an og:title + <title> pair that
# carries an SEO variant (0.82 -> 0.87 exact match); several <h1>s share one vote.
# twitter:title mostly copies og:title, so it only adds a little; h2..h6 only confirm.
SOURCE_VOTES: dict[str, float] = {
    "h1": 2.5,
    "og:title": 1.0,
    "twitter:title": 0.3,
    "json-ld": 0.8,
    "hint": 0.7,
    "title-part": 0.9,
    "title": 0.5,
    "h2": 0.4,
    "heading": 0.2,  # h3..h6
}
# Tie order (earlier wins) when votes are equal: the publisher's own headline fields first.
SOURCE_ORDER = (
    "h1",
    "og:title",
    "json-ld",
    "hint",
    "twitter:title",
    "title-part",
    "title",
    "h2",
    "heading",
)
# Headings past these counts are list items (related links, sidebars), not headline candidates.
MAX_HEADINGS_PER_TAG = 5
# Longer texts are paragraphs that happen to sit in a heading tag. 60 tokens is ~3x the
# longest headline in wcxb_dev; raising it to 100 changed nothing.
MAX_TITLE_TOKENS = 60
# An anchor variant must reach this similarity for its best page candidate to win.
# Swept 0.4-0.8 on wcxb_dev with title-variant anchors: 0.55 was the knee (lower lets a
# wrong <title> part win on anchors with long site suffixes, higher drops truncated anchors).
ANCHOR_MIN_SIMILARITY = 0.55
# Largest discount for an anchor reading that keeps only part of the anchor (see
# anchor_similarity); must exceed ANCHOR_TIE_MARGIN to separate whole from part matches.
PART_READING_DISCOUNT = 0.2
# Candidates within this similarity of the best anchor match count as ties; votes decide.
ANCHOR_TIE_MARGIN = 0.02

# Site separators inside <title>/anchors. A hyphen only separates when spaced or next to a
# CJK character ("Long-Distance" and "Mate20X" stay whole).
# An underscore likewise ("rustc_codegen_gcc" is one name; "标题_网易新闻" has a site suffix).
_SEPARATOR = re.compile(
    r"\s+[-–—|·•»:_]{1,3}\s+|\s*\|{1,3}\s*|\s*-{2,}\s*|\s*[–—]{1,2}\s*"
    r"|(?<=[\u4e00-\u9fff])[-_]+|(?<!_)[-_]+(?=[\u4e00-\u9fff])"
)
# Decorations in anchor texts: truncation marks and leading labels.
_TRUNCATION = re.compile(r"\s*(?:…+|\.{3,}|。{3,})\s*$")
_PREFIX = re.compile(
    r"^\s*(?:[\[【(（〔][^\]】)）〕]{1,8}[\]】)）〕]\s*"  # [视频] 【独家】 (图)
    r"|(?:图文|组图|视频|快讯|独家|原创|最新|video|watch|photos?|live|breaking|update)"
    r"\s*[:：|]\s*)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class TitleCandidate:
    """One title the page (or the method) offers, with its metric tokens."""

    text: str
    source: str
    tokens: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TitleChoice:
    """The chosen title and why: ``reason`` is shown by ``newscrawl extract --explain``."""

    text: str
    source: str
    reason: str
    score: float = 0.0
    ranked: list[tuple[str, str, float]] = field(default_factory=list)


def choose_title(doc: Document, hint: str | None = None) -> str:
    """The article title of ``doc`` (``doc.anchor_text`` is used when present), as one line
    of text (:func:`as_one_line`)."""
    return as_one_line(rank_titles(doc, hint).text)


# A character reference left in text the parser already decoded: the page escaped it twice
# ("SQL &amp;#x26; AI", "Women&amp;#8217;s"). Only with its semicolon: "R&D", "Tips&para".
_RESIDUAL_REFERENCE = re.compile(
    r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
)


def as_one_line(title: str) -> str:
    """A title as a record stores it: a heading's line breaks and indentation
    ("Top MBA Programs\n  Your Guide ...") collapsed to single spaces, and character
    references the page escaped twice decoded, as a browser shows the page's other titles."""
    if "&" in title:
        title = _RESIDUAL_REFERENCE.sub(_decoded, title)
    return " ".join(title.split())


def _decoded(reference: re.Match[str]) -> str:
    """The character a reference names; the reference itself when it names none a title can
    show (NUL, a surrogate, a control character: ``html.unescape`` gives U+FFFD or it)."""
    character = html.unescape(reference.group())
    shown = character.isprintable() or character.isspace()  # a space is collapsed after
    return character if shown and "\ufffd" not in character else reference.group()


def rank_titles(doc: Document, hint: str | None = None) -> TitleChoice:
    """Rank every candidate and return the winner with the rule that decided."""
    candidates = title_candidates(doc, hint)
    if not candidates:
        fallback = normalize_space(doc.anchor_text or "")
        return TitleChoice(
            fallback, "anchor" if fallback else "none", "no title candidate on the page"
        )
    votes = vote_scores(candidates, _site_names(doc))
    if doc.anchor_text:
        site_parts = _suffix_parts(doc, split_title(doc.title_text))
        choice = _best_by_anchor(candidates, votes, doc.anchor_text, site_parts)
        if choice is not None:
            return choice
    return _best_by_votes(
        candidates,
        votes,
        "no anchor text" if not doc.anchor_text else "no candidate close to the anchor text",
    )


# -- candidates -----------------------------------------------------------------------------


def title_candidates(doc: Document, hint: str | None = None) -> list[TitleCandidate]:
    """Every page title candidate, including site-suffix-stripped forms of each."""
    raw: list[tuple[str, str]] = []
    if hint:
        raw.append((hint, "hint"))
    for key in ("og:title", "twitter:title"):
        if doc.meta.get(key):
            raw.append((doc.meta[key], key))
    raw.extend((headline, "json-ld") for headline in _json_ld_headlines(doc))
    raw.extend(_headings(doc))
    title_parts = split_title(doc.title_text)
    if doc.title_text:
        raw.append((doc.title_text, "title"))
    if len(title_parts) > 1:
        raw.extend((part, "title-part") for part in title_parts)
        # Leading parts joined ("A - B" of "A - B - Site"): headlines may contain a separator.
        raw.extend(
            (joined, "title-part") for joined in _leading_joins(doc.title_text, len(title_parts))
        )
    raw.extend((heading, "title-part") for heading in _headings_opening(doc.title_text, raw))
    site_names = _site_name_tokens(doc)
    suffixes = _suffix_parts(doc, title_parts, site_names)
    seen: set[tuple[str, tuple[str, ...]]] = set()
    candidates: list[TitleCandidate] = []
    for text, source in raw:
        for variant in _with_suffix_stripped(normalize_space(text), suffixes, source, site_names):
            toks = tuple(tokens(variant, normalize=True))
            if not toks or len(toks) > MAX_TITLE_TOKENS or (source, toks) in seen:
                continue
            seen.add((source, toks))
            candidates.append(TitleCandidate(variant, source, toks))
    return candidates


# What may follow a headline that opens the <title>: the separator before the site's name,
# also one the split does not take ("…GPU-EDN 电子技术设计", "Headline Site Name").
_AFTER_OPENING = re.compile(r"[\s\-_|–—·•»:：~/]")


def _headings_opening(title: str, raw: list[tuple[str, str]]) -> list[str]:
    """The page headings the ``<title>`` opens with, up to a separator: each is also a part
    of the title, split where :data:`_SEPARATOR` does not split it."""
    title = normalize_space(title)
    found = []
    for text, source in raw:
        heading = normalize_space(text)
        if (
            source == "heading"
            and len(heading) < len(title)
            and title.startswith(heading)
            and _AFTER_OPENING.match(title, len(heading))
        ):
            found.append(heading)
    return found


def split_title(title: str) -> list[str]:
    """Parts of a ``<title>`` split on site separators, empty parts dropped."""
    return [part for part in (normalize_space(p) for p in _SEPARATOR.split(title or "")) if part]


def _join_leading(title: str, n_parts: int) -> str:
    """The text of ``title`` up to the end of its ``n_parts``-th part, separators kept."""
    matches = list(_SEPARATOR.finditer(title))
    if len(matches) < n_parts:
        return title
    return title[: matches[n_parts - 1].start()]


def _leading_joins(title: str, n_parts: int, first: int = 2) -> list[str]:
    """``_join_leading(title, end)`` for ``end`` from ``first`` to ``n_parts - 1``, in one scan.

    Stops at the first join longer than MAX_TITLE_TOKENS tokens: no headline is that long
    (as candidates they are dropped), and building them all made a title of N parts cost
    O(N^2) (an unclosed ``<title>`` holds the rest of the page).
    """
    joins: list[str] = []
    n_tokens = 0
    part_start = 0
    for end, separator in enumerate(_SEPARATOR.finditer(title), start=1):
        if end >= n_parts:
            break
        # Separators hold no token characters, so a join's tokens are its parts' tokens.
        n_tokens += len(tokens(title[part_start : separator.start()], normalize=True))
        part_start = separator.end()
        if n_tokens > MAX_TITLE_TOKENS:
            break
        if end >= first:
            joins.append(title[: separator.start()])
    return joins


def _site_name_tokens(doc: Document) -> set[tuple[str, ...]]:
    """Token forms of the site's declared names (``og:site_name`` and the like)."""
    return {tuple(tokens(name, normalize=True)) for name in _site_names(doc)}


def _suffix_parts(
    doc: Document, title_parts: list[str], site_names: set[tuple[str, ...]] | None = None
) -> set[tuple[str, ...]]:
    """Token forms of site names that may trail (or lead) a headline (``site_names``: the
    declared ones, when the caller has them)."""
    names = set(_site_name_tokens(doc) if site_names is None else site_names)
    if len(title_parts) > 1:
        # Portal titles read "headline_channel_site" or "site | headline": every part but
        # the longest (the headline) may decorate a headline elsewhere.
        longest = max(title_parts, key=len)
        names.update(
            tuple(tokens(part, normalize=True)) for part in title_parts if part is not longest
        )
    return {name for name in names if name}


def _with_suffix_stripped(
    text: str,
    suffixes: set[tuple[str, ...]],
    source: str,
    site_names: set[tuple[str, ...]],
) -> list[str]:
    """``text`` plus, for non-<title> sources, ``text`` without a leading/trailing site name.
    A trailing part that is the site's declared name (``site_names``: ``og:site_name`` and
    the like) is never the headline's: then only the stripped form is a candidate."""
    if source in ("title", "title-part") or not suffixes:
        return [text]
    parts = split_title(text)
    if len(parts) < 2:
        return [text]
    variants = [text]
    last = tuple(tokens(parts[-1], normalize=True))
    if last in suffixes:
        stripped = _join_leading(text, len(parts) - 1)
        variants = [stripped] if last in site_names else [text, stripped]
    first_separator = _SEPARATOR.search(text)
    if tuple(tokens(parts[0], normalize=True)) in suffixes and first_separator is not None:
        variants.append(text[first_separator.end() :])
    return variants


def _headings(doc: Document) -> list[tuple[str, str]]:
    body = doc.body
    if body is None:
        return []
    found: list[tuple[str, str]] = []
    counts: dict[str, int] = {}
    for el in body.iter("h1", "h2", "h3", "h4", "h5", "h6"):
        tag = str(el.tag)
        counts[tag] = counts.get(tag, 0) + 1
        if counts[tag] > MAX_HEADINGS_PER_TAG or _is_foreign_link(el, doc.url):
            continue
        source = tag if tag in ("h1", "h2") else "heading"
        found.append((" ".join(el.itertext()), source))
    return found


def _is_foreign_link(el: Element, page_url: str | None) -> bool:
    """A heading whose text is one link to another page (a logo, a teaser) is no headline."""
    links = list(el.iter("a"))
    if len(links) != 1:
        return False
    link = links[0]
    if normalize_space(dom.text_content(link)) != normalize_space(dom.text_content(el)):
        return False
    return not is_self_link(link.get("href"), page_url)


def is_self_link(href: str | None, page_url: str | None) -> bool:
    """TCDT's self-link test: empty, ``#…``, ``javascript:``, or the page URL itself (A.4.1).

    Resolved against the page URL, fragment dropped, scheme/host case-insensitive, trailing
    ``/`` ignored, query compared exactly. Without a page URL only the first three count.
    """
    href = (href or "").strip()
    if not href or href.startswith("#") or href.lower().startswith("javascript:"):
        return True
    if not page_url:
        return False
    try:
        return _url_key(urljoin(page_url, href)) == _url_key(page_url)
    except ValueError:  # "//[oops": a URL urllib cannot split links nowhere, so not here
        return False


def _url_key(url: str) -> tuple[str, str, str, str]:
    parts = urlsplit(url)
    return (parts.scheme.lower(), parts.netloc.lower(), parts.path.rstrip("/"), parts.query)


def _json_ld_headlines(doc: Document) -> Iterable[str]:
    for item in doc.json_ld:
        headline = item.get("headline")
        if isinstance(headline, str) and headline.strip():
            yield headline


def _site_names(doc: Document) -> list[str]:
    names = [doc.meta.get(key, "") for key in ("og:site_name", "application-name")]
    return [name for name in names if name]


# -- ranking --------------------------------------------------------------------------------


def vote_scores(
    candidates: list[TitleCandidate], site_names: list[str]
) -> dict[tuple[str, ...], float]:
    """Votes per distinct token sequence; each source votes at most once per sequence."""
    site = {tuple(tokens(name, normalize=True)) for name in site_names}
    voters: dict[tuple[str, ...], set[str]] = {}
    for cand in candidates:
        voters.setdefault(cand.tokens, set()).add(cand.source)
    # Several different <h1>s (a listing, a logo plus a headline) share one vote between them.
    n_h1 = max(1, len({c.tokens for c in candidates if c.source == "h1"}))
    scores = {}
    for toks, sources in voters.items():
        votes = sum(SOURCE_VOTES[source] for source in sources)
        if "h1" in sources:
            votes -= SOURCE_VOTES["h1"] * (1 - 1 / n_h1)
        scores[toks] = 0.0 if toks in site else votes
    return scores


@dataclass(frozen=True, slots=True)
class AnchorVariant:
    """One reading of the anchor text: its tokens, whether it was cut short, and how much of
    the whole anchor it keeps (1.0 for the whole; less for one of its separator parts)."""

    tokens: tuple[str, ...]
    truncated: bool
    share: float = 1.0
    # The tokens' LCS masks, built once: every title candidate of a page is compared with
    # each reading. None for a reading longer than MAX_TITLE_TOKENS (the masks would span it).
    reference: LcsReference | None = field(default=None, compare=False, repr=False)


def anchor_variants(
    anchor: str,
    site_parts: set[tuple[str, ...]] | frozenset[tuple[str, ...]] = frozenset(),
) -> list[AnchorVariant]:
    """The anchor as given, without a leading label, without a truncation mark, and split
    on site separators (each part and each leading run of parts).

    ``site_parts`` are token forms of the page's site names: an anchor ending in one is
    read as the headline plus a site suffix, so the reading without it counts as whole.
    """
    text = normalize_space(anchor)
    truncated = bool(_TRUNCATION.search(text))
    core = _TRUNCATION.sub("", text)
    while True:
        stripped = _PREFIX.sub("", core, count=1)
        if stripped == core or not stripped.strip():
            break
        core = stripped
    readings = {core, text}
    parts = split_title(core)
    if len(parts) > 1:
        # Parts and leading runs within the first MAX_TITLE_TOKENS tokens: a headline is no
        # longer, and a <title> reference of thousands of parts (TCDT compares candidates
        # with it) would cost readings x candidates.
        joins = _leading_joins(core, len(parts), first=1)
        readings.update(joins)
        readings.update(parts[: len(joins) + 1])
    if len(parts) > 1 and tuple(tokens(parts[-1], normalize=True)) in site_parts:
        core = _join_leading(core, len(parts) - 1)
    n_core = max(1, len(tokens(core, normalize=True)))
    variants = []
    for reading in readings:
        toks = tuple(tokens(reading, normalize=True))
        if toks:
            # Only a reading that ends where the anchor ends is cut short: a part of the
            # headline that closes it, or the whole anchor with its leading label.
            cut = truncated and (
                core.endswith(reading.strip())
                or _TRUNCATION.sub("", reading).rstrip().endswith(core.rstrip())
            )
            # Share of the headline reading: shorter readings drop part of it, longer ones
            # (the anchor with its site suffix) add to it.
            share = min(len(toks), n_core) / max(len(toks), n_core)
            reference = LcsReference(toks) if len(toks) <= MAX_TITLE_TOKENS else None
            variants.append(AnchorVariant(toks, cut, share, reference))
    return variants


def anchor_similarity(candidate: tuple[str, ...], variants: list[AnchorVariant]) -> float:
    """Best similarity of ``candidate`` to any anchor reading (prefix match for cut ones)."""
    best = 0.0
    for variant in variants:
        dice = (
            variant.reference.dice(candidate)
            if variant.reference is not None
            else lcs_dice(variant.tokens, candidate)
        )
        if variant.truncated:
            score = max(prefix_cover(list(variant.tokens), list(candidate)), dice)
        else:
            score = dice
        # A reading that drops part of the anchor is slightly less trusted, so the candidate
        # matching the whole anchor wins over one that matches only its headline part.
        best = max(best, score * (1 - PART_READING_DISCOUNT * (1 - variant.share)))
    return best


def _best_by_anchor(
    candidates: list[TitleCandidate],
    votes: dict[tuple[str, ...], float],
    anchor: str,
    site_parts: set[tuple[str, ...]],
) -> TitleChoice | None:
    variants = anchor_variants(anchor, site_parts)
    if not variants:
        return None
    scored = [(anchor_similarity(c.tokens, variants), c) for c in candidates]
    best_sim = max(score for score, _ in scored)
    if best_sim < ANCHOR_MIN_SIMILARITY:
        return None
    close = [c for score, c in scored if score >= best_sim - ANCHOR_TIE_MARGIN]
    winner = min(close, key=lambda c: (-votes.get(c.tokens, 0.0), _order(c.source)))
    ranked = sorted(((c.text, c.source, round(s, 3)) for s, c in scored), key=lambda x: -x[2])
    return TitleChoice(
        winner.text,
        winner.source,
        f"closest to the anchor text (similarity {best_sim:.2f}; "
        f"{len(close)} within {ANCHOR_TIE_MARGIN}, votes broke the tie)",
        best_sim,
        ranked[:8],
    )


def _best_by_votes(
    candidates: list[TitleCandidate], votes: dict[tuple[str, ...], float], why: str
) -> TitleChoice:
    def key(c: TitleCandidate) -> tuple[float, int, int]:
        # More votes; then the more authoritative source; then the longer text (site names
        # are shorter than headlines).
        return (-votes.get(c.tokens, 0.0), _order(c.source), -len(c.tokens))

    ordered = sorted(candidates, key=key)
    winner = ordered[0]
    ranked = [(c.text, c.source, round(votes.get(c.tokens, 0.0), 2)) for c in ordered[:8]]
    return TitleChoice(
        winner.text,
        winner.source,
        f"{why}: most votes across page sources ({votes.get(winner.tokens, 0):.1f})",
        votes.get(winner.tokens, 0.0),
        ranked,
    )


def _order(source: str) -> int:
    return SOURCE_ORDER.index(source) if source in SOURCE_ORDER else len(SOURCE_ORDER)
