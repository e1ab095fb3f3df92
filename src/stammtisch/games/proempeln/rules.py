"""Prömpeln rules as pure functions over ``State`` (clause ids of rulings/proempeln.md).

Flow of one round (PR-2.2, PR-2.4, PR-2.5, A.4): for each seat in turn order, ANNOUNCE (a
decision; under ``announce_deadline = before_round_start`` all seats announce first), then one
chance event per stopper, then for a Kniffel up to two REPLAY decisions each followed by the
declared stoppers, then RECORD (the passive claim and the score). After round 7 the highest
total wins, a tie for it goes to the Stechen. A valid King claim ends the game (PR-R07).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import combinations
from typing import Any

from stammtisch.core.chance import Categorical, ChanceNode
from stammtisch.core.errors import (
    IllegalAction,
    ImpossibleOutcome,
    InvalidOption,
    InvalidSetup,
    NotYourTurn,
    RuleViolation,
)
from stammtisch.core.options import Options
from stammtisch.core.protocol import Chance, Decision, Finished, Result, Turn
from stammtisch.core.text import Text
from stammtisch.games.proempeln import scoring
from stammtisch.games.proempeln.errors import refusal_class
from stammtisch.games.proempeln.model import (
    BOTTLES,
    DOPPEL_ORDER,
    HANDS,
    MIDDLE,
    ROUNDS,
    SPECIALS,
    STECHEN_BOTTLE,
    Announce,
    Config,
    Landing,
    Record,
    Replay,
    Run,
    Slip,
    State,
    Stechen,
)

KNIFFEL_REPLAYS = 2
#: The final positions a stopper still on its bottle can move to before the values are taken (PR-3.1, PR-3.3).
SLIP_VALUES = (0, 1, 2, 3)


# --- setting up -------------------------------------------------------------------------------


def start(seats: int, options: Options) -> State:
    """A new game for 2-7 players (PR-1.1, PR-R18)."""
    if not isinstance(seats, int) or not 2 <= seats <= 7:
        raise InvalidSetup(
            "PR-1.1",
            Text(f"Prömpeln ist für 2 bis 7 Spieler, nicht {seats}.", f"Prömpeln is for 2 to 7 players, not {seats}."),
        )
    config = Config.from_options(options)
    if not config.invalid_announcement_consumes and config.specials_mandatory:
        raise InvalidOption(
            "PR-R10",
            Text(
                "invalid_announcement_consumes = false geht nur mit specials_mandatory = false.",
                "invalid_announcement_consumes = false requires specials_mandatory = false.",
            ),
        )
    empty: tuple[tuple[Any, ...], ...] = ((),) * seats
    return State(config, seats, 1, 0, (None,) * seats, empty, empty, empty)


# --- whose move -------------------------------------------------------------------------------


def phase(state: State) -> str:
    """``finished``, ``stechen``, ``announce``, ``flick``, ``replay`` (Kniffel decision) or ``record``."""
    if state.finished:
        return "finished"
    if state.stechen is not None:
        return "stechen"
    run = state.run
    if run is None:
        return "announce"
    if run.queue:
        return "flick"
    if run.replays_left:
        return "replay"
    return "record"


def announcer(state: State) -> int | None:
    """The seat that must announce now, if any (PR-4.0a, PR-R10 ``announce_deadline``)."""
    if state.run is not None or state.finished or state.stechen is not None:
        return None
    if state.config.announce_deadline == "before_round_start":
        for seat in state.order():
            if state.announced[seat] is None:
                return seat
    seat = state.current_seat()
    return seat if state.announced[seat] is None else None


def turn(state: State) -> Turn:
    """What happens next (A.4 phases)."""
    current = phase(state)
    if current == "finished":
        return Finished(result(state))
    if current == "stechen":
        assert state.stechen is not None
        seat = next(s for s, f in zip(state.stechen.contenders, state.stechen.flicks, strict=True) if f is None)
        return Chance(cap_node(seat, STECHEN_BOTTLE, state.round, "stechen", False))
    if current == "announce":
        announcing = announcer(state)
        assert announcing is not None
        return Decision((announcing,))
    run = state.run
    assert run is not None
    if current == "flick":
        bottle = run.queue[0]
        middle = run.effective == "D" and bottle == MIDDLE
        stage = "replay" if run.replays_done else "run"
        return Chance(cap_node(run.seat, bottle, state.round, stage, middle, run.effective))
    return Decision((run.seat,))


@lru_cache(maxsize=8192)
def cap_node(seat: int, bottle: int, round_: int, stage: str, middle: bool, special: str = "none") -> ChanceNode:
    """The chance event of one stopper: values 0-3 and an invalid attempt (PR-3.1, PR-R13).
    Probabilities come from a skill model; ``context`` tells it what is attempted."""
    choices = (*(Landing(seat, bottle, points) for points in range(4)), Landing(seat, bottle, 0, True))
    where = Text("Stechen", "tie-break") if bottle == STECHEN_BOTTLE else Text(f"Flasche {bottle}", f"bottle {bottle}")
    return ChanceNode(
        Categorical.skill(choices),
        Text(f"Platz {seat + 1}, {where.de}", f"seat {seat + 1}, {where.en}"),
        seat,
        (("round", round_), ("bottle", bottle), ("stage", stage), ("special", special), ("middle", middle)),
    )


def forced(state: State, seat: int) -> bool:
    """PR-R08: with ``specials_mandatory``, "no special" is refused when the unused specials
    equal the rounds left in 1-6 (counting this one)."""
    return state.config.specials_mandatory and state.round <= 6 and len(state.unused(seat)) >= ROUNDS - state.round


def legal_actions(state: State, seat: int) -> tuple[Any, ...]:
    """Canonical order: announce ``none``, ``L``, ``K``, ``P``, then the botched variants; round 7
    ``D links``, ``D rechts``; Kniffel: stop, then every set of bottles by size, then
    lexicographically; record: no claim, the valid claims, then slip corrections by bottle and final
    value (0 first, then the other values ascending)."""
    current = phase(state)
    if current == "announce":
        if seat != announcer(state):
            return ()
        if state.round == ROUNDS:
            return tuple(Announce("D", hand) for hand in HANDS)
        unused = state.unused(seat)
        correct = tuple(Announce(move) for move in unused)
        botched = tuple(Announce(move, correct=False) for move in unused)
        return (*(() if forced(state, seat) else (Announce("none"),)), *correct, *botched)
    run = state.run
    if run is None or seat != run.seat:
        return ()
    if current == "replay":
        return _replay_choices()
    if current == "record":
        values = final_values(run)
        claims = () if state.config.auto_claim_passive else scoring.valid_claims(run.effective, values, state.config)
        slips = tuple(Slip(b, p) for b in BOTTLES if values[b - 1] > 0 for p in SLIP_VALUES if p != values[b - 1])
        return (Record("none"), *(Record(c) for c in claims), *slips)
    return ()


@lru_cache(maxsize=1)
def _replay_choices() -> tuple[Replay, ...]:
    return tuple(Replay(bottles) for size in range(8) for bottles in combinations(BOTTLES, size))


def final_values(run: Run) -> tuple[int, ...]:
    return tuple(v if v is not None else 0 for v in run.caps)


# --- refusals ---------------------------------------------------------------------------------


def _illegal(clause: str, de: str, en: str) -> IllegalAction:
    return IllegalAction(clause, Text(de, en))


def check_action(state: State, seat: int, action: object) -> None:
    """Say which clause ``action`` breaks (after the framework's generic pre-checks)."""
    current = phase(state)
    if isinstance(action, Announce):
        _check_announce(state, seat, action, current)
    elif isinstance(action, Replay):
        _check_replay(state, action, current)
    elif isinstance(action, Record):
        _check_record(state, action, current)
    elif isinstance(action, Slip):
        _check_slip(state, action, current)
    else:
        raise _illegal("PR-R18", f"Unbekannter Zug: {action!r}.", f"Unknown move: {action!r}.")


def late_refusal(state: State, seat: int, action: object) -> tuple[str, Text] | None:
    """The clause and words for an announcement or claim that comes too late for the rules (PR-2.4,
    PR-5.0, PR-3.5), or None. Asked when the seat is not the one the game waits for (or the run is past
    its announcement): then the framework's generic refusal is replaced by this one."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats:
        return None
    run = state.run
    own_run = run is not None and run.seat == seat
    if isinstance(action, Announce) and state.announced[seat] is not None and not state.finished:
        said = state.announced[seat]
        assert said is not None
        move = "keinen" if said.move == "none" else said.move
        move_en = "none" if said.move == "none" else said.move
        return (
            "PR-2.4",
            Text(
                f"In dieser Runde ist schon angesagt ({move}); je Runde gibt es nur eine Ansage.",
                f"This round's announcement is already made ({move_en}); one announcement per round only.",
            ),
        )
    if isinstance(action, Record | Slip) and state.scores[seat] and not own_run:
        played = len(state.scores[seat])
        if isinstance(action, Slip):
            return (
                "PR-3.5",
                Text(
                    f"Runde {played} ist schon notiert; verrutschte Prömpel werden vor dem Notieren eingetragen.",
                    f"Round {played} is already written down; moved stoppers are entered before recording.",
                ),
            )
        return (
            "PR-5.0",
            Text(
                f"Runde {played} ist schon notiert; ein Anspruch (Meier, König) muss vor dem Notieren gestellt werden.",
                f"Round {played} is already written down; a claim (Meier, King) must be made before recording.",
            ),
        )
    return None


def explain_refusal(state: State, seat: int | None, step: Any, refusal: RuleViolation) -> RuleViolation:
    """``Game.explain_refusal``: the framework's pre-check refusal, with Prömpeln's clause where a rule
    says why (same class, so programs see the same kind of refusal; own code). Chance outcomes
    (``seat`` None) keep the framework's refusal."""
    late = None if seat is None else late_refusal(state, seat, step)
    if late is None:
        return refusal
    clause, text = late
    return refusal_class(type(refusal), clause)(clause, text)


def _check_announce(state: State, seat: int, action: Announce, current: str) -> None:
    late = late_refusal(state, seat, action) if current != "announce" else None
    if late is not None:  # PR-2.4: this seat has announced in this round already
        raise refusal_class(IllegalAction, late[0])(*late)
    if current != "announce":
        raise _illegal(
            "PR-4.0a",
            "Spezialzüge werden vor dem Durchlauf angesagt, nicht währenddessen.",
            "Special moves are announced before the run, not during it.",
        )
    move = action.move
    if state.round == ROUNDS:
        if move != "D":
            raise _illegal(
                "PR-R09",
                f"In Runde 7 spielen alle einen Doppellörer, kein {move}.",
                f"In round 7 everybody plays a Doppellörer, not {move}.",
            )
        if action.hand not in HANDS:
            raise _illegal(
                "PR-R11",
                "Beim Doppellörer muss angesagt werden: „Doppellörer links“ oder „Doppellörer rechts“.",
                "A Doppellörer must say which hand plays the middle bottle: 'links' or 'rechts'.",
            )
        if not action.correct:
            raise _illegal(
                "PR-R11",
                "Der Doppellörer ist Pflicht und gilt mit der Ansage der Hand.",
                "The Doppellörer is compulsory and stands once the hand is declared.",
            )
        return
    if move == "D":
        raise _illegal(
            "PR-R09",
            "Der Doppellörer wird nur in Runde 7 gespielt.",
            "The Doppellörer is played in round 7 only.",
        )
    if move not in ("none", *SPECIALS):
        raise _illegal("PR-4", f"Unbekannter Spezialzug: {move!r}.", f"Unknown special move: {move!r}.")
    if action.hand:
        raise _illegal("PR-R11", "Eine Hand wird nur beim Doppellörer angesagt.", "A hand is declared only for D.")
    if move == "none":
        if not action.correct:
            raise _illegal("PR-R10", "Ohne Spezialzug gibt es nichts anzusagen.", "No special, nothing to announce.")
        if forced(state, seat):
            raise _illegal(
                "PR-R08",
                f"Bis Ende Runde 6 müssen alle Spezialzüge gespielt sein: jetzt einen von "
                f"{', '.join(state.unused(seat))} ansagen.",
                f"All special moves must be played by the end of round 6: announce one of "
                f"{', '.join(state.unused(seat))} now.",
            )
        return
    if move in state.used[seat]:
        raise _illegal(
            "PR-4.0c",
            f"{move} wurde in diesem Spiel schon gespielt; jeder Spezialzug nur einmal.",
            f"{move} was already played this game; each special move only once.",
        )


def _check_replay(state: State, action: Replay, current: str) -> None:
    run = state.run
    if current != "replay":
        if current == "record" and run is not None and run.effective == "K":
            raise _illegal(
                "PR-4.2",
                "Beim Kniffel darf nur zwei Mal nachgespielt werden.",
                "A Kniffel allows two replays only.",
            )
        raise _illegal(
            "PR-4.2",
            "Nachspielen gibt es nur beim (korrekt angesagten) Kniffel.",
            "Replays exist only in a (correctly announced) Kniffel.",
        )
    bottles = action.bottles
    if any(not isinstance(b, int) or b not in BOTTLES for b in bottles):
        raise _illegal("PR-R18", "Flaschen sind 1 bis 7.", "Bottles are numbered 1 to 7.")
    if len(set(bottles)) != len(bottles):
        raise _illegal("PR-R18", "Jede Flasche nur einmal nennen.", "Name each bottle only once.")


def _check_record(state: State, action: Record, current: str) -> None:
    if current == "replay":
        raise _illegal(
            "PR-3.4",
            "Erst sagen, welche Prömpel nicht zählen (oder keine, um aufzuhören).",
            "First say which stoppers do not count (or none to stop).",
        )
    if current != "record":
        raise _illegal(
            "PR-5.0",
            "Ansprüche gelten nur direkt nach dem eigenen Durchlauf, vor dem Notieren.",
            "Claims are made right after one's own run, before the score is written down.",
        )
    run = state.run
    assert run is not None
    values = final_values(run)
    claim = action.claim
    if claim == "none":
        return
    if state.config.auto_claim_passive:
        raise _illegal(
            "PR-R17", "Ansprüche werden automatisch gestellt.", "Claims are made automatically (auto_claim_passive)."
        )
    if claim == "meier":
        if not scoring.is_meier(values, state.config.meier_requires_mix):
            mix = " mit beiden" if state.config.meier_requires_mix else ""
            mix_en = ", both present" if state.config.meier_requires_mix else ""
            raise _illegal(
                "PR-5.1",
                f"Kein Meier: nur 1er und 2er{mix} zählen, gespielt wurde {_show(values)}.",
                f"Not a Meier: only 1s and 2s{mix_en} count, the run was {_show(values)}.",
            )
        return
    if claim == "king":
        if run.effective == "K":
            raise _illegal(
                "PR-4.2", "Der Königszug gilt nicht beim Kniffeln.", "The King move does not apply in a Kniffel."
            )
        if not scoring.is_king(run.effective, values):
            raise _illegal(
                "PR-5.2",
                f"Kein Königszug: alle sieben Prömpel müssen 3 zeigen, gespielt wurde {_show(values)}.",
                f"Not a King: all seven stoppers must score 3, the run was {_show(values)}.",
            )
        return
    raise _illegal("PR-5", f"Unbekannter Anspruch: {claim!r}.", f"Unknown claim: {claim!r}.")


def _check_slip(state: State, action: Slip, current: str) -> None:
    if current != "record":
        raise _illegal(
            "PR-3.3",
            "Abgerutschte Prömpel werden nach dem Durchlauf vor dem Notieren korrigiert.",
            "Slipped stoppers are corrected after the run, before recording.",
        )
    run = state.run
    assert run is not None
    if action.bottle not in BOTTLES or not run.caps[action.bottle - 1]:
        raise _illegal(
            "PR-3.3",
            f"Auf Flasche {action.bottle} liegt kein punktender Prömpel; nur ein Prömpel, der noch auf "
            "der Flasche liegt, kann verrutschen.",
            f"Bottle {action.bottle} holds no scoring stopper; only a stopper still on its bottle can move.",
        )
    now = run.caps[action.bottle - 1]
    if isinstance(action.points, bool) or action.points not in SLIP_VALUES or action.points == now:
        raise _illegal(
            "PR-3.3",
            f"Der Prömpel auf Flasche {action.bottle} zählt jetzt {now}; verrutscht kann er nur anders "
            "liegen: 0 (abgerutscht), 1, 2 oder 3.",
            f"The stopper on bottle {action.bottle} scores {now} now; after moving it can only lie otherwise: "
            "0 (slipped off), 1, 2 or 3.",
        )


def _show(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values))


