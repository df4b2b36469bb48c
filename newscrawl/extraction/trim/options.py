"""Which trim rules run: :class:`TrimOptions`, its defaults and :data:`NO_TRIM`."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class TrimOptions:
    """Which rules run. Defaults: the rules cross-validation kept (docs/benchmarks/trim.md)."""

    # Cut at a tail heading when at least this share of the text's characters precedes it;
    # None turns the rule off.
    tail_min_share: float | None = 0.7
    # Also cut at a sidebar heading (:data:`SIDEBAR_HEADING`), under the same condition.
    sidebar_headings: bool = True
    # Drop teaser lines ("Related: ...").
    teaser_lines: bool = True
    # Drop runs of at least this many consecutive whole-link lines; None: off.
    link_run: int | None = 2
    # Drop a link run only after the text's last long paragraph (:data:`MAX_MARKER_LINE`):
    # lists of links between paragraphs may be the article's own (products, changelogs).
    runs_only_at_end: bool = False
    # A line whose links all lead to other sites (Document.offsite_link_texts) is no part of
    # a link run: the article's sources, products or references, not the site's own lists.
    offsite_runs_kept: bool = True
    # Drop the whole-link lines before the first other line.
    leading_links: bool = True
    # Also cut at an end-section heading (:data:`END_SECTION`), like a tail heading. On since
    # the short-article sets joined the cross-validation: chosen in every site-grouped fold,
    # unguarded and on the articles; off before, when each group of headings cost one
    # wcxb_dev page type what it gained on articles (docs/benchmarks/trim.md).
    end_sections: bool = True
    # Also cut at the heading of the article's sources (:data:`SOURCES_SECTION`): chosen
    # with the end sections, in every fold (docs/benchmarks/trim.md).
    sources_sections: bool = True
    # Keep the text whole when the rules would remove more than this share of its
    # characters; None: no cap.
    max_cut_share: float | None = 0.5
    # Also cut at a Chinese recommendation or keyword heading (:data:`ZH_TAIL_HEADING`).
    zh_headings: bool = True
    # Drop short player-fallback, keyword and appeal lines (:data:`APPEAL_LINE`).
    appeal_lines: bool = True
    # Drop the "（原标题：...）" line (:data:`ORIGINAL_TITLE`).
    original_title: bool = True
    # Drop Chinese lines that point at other coverage (:data:`ZH_TEASER_LINE`).
    zh_teasers: bool = True
    # Drop a platform's disclaimer line (:data:`DISCLAIMER_LINE`).
    disclaimers: bool = True
    # Drop a line of the story's credits anywhere in a Chinese text (:data:`STORY_CREDIT_LINE`:
    # "编辑|禤志杰", "新京报记者 陆一夫").
    zh_credits: bool = True
    # Drop a line of a post's or a story's controls alone ("举报 | 回复", "收藏 分享", "赞 12"):
    # :data:`ZH_CONTROL_LINE`.
    zh_controls: bool = True
    # Drop a form's legal line and status messages (:data:`CONSENT_LINE`); on: chosen in 5
    # of 5 folds unguarded (docs/benchmarks/trim.md).
    consent_lines: bool = True
    # Drop a line that is only a control's label (:data:`UI_LABEL`); on: chosen in 5 of 5
    # folds, guarded (docs/benchmarks/trim.md).
    ui_labels: bool = True
    # Drop a line that credits a picture (:func:`is_credit`); on: chosen in 5 of 5 folds,
    # guarded (docs/benchmarks/trim.md).
    credit_lines: bool = True
    # Drop a line that is only a date ("Dec 12, 2025", "Updated on March 2, 2026 at 4:10 pm",
    # "2025-12-12") before the text's first long line (:data:`DATE_LINE`): a byline's date.
    # On: chosen in 5 of 5 folds unguarded and on the articles (docs/benchmarks/trim.md).
    date_lines: bool = True
    # Drop a line that asks the reader to sign up for mail (:data:`SIGNUP_LINE`).
    signup_lines: bool = True
    # Drop a byline line (:data:`BYLINE_LINE`: an author, a date, the reading time, a view
    # count) before the text's first long line, as a date line is. On: chosen in 5 of 5
    # site-grouped folds unguarded and on the articles (docs/benchmarks/trim.md).
    byline_lines: bool = True
    # Drop a Chinese byline line (:data:`ZH_BYLINE_LINE`) before the text's first long line.
    # On: chosen in 5 of 5 site-grouped folds, guarded and unguarded (four gne_zh pages up,
    # none down; docs/benchmarks/trim.md).
    zh_bylines: bool = True

    @property
    def any_chinese(self) -> bool:
        return any(getattr(self, rule) for rule in CHINESE_RULES)

    @property
    def needs_links(self) -> bool:
        return self.link_run is not None or self.leading_links


# The switches of the Chinese portal rules, which run only on Chinese text.
CHINESE_RULES = (
    "zh_headings",
    "appeal_lines",
    "original_title",
    "zh_teasers",
    "disclaimers",
    "zh_bylines",
    "zh_credits",
    "zh_controls",
)


def without_chinese_rules(options: TrimOptions) -> TrimOptions:
    """``options`` with the Chinese portal rules off (the references of the sweeps)."""
    return replace(options, **dict.fromkeys(CHINESE_RULES, False))


NO_TRIM = without_chinese_rules(
    TrimOptions(
        tail_min_share=None,
        sidebar_headings=False,
        teaser_lines=False,
        link_run=None,
        leading_links=False,
        end_sections=False,
        sources_sections=False,
        max_cut_share=None,
        consent_lines=False,
        ui_labels=False,
        credit_lines=False,
        signup_lines=False,
        date_lines=False,
        byline_lines=False,
    )
)

DEFAULT_OPTIONS = TrimOptions()
