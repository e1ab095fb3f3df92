"""``stammtisch lab GAME --option KEY=VALUE --games N``: the default rules against a house-rule variant.

Both are simulated over ``--games`` rounds by the game's lab (``sim.labs.LABS``, e.g. the fast
simulator): the starting
team's win rate, the round length (joint turns), the Schuster and Schwarz rates, six-equal endings and the
money each player pays per evening, each with its 95% interval. Heavy imports happen inside the command.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from stammtisch.core.text import Text

#: (key in LabResult.to_json(), German, English, percent?)
ROWS = (
    ("start_team_win_rate", "Sieg des beginnenden Teams", "starting team wins", True),
    ("joint_turns_per_round", "gemeinsame Würfe je Runde", "joint turns per round", False),
    ("schuster_rate", "Schuster (Verlierer unter 75)", "Schuster (loser below 75)", True),
    ("schwarz_rate", "Schwarz (Verlierer ohne Punkte)", "Schwarz (loser without points)", True),
    ("six_equal_rate", "Runde endet mit 6 Gleichen", "round ends with six equal", True),
    ("cents_per_player_per_evening", "Cent je Spieler und Abend", "cents per player per evening", False),
)


def _format(entry: dict[str, float], percent: bool) -> str:
    if percent:
        return f"{entry['value']:.1%} ({entry['low']:.1%}–{entry['high']:.1%})"
    return f"{entry['value']:.1f} ({entry['low']:.1f}–{entry['high']:.1f})"


def lab(
    game: Annotated[str, typer.Argument(help="The game.")],
    option: Annotated[list[str] | None, typer.Option("--option", help="The variant: KEY=VALUE (repeatable).")] = None,
    games: Annotated[int, typer.Option("--games", min=60, max=2_000_000, help="Rounds per rule set.")] = 6000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed (the same seed gives the same figures).")] = 15,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: de or en.")] = "de",
) -> None:
    """Compare the default house rules with a variant over many simulated rounds."""
    from stammtisch.cli.console import fail, stdout
    from stammtisch.cli.solve import parse_options, refuse_violation
    from stammtisch.sim.labs import LABS, lab_module

    if game not in LABS:
        fail(
            Text(
                f"Das Hausregel-Labor gibt es für {game!r} noch nicht; verfügbar: {', '.join(LABS)}.",
                f"The house-rule lab does not cover {game!r} yet; available: {', '.join(LABS)}.",
            )
        )
    given = parse_options(option)
    if not given:
        fail(
            Text(
                "Welche Variante? Mindestens eine --option SCHLÜSSEL=WERT, z. B. third_throw_rule=keep_on_fail.",
                "Which variant? At least one --option KEY=VALUE, e.g. third_throw_rule=keep_on_fail.",
            )
        )
    module = lab_module(game)
    try:
        default, variant = module.compare(given, games, seed)
    except Exception as error:  # noqa: BLE001 - rule violations become bilingual refusals
        refuse_violation(error)
        raise
    ignored = module.unmodelled(given)
    if as_json:
        typer.echo(
            json.dumps(
                {"game": game, "default": default.to_json(), "variant": variant.to_json(), "not_modelled": ignored},
                ensure_ascii=False,
            )
        )
        return
    from stammtisch.games import GAMES

    out = stdout()
    de = lang == "de"
    title = GAMES[game].title.get("de" if de else "en")
    out.print(
        f"{title}: Standard gegen Variante, je {default.rounds:,} Runden (95%-Intervalle)"
        if de
        else f"{title}: default against variant, {default.rounds:,} rounds each (95% intervals)"
    )
    out.print(("Variante: " if de else "Variant: ") + ", ".join(f"{k}={v}" for k, v in given.items()))
    if ignored:
        out.print(("Ohne Wirkung im Labor-Modell: " if de else "No effect in the lab's model: ") + ", ".join(ignored))
    d, v = default.to_json(), variant.to_json()
    for key, german, english, percent in ROWS:
        out.print(f"{german if de else english}: {_format(d[key], percent)} → {_format(v[key], percent)}")
