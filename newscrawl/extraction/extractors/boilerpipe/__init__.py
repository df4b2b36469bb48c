"""boilerpipe's ArticleExtractor and DefaultExtractor (docs/algorithms.md A.6).

``extractor`` holds the methods, ``filters`` the text blocks and filters they chain,
``options`` the chains.
"""
