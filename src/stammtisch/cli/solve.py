"""``stammtisch solve kluempchen`` and ``stammtisch advise kluempchen``: Klümpchen solved, and advice.

``solve`` runs the whole-game solver (``sim/kluempchen/game.py``) for two teams to ``--target`` under
the house rules given by ``--option KEY=VALUE``, prints the starting team's win probability under optimal
play, the number of states, the iterations and the solve time, and stores the result in the data
directory (``<data dir>/solver/``) so advice is instant. ``advise kluempchen`` gives, for the decision at
hand (flags describe the spot), each choice with its win probability (from the stored solution for the
target, if there is one) and its expected points. Heavy imports happen inside the commands (the CLI starts
fast, ``tests/cli/test_start.py``).
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from stammtisch.core.text import Text

if TYPE_CHECKING:
    from pathlib import Path

    from stammtisch.games.kluempchen.model import PlayerTurn

SOLVABLE = ("kluempchen",)


class Lang(StrEnum):
    de = "de"
    en = "en"


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``KEY=VALUE`` pairs; a malformed one is refused in both languages."""
    from stammtisch.cli.console import fail

    found: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            fail(
                Text(
                    f"Hausregel {pair!r} unlesbar: erwartet SCHLÜSSEL=WERT, z. B. third_throw_rule=keep_on_fail.",
                    f"House rule {pair!r} cannot be read: expected KEY=VALUE, e.g. third_throw_rule=keep_on_fail.",
                )
            )
        found[key.strip()] = value.strip()
    return found


def _solver_dir() -> Path:
    from stammtisch.sim.kluempchen.game import solutions_dir
    from stammtisch.store.config import data_dir

    return solutions_dir(data_dir())


def _refuse_violation(error: Exception) -> None:
    from stammtisch.cli.console import fail
    from stammtisch.core.errors import RuleViolation

    if isinstance(error, RuleViolation):
        fail(Text(f"{error.message.de} (Regel {error.clause})", f"{error.message.en} (rule {error.clause})"))
    raise error


def solve(
    game: Annotated[str, typer.Argument(help="The game to solve (kluempchen).")],
    target: Annotated[int, typer.Option("--target", min=5, max=150, help="Points to win (K-11: 150).")] = 150,
    option: Annotated[list[str] | None, typer.Option("--option", help="A house rule KEY=VALUE (repeatable).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Solve again even if a stored result exists.")] = False,
) -> None:
    """Solve a game exactly: the starting side's win probability under optimal play."""
    from stammtisch.cli.console import fail, stdout

    if game not in SOLVABLE:
        fail(
            Text(
                f"Für {game!r} gibt es keinen Löser; lösbar: {', '.join(SOLVABLE)}.",
                f"There is no solver for {game!r}; solvable: {', '.join(SOLVABLE)}.",
            )
        )
    from stammtisch.sim.kluempchen.game import load_solution, solve_game, store_solution

    given = parse_options(option)
    directory = _solver_dir()
    try:
        solution = None if force else load_solution(given, target, directory)
        stored = solution is not None
        if solution is None:
            solution = solve_game(given, target)
            store_solution(solution, directory)
    except Exception as error:  # noqa: BLE001 - rule violations become bilingual refusals
        _refuse_violation(error)
        raise
    summary = {**solution.summary(), "stored_result_reused": stored}
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    out = stdout()
    out.print(f"Klümpchen, zwei Teams bis {target} / two teams to {target}")
    out.print(
        f"Gewinnchance des beginnenden Teams bei optimalem Spiel / starting team's win probability: "
        f"{solution.start:.4%}"
    )
    out.print(f"Zustände / states: {solution.states:,}")
    out.print(f"Iterationen / iterations: {solution.iterations:,}")
    out.print(
        f"Rechenzeit / solve time: {solution.seconds:.1f} s" + (" (gespeichert / stored result)" if stored else "")
    )


advise_app = typer.Typer(add_completion=False)


def _spot_turn(kept: str, pending: int, throws: int, confirm: bool, pair: str, voll: int) -> PlayerTurn | None:
    """The turn at a decision from the flags: after throw 2 with ``--kept``, a 2-2-1-1 throw with
    ``--pairs``, or a 4-2 throw with ``--voll``."""
    from stammtisch.cli.console import fail
    from stammtisch.games.kluempchen.model import CONTINUE, PAIR, VOLL, PlayerTurn

    if pair:
        faces = [int(ch) for ch in pair if ch.isdigit()]
        if len(faces) != 2 or len(set(faces)) != 2 or not all(1 <= f <= 6 for f in faces):
            fail(
                Text(
                    f"--pairs {pair!r}: zwei verschiedene Augenzahlen 1-6, z. B. 16 (Regel K-6.7).",
                    f"--pairs {pair!r}: two different faces 1-6, e.g. 16 (rule K-6.7).",
                )
            )
        a, b = faces
        return PlayerTurn(
            0, 1, 0, step=PAIR, throws=throws or 1, pending=pending, awaiting=confirm, choice=(a, a, b, b)
        )
    if voll:
        if not 1 <= voll <= 6:
            fail(
                Text(
                    "--voll: die Augenzahl der vier Gleichen, 1-6 (Regel S-8.3).",
                    "--voll: the face of the four, 1-6 (rule S-8.3).",
                )
            )
        return PlayerTurn(0, 1, 0, step=VOLL, throws=throws or 1, pending=pending, awaiting=confirm, choice=(voll,) * 4)
    if kept:
        faces = [int(ch) for ch in kept if ch.isdigit()]
        counts = [0] * 6
        for f in faces:
            if not 1 <= f <= 6:
                fail(Text(f"--kept {kept!r}: Augenzahlen 1-6.", f"--kept {kept!r}: faces 1-6."))
            counts[f - 1] += 1
        if sum(counts) > 5 or max(counts) < 2:
            fail(
                Text(
                    f"--kept {kept!r}: die rausgelegten Würfel (2 bis 5, mindestens ein Paar), z. B. 666 "
                    "(Regel KA-05).",
                    f"--kept {kept!r}: the dice set aside (2 to 5, at least a pair), e.g. 666 (rule KA-05).",
                )
            )
        return PlayerTurn(
            0,
            1,
            0,
            step=CONTINUE,
            throws=2,
            kept=(counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]),
            free=6 - sum(counts),
            pending=pending,
            awaiting=confirm,
        )
    return None


