"""ArticleRecord's JSON form (the spill file) and the content hash, property-tested."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newscrawl.storage import ArticleRecord, content_hash, normalise_content

texts = st.text(max_size=200)
records = st.builds(
    ArticleRecord,
    url=texts,
    site=texts,
    title=texts,
    content=texts,
    anchor_text=st.none() | texts,
    content_html=texts,
    publish_time=st.none() | texts,
    author=st.none() | texts,
    images=st.lists(texts, max_size=3),
    lang=st.none() | texts,
    method=texts,
    content_hash=texts,
    html=st.none() | st.binary(max_size=300),
    encoding=st.none() | texts,
    fetched_at=st.none() | st.datetimes(timezones=st.just(UTC)) | st.datetimes(),
    simhash=st.none() | st.integers(min_value=0, max_value=(1 << 64) - 1),
)


@given(records)
def test_json_form_round_trips(record):
    assert ArticleRecord.from_json_dict(record.to_json_dict()) == record


@given(
    st.lists(st.text(min_size=1, max_size=20), min_size=1, max_size=10),
    st.sampled_from([" ", "\n", "\t", "  \n ", "\u3000"]),
)
def test_hash_ignores_how_words_are_spaced(words, gap):
    assert content_hash(gap.join(words)) == content_hash(" ".join(words))


def test_hash_ignores_width_and_case_but_not_words():
    assert normalise_content("ＡＢＣ，  News\n") == "abc, news"
    assert content_hash("ＡＢＣ News") == content_hash("abc news")
    assert content_hash("abc news") != content_hash("abc views")
    assert len(content_hash("")) == 40


def test_spilled_datetime_keeps_its_zone():
    record = ArticleRecord(
        url="u",
        site="s",
        title="t",
        content="c",
        fetched_at=datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC),
    )
    assert ArticleRecord.from_json_dict(record.to_json_dict()).fetched_at == record.fetched_at


@pytest.mark.parametrize("field", ["url", "site", "title", "content"])
def test_missing_required_field_is_named(field):
    data = ArticleRecord(url="u", site="s", title="t", content="c").to_json_dict()
    del data[field]
    with pytest.raises(TypeError, match=f"'{field}' must be a string"):
        ArticleRecord.from_json_dict(data)


@pytest.mark.parametrize("value", [-1, 1 << 64, "12", 1.5, True])
def test_spilled_simhash_must_be_unsigned_64_bit(value):
    data = ArticleRecord(url="u", site="s", title="t", content="c").to_json_dict()
    data["simhash"] = value
    with pytest.raises(TypeError, match="simhash"):
        ArticleRecord.from_json_dict(data)