def check_outcome(state: State, node: ChanceNode, outcome: object) -> None:
    """Each stopper is checked when entered: its seat, its bottle, a value 0-3 (PR-3.1, PR-R18)."""
    if not isinstance(outcome, Landing):
        raise ImpossibleOutcome(
            "PR-3.1", Text(f"Kein Prömpel-Ergebnis: {outcome!r}.", f"Not a stopper landing: {outcome!r}.")
        )
    if isinstance(outcome.seat, bool) or not isinstance(outcome.seat, int) or not isinstance(outcome.bottle, int):
        raise ImpossibleOutcome(
            "PR-R18", Text(f"Platz und Flasche fehlen: {outcome!r}.", f"Seat and bottle are missing: {outcome!r}.")
        )
    if outcome.seat != node.seat:
        raise NotYourTurn(
            "PR-R18",
            Text(
                f"Platz {outcome.seat + 1} ist nicht dran; jetzt prömpelt Platz {(node.seat or 0) + 1}.",
                f"Seat {outcome.seat + 1} is not playing; seat {(node.seat or 0) + 1} is flicking now.",
            ),
        )
    if isinstance(outcome.points, bool) or not isinstance(outcome.points, int) or not 0 <= outcome.points <= 3:
        raise ImpossibleOutcome(
            "PR-3.1",
            Text(
                f"Ein Prömpel zählt 0, 1, 2 oder 3 Punkte, nicht {outcome.points!r}.",
                f"A stopper scores 0, 1, 2 or 3 points, not {outcome.points!r}.",
            ),
        )
    if outcome.invalid and outcome.points != 0:
        raise ImpossibleOutcome(
            "PR-R13",
            Text("Ein ungültiger Versuch wird mit 0 eingetragen.", "An invalid attempt is entered with 0 points."),
        )
    expected = dict(node.context)["bottle"]
    if outcome.bottle != expected:
        replaying = dict(node.context)["stage"] == "replay"
        clause = "PR-R18" if replaying else "PR-2.2"
        raise ImpossibleOutcome(
            clause,
            Text(
                f"Jetzt ist {node.label.de} dran, nicht Flasche {outcome.bottle}.",
                f"Now it is {node.label.en}, not bottle {outcome.bottle}.",
            ),
        )
    if not node.contains(outcome):
        raise ImpossibleOutcome(
            "PR-3.1", Text(f"Unmögliches Ergebnis {outcome!r}.", f"Impossible outcome {outcome!r}.")
        )


