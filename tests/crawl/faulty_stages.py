"""The three real pipeline stages, each made to raise on a fixed share of pages.

Used by test_pipeline_errors.py through ``ITEM_PIPELINES`` in a ``scrapy crawl`` subprocess:
which stage fails on a URL depends on the URL alone, so the test knows every lost page.
"""

from __future__ import annotations

import zlib
from typing import Any

from newscrawl.crawl.pipelines.extract import ExtractPipeline
from newscrawl.crawl.pipelines.store import StorePipeline
from newscrawl.crawl.pipelines.validate import ValidatePipeline

STAGES = ("extract", "validate", "store", None)  # None: the page goes through


def failing_stage(url: str) -> str | None:
    return STAGES[zlib.crc32(url.encode()) % len(STAGES)]


class StageFault(RuntimeError):
    pass


def _fail_if_chosen(item: Any, stage: str) -> None:
    if failing_stage(item.url) == stage:
        raise StageFault(f"forced failure in {stage}")


class FaultyExtract(ExtractPipeline):
    async def process_item(self, item: Any, spider: Any) -> Any:
        item = await super().process_item(item, spider)  # fails after the real work
        _fail_if_chosen(item, "extract")
        return item


class FaultyValidate(ValidatePipeline):
    def process_item(self, item: Any, spider: Any) -> Any:
        item.stage = "validate"
        _fail_if_chosen(item, "validate")
        return super().process_item(item, spider)


class FaultyStore(StorePipeline):
    async def process_item(self, item: Any, spider: Any) -> Any:
        item.stage = "store"
        _fail_if_chosen(item, "store")
        return await super().process_item(item, spider)
