"""How long loading and importing site lists takes:
``python benchmarks/sites_load.py [--data DIR]``.

Measures ``load_sites`` on the shipped sites.yaml, then imports every domain of the Google News
list into a fresh file and loads that. Prints wall time, CPU time and peak RSS per step.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from newscrawl.config import load_sites  # noqa: E402 - after sys.path
from newscrawl.config.importer import import_sites, parse_domain_list  # noqa: E402
from newscrawl.evaluation.datasets import add_data_option, site_lists  # noqa: E402

GOOGLE_LIST = "newspaper4k_google_sources.txt"
REPEATS = 3  # best of three: the machine is shared, the minimum is the least disturbed run


def timed(label: str, action: Callable[[], Any]) -> Any:
    best_wall = best_cpu = float("inf")
    result = None
    for _ in range(REPEATS):
        wall, cpu = time.perf_counter(), time.process_time()
        result = action()
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    print(f"| {label} | {best_wall:.2f} | {best_cpu:.2f} |")
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_data_option(parser)
    google_list = site_lists(parser.parse_args().data) / GOOGLE_LIST
    print("| step | wall s | CPU s |\n|---|---|---|")
    shipped = timed(
        "load shipped sites.yaml", lambda: load_sites(REPO / "sites.yaml", include_disabled=True)
    )
    urls = parse_domain_list(google_list.read_text(), google_list)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "big.yaml"

        def fresh_import() -> Any:
            out.unlink(missing_ok=True)
            return import_sites(urls, out)

        imported = timed(f"import {len(urls)} domain lines", fresh_import)
        big = timed("load the imported file", lambda: load_sites(out))
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"\nshipped: {len(shipped)} sites; imported: {len(imported.added)} sites "
        f"({len(imported.skipped)} repeated lines skipped); loaded: {len(big)}; "
        f"peak RSS {peak_mb:.0f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
