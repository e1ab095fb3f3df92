"""The declared house rules (rulings/regeln.md, "Options"): names, defaults and the clause each varies.
``Regeln.start`` turns the resolved values into a ``model.Config``."""

from __future__ import annotations

from stammtisch.core.options import Option
from stammtisch.core.text import Text

OPTIONS: tuple[Option, ...] = (
    Option(
        "final_vote_card",
        "apply_before_scoring",
        "RG-4.2",
        Text(
            "Karte der letzten Abstimmung gilt schon in dieser Wertung (oder erst ab der nächsten Runde)",
            "the card of the vote that starts scoring is in force for this scoring (or from the next round)",
        ),
        choices=("apply_before_scoring", "place_after_scoring"),
    ),
    Option(
        "pool_reset_scope",
        "always",
        "RG-3.7",
        Text(
            "letzter Chip einer Farbe: immer zurück in den Pool (oder nur bei Zahlungen nach Abstimmungen)",
            "the last chip of a colour: always back to the pool (or only in payments after votes)",
        ),
        choices=("always", "payments_only"),
    ),
    Option(
        "return_chips_after_scoring",
        False,
        "RG-4",
        Text("Chips nach der Wertung zurück in den Pool", "chips go back to the pool after scoring"),
    ),
    Option(
        "winner_tiebreak",
        "shared",
        "RG-6.1",
        Text("Gleichstand am Ende: geteilt (oder nach Platzkarten)", "a tie at the end: shared (or by place cards)"),
        choices=("shared", "draw_place_cards"),
    ),
    Option(
        "chips_per_colour_full",
        20,
        "RG-1.3",
        Text(
            "Chips je Farbe bei 4-5 Spielern (unbestätigt: 20)",
            "chips per colour with 4-5 players (unverified: 20)",
        ),
        minimum=15,
        maximum=99,
    ),
    Option(
        "k_b4_per",
        "player",
        "RG-4.1",
        Text(
            "K-B4 (einziger Besitzer einer Farbe): einmal je Spieler oder je Farbe",
            "K-B4 (sole holder of a colour): once per player or per colour",
        ),
        choices=("player", "colour"),
    ),
)
