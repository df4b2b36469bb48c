from __future__ import annotations

import io

from newscrawl.evaluation.progress import BAR_WIDTH, ProgressBar


def test_bar_draws_counts_and_ends_with_a_newline():
    stream = io.StringIO()
    with ProgressBar(4, "eval", stream=stream, enabled=True) as bar:
        for _ in range(4):
            bar.update()
    output = stream.getvalue()
    assert output.endswith("\n")
    last = output.rstrip("\n").split("\r")[-1]
    assert last.startswith("eval [" + "#" * BAR_WIDTH + "] 4/4 ")
    assert last.endswith("/s")


def test_half_done_bar_is_half_filled():
    bar = ProgressBar(10, "x", stream=io.StringIO(), enabled=False)
    bar.update(5)
    assert bar.render().startswith("x [" + "#" * (BAR_WIDTH // 2) + "." * (BAR_WIDTH // 2) + "]")


def test_bar_stays_silent_when_not_a_terminal():
    stream = io.StringIO()  # isatty() is False
    with ProgressBar(1000, "eval", stream=stream) as bar:
        bar.update(1000)
    assert stream.getvalue() == ""
