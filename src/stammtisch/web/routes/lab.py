"""``/lab/{game}``: the house-rule lab in the browser (issue 15.4), for the games in ``sim.labs.LABS``.

A form picks one variant (a house rule that changes the turn, or the base amount) and the number of
rounds; the page shows the default rules against the variant (the game's lab module, the same as
``stammtisch lab GAME``) as a table with 95% intervals and a bar chart (pygal, server-side SVG; the
table is the chart's text alternative).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.web.deps import LangDep, RendererDep
from stammtisch.web.errors import BadInput

router = APIRouter()

#: (key in LabResult.to_json(), English label (msgid), percent?)
ROWS = (
    ("start_team_win_rate", "starting team wins", True),
    ("joint_turns_per_round", "joint turns per round", False),
    ("schuster_rate", "Schuster (loser below 75)", True),
    ("schwarz_rate", "Schwarz (loser without points)", True),
    ("six_equal_rate", "round ends with six equal", True),
    ("cents_per_player_per_evening", "cents per player per evening", False),
)
MAX_ROUNDS = 6000  # a few seconds on one core; the CLI goes further


def _chart(default: dict[str, Any], variant: dict[str, Any], short: list[str], titles: tuple[str, str]) -> str:
    """Rates in percent, default beside variant (pygal bar chart, SVG as text)."""
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
        x_label_rotation=0,
        range=(0, 100),
        show_x_guides=False,
        disable_xml_declaration=True,
        explicit_size=False,
    )
    keys = [key for key, _, percent in ROWS if percent]
    chart.x_labels = short
    chart.add(titles[0], [round(default[key]["value"] * 100, 2) for key in keys])
    chart.add(titles[1], [round(variant[key]["value"] * 100, 2) for key in keys])
    svg: str = chart.render(is_unicode=True)
    return svg


@lru_cache(maxsize=32)
def _compare(game: str, key: str, value: str, rounds: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both rule sets simulated (fixed seeds, so the same question gets the same page: cached)."""
    from stammtisch.sim.labs import lab_module

    default, changed = lab_module(game).compare({key: value}, rounds)
    return default.to_json(), changed.to_json()


@router.get("/lab/{game}", response_class=HTMLResponse)
async def lab_page(
    request: Request, game: str, renderer: RendererDep, lang: LangDep, variant: str = "", rounds: int = 3000
) -> HTMLResponse:
    from stammtisch.sim.labs import LABS, lab_module
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
    labels = {key: _(label) for key, label, _p in ROWS}
    rounds = max(60, min(rounds, MAX_ROUNDS))
    context: dict[str, Any] = {
        "game": game,
        "variants": [f"{k}={v}" for k, v in lab_module(game).VARIANTS],
        "variant": variant,
        "rounds": rounds,
        "rows": [],
        "chart": None,
        "error": None,
    }
    status = 200
    if variant:
        key, sep, value = variant.partition("=")
        try:
            if not sep:
                raise ValueError
            default, changed = await run_in_threadpool(_compare, game, key, value, rounds)
        except RuleViolation as error:
            context["error"], status = error.text(lang), 422
        except ValueError:
            context["error"], status = _("Choose a variant as KEY=VALUE."), 422
        else:
            context["rows"] = [
                {"label": labels[key_], "percent": percent, "default": default[key_], "variant": changed[key_]}
                for key_, _label, percent in ROWS
            ]
            short = [_("start team"), "Schuster", "Schwarz", _("six equal")]
            context["chart"] = _chart(default, changed, short, (_("default rules"), _("variant")))
    return renderer.response("lab/compare.html", request, lang, status_code=status, **context)
