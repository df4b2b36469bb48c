"""A test install runs the runtime packages at the versions requirements.txt pins.

requirements-dev.txt adds peer extractors whose own bounds could move a runtime package
(readability-lxml caps cssselect below 1.4); pinning such packages in requirements.txt keeps
the two installs on one version, and this test notices when a pin is not what runs.
"""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?==([^\s;#]+)")


def pins(path: Path) -> dict[str, str]:
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = PIN.match(line.strip())
        if match:
            found[match.group(1).lower().replace("_", "-")] = match.group(2)
    return found


def test_installed_runtime_packages_are_the_pinned_versions() -> None:
    runtime = pins(REPO / "requirements.txt")
    assert "cssselect" in runtime and len(runtime) >= 15
    wrong = {}
    for name, pinned in runtime.items():
        try:
            installed = version(name)
        except PackageNotFoundError:
            installed = "not installed"
        if installed != pinned:
            wrong[name] = (pinned, installed)
    assert wrong == {}, f"pinned vs installed: {wrong}"


def test_dev_requirements_do_not_repin_runtime_packages() -> None:
    runtime = pins(REPO / "requirements.txt")
    dev = pins(REPO / "requirements-dev.txt")
    assert sorted(set(runtime) & set(dev)) == []
