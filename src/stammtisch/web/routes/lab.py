"""``/lab/{game}``: the house-rule lab in the browser (issue 15.4), for the games in ``sim.labs.LABS``.

A form picks one variant (named in words: the option's description and the value) and the number of
games; the page shows the default rules against the variant (the game's lab module, the same as
``stammtisch lab GAME``): a bar chart of the rates (pygal, server-side SVG) and a table of every
figure with its 95% interval, a clear difference marked (the table is the chart's text alternative).
The lab's own words (``MEASURES``) label both, so this page names no game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.web.deps import LangDep, RendererDep
from stammtisch.web.errors import BadInput
from stammtisch.web.rendering import without_codes

router = APIRouter()

#: Games per rule set when a lab module does not say (``PAGE_GAMES``, ``PAGE_MAX``): a few seconds on one core.
PAGE_GAMES = 3000
PAGE_MAX = 6000
MIN_GAMES = 60
YES_NO = {True: Text("ja", "yes"), False: Text("nein", "no")}


def _chart(
    default: dict[str, Any], variant: dict[str, Any], bars: list[tuple[str, str]], titles: tuple[str, str]
) -> str:
    """Rates in percent, default beside variant (pygal bar chart, SVG as text); ``bars`` = (key, short label)."""
    import pygal  # type: ignore[import-untyped]
    from pygal.style import Style  # type: ignore[import-untyped]

    style = Style(
        background="transparent",
        plot_background="transparent",
        colors=("#8a6d1d", "#2f6f4f"),
        label_font_size=15,
        major_label_font_size=15,
        legend_font_size=16,
        value_font_size=14,
    )
    chart = pygal.Bar(
        style=style,
        width=420,
        height=380,
        legend_at_bottom=True,
        legend_at_bottom_columns=1,
        truncate_legend=-1,
        truncate_label=-1,
        x_label_rotation=30 if len(bars) > 4 else 0,
        range=(0, 100),
        show_x_guides=False,
        disable_xml_declaration=True,
        explicit_size=False,
    )
    chart.x_labels = [label for _key, label in bars]
    chart.add(titles[0], [round(default[key]["value"] * 100, 2) for key, _label in bars])
    chart.add(titles[1], [round(variant[key]["value"] * 100, 2) for key, _label in bars])
    svg: str = chart.render(is_unicode=True)
    return svg


@lru_cache(maxsize=32)
def _compare(game: str, key: str, value: str, games: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both rule sets simulated (fixed seeds, so the same question gets the same page: cached)."""
    from stammtisch.sim.labs import lab_module

    default, changed = lab_module(game).compare({key: value}, games)
    return default.to_json(), changed.to_json()


def variant_words(game: str, key: str, value: str, lang: str) -> str:
    """A variant in words: the lab's own words for it (optional ``VARIANT_WORDS``), else the option's
    description and the value (yes/no for a switch)."""
    from stammtisch.games import GAMES
    from stammtisch.sim.labs import lab_module

    words = getattr(lab_module(game), "VARIANT_WORDS", {}).get((key, value))
    if words is not None:
        return str(words.get(lang))
    option = next((o for o in GAMES[game].options if o.key == key), None)
    if option is None:
        return f"{key} = {value}"
    shown = value
    if isinstance(option.default, bool) and value.lower() in ("true", "false"):
        shown = YES_NO[value.lower() == "true"].get(lang)
    return f"{without_codes(option.description.get(lang))}: {shown}"


@router.get("/lab")
async def lab_index() -> RedirectResponse:
    """The house-rule lab of the first game that has one (the page switches between them)."""
    from stammtisch.sim.labs import LABS

    return RedirectResponse(f"/lab/{next(iter(LABS))}", status_code=303)


@router.get("/lab/{game}", response_class=HTMLResponse)
async def lab_page(
    request: Request, game: str, renderer: RendererDep, lang: LangDep, variant: str = "", rounds: int = 0
) -> HTMLResponse:
    from stammtisch.sim.labs import LABS, lab_module
    from stammtisch.sim.stats import Interval, significant
    from stammtisch.web.i18n import translator

    _ = translator(lang)
    if game not in LABS:
        raise BadInput(
            Text(
                f"Ein Hausregel-Labor gibt es für {game!r} nicht; verfügbar: {', '.join(LABS)}.",
                f"There is no house-rule lab for {game!r}; available: {', '.join(LABS)}.",
            ),
            404,
        )
    module = lab_module(game)
    most = getattr(module, "PAGE_MAX", PAGE_MAX)
    games = max(MIN_GAMES, min(rounds or getattr(module, "PAGE_GAMES", PAGE_GAMES), most))
    context: dict[str, Any] = {
        "game": game,
        "lab_games": list(LABS),
        "variants": [(f"{k}={v}", variant_words(game, k, v, lang)) for k, v in module.VARIANTS],
        "variant": variant,
        "variant_words": "",
        "rounds": games,
        "min_games": MIN_GAMES,
        "max_games": most,
        "unit": module.UNIT.get(lang),
        "rows": [],
        "chart": None,
        "error": None,
        "ignored": [],
    }
    status = 200
    if variant:
        key, sep, value = variant.partition("=")
        try:
            if not sep:
                raise ValueError
            default, changed = await run_in_threadpool(_compare, game, key, value, games)
        except RuleViolation as error:
            context["error"], status = error.message.get(lang), 422
            context["error_clause"] = error.clause
        except ValueError:
            context["error"], status = _("Choose a variant as KEY=VALUE."), 422
        else:
            context["variant_words"] = variant_words(game, key, value, lang)
            context["ignored"] = [variant_words(game, k, value, lang) for k in module.unmodelled({key: value})]
            context["rows"] = [
                {
                    "label": m.label.get(lang),
                    "percent": m.percent,
                    "money": m.key.startswith("cents_"),  # an amount of cents: shown as money
                    "default": default[m.key],
                    "variant": changed[m.key],
                    "significant": significant(Interval(**default[m.key]), Interval(**changed[m.key])),
                }
                for m in module.MEASURES
            ]
            bars = [(m.key, m.short.get(lang)) for m in module.MEASURES if m.percent and m.short is not None]
            context["chart"] = _chart(default, changed, bars, (_("default rules"), _("variant")))
    return renderer.response("lab/compare.html", request, lang, status_code=status, **context)
