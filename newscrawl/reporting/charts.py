"""Charts of the crawl report as inline SVG (pygal), without any of pygal's scripts."""

from __future__ import annotations

from collections.abc import Sequence

import pygal
from lxml import etree
from pygal.style import Style

_STYLE = Style(
    background="white",
    plot_background="white",
    font_family="sans-serif",
    colors=("#2e8b57", "#1e5ac8", "#e68c28", "#be5a82", "#d2be3c", "#777777"),
)


def _config(chart: pygal.Graph, title: str) -> pygal.Graph:
    chart.title = title
    chart.disable_xml_declaration = True
    chart.js = []  # pygal links its tooltip script from a CDN: the report stays offline
    chart.show_legend = False
    chart.width, chart.height = 900, 320
    return chart


def bar_chart(title: str, labels: Sequence[str], values: Sequence[int], *, rotate: int = 0) -> str:
    chart = _config(
        pygal.Bar(
            style=_STYLE,
            x_label_rotation=rotate,
            truncate_label=24,
            show_minor_x_labels=len(labels) <= 48,
            x_labels_major_every=max(len(labels) // 24, 1),
        ),
        title,
    )
    chart.x_labels = list(labels)
    chart.add(title, list(values))
    return _without_scripts(chart.render(is_unicode=True))


def pie_chart(title: str, parts: Sequence[tuple[str, int]]) -> str:
    chart = _config(pygal.Pie(style=_STYLE, inner_radius=0.4), title)
    chart.show_legend = True
    chart.height = 280
    for label, value in parts:
        chart.add(label, value)
    return _without_scripts(chart.render(is_unicode=True))


def _without_scripts(svg: str) -> str:
    """The SVG without pygal's inline config script and comments.

    The script holds the labels as JSON, where a label's ``</script>`` would end it early once
    the SVG sits inside HTML; the page's CSP would not run it anyway. Parsed as XML, so text
    comes back escaped.
    """
    root = etree.fromstring(svg.encode("utf-8"))
    for node in root.xpath(
        "//svg:script | //comment()", namespaces={"svg": "http://www.w3.org/2000/svg"}
    ):
        node.getparent().remove(node)
    text: str = etree.tostring(root, encoding="unicode")
    return text
