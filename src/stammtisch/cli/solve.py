"""``stammtisch solve GAME``: a game solved exactly (the solvers of ``sim.labs.SOLVERS``).

``solve`` runs the game's whole-game solver (e.g. two teams of dice players racing to
``--target``) under the house rules given by ``--option KEY=VALUE``, prints the starting side's win
probability under optimal play, the number of states, the iterations and the solve time, and stores the
result in the data directory (``<data dir>/solver/``) so advice (``advise GAME``) is instant. Heavy imports
happen inside the command (the CLI starts fast, ``tests/cli/test_start.py``).

A game whose rules give the players jokers (Klümpchen, K-10) is solved with them in the state by default, as
the rules are played (KS-4: about 25 s of CPU at 150); ``--no-jokers`` solves the game without them (about
3 s), whose values the advice uses only when no joker solve is stored.
"""

from __future__ import annotations

import inspect
import json
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from stammtisch.core.text import Text

if TYPE_CHECKING:
    from pathlib import Path


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


def solver_dir() -> Path:
    """Where solutions are stored: ``<data dir>/solver``."""
    from stammtisch.store.config import data_dir

    return data_dir() / "solver"


def refuse_violation(error: Exception) -> None:
    from stammtisch.cli.console import fail
    from stammtisch.core.errors import RuleViolation

    if isinstance(error, RuleViolation):
        fail(Text(f"{error.message.de} (Regel {error.clause})", f"{error.message.en} (rule {error.clause})"))
    raise error


def solve(
    game: Annotated[str, typer.Argument(help="The game to solve.")],
    target: Annotated[int, typer.Option("--target", min=5, max=150, help="Points to win (K-11: 150).")] = 150,
    option: Annotated[list[str] | None, typer.Option("--option", help="A house rule KEY=VALUE (repeatable).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Solve again even if a stored result exists.")] = False,
    jokers: Annotated[
        bool,
        typer.Option(
            "--jokers/--no-jokers",
            help="With the players' jokers in the state (KS-4, the default rules K-10); --no-jokers solves the "
            "game without them (faster, see the rulings).",
        ),
    ] = True,
) -> None:
    """Solve a game exactly: the starting side's win probability under optimal play."""
    from stammtisch.cli.console import fail, stdout
    from stammtisch.cli.progress import bar, wanted
    from stammtisch.games import GAMES
    from stammtisch.sim.labs import SOLVERS, solver_module

    if game not in SOLVERS:
        fail(
            Text(
                f"Für {game!r} gibt es keinen Löser; lösbar: {', '.join(SOLVERS)}.",
                f"There is no solver for {game!r}; solvable: {', '.join(SOLVERS)}.",
            )
        )
    module = solver_module(game)
    given = parse_options(option)
    directory = solver_dir()
    # Only asked of solvers whose game has jokers: for the others there is nothing to leave out.
    variant = {"jokers": True} if jokers and "jokers" in inspect.signature(module.solve_game).parameters else {}
    try:
        solution = None if force else module.load_solution(given, target, directory, **variant)
        stored = solution is not None
        if solution is None:
            # Only given to solvers that report progress.
            reports = "progress" in inspect.signature(module.solve_game).parameters
            label = f"{GAMES[game].title.de} / {GAMES[game].title.en}: {target}"
            with bar(label, None, shown=wanted(as_json)) as shown:
                progress = {"progress": lambda done, total: shown.update(done, total)} if reports else {}
                solution = module.solve_game(given, target, **variant, **progress)
            module.store_solution(solution, directory)
    except Exception as error:  # noqa: BLE001 - rule violations become bilingual refusals
        refuse_violation(error)
        raise
    summary = {**solution.summary(), "stored_result_reused": stored}
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    out = stdout()
    title = GAMES[game].title
    with_jokers = " (mit Jokern / with jokers)" if summary.get("jokers") else ""
    out.print(f"{title.de} / {title.en}: {target}{with_jokers}")
    out.print(
        f"Gewinnchance der beginnenden Seite bei optimalem Spiel / starting side's win probability: "
        f"{solution.start:.4%}"
    )
    out.print(f"Zustände / states: {solution.states:,}")
    out.print(f"Iterationen / iterations: {solution.iterations:,}")
    out.print(
        f"Rechenzeit (CPU) / solve time (CPU): {solution.seconds:.1f} s"
        + (" (gespeichert / stored result)" if stored else "")
    )
