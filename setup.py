"""Build configuration beyond pyproject.toml: the optional C extension of the tree walks.

Metadata lives in pyproject.toml. The extension reads libxml2's tree through lxml's public
C API, so lxml's headers are needed at build time (pyproject's build-system requires the same
lxml as requirements.txt). The lxml version is compiled in: newscrawl ignores the extension
when a different lxml or libxml2 runs (newscrawl/extraction/native.py). It is optional: if it
cannot be compiled, newscrawl installs and runs the same walks in Python.
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
            # The walks read lxml's and libxml2's structs: recorded so a later lxml upgrade
            # falls back to the Python walks instead of reading a changed layout.
            define_macros=[("NEWSCRAWL_BUILT_FOR_LXML", f'"{lxml.__version__}"')],
            optional=True,
        )
    ]
)
