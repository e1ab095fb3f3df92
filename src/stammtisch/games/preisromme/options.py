"""Preisrommé's declared house rules (rulings/preisromme.md): each with the default the rulings fix
and the clause it varies. ``Preisromme.start`` turns the resolved values into a ``model.Config``."""

from __future__ import annotations

from stammtisch.core.options import Option
from stammtisch.core.text import Text

OPTIONS: tuple[Option, ...] = (
    Option(
        "mode",
        "digital",
        "RA-28",
        Text(
            "digital/table: jede Karte als Zufallsereignis; scoresheet: nur die Ergebnisse je Spiel",
            "digital/table: every card is a chance event; scoresheet: only each game's result",
        ),
        choices=("digital", "table", "scoresheet"),
    ),
    Option("jokers", 6, "RA-01", Text("Anzahl Joker (2 Pakete)", "number of jokers (two packs)"), minimum=2, maximum=6),
    Option("cards_per_player", 13, "R-3.2", Text("Karten je Spielerin", "cards per player"), minimum=5, maximum=15),
    Option("games_per_pass", 8, "R-1.2", Text("Spiele je Durchgang", "games per pass"), minimum=1, maximum=16),
    Option(
        "opening_min_points",
        40,
        "RA-09",
        Text("Punkte für das erste Auslegen", "points needed for the first laying"),
        minimum=0,
        maximum=100,
    ),
    Option(
        "set_joker_adjacency",
        "canonical_suit_order",
        "RA-17",
        Text("Joker nebeneinander im Satz", "jokers side by side in a set"),
        choices=("canonical_suit_order", "runs_only"),
    ),
    Option("swap_own_jokers", False, "RA-15", Text("eigene Joker tauschen", "swap one's own jokers")),
    Option(
        "dealer_may_claim_upcard",
        False,
        "RA-05",
        Text("Geberin darf die aufgedeckte Karte klopfen", "the dealer may knock for the up-card"),
    ),
    Option(
        "false_meld_locks_turn",
        True,
        "RA-19",
        Text("falsches Auslegen sperrt den Zug", "a false laying locks the turn"),
    ),
    Option(
        "romme_hand_layoffs",
        "allowed",
        "RA-22",
        Text("Anlegen bei der Rommé-Hand", "laying off in a Rommé-Hand"),
        choices=("allowed", "forbidden"),
    ),
    Option(
        "scoring",
        "penalty_points",
        "RA-23",
        Text("Wertung", "scoring"),
        choices=("penalty_points", "winner_collects"),
    ),
    Option(
        "stock_exhaustion",
        "reshuffle_discards_except_top",
        "RA-25",
        Text("leerer Stapel", "empty stock"),
        choices=("reshuffle_discards_except_top", "end_game_count_all"),
    ),
    Option(
        "decks",
        2,
        "RA-01",
        Text("Anzahl Kartenpakete zu 52 Karten (mindestens zwei)", "number of 52-card packs (at least two)"),
        minimum=2,
        maximum=3,
    ),
    Option(
        "ace_in_set_points",
        10,
        "RA-11",
        Text(
            "Punkte eines Asses im Satz beim ersten Auslegen: 10 (Beispiel R-6.3) oder 1 (R-6.5 ohne König)",
            "points of an ace in a set for the first laying: 10 (example R-6.3) or 1 (R-6.5 without the king)",
        ),
        minimum=1,
        maximum=10,
    ),
    Option(
        "allow_wraparound",
        False,
        "RA-11",
        Text(
            "Reihe um die Ecke (Dame-König-As-Zwei); ein As neben dem König zählt 10",
            "runs round the corner (Q-K-A-2); an ace next to the king counts 10",
        ),
    ),
    Option(
        "ace_both_ends",
        False,
        "RA-11",
        Text(
            "As an beiden Enden einer Reihe (As bis As, 14 Karten)",
            "an ace at both ends of a run (A to A, 14 cards)",
        ),
    ),
    Option(
        "opening_figures",
        "single",
        "RA-09",
        Text(
            "erstes Auslegen: eine Figur mit 40 Punkten (single) oder mehrere Figuren zusammen (multiple)",
            "first laying: one figure worth 40 (single) or several figures together (multiple)",
        ),
        choices=("single", "multiple"),
    ),
    Option(
        "swapped_joker_must_be_used_same_turn",
        False,
        "RA-15",
        Text(
            "ein eingetauschter Joker muss im selben Zug ausgelegt werden",
            "a swapped joker must be laid in the same turn",
        ),
    ),
    Option(
        "knock_timing_digital",
        "simultaneous_window_order_priority",
        "RA-07",
        Text(
            "Digital: mehrere Klopfende: die nächste nach der Ausspielerin (simultaneous_window_order_priority) "
            "oder wer zuerst geklopft hat (realtime_first); das erste Anrecht der Nächsten bleibt (R-4.4)",
            "digital: several knockers: the nearest after the discarder (simultaneous_window_order_priority) "
            "or the first knock to arrive (realtime_first); the next player's first right stays (R-4.4)",
        ),
        choices=("simultaneous_window_order_priority", "realtime_first"),
    ),
)
