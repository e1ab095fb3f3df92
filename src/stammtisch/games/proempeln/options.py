"""Prömpeln's declared house rules (rulings/proempeln.md, table "Options"): each with the default the
rulings fix and the clause it varies."""

from __future__ import annotations

from stammtisch.core.options import Option
from stammtisch.core.text import Text

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
