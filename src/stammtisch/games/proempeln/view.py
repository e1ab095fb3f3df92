"""The JSON-ready table view, typed as ``View`` (a ``TypedDict``). Prömpeln has no hidden
information: every seat sees the same table (``you`` only marks the asking seat)."""

from __future__ import annotations

from typing import Literal, TypedDict

from stammtisch.games.proempeln import rules, scoring
from stammtisch.games.proempeln.model import MIDDLE, SPECIALS, State


class AnnouncedView(TypedDict):
    """This round's announcement of a seat: the move, the hand (Doppellörer; ``None``: not given),
    whether the table judged it correct (PR-R10)."""

    move: str
    hand: str | None
    correct: bool


class PlayerView(TypedDict):
    """One seat's column of the score sheet and its specials."""

    seat: int
    total: int
    round_scores: list[int]
    running_totals: list[int]
    moves: list[str]
    specials_used: list[str]
    specials_left: list[str]
    announced: AnnouncedView | None
    must_announce_special: bool


class RunView(TypedDict):
    """The run (Durchlauf) being flicked: the caps so far (``None``: not yet), what is next, the
    Kniffel replays and, once every stopper lies, the claims available and the score without one."""

    seat: int
    special: str
    effective: str
    hand: str | None
    caps: list[int | None]
    next_bottle: int | None
    pending_bottles: list[int]
    middle_bottle: int | None
    replays_left: int
    replays_done: int
    claims_available: list[str]
    score_now: int | None


class StechenView(TypedDict):
    """The tie-break (PR-2.9): who is still in, the current flick's points, the earlier flicks."""

    contenders: list[int]
    flicks: list[int | None]
    history: list[list[list[int]]]


class View(TypedDict):
    """The Prömpeln table as every seat sees it."""

    game: Literal["proempeln"]
    you: int | None
    round: int
    phase: str
    order: list[int]
    current_seat: int | None
    players: list[PlayerView]
    run: RunView | None
    stechen: StechenView | None
    winner: int | None
    end_reason: str | None
    options: dict[str, bool | str]


def view(state: State, seat: int | None) -> View:
    """The table (the same for every seat; ``you`` marks the asking one)."""
    current = rules.phase(state)
    totals = state.totals
    players: list[PlayerView] = []
    for s in range(state.seats):
        announce = state.announced[s]
        players.append(
            {
                "seat": s,
                "total": totals[s],
                "round_scores": list(state.scores[s]),
                "running_totals": _running(state.scores[s]),
                "moves": list(state.moves[s]),
                "specials_used": list(state.used[s]),
                "specials_left": [m for m in SPECIALS if m not in state.used[s]],
                "announced": None
                if announce is None
                else {"move": announce.move, "hand": announce.hand or None, "correct": announce.correct},
                "must_announce_special": rules.forced(state, s),
            }
        )
    data: View = {
        "game": "proempeln",
        "you": seat,
        "round": state.round,
        "phase": current,
        "order": list(state.order()),
        "current_seat": None if current in ("finished", "stechen") else _acting(state),
        "players": players,
        "run": _run(state),
        "stechen": None,
        "winner": state.winner,
        "end_reason": state.end_reason or None,
        "options": {name: getattr(state.config, name) for name in state.config.__dataclass_fields__},
    }
    if state.stechen is not None:
        data["stechen"] = {
            "contenders": list(state.stechen.contenders),
            "flicks": list(state.stechen.flicks),
            "history": [[list(pair) for pair in flick] for flick in state.stechen.history],
        }
    return data


def _acting(state: State) -> int:
    if state.run is not None:
        return state.run.seat
    seat = rules.announcer(state)
    return state.current_seat() if seat is None else seat


def _running(scores: tuple[int, ...]) -> list[int]:
    out: list[int] = []
    total = 0
    for points in scores:
        total += points
        out.append(total)
    return out


def _run(state: State) -> RunView | None:
    run = state.run
    if run is None:
        return None
    values = rules.final_values(run)
    recording = not run.queue and not run.replays_left
    claims = list(scoring.valid_claims(run.effective, values, state.config)) if recording else []
    return {
        "seat": run.seat,
        "special": run.special,
        "effective": run.effective,
        "hand": run.hand or None,
        "caps": list(run.caps),
        "next_bottle": run.queue[0] if run.queue else None,
        "pending_bottles": list(run.queue),
        "middle_bottle": MIDDLE if run.effective == "D" else None,
        "replays_left": run.replays_left,
        "replays_done": run.replays_done,
        "claims_available": claims,
        "score_now": scoring.unclaimed(run.effective, values, state.config) if recording else None,
    }
