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

The package, one concept a module: :mod:`.parts` (a title's parts at its site separators and
their leading runs), :mod:`.site_names` (the site's names and the suffixes stripped from a
headline), :mod:`.links` (:func:`is_self_link`), :mod:`.headings` (the page headings that may
be the headline), :mod:`.candidates` (:func:`title_candidates`), :mod:`.anchor` (the anchor
text's readings and a candidate's similarity to them), :mod:`.votes` (the sources' votes and
tie order), :mod:`.one_line` (:func:`as_one_line`) and :mod:`.choice` (:func:`rank_titles`,
:func:`choose_title`). The names below are re-exported for reading: a name looked up at run
time (a constant such as ``choice.ANCHOR_MIN_SIMILARITY``, a function such as
``choice:title_candidates``) is changed, monkeypatched or wrapped on the submodule that looks
it up, not here.
"""

from __future__ import annotations

from newscrawl.extraction.metadata.title.anchor import (
    PART_READING_DISCOUNT,
    AnchorVariant,
    anchor_similarity,
    anchor_variants,
)
from newscrawl.extraction.metadata.title.candidates import TitleCandidate, title_candidates
from newscrawl.extraction.metadata.title.choice import (
    ANCHOR_MIN_SIMILARITY,
    ANCHOR_TIE_MARGIN,
    TitleChoice,
    choose_title,
    rank_titles,
)
from newscrawl.extraction.metadata.title.headings import (
    MAX_HEADINGS_PER_TAG,
    headings_opening,
    page_headings,
)
from newscrawl.extraction.metadata.title.links import is_self_link
from newscrawl.extraction.metadata.title.one_line import as_one_line
from newscrawl.extraction.metadata.title.parts import (
    MAX_TITLE_TOKENS,
    SEPARATOR,
    join_leading,
    leading_joins,
    split_title,
)
from newscrawl.extraction.metadata.title.site_names import (
    declared_site_names,
    site_name_tokens,
    suffix_parts,
    with_suffix_stripped,
)
from newscrawl.extraction.metadata.title.votes import (
    SOURCE_ORDER,
    SOURCE_VOTES,
    source_rank,
    vote_scores,
)

__all__ = [
    "ANCHOR_MIN_SIMILARITY",
    "ANCHOR_TIE_MARGIN",
    "MAX_HEADINGS_PER_TAG",
    "MAX_TITLE_TOKENS",
    "PART_READING_DISCOUNT",
    "SEPARATOR",
    "SOURCE_ORDER",
    "SOURCE_VOTES",
    "AnchorVariant",
    "TitleCandidate",
    "TitleChoice",
    "anchor_similarity",
    "anchor_variants",
    "as_one_line",
    "choose_title",
    "declared_site_names",
    "headings_opening",
    "is_self_link",
    "join_leading",
    "leading_joins",
    "page_headings",
    "rank_titles",
    "site_name_tokens",
    "source_rank",
    "split_title",
    "suffix_parts",
    "title_candidates",
    "vote_scores",
    "with_suffix_stripped",
]