@advise_app.command()
def advise(
    own: Annotated[int, typer.Option("--own", min=0, help="Your team's score.")] = 0,
    other: Annotated[int, typer.Option("--other", min=0, help="The other team's score.")] = 0,
    role: Annotated[int, typer.Option("--role", min=1, max=2, help="1: you throw first, 2: you follow.")] = 1,
    partner: Annotated[int, typer.Option("--partner", min=0, help="Points your partner put up (role 2).")] = 0,
    joker: Annotated[bool, typer.Option("--joker", help="You announced the joker for this turn.")] = False,
    joker_left: Annotated[bool, typer.Option("--joker-left", help="Your joker is still unused.")] = False,
    kept: Annotated[str, typer.Option("--kept", help="After throw 2: the dice set aside, e.g. 666.")] = "",
    pairs: Annotated[str, typer.Option("--pairs", help="A 2-2-1-1 throw: the two pair faces, e.g. 16.")] = "",
    voll: Annotated[int, typer.Option("--voll", help="A 4-2 throw (15 Voll*): the face of the four.")] = 0,
    pending: Annotated[int, typer.Option("--pending", min=0, help="Pending points of combinations.")] = 0,
    unconfirmed: Annotated[
        bool, typer.Option("--unconfirmed", help="The pending points still await confirmation.")
    ] = False,
    target: Annotated[int, typer.Option("--target", min=5, max=150, help="Points to win.")] = 150,
    option: Annotated[list[str] | None, typer.Option("--option", help="A house rule KEY=VALUE (repeatable).")] = None,
    match: Annotated[str, typer.Option("--match", help="A stored evening's id: advise its player on turn.")] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: Annotated[Lang, typer.Option("--lang", help="Language: de or en.")] = Lang.de,
) -> None:
    """Klümpchen: each choice now with its win probability and expected points."""
    from stammtisch.cli.console import stdout
    from stammtisch.sim.kluempchen.advice import Spot
    from stammtisch.sim.kluempchen.advice import advise as advise_spot
    from stammtisch.sim.kluempchen.game import load_solution

    given: dict[str, object] = dict(parse_options(option))
    try:
        if match:
            spot, given = _spot_of_match(match)
        else:
            spot = Spot(
                own, other, role, partner, joker, joker_left, _spot_turn(kept, pending, 0, unconfirmed, pairs, voll)
            )
        solution = load_solution(given, target, _solver_dir())
        result = advise_spot(spot, given, solution)
    except Exception as error:  # noqa: BLE001 - rule violations become bilingual refusals
        _refuse_violation(error)
        raise
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    out = stdout()
    if not result.solved:
        out.print(
            Text(
                f"Keine gespeicherte Lösung bis {target}: sortiert nach erwarteten Punkten "
                f"(stammtisch solve kluempchen --target {target} rechnet sie).",
                f"No stored solution to {target}: ranked by expected points "
                f"(stammtisch solve kluempchen --target {target} computes it).",
            ).get(lang.value)
        )
    for number, choice in enumerate(result.choices, 1):
        out.print(_line(number, choice.words.get(lang.value), choice.win, choice.expected, lang.value))


def _spot_of_match(match_id: str) -> tuple[Any, dict[str, object]]:
    """The spot of the player on turn in a stored Klümpchen evening, and the evening's house rules."""
    import os

    from stammtisch.cli.console import fail
    from stammtisch.matches.service import MatchService
    from stammtisch.sim.kluempchen.advice import spot_from_view
    from stammtisch.store.config import database_url
    from stammtisch.store.database import open_store
    from stammtisch.store.errors import StoreError

    try:
        store = open_store(database_url(os.environ))
    except StoreError as error:
        fail(error.message)
    try:
        snapshot = MatchService(store.repository).snapshot(match_id)
    finally:
        store.close()
    if snapshot.game != "kluempchen":
        fail(Text(f"{match_id} ist keine Klümpchen-Partie.", f"{match_id} is not a Klümpchen match."))
    spot = spot_from_view(snapshot.view)
    if spot is None:
        fail(
            Text(
                "Gerade ist in dieser Partie nichts zu entscheiden (Würfel sind dran, oder mehr als zwei Teams).",
                "There is nothing to decide in this match right now (dice are due, or more than two teams).",
            )
        )
    return spot, dict(snapshot.options)


def _line(number: int, words: str, win: float | None, expected: float, lang: str) -> str:
    points = f"{expected:.2f}".replace(".", ",") if lang == "de" else f"{expected:.2f}"
    if win is None:
        return (
            f"{number}. {words}: im Schnitt {points} Punkte"
            if lang == "de"
            else f"{number}. {words}: {points} points on average"
        )
    chance = f"{win:.1%}".replace(".", ",") if lang == "de" else f"{win:.1%}"
    if lang == "de":
        return f"{number}. {words}: Gewinnchance {chance}, im Schnitt {points} Punkte"
    return f"{number}. {words}: win probability {chance}, {points} points on average"