# --- applying ---------------------------------------------------------------------------------


def apply_action(state: State, seat: int, action: Any) -> State:
    if isinstance(action, Announce):
        announced = list(state.announced)
        announced[seat] = action
        used = state.used
        if action.move in SPECIALS and (action.correct or state.config.invalid_announcement_consumes):
            used = _set(used, seat, (*used[seat], action.move))
        return _settle(replace(state, announced=tuple(announced), used=used))
    run = state.run
    assert run is not None
    if isinstance(action, Replay):
        if not action.bottles:
            return _auto_record(replace(state, run=replace(run, replays_left=0)))
        caps = tuple(None if b in action.bottles else v for b, v in zip(BOTTLES, run.caps, strict=True))
        new_run = replace(
            run, caps=caps, queue=action.bottles, replays_left=run.replays_left - 1, replays_done=run.replays_done + 1
        )
        return replace(state, run=new_run)
    if isinstance(action, Slip):
        caps = tuple(action.points if b == action.bottle else v for b, v in zip(BOTTLES, run.caps, strict=True))
        return replace(state, run=replace(run, caps=caps))
    assert isinstance(action, Record)
    return _record(state, action.claim)


def apply_outcome(state: State, outcome: Landing) -> State:
    if state.stechen is not None:
        return _stechen_flick(state, outcome)
    run = state.run
    assert run is not None
    if outcome.invalid and state.config.invalid_attempt == "repeat":
        return state  # PR-R13 ``repeat``: the same stopper is flicked again
    index = run.queue[0] - 1
    caps = (*run.caps[:index], outcome.points, *run.caps[index + 1 :])
    # Built directly rather than with ``replace``: this runs once per stopper in every simulation.
    new_run = Run(
        run.seat, run.special, run.effective, run.hand, caps, run.queue[1:], run.replays_left, run.replays_done
    )
    return _auto_record(replace(state, run=new_run))


