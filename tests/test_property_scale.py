"""NEWSCRAWL_PROPERTY_SCALE: longer property searches on demand, a clear error on nonsense."""

from __future__ import annotations

import pytest

from tests.property import examples


def test_counts_scale_with_the_environment(monkeypatch):
    monkeypatch.delenv("NEWSCRAWL_PROPERTY_SCALE", raising=False)
    assert examples(40) == 40
    monkeypatch.setenv("NEWSCRAWL_PROPERTY_SCALE", "25")
    assert examples(40) == 1000


@pytest.mark.parametrize("scale", ["ten", "0", "-3", "1.5"])
def test_a_scale_that_is_no_whole_number_above_zero_is_named(monkeypatch, scale):
    monkeypatch.setenv("NEWSCRAWL_PROPERTY_SCALE", scale)
    with pytest.raises(ValueError, match="NEWSCRAWL_PROPERTY_SCALE"):
        examples(40)
