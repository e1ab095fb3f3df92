"""``stammtisch lab GAME --option KEY=VALUE --games N``: the default rules against a house-rule variant.

Both are simulated over ``--games`` games (Klümpchen: rounds; Preisrommé: deals) by the game's lab
(``sim.labs.LABS``), each figure with its 95% interval, and the difference with its own interval; a
difference whose interval leaves out 0 is marked as significant. The lab names its figures
(``MEASURES``) and says which given options its model cannot show. Heavy imports happen inside the
command.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from stammtisch.core.text import Text


def _format(entry: dict[str, float], percent: bool, de: bool) -> str:
    if percent:
        text = f"{entry['value']:.1%} ({entry['low']:.1%}–{entry['high']:.1%})"
    else:
        text = f"{entry['value']:.1f} ({entry['low']:.1f}–{entry['high']:.1f})"
    return text.replace(".", ",") if de else text


def _difference(default: dict[str, float], variant: dict[str, float]) -> dict[str, Any]:
    from stammtisch.sim.stats import Interval, difference

    delta = difference(Interval(**default), Interval(**variant))
    return {**delta.to_json(), "significant": delta.low > 0 or delta.high < 0}


def _refuse(error: Exception, as_json: bool) -> None:
    """A rule violation as a bilingual refusal (the clause as its own field or line), else re-raised."""
    from stammtisch.cli.console import USAGE_ERROR, fail
    from stammtisch.core.errors import RuleViolation

    if not isinstance(error, RuleViolation):
        raise error
    if as_json:
        typer.echo(json.dumps({"error": error.to_json()}, ensure_ascii=False))
        raise typer.Exit(USAGE_ERROR)
    fail(Text(f"{error.message.de}\nRegel: {error.clause}", f"{error.message.en}\nRule: {error.clause}"))


def lab(
    game: Annotated[str, typer.Argument(help="The game.")],
    option: Annotated[list[str] | None, typer.Option("--option", help="The variant: KEY=VALUE (repeatable).")] = None,
    games: Annotated[
        int, typer.Option("--games", min=60, max=2_000_000, help="Games per rule set (Klümpchen: rounds).")
    ] = 6000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed (the same seed gives the same figures).")] = 15,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object (no progress bar).")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: de or en.")] = "de",
    workers: Annotated[
        int,
        typer.Option("--workers", min=0, help="Processes to play on (0: one per core); the figures are the same."),
    ] = 0,
) -> None:
    """Compare the default house rules with a variant over many simulated games."""
    from stammtisch.cli.console import fail, stdout
    from stammtisch.cli.progress import bar, wanted
    from stammtisch.cli.solve import parse_options
    from stammtisch.games import GAMES
    from stammtisch.sim.labs import LABS, lab_module
    from stammtisch.sim.parallel import cores

    if game not in LABS:
        fail(
            Text(
                f"Das Hausregel-Labor gibt es für {game!r} nicht; verfügbar: {', '.join(LABS)}.",
                f"The house-rule lab does not cover {game!r}; available: {', '.join(LABS)}.",
            )
        )
    given = parse_options(option)
    module = lab_module(game)
    if not given:
        key, value = module.VARIANTS[0]
        fail(
            Text(
                f"Welche Variante? Mindestens eine --option SCHLÜSSEL=WERT, z. B. {key}={value}.",
                f"Which variant? At least one --option KEY=VALUE, e.g. {key}={value}.",
            )
        )
    de = lang == "de"
    title = GAMES[game].title.get("de" if de else "en")
    unit = module.UNIT.get("de" if de else "en")
    label = f"{title}: Standard und Variante" if de else f"{title}: default and variant"
    try:
        with bar(label, 2 * games, unit, shown=wanted(as_json)) as progress:
            default, variant = module.compare(given, games, seed, workers=workers or cores(), progress=progress)
    except Exception as error:  # noqa: BLE001 - rule violations become bilingual refusals
        _refuse(error, as_json)
        raise
    ignored = module.unmodelled(given)
    d, v = default.to_json(), variant.to_json()
    if as_json:
        differences = {m.key: _difference(d[m.key], v[m.key]) for m in module.MEASURES}
        out_json = {
            "game": game,
            "default": d,
            "variant": v,
            "difference": differences,
            "not_modelled": ignored,
        }
        typer.echo(json.dumps(out_json, ensure_ascii=False))
        return
    out = stdout()
    out.print(
        f"{title}: Standard gegen Variante, je {default.games:,} {unit} (95%-Intervalle)".replace(",", ".")
        if de
        else f"{title}: default against variant, {default.games:,} {unit} each (95% intervals)",
        soft_wrap=True,
    )
    out.print(("Variante: " if de else "Variant: ") + ", ".join(f"{k}={v}" for k, v in given.items()))
    if ignored:
        out.print(
            ("Ohne Wirkung im Labor-Modell: " if de else "No effect in the lab's model: ") + ", ".join(ignored),
            soft_wrap=True,
        )
    for measure in module.MEASURES:
        label = measure.label.get("de" if de else "en")
        shift = _difference(d[measure.key], v[measure.key])
        mark = (" *" if shift["significant"] else "") if measure.key in d else ""
        out.print(
            f"{label}: {_format(d[measure.key], measure.percent, de)} → {_format(v[measure.key], measure.percent, de)}"
            f"{mark}",
            markup=False,
            soft_wrap=True,
        )
    out.print(
        "* deutlicher Unterschied (95%-Intervall der Differenz ohne 0)"
        if de
        else "* clear difference (the difference's 95% interval leaves out 0)"
    )
