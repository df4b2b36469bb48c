"""TCDT, the title/content dependency tree method (docs/algorithms.md A.4).

``extractor.extract_content`` is the method; ``tree`` indexes the body, ``title`` finds the
title node, ``blocks`` weighs, merges and selects the content blocks, ``options`` holds the
tunables.
"""
