"""The optional author rules by name, and :data:`RULES`, the set ``extract_authors`` applies
unless told otherwise."""

from __future__ import annotations

# Rules measured one by one under site-grouped cross-validation (benchmarks/metadata_cv.py);
# extract_authors applies those named in its ``rules``.
ORGANISATION_FALLBACK = "organisation_fallback"
CAMEL_CASE_NAMES = "camel_case_names"
TITLE_SITE_NAMES = "title_site_names"
BLOG_OWNER = "blog_owner"
BYLINE_FORMS = "byline_forms"
LINE_UNDER_HEADLINE = "line_under_headline"
# An English name alone on one of those lines whose first word is a given name ("Lisa Pham"
# under the headline, no "By", no author markup), where a section label ("Video Production")
# or a button ("Start Trial") has the same shape.
GIVEN_NAME_LINE = "given_name_line"
# Essays, blog and forum posts whose page gives no headline the text can be matched with (no
# <h1>, a <title> naming the site or "显示") open the extracted text with the author's name
# alone on a line, first or under the headline: "胡平\n——当代中国的精神危机",
# "我是怎样卷入八九民运的\n茉莉\n【看中国...", "赵延东、风笑天\n近年来...".
NAME_OPENING_CONTENT = "name_opening_content"
# On Chinese pages the byline in the text ("（记者 陆一夫）", "作者：孙仲旻") names the writer,
# while author tags and markup hold the portal ("网易"), an editor's handle, a self-media
# account or a sidebar of columnists: the text's cues are asked first.
CUES_BEFORE_TAGS = "cues_before_tags"
# The cue search reaches CUE_SEARCH_CHARS visible characters: whitespace that indents a
# template's markup does not use it up.
VISIBLE_CUE_WINDOW = "visible_cue_window"
CUE_NAME_ENDS = "cue_name_ends"
# The byline is the first cue under the headline: a cue's name further down the window (a
# channel menu's "原创 | 读书") does not outrank it for being asked first.
EARLIEST_CUE = "earliest_cue"
# The closing bracketed byline may sit on the line after the content ("（袁源）").
CLOSING_AFTER_CONTENT = "closing_after_content"
# A JSON-LD author given only by reference ({"@id": ".../#/schema/person/x"}) names the
# Person node of the page's @graph with that @id (Yoast, Rank Math).
JSON_LD_REFERENCES = "json_ld_references"
# Yoast's twitter:label1 "Written by" with the name in twitter:data1.
TWITTER_WRITTEN_BY = "twitter_written_by"
# A link to the author's profile page ("/author/jane-doe/", "/blog/authors/x") holds the
# name when no markup or byline names it.
PROFILE_LINKS = "profile_links"
# A personal site is named after its owner ("Cory Dransfeldt", og:site_name of coryd.dev): a
# site name that reads as a person's name is the author, not the site.
PERSONAL_SITE_NAMES = "personal_site_names"
# Author markup inside a comment thread ("comment-author", "wp-block-comment-author-name")
# names a commenter.
NO_COMMENT_AUTHORS = "no_comment_authors"
# An author box holds the name in a heading or bold line above the bio: "<h4>Jane Doe</h4>
# Jane is a ...", whose whole text is no byline.
AUTHOR_BOX_HEADING = "author_box_heading"
# A personal site whose host spells its owner's name (tobyhede.com, pollybarks.com) credits
# that person in the title, og:site_name, the home link or the copyright line.
HOST_OWNER = "host_owner"
# "Written by" (or "Posted by", "Authored by", "Article by") labels a byline wherever it stands
# on the page: author boxes at the foot, a label and the name in two elements.
WRITTEN_BY_ANYWHERE = "written_by_anywhere"
# A byline in elements of its own near the headline: a person's name beside a date ("Dakota
# Hebert" | "July 3, 2025"), where only a class said which piece was the author.
NAME_BESIDE_DATE = "name_beside_date"
# ... also when the name, its role and the date share one text node, split at separators:
# "Dec. 19, 2025 · Niko Matsakis on behalf of …", "Aaron Ricadela | Senior Writer | July 2".
BYLINE_SEGMENTS = "byline_segments"
# The name element of an author box named in the BEM way or in the plural:
# "elementor-author-box__name", "authors-name", Drupal's "field--name-field-authors".
AUTHOR_BOX_NAMES = "author_box_names"
# "Author" alone on a line and a person's name alone on the next, anywhere on the page.
AUTHOR_LABEL_LINE = "author_label_line"
# A JSON-LD page whose mainEntity is the work (a WebPage holding a DiscussionForumPosting, a
# QAPage holding its Question, an Article) is by that work's author: a forum thread's
# opening poster, where reply markup names everyone who answered.
MAIN_ENTITY_AUTHORS = "main_entity_authors"
# A forum's "Thread starter" label (XenForo, "Started by", "Topic starter") and the opening
# poster's name after it, in the same text node or the next.
THREAD_STARTER = "thread_starter"
# Author microdata inside <noscript>: a JavaScript forum (Discourse) serves its posts, each
# with itemprop="author", only there, and the document drops <noscript> with its content.
NOSCRIPT_AUTHORS = "noscript_authors"
# An author property of a forum's or Q&A site's post in microdata (itemtype Question,
# DiscussionForumPosting) is a user handle, taken as it stands like the JSON-LD one.
POST_MICRODATA = "post_microdata"
# A byline field left empty: what a cue reads after "作者：" is the next field's label
# ("作者： 转载请注明：", "记者： 编辑："), which a separator ends.
EMPTY_FIELD_LABELS = "empty_field_labels"
# A name equal to the story's labelled source ("来源：参考消息", an author tag holding the
# same outlet) credits the outlet, not a writer: it stays the source only.
SOURCE_NOT_AUTHOR = "source_not_author"
# A Chinese portal's brand is the start of its channel's name in the <title> ("网易" of
# "网易财经", "新浪" of "新浪科技"), which author tags hold instead of a writer.
SITE_BRAND_PREFIX = "site_brand_prefix"
# A lower-case "by" opens a byline only where a byline would: at a line's start, after a
# date or a word such as "posted" (find_en_byline), not in a sentence ("a study by Harvard ...").
BY_OPENS_BYLINE = "by_opens_byline"
# An English byline's co-writers are read with the first (cues._EN_CO_BYLINE).
CO_AUTHORS = "co_authors"
RULES = frozenset(
    {
        BY_OPENS_BYLINE,
        CO_AUTHORS,
        EMPTY_FIELD_LABELS,
        SOURCE_NOT_AUTHOR,
        SITE_BRAND_PREFIX,
        POST_MICRODATA,
        NOSCRIPT_AUTHORS,
        THREAD_STARTER,
        MAIN_ENTITY_AUTHORS,
        AUTHOR_LABEL_LINE,
        AUTHOR_BOX_NAMES,
        BYLINE_SEGMENTS,
        NAME_BESIDE_DATE,
        WRITTEN_BY_ANYWHERE,
        NO_COMMENT_AUTHORS,
        AUTHOR_BOX_HEADING,
        HOST_OWNER,
        JSON_LD_REFERENCES,
        TWITTER_WRITTEN_BY,
        PROFILE_LINKS,
        PERSONAL_SITE_NAMES,
        CUE_NAME_ENDS,
        EARLIEST_CUE,
        CLOSING_AFTER_CONTENT,
        CUES_BEFORE_TAGS,
        VISIBLE_CUE_WINDOW,
        ORGANISATION_FALLBACK,
        CAMEL_CASE_NAMES,
        TITLE_SITE_NAMES,
        BLOG_OWNER,
        BYLINE_FORMS,
        LINE_UNDER_HEADLINE,
        GIVEN_NAME_LINE,
        NAME_OPENING_CONTENT,
    }
)
