"""The repository's benchmark and build scripts, loaded as modules for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent


def load_script(relative_path: str, name: str | None = None) -> ModuleType:
    """The script at ``relative_path`` (from the repository root), executed as a module
    named ``name`` (default: its file name) and registered in ``sys.modules``, where
    dataclasses look their module up while being built."""
    path = REPO / relative_path
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
