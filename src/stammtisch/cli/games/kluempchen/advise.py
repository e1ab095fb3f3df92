"""``stammtisch advise kluempchen``: for the decision at hand, each choice with its win probability (from the
stored solution for ``--target``, ``stammtisch solve kluempchen``) and its expected points
(``sim/games/kluempchen/advice.py``, the same function as the web card and the API). The spot is given by flags
or read from a stored evening (``--match ID``); with ``--own-jokers``/``--other-jokers`` the flags carry both
teams' jokers left (KS-4's state), as the table's view does. Heavy imports happen inside the command.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from stammtisch.cli.solve import Lang, parse_options, refuse_violation, solver_dir
from stammtisch.core.text import Text

if TYPE_CHECKING:
    from stammtisch.games.kluempchen.model import PlayerTurn

app = typer.Typer(add_completion=False)


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


@app.command()
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
    own_jokers: Annotated[
        str,
        typer.Option(
            "--own-jokers",
            help="KS-4: your team's jokers left now, after any announcement for this turn: 12 (both), "
            "1 (player 1's), 2 (player 2's) or 0 (none). Give --other-jokers too.",
        ),
    ] = "",
    other_jokers: Annotated[
        str, typer.Option("--other-jokers", help="KS-4: the other team's jokers left: 12, 1, 2 or 0.")
    ] = "",
    target: Annotated[int, typer.Option("--target", min=5, max=150, help="Points to win.")] = 150,
    option: Annotated[list[str] | None, typer.Option("--option", help="A house rule KEY=VALUE (repeatable).")] = None,
    match: Annotated[str, typer.Option("--match", help="A stored evening's id: advise its player on turn.")] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: Annotated[Lang, typer.Option("--lang", help="Language: de or en.")] = Lang.de,
) -> None:
    """Klümpchen: each choice now with its win probability and expected points."""
    from stammtisch.cli.console import stdout
    from stammtisch.sim.games.kluempchen.advice import Spot
    from stammtisch.sim.games.kluempchen.advice import advise as advise_spot
    from stammtisch.sim.games.kluempchen.game import load_solution

    given: dict[str, object] = dict(parse_options(option))
    try:
        if match:
            spot, given = _spot_of_match(match)
        else:
            turn = _spot_turn(kept, pending, 0, unconfirmed, pairs, voll)
            masks = jokers_of(own_jokers, other_jokers)
            if masks is not None and turn is None and not joker:
                # Before his turn a player may announce his joker when it is left (K-10.3), as the view says.
                joker_left = joker_left or bool(masks[0] & (1 << (role - 1)))
            spot = Spot(own, other, role, partner, joker, joker_left, turn, masks)
        # KS-4: the solve with jokers when stored (``solve kluempchen``), else the joker-free one.
        solution = load_solution(given, target, solver_dir(), jokers=True) or load_solution(given, target, solver_dir())
        result = advise_spot(spot, given, solution)
    except Exception as error:  # noqa: BLE001 - rule violations become bilingual refusals
        if as_json:
            _refuse_as_json(error)
        refuse_violation(error)
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


def _mask(text: str, flag: str) -> int:
    """A team's jokers left as KS-4's mask (bit 1: its player 1's, bit 2: its player 2's) from the flag's
    digits: ``12``, ``1``, ``2`` or ``0``."""
    from stammtisch.core.errors import IllegalAction

    cleaned = text.strip().lower()
    digits = set(cleaned)
    if cleaned in ("0", "none", "keine") or (cleaned and digits <= {"1", "2"} and len(cleaned) == len(digits)):
        return 0 if cleaned in ("0", "none", "keine") else sum(1 << (int(d) - 1) for d in digits)
    raise IllegalAction(
        "K-10.1",
        Text(
            f"{flag} {text!r}: die Joker, die das Team noch hat: 12 (beide), 1 (Spieler 1), 2 (Spieler 2) oder 0",
            f"{flag} {text!r}: the jokers the team has left: 12 (both), 1 (player 1's), 2 (player 2's) or 0",
        ),
    )


def jokers_of(own: str, other: str) -> tuple[int, int] | None:
    """Both teams' jokers left from ``--own-jokers`` and ``--other-jokers`` (None when neither is given:
    the advice then values a joker for this turn only, KS-4)."""
    from stammtisch.core.errors import IllegalAction

    if not own and not other:
        return None
    if not own or not other:
        raise IllegalAction(
            "KS-4",
            Text(
                "Die Joker gehören zum Stand beider Teams: --own-jokers und --other-jokers zusammen angeben",
                "the jokers are part of both teams' state: give --own-jokers and --other-jokers together",
            ),
        )
    return _mask(own, "--own-jokers"), _mask(other, "--other-jokers")


def _refuse_as_json(error: Exception) -> None:
    """With ``--json`` a refusal is one JSON object ``{"error": {code, clause, de, en}}`` (exit 2)."""
    from stammtisch.cli.console import USAGE_ERROR
    from stammtisch.core.errors import RuleViolation

    if isinstance(error, RuleViolation):
        typer.echo(json.dumps({"error": error.to_json()}, ensure_ascii=False))
        raise typer.Exit(USAGE_ERROR)


def _spot_of_match(match_id: str) -> tuple[Any, dict[str, object]]:
    """The spot of the player on turn in a stored Klümpchen evening, and the evening's house rules."""
    import os

    from stammtisch.cli.console import fail
    from stammtisch.matches.service import MatchService
    from stammtisch.sim.games.kluempchen.advice import spot_from_view
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