def _auto_record(state: State) -> State:
    """PR-R17 ``auto_claim_passive``: the record step is skipped, the claim made automatically."""
    if not state.config.auto_claim_passive or phase(state) != "record":
        return state
    run = state.run
    assert run is not None
    return _record(state, scoring.auto_claim(run.effective, final_values(run), state.config))


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _settle(state: State) -> State:
    """Open the current seat's run once its announcement (and, if required, everybody's) is in."""
    if state.finished or state.stechen is not None or state.run is not None or announcer(state) is not None:
        return state
    seat = state.current_seat()
    announce = state.announced[seat]
    assert announce is not None
    effective = announce.move if announce.correct else "none"
    order = DOPPEL_ORDER if effective == "D" else BOTTLES
    replays = KNIFFEL_REPLAYS if effective == "K" else 0
    return replace(state, run=Run(seat, announce.move, effective, announce.hand, (None,) * 7, order, replays))


def _record(state: State, claim: str) -> State:
    """Write the score down (PR-3.5) and move on: next seat, next round, King, ranking (PR-R07)."""
    run = state.run
    assert run is not None
    values = final_values(run)
    points = scoring.score(run.effective, values, claim, state.config)
    seat = run.seat
    scores = _set(state.scores, seat, (*state.scores[seat], points))
    moves = _set(state.moves, seat, (*state.moves[seat], run.special if _correct(state, seat) else run.special + "?"))
    state = replace(state, scores=scores, moves=moves, run=None)
    if claim == "king":
        if state.config.king_ends == "immediately":
            return replace(state, winner=seat, end_reason="king")
        state = replace(state, kings=(*state.kings, seat))
    if state.position + 1 < state.seats:
        return _settle(replace(state, position=state.position + 1))
    return _end_of_round(state)


