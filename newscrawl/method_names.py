"""Extraction method names: the table sites.yaml, the CLI and the extraction registry share.

Plain strings only, so validating a ``method:`` field or a ``--method`` flag loads no
extractor, no lxml and no C extension (``newscrawl.config`` imports this, never
``newscrawl.extraction``; the import contracts in pyproject.toml check it).
"""

from __future__ import annotations

# name -> "module:function"; imported lazily by the registry so one broken method cannot break
# the others.
METHODS: dict[str, str] = {
    "density": "newscrawl.extraction.extractors.text_density:extract_content",
    "tcdt": "newscrawl.extraction.extractors.tcdt.extractor:extract_content",
    "justext": "newscrawl.extraction.extractors.justext:extract_content",
    "boilerpipe": "newscrawl.extraction.extractors.boilerpipe.extractor:extract_article_content",
    "boilerpipe-default": (
        "newscrawl.extraction.extractors.boilerpipe.extractor:extract_default_content"
    ),
    "cx": "newscrawl.extraction.extractors.line_blocks:extract_content",
    "auto": "newscrawl.extraction.extractors.auto:extract_content",
}
# Aliases users may know from the literature (`cepf` is a misnomer, docs/algorithms.md A.3).
ALIASES = {
    "text-density": "density",
    "tsd": "density",
    "cepf": "density",
    "line-blocks": "cx",
    "boilerpipe-article": "boilerpipe",
}


# The method a crawl, ``extract()``, the CLI and a site without ``method:`` use; the accuracy
# gate (tests/evaluation) pins its figures.
DEFAULT_METHOD = "auto"


def canonical_name(name: str) -> str:
    name = name.strip().lower()
    return ALIASES.get(name, name)
