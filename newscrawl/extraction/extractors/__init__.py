"""Content extraction methods; each module exposes ``extract_content(doc) -> ContentResult``."""
