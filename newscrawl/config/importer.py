"""``newscrawl sites import``: a plain list of domains or URLs -> sites.yaml entries.

The list has one domain (``example.com``) or URL (``https://example.com/news/``) per line; blank
lines and ``#`` comments are ignored. Each new host becomes one site named after it (without
``www.``); names already in the target file are skipped, so re-running an import is harmless.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from .fields import check_url
from .sites import SitesFileError, parse_sites
from .yaml_lines import YamlSyntaxError

# Indentation of entries written to a new file: ``  - name: x`` with keys at column 4.
NEW_FILE_DASH_COLUMN = 2
# A comment starts a line or follows whitespace; a '#' inside a URL is a fragment, not a comment.
_COMMENT = re.compile(r"(?:^|\s)#.*$")
NEW_FILE_HEADER = (
    "# newscrawl seed list; format in docs/sites.md. Check with: newscrawl sites check FILE\n"
    "sites:\n"
)


_RESOLVER = yaml.resolver.Resolver()
_STR_TAG = "tag:yaml.org,2002:str"


class DomainListError(ValueError):
    """A domain list with bad lines; ``problems`` has one ``file:LINE: ...`` entry each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(slots=True)
class ImportResult:
    """What an import did: names added, and names skipped because they already existed."""

    added: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    text: str = ""  # the YAML entries written (all of them, for ``--output -``)


def parse_domain_list(text: str, filename: str | Path = "<domains>") -> list[str]:
    """Start URLs, one per non-comment line: bare domains become ``https://domain/``."""
    urls: list[str] = []
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        entry = _COMMENT.sub("", raw).strip()
        if not entry:
            continue
        url = entry if "://" in entry else f"https://{entry.rstrip('/')}/"
        if urlsplit(url).path == "":
            url += "/"
        problem = check_url(url)
        if problem:
            problems.append(
                f"{filename}:{number}: {entry!r}: not a domain or http(s) URL ({problem})"
            )
        else:
            urls.append(url)
    if problems:
        raise DomainListError(problems)
    return urls


def site_name_for(url: str) -> str:
    """The site name an imported URL gets: its host, lower case, without ``www.``."""
    host = (urlsplit(url).hostname or "").lower()
    return host[4:] if host.startswith("www.") and host.count(".") >= 2 else host


def yaml_scalar(value: Any) -> str:
    """``value`` as a YAML scalar that reads back as the same value (quoted only if needed).

    Quoting uses single quotes, where a backslash is literal: regexes stay readable.
    """
    if isinstance(value, bool | int | float):
        return str(yaml.safe_dump(value)).removesuffix("...\n").strip()
    text = str(value)
    if not text.isprintable():
        return _double_quoted(text)
    if _plain_reads_back(text):
        return text
    return "'" + text.replace("'", "''") + "'"


def _double_quoted(text: str) -> str:
    """A YAML double-quoted scalar, escaping what YAML would not accept raw (control chars)."""
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif char.isprintable():
            out.append(char)
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


def _plain_reads_back(text: str) -> bool:
    """Whether ``text`` written unquoted after ``key: `` loads back as the same string.

    Asks YAML's implicit-tag resolver instead of parsing: an import writes tens of thousands of
    scalars, and a full parse of each took most of the time.
    """
    if (
        not text
        or text != text.strip()
        or "#" in text
        or ": " in text
        or text.endswith(":")
        or text[0] in "[]{}&*!|>'\"%@`,?-:"
    ):
        return False
    return bool(_RESOLVER.resolve(yaml.ScalarNode, text, (True, False)) == _STR_TAG)


def entry_yaml(site: Mapping[str, Any], dash_column: int = NEW_FILE_DASH_COLUMN) -> str:
    """One sites.yaml list item for ``site`` (a dict of raw YAML values), block style."""
    pad = " " * (dash_column + 2)
    lines: list[str] = []
    for key, value in site.items():
        lead = " " * dash_column + "- " if not lines else pad
        if isinstance(value, Mapping):
            lines.append(f"{lead}{key}:")
            for sub_key, items in value.items():
                lines.append(f"{pad}  {sub_key}:")
                lines.extend(f"{pad}    - {yaml_scalar(item)}" for item in items)
        elif isinstance(value, list | tuple):
            lines.append(f"{lead}{key}:")
            lines.extend(f"{pad}  - {yaml_scalar(item)}" for item in value)
        else:
            lines.append(f"{lead}{key}: {yaml_scalar(value)}")
    return "\n".join(lines) + "\n"


def _append_point(text: str, filename: str | Path) -> int:
    """Column of the ``-`` of the existing ``sites:`` items, after checking we can append.

    Appending text keeps the user's comments and layout, but only works when ``sites:`` is the
    last top-level key and is a block list.
    """
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:  # parse_sites reported it already; kept for safety
        raise SitesFileError([f"{filename}: YAML error: {error}"]) from error
    if not isinstance(root, yaml.MappingNode) or not root.value:
        raise SitesFileError([f"{filename}: expected a mapping with a 'sites:' list"])
    key, value = root.value[-1]
    if (
        key.value != "sites"
        or not isinstance(value, yaml.SequenceNode)
        or value.flow_style
        or not value.value
    ):
        line = key.start_mark.line + 1
        raise SitesFileError(
            [
                (
                    f"{filename}:{line}: cannot append: 'sites:' must be the last top-level key "
                    "and a non-empty block list ('- name: ...' items)"
                )
            ]
        )
    return int(value.start_mark.column)


def _write_atomically(path: Path, text: str) -> None:
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        Path(temp).replace(path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def import_sites(
    urls: Iterable[str],
    output: str | Path | None,
    *,
    lang: str | None = None,
    method: str | None = None,
) -> ImportResult:
    """Add a site per new host in ``urls`` to the sites file ``output`` (created if missing).

    ``output=None`` writes nothing and only returns the entries. The resulting file is validated
    before it replaces the old one, so a failed import leaves the file untouched.
    """
    path = Path(output) if output is not None else None
    existing_text = path.read_text(encoding="utf-8") if path and path.exists() else ""
    known: set[str] = set()
    dash_column = NEW_FILE_DASH_COLUMN
    if existing_text.strip():
        known = {site.name for site in parse_sites(existing_text, path or "<output>")}
        dash_column = _append_point(existing_text, path or "<output>")
    result = ImportResult()
    chunks: list[str] = []
    for url in urls:
        name = site_name_for(url)
        if name in known:
            result.skipped.append(name)
            continue
        known.add(name)
        entry: dict[str, Any] = {"name": name, "start_urls": [url]}
        if lang:
            entry["lang"] = lang
        if method:
            entry["method"] = method
        chunks.append(entry_yaml(entry, dash_column))
        result.added.append(name)
    result.text = "".join(chunks)
    if path is None or not result.added:
        return result
    if existing_text.strip():
        new_text = existing_text + ("" if existing_text.endswith("\n") else "\n") + result.text
    else:
        new_text = NEW_FILE_HEADER + result.text
    try:
        parse_sites(new_text, path)  # never leave a file that `sites check` would reject
    except (SitesFileError, YamlSyntaxError) as error:
        raise SitesFileError(
            [f"{path}: import aborted, the result would be invalid:", *str(error).splitlines()]
        ) from error
    _write_atomically(path, new_text)
    return result
