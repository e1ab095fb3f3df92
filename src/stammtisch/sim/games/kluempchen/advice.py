"""Advice at the table: for the decision at hand, every choice with its win probability and expected points.

The win probabilities come from a stored whole-game solution (``game.py``) for the spot's score pair;
the expected points from the exact single-turn policy (``points.py``). Without a stored solution the
advice says so and ranks by expected points. One function serves the CLI, the web card and the API,
so the three always agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from stammtisch.core.errors import IllegalAction
from stammtisch.core.text import Text
from stammtisch.games.kluempchen.model import CONTINUE, KEEP_DICE, PAIR, VOLL, Config, PlayerTurn
from stammtisch.sim.games.kluempchen.game import GameSolution, compiled_for, config_of, turn_options
from stammtisch.sim.games.kluempchen.points import solve_points
from stammtisch.sim.race_fast import Layout, Role, layout

TOLERANCE = 1e-12
JOKER, THROW = "joker", "throw"


@dataclass(frozen=True, slots=True)
class Spot:
    """Where the player stands: his team's score ``own`` against ``other``, his ``role`` (1 or 2), what
    his partner put up in this joint turn (``partner``, after the partner's joker; role 2 only), whether
    he announced the joker (``joker``) or still may (``joker_available``), and his turn (``None``:
    before his first throw)."""

    own: int
    other: int
    role: int = 1
    partner: int = 0
    joker: bool = False
    joker_available: bool = False
    turn: PlayerTurn | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice: the engine's notation, plain words, the win probability (None without a solution)
    and the expected points of the turn (after the joker)."""

    action: str
    words: Text
    win: float | None
    expected: float

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "de": self.words.de,
            "en": self.words.en,
            "win_probability": None if self.win is None else round(self.win, 6),
            "expected_points": round(self.expected, 4),
        }


@dataclass(frozen=True, slots=True)
class Advice:
    """The choices, best first (by win probability when solved, else by expected points)."""

    choices: tuple[Choice, ...]
    solved: bool
    target: int

    def to_json(self) -> dict[str, Any]:
        return {
            "solved": self.solved,
            "target": self.target,
            "best": self.choices[0].action if self.choices else None,
            "choices": [c.to_json() for c in self.choices],
        }


def words(action: str) -> Text:
    """The choice in plain words (German and English)."""
    if action == JOKER:
        return Text("Joker ansagen und werfen (Punkte zählen doppelt)", "announce the joker and throw (points double)")
    if action == THROW:
        return Text("werfen", "throw")
    if action == "stop":
        return Text("aufhören und die Punkte behalten", "stop and keep the points")
    if action == "voll a":
        return Text(
            "15 Voll*: alle sechs Würfel neu, die 15 ausbauen (a)",
            "15 Voll*: all six dice again to build on the 15 (a)",
        )
    if action == "voll b":
        return Text("15 Voll*: die vier Gleichen rauslegen (b)", "15 Voll*: set the four equal dice aside (b)")
    if action.startswith("keep "):
        face = action[5:]
        return Text(f"das Paar {face} {face} rauslegen", f"set the pair {face} {face} aside")
    if action.startswith("aside"):
        dice = action[5:].strip()
        return Text(f"rauslegen: {dice or 'nichts'}", f"set aside: {dice or 'nothing'}")
    return Text(action, action)


def _third_throw_words(turn: PlayerTurn) -> Text:
    return Text("den 3. Wurf werfen", "take the 3rd throw") if turn.step == CONTINUE else words(THROW)


class NoDecision(IllegalAction):
    """The spot's turn waits for dice, not for a decision."""


def _check(spot: Spot, target: int) -> None:
    if not (0 <= spot.own < target and 0 <= spot.other < target):
        raise IllegalAction(
            "K-11.1",
            Text(
                f"Punktestände müssen zwischen 0 und {target - 1} liegen (sonst ist das Team raus)",
                f"scores must lie between 0 and {target - 1} (a team at {target} is out)",
            ),
        )
    if spot.role not in (1, 2):
        raise IllegalAction("K-5.1", Text("Rolle ist 1 oder 2", "the role is 1 or 2"))
    if spot.partner < 0 or (spot.role == 1 and spot.partner):
        raise IllegalAction(
            "K-5.1",
            Text(
                "Vorgelegte Punkte des Partners gibt es nur für Spieler 2 und nie negativ",
                "a partner's points exist only for player 2 and are never negative",
            ),
        )
    if spot.turn is not None and spot.turn.step not in (CONTINUE, PAIR, VOLL, KEEP_DICE):
        raise NoDecision(
            "K-6.2",
            Text(
                "Jetzt ist nichts zu entscheiden: die nächsten Würfe sind Pflicht",
                "there is nothing to decide now: the next throws are mandatory",
            ),
        )


