"""Build configuration beyond pyproject.toml: the optional C extension of the tree walks.

Metadata lives in pyproject.toml. The extension reads libxml2's tree through lxml's public
C API, so lxml's headers are needed at build time (pyproject's build-system requires the same
lxml as requirements.txt). It is optional: if it cannot be compiled, newscrawl installs and
runs the same walk in Python (newscrawl/extraction/extractors/text_density.py).
"""

from __future__ import annotations

import lxml
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "newscrawl.extraction._walks",
            sources=["newscrawl/extraction/_walks.c"],
            include_dirs=lxml.get_include(),
            optional=True,
        )
    ]
)
