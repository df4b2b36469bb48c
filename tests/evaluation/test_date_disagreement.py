"""benchmarks/date_disagreement.py: the stages' answers read apart and the variants' choices."""

from __future__ import annotations

from tests.scripts import load_script


def page(**answers: str | None):
    module = load_script("benchmarks/date_disagreement.py")
    values = {
        "site": "s",
        "label": "2024-08-25",
        "library": "2025-06-24",
        "structured": "2025-06-24",
        "text": "2024-08-25",
        "htmldate": None,
        "modified": "2025-06-24T10:00",
    }
    values.update(answers)
    return module, module.DatedPage(**values)


def test_the_variants_take_the_shown_day_only_where_the_two_stages_disagree():
    module, saved_again = page()
    rule = module.RULES["structured=modified"]
    assert module.disagree(saved_again)
    assert module.answer(saved_again, rule) == "2024-08-25"
    assert module.answer(saved_again, module.RULES["library"]) == "2025-06-24"
    # the structured date is not the modified one: the library's answer stays
    module, apart = page(modified="2025-07-01")
    assert module.answer(apart, rule) == "2025-06-24"
    # both stages name one day: nothing to choose
    module, agreeing = page(text="2025-06-24T08:00")
    assert not module.disagree(agreeing)
    assert module.answer(agreeing, module.RULES["text"]) == "2025-06-24"


def test_the_htmldate_guard_keeps_the_structured_day_htmldate_confirms():
    module, confirmed = page(htmldate="2025-06-24")
    guarded = module.RULES["structured=modified, htmldate not structured"]
    assert module.answer(confirmed, guarded) == "2025-06-24"
    module, unconfirmed = page(htmldate=None)
    assert module.answer(unconfirmed, guarded) == "2024-08-25"


def test_the_report_scores_every_variant(capsys):
    module, saved_again = page()
    _, other = page(site="t", label="2025-06-24")
    module.report("set", [saved_again, other], folds=2)
    printed = capsys.readouterr().out
    assert "structured and text disagree on 2" in printed
    assert "structured=modified" in printed and "cross-validated" in printed