def advise(spot: Spot, options: Mapping[str, object] | None = None, solution: GameSolution | None = None) -> Advice:
    """Every choice at ``spot`` with its win probability (from ``solution``) and expected points."""
    chosen = turn_options(options)
    target = solution.target if solution is not None else 150
    _check(spot, target)
    config = config_of(chosen)
    points = solve_points(config)
    factor = 2 if spot.joker else 1
    rows: list[tuple[str, Text, float | None, float]] = []
    if spot.turn is None:
        base = points.expected
        win_plain = _win_before(spot, solution, 1) if solution is not None else None
        rows.append((THROW, words(THROW), win_plain, base * factor))
        if spot.joker_available and not spot.joker:
            win_joker = _win_before(spot, solution, 2) if solution is not None else None
            rows.append((JOKER, words(JOKER), win_joker, base * 2))
    else:
        pending = spot.turn.pending
        expected = {c.label: c.expected * factor for c in points.choices(spot.turn)}
        wins = _win_choices(spot, solution, factor) if solution is not None else {}
        for label, value in expected.items():
            text = _third_throw_words(spot.turn) if label == THROW else words(label)
            rows.append((label, text, wins.get(label), value))
        del pending
    if solution is not None:
        rows.sort(key=lambda r: (-(r[2] or 0.0), -r[3]))
    else:
        rows.sort(key=lambda r: -r[3])
    return Advice(tuple(Choice(a, w, win, e) for a, w, win, e in rows), solution is not None, target)


@lru_cache(maxsize=16)
def _layout(config: Config, factor: int) -> Layout:
    return layout(compiled_for(config).compiled, factor)


def _solved_turn(spot: Spot, solution: GameSolution, factor: int) -> Role:
    """The spot's turn solved for its score pair (``race_fast``: one context, columns z = the team's score
    if the turn so far were banked; the same equations as the game solve)."""
    t = solution.target
    x, y = spot.own, spot.other
    role = Role(_layout(config_of(solution.options), factor), t, np.array([x]))
    v1, v2 = solution.v1, solution.v2
    if spot.role == 2:
        # Banking to z wins at z >= t, else the other team moves at (y, z); nothing: it moves at (y, x).
        end = np.ones((t + 1, 1))
        end[:t, 0] = 1.0 - v1[y, :t]
        fail = np.array([1.0 - v1[y, x]])
    else:
        # Player 1's points s = z - x are put up for player 2.
        end = v2[x, y, np.clip(np.arange(t + 1) - x, 0, t)][:, None]
        fail = np.array([v2[x, y, 0]])
    role.set_terminals(end, fail, 1.0)
    role.solve_loop(TOLERANCE)
    role.solve_start_everywhere()
    return role


def _column(spot: Spot, solution: GameSolution, factor: int, pending: int) -> int:
    """The spot's column z: own score, the partner's points (player 2) and the pending points (doubled
    under the joker), at most the target."""
    partner = spot.partner if spot.role == 2 else 0
    return min(spot.own + partner + factor * pending, solution.target)


def _win_before(spot: Spot, solution: GameSolution, factor: int) -> float:
    role = _solved_turn(spot, solution, factor)
    root = compiled_for(config_of(solution.options)).template.root
    return float(role.table[root, _column(spot, solution, factor, 0), 0])


def _win_choices(spot: Spot, solution: GameSolution, factor: int) -> dict[str, float]:
    assert spot.turn is not None
    role = _solved_turn(spot, solution, factor)
    found = compiled_for(config_of(solution.options))
    node, pending = found.template.locate(spot.turn)
    z = _column(spot, solution, factor, pending)
    labels, children, shifts = found.compiled.decision[node]
    t = solution.target
    return {
        label: float(role.table[child, min(z + factor * shift, t), 0])
        for label, child, shift in zip(labels, children, shifts, strict=True)
    }


_STEPS = {"continue": CONTINUE, "keep_pair": PAIR, "voll_star": VOLL, "keep_dice": KEEP_DICE}


def spot_from_view(view: Mapping[str, Any]) -> Spot | None:
    """The spot of the player on turn, read from the Klümpchen table view (``games/kluempchen/view.py``);
    None when nobody decides now (dice to throw, a round over) or the round has more than two teams (the
    solver is for two, KS-1)."""
    turn = view.get("turn")
    on_turn = view.get("on_turn")
    teams = view.get("teams") or []
    if not turn or not on_turn or view.get("phase") != "play" or len(teams) != 2:
        return None
    step = turn.get("step")
    own = int(teams[on_turn["team"]]["score"])
    other = int(teams[1 - on_turn["team"]]["score"])
    role = int(turn.get("role", on_turn.get("role", 1)))
    partner = int((view.get("provisional") or {}).get("points") or 0) if role == 2 else 0
    joker = bool(turn.get("joker"))
    available = bool(turn.get("joker_available"))
    if step == "pre_turn":
        return Spot(own, other, role, partner, joker, available, None)
    if step not in _STEPS:
        return None
    kept = [0, 0, 0, 0, 0, 0]
    for face, count in turn.get("kept") or []:
        kept[int(face) - 1] = int(count)
    before = turn.get("value_before_third")
    player_turn = PlayerTurn(
        0,
        role,
        0,
        joker=joker,
        step=_STEPS[step],
        throws=int(turn.get("throws_used", 0)),
        kept=(kept[0], kept[1], kept[2], kept[3], kept[4], kept[5]),
        free=int(turn.get("free", 6 - sum(kept))),
        pending=int(turn.get("pending", 0)),
        awaiting=bool(turn.get("awaiting_confirmation")),
        before=-1 if before is None else int(before),
        choice=tuple(int(f) for f in turn.get("choice") or ()),
    )
    return Spot(own, other, role, partner, joker, False, player_turn)
