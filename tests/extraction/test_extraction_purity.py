"""The extraction library must stay free of Scrapy, Twisted and database imports."""

import ast
from pathlib import Path

import newscrawl.extraction

FORBIDDEN = ("scrapy", "twisted", "sqlalchemy", "psycopg", "redis", "scrapy_redis", "itemadapter")


def test_extraction_imports_no_crawler_or_database_code():
    package = Path(newscrawl.extraction.__file__).parent
    offenders = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []
