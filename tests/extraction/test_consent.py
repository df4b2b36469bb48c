"""A consent manager's banner and settings panel are not read; look-alike classes are."""

from __future__ import annotations

from newscrawl.extraction import extract, load_document
from newscrawl.extraction.consent import class_id_words, drop_consent_boxes, is_consent_box
from newscrawl.extraction.types import Article

from .cleaned_pages import cleaned

ARTICLE = (
    "<p>The city council voted on Tuesday to extend the night bus service to the northern "
    "districts, after two years of complaints from residents who work late shifts.</p>"
    "<p>The extension adds four routes and runs until three in the morning on weekdays, "
    "the transport office said in a statement published after the vote.</p>"
)
PANEL = (
    "<div id='onetrust-consent-sdk'><div id='onetrust-pc-sdk' class='otPcCenter ot-hide'>"
    + "".join(
        f"<section class='ot-cat-grp'><h4>{name} Cookies</h4><p>These cookies allow us to "
        "count visits and traffic sources so we can measure the performance of our site.</p>"
        "</section>"
        for name in ("Strictly Necessary", "Performance", "Functional", "Targeting")
    )
    + "</div></div>"
)


def assert_dropped(boxes: str, count: int, gone: tuple[str, ...]) -> None:
    """``boxes`` after the article: ``count`` of them go, none of ``gone`` is left, the
    article stays."""
    root = cleaned(f"<article><h1>Night buses</h1>{ARTICLE}</article>{boxes}")
    assert drop_consent_boxes(root) == count
    text = root.xpath("string(//body)")
    assert not [word for word in gone if word in text]
    assert "night bus service" in text


def test_a_consent_managers_panel_and_a_cookie_notice_are_dropped():
    root = cleaned(
        f"<article><h1>Night buses</h1>{ARTICLE}</article>{PANEL}"
        "<aside class='moove-gdpr-info-bar-container'><p>We are using cookies to give you "
        "the best experience on our website.</p></aside>"
        "<div id='CybotCookiebotDialog'><p>This website uses cookies.</p></div>"
    )
    assert drop_consent_boxes(root) == 3
    text = root.xpath("string(//body)")
    assert "Cookies" not in text and "cookies" not in text
    assert "night bus service" in text


def test_look_alike_classes_stay():
    # A post tagged "cookie-bars", a recipe card, a form's consent checkbox are no banner.
    for attributes in (
        "class='post tag-cookie-bars category-desserts'",
        "class='recipe-card cookie'",
        "id='consent'",
    ):
        root = cleaned(f"<div {attributes}><p>Chewy oat cookie bars with dark chocolate.</p></div>")
        assert drop_consent_boxes(root) == 0, attributes


def test_a_box_word_beside_a_consent_word_spares_the_article_itself():
    # A wrapper whose classes happen to read as a banner, holding the article and its h1.
    root = cleaned(f"<div class='cookie-notice-page'><h1>Night buses</h1>{ARTICLE}</div>")
    assert is_consent_box(root.find(".//div"))
    assert drop_consent_boxes(root) == 0


def test_class_and_id_words_split_at_punctuation_and_camel_case():
    root = cleaned("<div id='CybotCookiebotDialog' class='cc-window cookie_bar'></div>")
    assert class_id_words(root.find(".//div")) == {
        "cybot",
        "cookiebot",
        "dialog",
        "cc",
        "window",
        "cookie",
        "bar",
    }


def test_the_loader_drops_the_panel_before_any_method_reads_the_page():
    page = (
        "<html><head><title>Night buses for the north</title></head><body>"
        f"<article><h1>Night buses for the north</h1>{ARTICLE}</article>{PANEL}</body></html>"
    )
    assert "Targeting Cookies" not in load_document(page).body_text()
    article = extract(page.encode(), url="https://news.example/night-buses", method="auto")
    assert isinstance(article, Article)
    assert "Cookies" not in article.content


DIALOG_ROWS = "".join(
    f"<div class='cb-row'><div>{name}</div><small>{purpose}</small><div>On</div></div>"
    for name, purpose in (
        ("Essential (required)", "Needed for core site functionality. Always on."),
        ("Analytics", "Helps us understand site usage."),
        ("Marketing", "Used for advertising and remarketing pixels."),
    )
)


def test_a_modal_dialog_named_for_consent_or_privacy_is_dropped():
    # Hand-written banners that name themselves only for assistive technology.
    assert_dropped(
        f"<div id='cb-panel' class='cb-panel' role='dialog' aria-label='Cookie preferences'>"
        f"{DIALOG_ROWS}</div>"
        "<div role='alertdialog' aria-modal='true' aria-label='We Care About Your Privacy'>"
        "<p>We and our partners store and access information on your device.</p></div>"
        "<dialog aria-labelledby='consent-title'><h2 id='consent-title'>Your consent</h2>"
        "<p>Choose which purposes we may process your data for.</p></dialog>",
        3,
        ("Analytics", "partners", "purposes"),
    )


def test_other_dialogs_and_consent_words_outside_a_dialog_stay():
    # A newsletter modal, a link labelled "Privacy policy", a dialog labelled by itself
    # (its name would be all its text) and a modal holding the article are not banners.
    root = cleaned(
        "<div role='dialog' aria-label='Subscribe to our newsletter'><p>Weekly news.</p></div>"
        "<p><a href='/privacy' aria-label='Privacy policy'>Privacy</a></p>"
        "<div id='popup' role='dialog' aria-labelledby='popup'><p>Close Privacy Overview "
        "This website uses cookies.</p></div>"
        f"<div role='dialog' aria-modal='true' aria-label='Cookie story'><h1>Night buses</h1>"
        f"{ARTICLE}</div>"
    )
    assert drop_consent_boxes(root) == 0


def test_a_dialog_element_with_the_dialog_role_is_dropped_once():
    root = cleaned(
        f"<article><h1>Night buses</h1>{ARTICLE}</article>"
        "<dialog role='dialog' aria-label='Cookie consent'><p>We use cookies.</p></dialog>"
    )
    assert drop_consent_boxes(root) == 1


def test_plugins_panels_are_dropped_by_their_names():
    # CookieLawInfo's settings popup ("cli-modal") and cookie table, Complianz's fused
    # "cookiebanner", Termly's and Klaro's own names.
    assert_dropped(
        "<div class='cli-modal' id='cliSettingsPopup' role='dialog'><p>Privacy Overview</p>"
        "<p>This website uses cookies to improve your experience.</p>"
        "<table class='cookielawinfo-row-cat-table'><tr><td>_ga</td><td>2 years</td></tr>"
        "</table></div>"
        "<div id='cmplz-cookiebanner-container'><div class='cmplz-cookiebanner'>"
        "<p>We use technologies like cookies to store device information.</p></div></div>"
        "<div id='termly-code-snippet-support'><p>Manage cookie preferences.</p></div>"
        "<div class='klaro'><div class='cookie-notice'><p>Let me choose which cookies.</p>"
        "</div></div>",
        4,
        ("cookies", "_ga", "Privacy Overview"),
    )


def test_a_managers_prefix_alone_is_no_banner():
    # Complianz wraps a blocked video in the article in "cmplz-placeholder-parent"; a
    # documentation page's command line is a "cli" block.
    for attributes in ("class='cmplz-placeholder-parent'", "class='cli'", "class='cky-btn'"):
        root = cleaned(f"<div {attributes}><p>Run the build and watch the video.</p></div>")
        assert drop_consent_boxes(root) == 0, attributes


def test_fused_words_count_as_two():
    el = cleaned("<div class='site-cookienotice'><p>Cookies help us.</p></div>").find(".//div")
    assert el is not None and is_consent_box(el)
