"""Seat-safe descriptions of events and turns for snapshots.

In a game with hidden information an action's payload may be a secret (a vote, a discarded
card), and so may an outcome (a card drawn into a hand): other seats and the public table only
learn *that* something happened; what became public shows in ``game.view``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.core.protocol import Chance, Decision, Finished, Game, Result, Turn
from stammtisch.core.replay import ActionStep
from stammtisch.core.text import Text
from stammtisch.matches.events import Event, MatchRecord
from stammtisch.matches.log import decode_step


def turn_to_json(turn: Turn) -> dict[str, Any]:
    if isinstance(turn, Decision):
        return {"kind": "decision", "seats": list(turn.seats)}
    if isinstance(turn, Chance):
        node = turn.node
        return {
            "kind": "chance",
            "seats": [] if node.seat is None else [node.seat],
            "label": node.label.to_json(),
        }
    assert isinstance(turn, Finished)
    return {"kind": "finished", "seats": []}


def result_to_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "scores": list(result.scores),
        "ranking": [list(group) for group in result.ranking],
        "details": dict(result.details),
    }


def _who(players: Sequence[str], seat: int) -> tuple[str, str]:
    name = players[seat] if 0 <= seat < len(players) else "?"
    return f"Platz {seat + 1} ({name})", f"Seat {seat + 1} ({name})"


def public_event(
    game: Game[Any], record: MatchRecord, event: Event, seat: int | None, players: Sequence[str] | None = None
) -> dict[str, Any]:
    """``event`` as ``seat`` may see it; ``players``: the names by seat, with the seats that joined the
    running match (M-12), else the record's."""
    data: dict[str, Any] = {
        "seq": event.seq,
        "batch": event.batch,
        "kind": event.kind,
        "seat": event.seat,
        "actor": event.actor,
        "at": event.at.isoformat(),
    }
    hidden = game.info.hidden_information
    if event.kind == "undo":
        undoes = [int(seq) for seq in event.payload.get("undoes", ())]
        span = f"#{undoes[0]}" if len(undoes) == 1 else f"#{undoes[0]}–#{undoes[-1]}"
        data["undoes"] = undoes
        data["text"] = Text(f"Zurückgenommen: {span}", f"Undone: {span}").to_json()
        return data
    step = decode_step(game, event.payload)
    if isinstance(step, ActionStep):
        de, en = _who(record.players if players is None else players, step.seat)
        if hidden and step.seat != seat:
            data["text"] = Text(f"{de} hat gezogen.", f"{en} acted.").to_json()
        else:
            notation = game.format_action(step.action)
            data["notation"] = notation
            data["text"] = Text(f"{de}: {notation}", f"{en}: {notation}").to_json()
        return data
    data["sampled"] = bool(event.payload.get("sampled"))
    if hidden:
        data["text"] = Text("Zufallsergebnis festgestellt.", "Chance outcome recorded.").to_json()
    else:
        notation = game.format_outcome(step.outcome)
        data["notation"] = notation
        data["text"] = Text(f"Ergebnis: {notation}", f"Outcome: {notation}").to_json()
    return data
