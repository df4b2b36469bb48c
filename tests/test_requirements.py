"""A test install runs the runtime packages at the versions requirements.txt pins, and those
pins lie inside the ranges pyproject.toml declares for a package install.

requirements-dev.txt adds peer extractors whose own bounds could move a runtime package
(readability-lxml caps cssselect below 1.4); pinning such packages in requirements.txt keeps
the two installs on one version, and this test notices when a pin is not what runs. The ranges
are what a user's project resolves against, so each must admit the pinned (tested) version.
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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


def declared_ranges() -> dict[str, Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = [Requirement(line) for line in project["dependencies"]]
    return {canonicalize_name(requirement.name): requirement for requirement in requirements}


def test_every_runtime_pin_has_a_range_that_admits_it() -> None:
    runtime = {
        canonicalize_name(name): pinned for name, pinned in pins(REPO / "requirements.txt").items()
    }
    ranges = declared_ranges()
    assert sorted(ranges) == sorted(runtime), (
        "pyproject.toml and requirements.txt list different runtime packages"
    )
    outside = {
        name: (str(ranges[name].specifier), pinned)
        for name, pinned in runtime.items()
        if not ranges[name].specifier.contains(pinned)
    }
    assert outside == {}, f"range vs pin: {outside}"
    # a range, not a pin in disguise: a user's project can move within it
    assert all(len(requirement.specifier) == 2 for requirement in ranges.values())
