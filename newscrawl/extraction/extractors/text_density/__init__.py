"""Text-and-symbol density content extraction (洪鸿辉 et al. 2019; docs/algorithms.md A.3).

For every element ``i`` under the content root the paper scores::

    TD_i    = (T_i - LT_i) / (TG_i - LTG_i)      text density
    SbD_i   = (T_i - LT_i) / (Sb_i + 1)          symbol density
    score_i = TD_i * log10(PNum_i + 2) * ln(SbD_i)

and the best-scoring element is the article body. Differences from the paper and from GNE,
each on purpose (docs/algorithms.md A.3;
measured in docs/benchmarks/density.md):

* ``log(SD)`` is omitted: it is one constant per page, so it cannot change the ranking, and
  for ``SD <= 1`` it zeroes or inverts every score.
* Guards make the formula total: ``TG - LTG == 0`` keeps GNE's escape hatch (link text under
  a tenth of the text ⇒ links are not subtracted from the tag count); a leaf counts the
  ``<br>``s that cleaning turned into line breaks as its tags, so ``<br>``-only text blocks
  score while a one-line leaf scores 0 as in the paper; ``SbD`` is clamped to at least 1
  before the logarithm.
* The score is multiplied by the non-link text ``(T - LT) ** k`` (k = 1): the paper's ``TD``
  rewards nodes with few tags, so a lone long ``<p>`` or a one-link footer beat the article
  container (F1 0.776 → 0.891 on cwced_zh, 0.503 → 0.919 on wcxb_dev articles).
* ``PNum`` counts descendant ``<p>`` elements plus the non-blank lines of the element's own
  text (``<br>`` has become a newline in :func:`dom.clean_tree`); whitespace between tags
  does not count.
* Curly quotes and CJK brackets/ellipses count as symbols.
* Noise (``nav``/``aside``/``footer``, class/id words such as ``share`` or ``comment``) is
  left out of every count, but never when it would hold most of the page's text: a class like
  ``has-sidebar`` on the main wrapper must not delete the article.
* The tree is never modified: features come from one iterative walk (no recursion, linear
  time, where GNE re-reads every subtree for every node).

The package, one concept a module: :mod:`.formulas` (``TD``, ``SbD`` and the score),
:mod:`.features` (:class:`NodeFeatures`, an element's visible characters), :mod:`.walk_python`
and :mod:`.walk_c` (the one pass over the tree, in Python and in C), :mod:`.walk`
(:func:`measure`: which walk runs, and when it runs again), :mod:`.root` (the content root),
:mod:`.winner` (the best node and its merged siblings) and :mod:`.entry`
(:func:`extract_content`, the registry's ``density``). The names below are re-exported for
reading: a name looked up at run time is monkeypatched (or wrapped by
``benchmarks/stage_times.py``) on the submodule that looks it up (``entry:measure``, as
:func:`extract_content` calls it; ``walk:walk_in_c``, as :func:`measure` calls it), not here.
"""

from __future__ import annotations

from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS, DensityOptions
from newscrawl.extraction.extractors.text_density.entry import METHOD, extract_content
from newscrawl.extraction.extractors.text_density.features import NodeFeatures, visible_chars
from newscrawl.extraction.extractors.text_density.formulas import (
    score,
    symbol_density,
    text_density,
)
from newscrawl.extraction.extractors.text_density.root import content_root
from newscrawl.extraction.extractors.text_density.walk import (
    Walk,
    measure,
    measure_in_python,
    paragraph_tags_of,
)
from newscrawl.extraction.extractors.text_density.walk_c import cached_c_tags, walk_in_c
from newscrawl.extraction.extractors.text_density.walk_python import walk_in_python
from newscrawl.extraction.extractors.text_density.winner import best_node, merge_siblings

__all__ = [
    "DEFAULT_OPTIONS",
    "METHOD",
    "DensityOptions",
    "NodeFeatures",
    "Walk",
    "best_node",
    "cached_c_tags",
    "content_root",
    "extract_content",
    "measure",
    "measure_in_python",
    "merge_siblings",
    "paragraph_tags_of",
    "score",
    "symbol_density",
    "text_density",
    "visible_chars",
    "walk_in_c",
    "walk_in_python",
]
