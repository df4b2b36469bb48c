"""The C walks run only with the lxml and libxml2 they were compiled against.

They read lxml's and libxml2's structs directly, so a different lxml could give wrong results
rather than an error: native.py then falls back to the Python walks with one warning.
"""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import warnings
from dataclasses import asdict
from pathlib import Path
from types import ModuleType

import pytest

from newscrawl.extraction import Article, extract, native
from newscrawl.extraction.registry import available_methods

REPO = Path(__file__).resolve().parents[2]

PARAGRAPH = (
    "<p>这是一段正常的新闻正文，包含标点符号和足够多的文字。It also has a sentence, in English.</p>"
)
PAGES = [
    "<html><head><title>标题 - 网站</title></head><body>"
    "<nav><a href='/'>首页</a><a href='/n'>新闻</a></nav>"
    "<div class='article-content'><h1>标题</h1>" + PARAGRAPH * 6 + "<!-- ad -->尾巴<br>换行</div>"
    "<div class='comments'><p>评论一</p><p>评论二</p></div><footer>版权所有</footer></body></html>",
    "<html><head><title>A story</title></head><body><header>Site</header><main><article>"
    "<h1>A story</h1>"
    + "<p>Words of the story, one sentence after another, long enough.</p>" * 8
    + "</article><aside class='related'><a href='/x'>More</a></aside></main></body></html>",
]


def _built() -> ModuleType:
    if native.walks is None:
        pytest.fail("the C walks are not built or were refused (see test_walks_c.py)")
    return native.walks


def test_the_extension_records_the_lxml_it_was_built_for():
    walks = _built()
    assert native.running_versions() == (walks.BUILT_FOR_LXML, walks.BUILT_FOR_LIBXML2)
    assert native.abi_mismatch(walks, native.running_versions()) is None


@pytest.mark.parametrize("running", [("0.0.1", None), (None, "2.0.0")])
def test_another_lxml_or_libxml2_refuses_the_extension_with_one_warning(running):
    walks = _built()
    lxml_version, libxml2_version = native.running_versions()
    running = (running[0] or lxml_version, running[1] or libxml2_version)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert not native.accept_walks(walks, running)
    assert len(caught) == 1
    assert caught[0].category is RuntimeWarning
    message = str(caught[0].message)
    assert f"built for lxml {lxml_version} / libxml2 {libxml2_version}" in message
    assert f"lxml {running[0]} / libxml2 {running[1]} is running" in message
    assert "Python walks" in message and "build_ext" in message


def test_an_unversioned_build_is_refused():
    # a module compiled without setup.py's define, as an older build of _walks.c was
    old_build = ModuleType("newscrawl.extraction._walks")
    old_build.__file__ = "_walks.so"
    problem = native.abi_mismatch(old_build, native.running_versions())
    assert problem is not None and "do not record the lxml" in problem


def test_a_build_of_an_older_walks_file_is_refused():
    walks = _built()
    old_build = ModuleType("newscrawl.extraction._walks")
    old_build.__file__ = "_walks.so"
    old_build.BUILT_FOR_LXML = walks.BUILT_FOR_LXML  # type: ignore[attr-defined]
    old_build.BUILT_FOR_LIBXML2 = walks.BUILT_FOR_LIBXML2  # type: ignore[attr-defined]
    for name in native.FUNCTIONS:
        if name != "substrings_in":
            setattr(old_build, name, getattr(walks, name))
    problem = native.abi_mismatch(old_build, native.running_versions())
    assert problem is not None and "older _walks.c (no substrings_in)" in problem


def test_the_library_calls_no_c_function_the_check_does_not_know():
    import re
    from pathlib import Path

    package = Path(native.__file__).resolve().parent.parent
    called = set()
    for path in package.rglob("*.py"):
        called.update(re.findall(r"\bwalks\.([a-z_]+)\(", path.read_text(encoding="utf-8")))
    assert called and called <= set(native.FUNCTIONS), called - set(native.FUNCTIONS)
    assert all(hasattr(_built(), name) for name in native.FUNCTIONS)


def _summary(result: object) -> object:
    """An extraction result as JSON-able data, without its timings."""
    if not isinstance(result, Article):
        return repr(result)
    fields = asdict(result)
    fields.pop("diagnostics")
    return fields


# A fresh interpreter whose lxml claims another version: the whole library must then import
# with one warning, use no C walk, and extract what the C walks extract.
FALLBACK_IMPORTS = """
import json, sys, warnings
from dataclasses import asdict
import lxml.etree
lxml.etree.__version__ = "0.0.1"
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from newscrawl.extraction import Article, extract, native
    from newscrawl.extraction.registry import available_methods
    methods = available_methods()
"""
FALLBACK_RUN = """
results = [_summary(extract(page, url="https://example.com/a.html", method=method))
           for page in json.loads(sys.argv[1]) for method in methods]
print(json.dumps({"walks": repr(native.walks), "methods": methods, "results": results,
                  "warnings": [str(w.message) for w in caught]}))
"""


def test_with_another_lxml_the_python_walks_run_and_extract_the_same():
    _built()
    script = FALLBACK_IMPORTS + inspect.getsource(_summary) + FALLBACK_RUN
    run = subprocess.run(
        [sys.executable, "-c", script, json.dumps(PAGES)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    fallback = json.loads(run.stdout)
    assert fallback["walks"] == "None"
    assert len(fallback["warnings"]) == 1, fallback["warnings"]
    assert "lxml 0.0.1" in fallback["warnings"][0]
    methods = available_methods()
    assert fallback["methods"] == methods and len(methods) >= 5
    with_c = [
        _summary(extract(page, url="https://example.com/a.html", method=method))
        for page in PAGES
        for method in methods
    ]
    assert sum(isinstance(result, dict) for result in with_c) >= len(methods)  # articles
    assert json.loads(json.dumps(with_c)) == fallback["results"]
