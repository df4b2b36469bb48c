"""Where the labelled page sets and site lists live: one rule for tests, benchmarks and scripts.

The data root is, first match wins: an explicit folder (a ``--data DIR`` option), the
``NEWSCRAWL_DATA`` environment variable, the repository's own ``datasets/``. Every root has the
same layout: ``<set>/pages.jsonl`` (+ ``html/``) per page set and ``site_lists/``. The
repository carries cwced_zh, gne_unlabeled (and its labelled copy gne_zh), the site lists
and a sample of wcxb_dev (see ``datasets/README.md``); a root holding the full sets gives
full-set figures.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from .dataset import DatasetError

ENV_VAR = "NEWSCRAWL_DATA"
REPOSITORY_DATA = Path(__file__).resolve().parents[2] / "datasets"
SITE_LISTS = "site_lists"


def data_root(explicit: str | Path | None = None) -> Path:
    """The data root (see the module doc); :class:`DatasetError` if it is not a folder."""
    if explicit is not None and str(explicit):
        root, source = Path(explicit), "--data"
    elif os.environ.get(ENV_VAR):
        root, source = Path(os.environ[ENV_VAR]), ENV_VAR
    else:
        root, source = REPOSITORY_DATA, "the repository's datasets/"
    if not root.is_dir():
        raise DatasetError(f"{root}: data folder (from {source}) does not exist")
    return root


def pages_file(name: str, root: str | Path | None = None) -> Path:
    """The ``pages.jsonl`` of page set ``name`` under the data root."""
    path = data_root(root) / name / "pages.jsonl"
    if not path.is_file():
        raise DatasetError(f"{path}: page set {name!r} is not in the data folder")
    return path


def site_lists(root: str | Path | None = None) -> Path:
    """The folder of public news-site lists under the data root."""
    path = data_root(root) / SITE_LISTS
    if not path.is_dir():
        raise DatasetError(f"{path}: no site lists in the data folder")
    return path


def _existing_folder(value: str) -> str:
    if not Path(value).is_dir():
        raise argparse.ArgumentTypeError(f"{value}: no such data folder")
    return value


def add_data_option(parser: argparse.ArgumentParser) -> None:
    """``--data DIR`` for a command-line tool; pass its value to :func:`data_root`.
    A folder that does not exist is the parser's one-line usage error."""
    parser.add_argument(
        "--data",
        metavar="DIR",
        default=None,
        type=_existing_folder,
        help=f"data root (default: ${ENV_VAR}, else the repository's datasets/)",
    )
