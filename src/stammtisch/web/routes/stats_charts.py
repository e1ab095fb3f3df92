"""The statistics' charts: server-side SVG made by pygal, inline in the page, with a text alternative.

Charts are small pictures of a table that stays on the page (the table is the fallback and carries
every number). The SVG gets ``role="img"`` and an ``aria-label``; a one-line summary in words goes in
the ``figcaption``. Colours pass WCAG AA on the cards' white: bars ``#1f5f8b`` (6.9:1), text
``#1b1b1b``. pygal's JavaScript is left out (``js=[]``), and so is the inline configuration script it
writes into each SVG: the CSP allows only our own script files, and the numbers are printed on the bars
instead of shown on hover. A chart is drawn once per distinct data
(``lru_cache``): a warm page with unchanged figures costs no drawing."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import pygal  # type: ignore[import-untyped]
from babel.numbers import format_decimal
from markupsafe import Markup
from pygal.style import Style  # type: ignore[import-untyped]

BAR = "#1f5f8b"
INK = "#1b1b1b"
SUBTLE = "#5c5c5c"  # 6.7:1 on white: guides and axis labels stay readable
WIDTH = 390  # the phone's width in CSS pixels: the viewBox scales, the text stays legible

_STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground=INK,
    foreground_strong=INK,
    foreground_subtle=SUBTLE,
    colors=(BAR,),
    font_family="system-ui, sans-serif",
    label_font_size=14,
    major_label_font_size=14,
    value_font_size=13,
    title_font_size=15,
)


#: pygal writes an inline ``<script>`` into every SVG (its tooltips' configuration) even without its
#: JavaScript. The app's Content-Security-Policy blocks inline scripts (``script-src 'self'``), so the
#: browser refused it on every statistics page (issue 31.6). The chart needs no script at all (the values
#: are printed on the bars), so it is left out: nothing inline remains for the policy to block.
_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>", re.DOTALL | re.IGNORECASE)


def _accessible(svg: str, label: str) -> Markup:
    """The SVG as a labelled image (screen readers read the label, then the caption and table), without
    pygal's inline script."""
    safe = Markup.escape(label)
    svg = _SCRIPT.sub("", svg)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{safe}" class="chart" ', 1))


@lru_cache(maxsize=512)
def _bars(label: str, names: tuple[str, ...], values: tuple[float, ...], decimals: int, lang: str) -> Markup:
    chart = pygal.HorizontalBar(
        style=_STYLE,
        show_legend=False,
        disable_xml_declaration=True,
        js=[],
        width=WIDTH,
        height=48 + 30 * len(names),
        print_values=True,
        show_x_guides=False,
        show_y_guides=False,
        show_x_labels=False,  # the value axis (x when horizontal): each bar prints its value
        value_formatter=_formatter(decimals, lang),
        margin=4,
    )
    # pygal draws the first label at the bottom: reversed, the best stands on top as in the table.
    chart.x_labels = [name[:16] for name in reversed(names)]
    chart.add(label, list(reversed(values)))
    return _accessible(chart.render(is_unicode=True), label)


@lru_cache(maxsize=512)
def _columns(label: str, seasons: tuple[str, ...], values: tuple[float, ...], decimals: int, lang: str) -> Markup:
    chart = pygal.Bar(
        style=_STYLE,
        show_legend=False,
        disable_xml_declaration=True,
        js=[],
        width=WIDTH,
        height=260,
        print_values=True,
        show_y_guides=False,
        show_y_labels=False,  # the value axis: each column prints its value, the axis' numbers only crowd
        x_label_rotation=-40 if len(seasons) > 4 else 0,
        value_formatter=_formatter(decimals, lang),
        margin=4,
    )
    chart.x_labels = list(seasons)
    chart.add(label, list(values))
    return _accessible(chart.render(is_unicode=True), label)


def _formatter(decimals: int, lang: str) -> Callable[[float], str]:
    """Numbers as the reader writes them (German: a decimal comma)."""
    pattern = "0." + "0" * decimals if decimals else "0"
    return lambda value: str(format_decimal(value, format=pattern, locale=lang))


def bars(label: str, rows: list[tuple[str, float]], decimals: int, lang: str) -> Markup | None:
    """Horizontal bars, one per member (best first as given); None when there is nothing to draw."""
    if not rows:
        return None
    return _bars(label, tuple(n for n, _ in rows), tuple(round(v, decimals) for _, v in rows), decimals, lang)


def columns(label: str, rows: list[tuple[str, float]], decimals: int, lang: str) -> Markup | None:
    """Columns, one per season (oldest first); None when there is nothing to draw."""
    if not rows:
        return None
    values = tuple(round(v, decimals) for _, v in rows)
    return _columns(label, tuple(s for s, _ in rows), values, decimals, lang)
