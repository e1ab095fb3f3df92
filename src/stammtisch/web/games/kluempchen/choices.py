"""The names of the Klümpchen house rules' choices, for the new-evening form: people read these, never
the option ids (``must_improve``). The option's own description (from the rulings) is the one-line
explanation under the name; the clause stays behind a small "rule" link."""

from __future__ import annotations

from stammtisch.core.text import Text

CHOICE_NAMES: dict[tuple[str, str], Text] = {
    ("third_throw_rule", "must_improve"): Text("muss verbessern (Risikowurf)", "must improve (risk throw)"),
    ("third_throw_rule", "keep_on_fail"): Text("Ergebnis bleibt bei Misserfolg", "a failed throw keeps the result"),
    ("confirmation_budget", "fresh_sequence"): Text("mit neuer Würfelfolge", "with a fresh sequence of throws"),
    ("confirmation_budget", "within_turn"): Text("innerhalb der drei Würfe", "within the turn's three throws"),
    ("late_throw_set_aside", "join_and_new_triples"): Text(
        "Pflicht: passende Würfel und neue Drillinge", "forced: matching dice and new triples"
    ),
    ("late_throw_set_aside", "player_choice"): Text("frei nach Wahl des Spielers", "the player's free choice"),
    ("foul_scoring", "zero"): Text("der Wurf zählt 0", "the turn scores 0"),
    ("foul_scoring", "keep_prior_state"): Text("der Stand davor zählt", "the score before it counts"),
    ("tower_scoring", "keep_prior_state"): Text("der Stand davor zählt", "the score before it counts"),
    ("tower_scoring", "zero"): Text("der Wurf zählt 0", "the turn scores 0"),
    ("solo_strassen_accounts", "single"): Text("ein Konto", "one account"),
    ("solo_strassen_accounts", "per_role"): Text("ein Konto je Rolle", "one account per role"),
    ("team_internal_order", "fixed"): Text("fest: Spieler 1 zuerst", "fixed: player 1 first"),
    ("team_internal_order", "alternate"): Text("abwechselnd", "alternating"),
    ("team_draw", "reuse_rolls"): Text("ausgewürfelt (Würfe wiederverwendet)", "drawn by dice (rolls reused)"),
    ("team_draw", "reroll_each_pairing"): Text(
        "ausgewürfelt (je Paarung neu)", "drawn by dice (new roll for each pairing)"
    ),
    ("team_draw", "manual"): Text("von Hand eingetragen", "entered by hand"),
    ("external_share_scope", "all_units"): Text("für alle Einheiten", "for all units"),
    ("external_share_scope", "loss_units_only"): Text("nur für Verlust-Einheiten", "for loss units only"),
    ("six_equal_penalty_payer", "physical_thrower"): Text("wer gewürfelt hat", "the player who threw"),
    ("six_equal_penalty_payer", "turn_owner"): Text("der, dessen Wurf es war", "the player whose turn it was"),
    ("mode", "digital"): Text("digital: die App würfelt", "digital: the app rolls"),
    ("mode", "table"): Text("am Tisch: der Schreiber gibt die Würfel ein", "at the table: the scribe enters the dice"),
    ("mode", "scoresheet"): Text("Spielzettel: Punkte je Wurf eintragen", "score sheet: enter each turn's points"),
}


def choice_name(key: str, choice: str, lang: str) -> str:
    """The name of one choice of the option ``key`` in ``lang`` (the id only for a choice not named here)."""
    named = CHOICE_NAMES.get((key, choice))
    return named.get(lang) if named is not None else choice.replace("_", " ")