def _correct(state: State, seat: int) -> bool:
    announce = state.announced[seat]
    return announce is None or announce.correct


def _end_of_round(state: State) -> State:
    if state.kings:  # king_ends = finish_round
        if len(state.kings) == 1:
            return replace(state, winner=state.kings[0], end_reason="king")
        return _open_stechen(state, state.kings)
    if state.round < ROUNDS:
        return _settle(replace(state, round=state.round + 1, position=0, announced=(None,) * state.seats))
    best = max(state.totals)
    leaders = tuple(s for s in range(state.seats) if state.totals[s] == best)
    if len(leaders) == 1:
        return replace(state, winner=leaders[0], end_reason="total")
    return _open_stechen(state, leaders)


def _open_stechen(state: State, tied: tuple[int, ...]) -> State:
    """PR-2.9, PR-R12: the tied players each flick one stopper, no specials, no points."""
    return replace(state, stechen=Stechen(tied, (None,) * len(tied), tied))


def _stechen_flick(state: State, outcome: Landing) -> State:
    stechen = state.stechen
    assert stechen is not None
    if outcome.invalid and state.config.invalid_attempt == "repeat":
        return state
    index = stechen.contenders.index(outcome.seat)
    flicks = _set(stechen.flicks, index, outcome.points)
    if any(f is None for f in flicks):
        return replace(state, stechen=replace(stechen, flicks=flicks))
    done = tuple((s, f) for s, f in zip(stechen.contenders, flicks, strict=True))
    history = (*stechen.history, done)
    best = max(f for _, f in done)
    top = tuple(s for s, f in done if f == best)
    if len(top) == 1:
        return replace(
            state, stechen=replace(stechen, flicks=flicks, history=history), winner=top[0], end_reason="stechen"
        )
    again = top if state.config.tiebreak_mode == "eliminate" else stechen.original
    return replace(state, stechen=Stechen(again, (None,) * len(again), stechen.original, history))


# --- the end ----------------------------------------------------------------------------------


def result(state: State) -> Result:
    """Totals as scores; the winner ranks first (a King may have less), the rest by total with
    ties shared (PR-2.8, PR-R07, PR-R12)."""
    totals = state.totals
    winner = state.winner
    assert winner is not None
    rest = [s for s in range(state.seats) if s != winner]
    groups = tuple(
        tuple(s for s in rest if totals[s] == value) for value in sorted({totals[s] for s in rest}, reverse=True)
    )
    details = {
        "winner": winner,
        "end_reason": state.end_reason,
        "round": state.round,
        "totals": list(totals),
        "round_scores": [list(r) for r in state.scores],
        "stechen": [[list(pair) for pair in flick] for flick in state.stechen.history] if state.stechen else [],
    }
    return Result(totals, ((winner,), *groups), details)
