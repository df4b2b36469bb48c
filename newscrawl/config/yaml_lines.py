"""A safe YAML loader that remembers line numbers, so config errors can point at ``file:LINE``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class LineMap(dict[Any, Any]):
    """A YAML mapping: a dict plus the 1-based line of itself and of each key.

    ``duplicates`` lists ``(key, line)`` for keys written twice; plain YAML loading would keep
    the last value silently, hiding a typo'd copy of an entry.
    """

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.key_lines: dict[Any, int] = {}
        self.duplicates: list[tuple[Any, int]] = []

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list[Any]):
    """A YAML sequence: a list plus the 1-based line of itself and of each item."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.item_lines: list[int] = []

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line


# libyaml's parser is about 10x faster than the pure-Python one and gives the same node marks;
# a 20,000-site file must load in seconds, not minutes.
_SafeBase: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_SafeBase):  # type: ignore[misc]
    """Safe loader whose mappings and sequences are :class:`LineMap` / :class:`LineList`."""


def _construct_map(loader: yaml.SafeLoader, node: yaml.MappingNode) -> LineMap:
    written_here = {id(key_node) for key_node, _ in node.value}
    loader.flatten_mapping(node)  # resolves ``<<: *anchor`` merge keys (merged pairs come first)
    mapping = LineMap(node.start_mark.line + 1)
    own_keys: set[Any] = set()  # keys written in this mapping; overriding a merged key is fine
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        try:
            hash(key)
        except TypeError:  # unhashable key such as a list: keep it visible as text
            key = repr(key)
        if id(key_node) in written_here:
            if key in own_keys:
                mapping.duplicates.append((key, line))
            own_keys.add(key)
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = line
    return mapping


def _construct_seq(loader: yaml.SafeLoader, node: yaml.SequenceNode) -> LineList:
    sequence = LineList(node.start_mark.line + 1)
    for item in node.value:
        sequence.append(loader.construct_object(item, deep=True))
        sequence.item_lines.append(item.start_mark.line + 1)
    return sequence


# Python refuses to convert integers of more than 4,300 digits (a ValueError with no line);
# no sites.yaml number needs more than a few, so a long one is an error at its own line.
MAX_NUMBER_CHARS = 100


def _construct_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    if len(node.value) > MAX_NUMBER_CHARS:
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of {len(node.value)} characters is too long", node.start_mark
        )
    return loader.construct_yaml_int(node)


def _construct_timestamp(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    # YAML reads 2003-02-30 as a date and Python refuses it with a ValueError and no line.
    try:
        return loader.construct_yaml_timestamp(node)
    except ValueError as error:
        raise yaml.constructor.ConstructorError(
            None, None, f"{node.value!r} is not a date ({error})", node.start_mark
        ) from None


_LineLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_LineLoader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)
_LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)


class YamlSyntaxError(ValueError):
    """Unparsable YAML; the message starts with ``file:LINE:``."""


# Deepest nesting of mappings and lists a config file may have. sites.yaml needs 5 (top map,
# sites list, site, article_url, allow list); building the objects recurses once per level, so
# a file nested hundreds deep must be refused before it is built, with its line.
MAX_NESTING = 32


def check_nesting(text: str, filename: str | Path, limit: int = MAX_NESTING) -> None:
    """Raise :class:`YamlSyntaxError` at the first place ``text`` nests deeper than ``limit``.

    Depth is counted on the parser's event stream (no recursion), and an alias counts as deep
    as the collection it names, so chains of anchors cannot build a deeper object either.
    """
    frames: list[list[Any]] = []  # per open collection: [depth, deepest depth inside, anchor]
    heights: dict[str, int] = {}  # anchor -> levels of nesting its value brings
    for event in yaml.parse(text, Loader=_SafeBase):
        depth = frames[-1][0] if frames else 0
        if isinstance(event, yaml.CollectionStartEvent):
            reached = depth + 1
            frames.append([reached, reached, event.anchor])
        elif isinstance(event, yaml.CollectionEndEvent):
            start, deepest, anchor = frames.pop()
            if anchor is not None:
                heights[anchor] = deepest - start + 1
            if frames:
                frames[-1][1] = max(frames[-1][1], deepest)
            continue
        elif isinstance(event, yaml.AliasEvent):
            reached = depth + heights.get(event.anchor, 0)
            if frames:
                frames[-1][1] = max(frames[-1][1], reached)
        else:
            continue
        if reached > limit:
            raise YamlSyntaxError(
                f"{filename}:{event.start_mark.line + 1}: nested more than "
                f"{limit} levels deep (lists and mappings inside each other)"
            )


def load_yaml(text: str, filename: str | Path) -> Any:
    """Parse ``text`` (named ``filename`` in errors) into LineMap/LineList/scalars."""
    try:
        check_nesting(text, filename)
        return yaml.load(text, Loader=_LineLoader)  # _LineLoader is a SafeLoader
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 0
        what = " ".join(part for part in (error.context, error.problem) if part)
        raise YamlSyntaxError(f"{filename}:{line}: YAML syntax error: {what}") from error
    except yaml.YAMLError as error:
        raise YamlSyntaxError(f"{filename}: YAML error: {error}") from error
