"""The Prömpeln ``Game``: declared options (rulings/proempeln.md, table "Options") wired to the
pure rules, notation and view modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.options import Option, Options
from stammtisch.core.protocol import Game, GameInfo
from stammtisch.core.text import Text
from stammtisch.games.proempeln import notation, rules
from stammtisch.games.proempeln.model import Announce, Landing, Record, Replay, Slip, State
from stammtisch.games.proempeln.view import view as table_view

OPTIONS: tuple[Option, ...] = (
    Option(
        "pash7_zero_pairs",
        True,
        "PR-4.3",
        Text("Zwei 0er sind beim Pash-7 ein Pärchen", "Two 0s make a pair in Pash-7"),
    ),
    Option(
        "meier_requires_mix",
        True,
        "PR-5.1",
        Text("Meier braucht 1er und 2er", "A Meier needs both 1s and 2s"),
    ),
    Option(
        "passive_resolution",
        "as_claimed",
        "PR-5.0",
        Text("Ansprüche gelten wie gestellt oder zum besseren Wert", "Claims count as made, or the better value"),
        choices=("as_claimed", "best_of"),
    ),
    Option(
        "king_ends",
        "immediately",
        "PR-5.2",
        Text("Der Königszug beendet das Spiel sofort", "The King move ends the game at once"),
        choices=("immediately", "finish_round"),
    ),
    Option(
        "specials_mandatory",
        True,
        "PR-2.6",
        Text("Alle Spezialzüge bis Runde 6 Pflicht", "All special moves compulsory by round 6"),
    ),
    Option(
        "announce_deadline",
        "before_own_run",
        "PR-4.0a",
        Text("Ansage vor dem eigenen Durchlauf", "Announce before one's own run"),
        choices=("before_own_run", "before_round_start"),
    ),
    Option(
        "invalid_announcement_consumes",
        True,
        "PR-2.4",
        Text("Falsch angesagter Spezialzug ist verbraucht", "A botched announcement uses up the special"),
    ),
    Option(
        "tiebreak_mode",
        "eliminate",
        "PR-2.9",
        Text("Stechen: Ausscheiden oder alle nochmal", "Tie-break: elimination or all replay"),
        choices=("eliminate", "all_replay"),
    ),
    Option(
        "invalid_attempt",
        "zero",
        "PR-2.3",
        Text("Ungültiger Versuch zählt 0 oder wird wiederholt", "An invalid attempt scores 0 or is repeated"),
        choices=("zero", "repeat"),
    ),
    Option(
        "rotate_start_player",
        False,
        "PR-R15",
        Text("Startspieler wechselt jede Runde", "The first player rotates each round"),
    ),
    Option(
        "auto_claim_passive",
        False,
        "PR-2.5",
        Text("Meier und König automatisch beanspruchen", "Claim Meier and King automatically"),
    ),
)


class Proempeln(Game[State]):
    """Prömpeln: seven rounds of flicking seven swing-top stoppers; the winner is king."""

    slug = "proempeln"
    title = Text("Prömpeln", "Prömpeln")
    min_seats = 2
    max_seats = 7
    info = GameInfo(
        hidden_information=False,
        simultaneous_moves=False,
        chance_kinds=("skill",),
        play_modes=("digital", "table"),
    )
    options = OPTIONS
    rules_version = "1"
    action_types = (Announce, Replay, Record, Slip)
    outcome_types = (Landing,)

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        return rules.start(seats, options)

    # The rules' pure functions are the protocol's methods themselves (no wrapper per method).
    turn = staticmethod(rules.turn)
    legal_actions = staticmethod(rules.legal_actions)
    check_action = staticmethod(rules.check_action)
    apply_action = staticmethod(rules.apply_action)
    check_outcome = staticmethod(rules.check_outcome)
    apply_outcome = staticmethod(rules.apply_outcome)
    view = staticmethod(table_view)
    format_action = staticmethod(notation.format_action)
    parse_action = staticmethod(notation.parse_action)
    format_outcome = staticmethod(notation.format_outcome)
    parse_outcome = staticmethod(notation.parse_outcome)

    def describe_action(self, state: State, action: Any) -> Text:
        return describe(action)


_MOVE_NAMES = {
    "none": Text("kein Spezialzug", "no special move"),
    "L": Text("Lampenlörer: 0 zählt −3, 3 zählt 6", "Lampenlörer: 0 counts −3, 3 counts 6"),
    "K": Text("Kniffel: zwei Mal beliebige Prömpel nachspielen", "Kniffel: replay any stoppers twice"),
    "P": Text("Pash-7: 10 Punkte pro Pärchen", "Pash-7: 10 points per pair"),
    "D": Text("Doppellörer: Summe außen × Mitte", "Doppellörer: outer sum × middle"),
}


def describe(action: Any) -> Text:
    """What choosing ``action`` means, for buttons and help."""
    if isinstance(action, Announce):
        base = _MOVE_NAMES.get(action.move, Text(action.move, action.move))
        if action.hand:
            base = Text(f"{base.de} ({action.hand})", f"{base.en} ({action.hand})")
        if not action.correct:
            base = Text(f"{base.de} – falsch angesagt", f"{base.en} – botched announcement")
        return base
    if isinstance(action, Replay):
        if not action.bottles:
            return Text("nicht mehr nachspielen", "stop replaying")
        listed = ", ".join(map(str, action.bottles))
        return Text(f"Flaschen {listed} nachspielen", f"replay bottles {listed}")
    if isinstance(action, Record):
        return {
            "meier": Text("„Es gibt immer noch Meier“ – notieren", "claim Meier and record"),
            "king": Text("„Ich bin König“ – Spiel gewonnen", "claim King: game won"),
        }.get(action.claim, Text("Punkte notieren", "record the points"))
    if isinstance(action, Slip):
        return Text(f"Prömpel {action.bottle} abgerutscht: 0", f"stopper {action.bottle} slipped: 0")
    return Text(repr(action), repr(action))


GAME = Proempeln()
