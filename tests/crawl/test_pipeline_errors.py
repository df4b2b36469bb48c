"""No silent loss (issue 13, item 2): a page a pipeline stage raises on is a counted error of
its site, logged in one line with the stage and URL, shown in the progress line and listed in
the final report. A farm crawl whose three stages each raise on a known set of URLs.
"""

from __future__ import annotations

import json
import re

from newscrawl.crawl.report import (
    MAX_LISTED_PIPELINE_ERRORS,
    CrawlTally,
    PipelineError,
    pipeline_error_lines,
    progress_line,
)

from .conftest import run_crawl, stored_articles
from .faulty_stages import failing_stage

REAL = "newscrawl.crawl.pipelines"
FAULTY = "tests.crawl.faulty_stages"
PIPELINES = {
    f"{REAL}.extract.ExtractPipeline": None,
    f"{REAL}.validate.ValidatePipeline": None,
    f"{REAL}.store.StorePipeline": None,
    f"{FAULTY}.FaultyExtract": 300,
    f"{FAULTY}.FaultyValidate": 400,
    f"{FAULTY}.FaultyStore": 500,
}
ERROR_LINE = re.compile(r"Pipeline error: (\w+) failed on (\S+) \((\S+)\): StageFault\(")


def test_every_page_a_stage_raises_on_is_counted_and_named(farm, tmp_path):
    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    run = run_crawl(
        farm,
        tmp_path,
        db_url,
        settings={"ITEM_PIPELINES": json.dumps(PIPELINES), "NEWSCRAWL_EXTRACT_PROCESSES": "0"},
    )
    assert run.returncode == 0, run.log[-3000:]
    logged = {
        match.group(2): (match.group(1), match.group(3)) for match in ERROR_LINE.finditer(run.log)
    }
    stored = stored_articles(db_url)
    # Each logged page failed in the stage chosen for its URL, and was not stored.
    assert logged, run.log[-3000:]
    assert all(stage == failing_stage(url) for url, (stage, _) in logged.items())
    assert not set(logged) & set(stored)
    # Every farm article is either stored or a logged error: none is lost silently.
    expected = set(farm.model.expected())
    duplicates = set(farm.model.duplicate_pair() or ())
    for url in expected - duplicates:
        assert (url in stored) == (failing_stage(url) is None), url
        assert (url in logged) == (failing_stage(url) is not None), url
    assert {failing_stage(url) for url in logged} == {"extract", "validate", "store"}
    # Counted per site in the final table and shown in the progress line.
    per_site: dict[str, int] = {}
    for _, site in logged.values():
        per_site[site] = per_site.get(site, 0) + 1
    table = run.log[run.log.index("Crawl finished") :]
    for site, count in per_site.items():
        assert re.search(rf"^{re.escape(site)}\s.*\bpipeline:{count}\b", table, re.MULTILINE), site
    assert re.search(rf"^TOTAL\s.*\bpipeline:{len(logged)}\b", table, re.MULTILINE)
    assert f"Pipeline errors ({len(logged)}, pages lost" in table
    assert re.search(
        r"Progress: .*errors \d+ \(.*pipeline \d+.*last pipeline error: \w+ http", run.log
    )


def test_the_tally_counts_names_and_lists_pipeline_errors():
    tally = CrawlTally()
    tally.site("alpha").pages = 3
    assert pipeline_error_lines(tally) == ""
    n = MAX_LISTED_PIPELINE_ERRORS + 5
    for i in range(n):
        tally.add_pipeline_error(
            PipelineError("beta", "store", f"http://b.test/{i}", "OperationalError('gone')")
        )
    assert tally.sites["beta"].failures["pipeline"] == n
    line = progress_line(tally, elapsed=10.0, pages_before=0, articles_before=0, interval=5.0)
    assert f"errors {n} (pipeline {n}): beta {n}" in line
    assert line.endswith(f"; last pipeline error: store http://b.test/{n - 1}")
    listed = pipeline_error_lines(tally).splitlines()
    assert listed[0] == (
        f"Pipeline errors ({n}, pages lost; first {MAX_LISTED_PIPELINE_ERRORS} listed):"
    )
    assert listed[1] == "  store failed on http://b.test/0 (beta): OperationalError('gone')"
    assert len(listed) == MAX_LISTED_PIPELINE_ERRORS + 1
