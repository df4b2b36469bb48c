"""Pages people look at: the explain page of one extraction and the crawl report.

Reads the extraction library and the news database; renders self-contained HTML (Jinja2,
autoescaped, inline CSS/JS/SVG, a Content-Security-Policy that only lets the page's own script
run), so a page's text can never run as code in the report.
"""
