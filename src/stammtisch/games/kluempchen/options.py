"""The declared house-rule options (rulings option registry, keys and values verbatim) and their parsing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.options import Option
from stammtisch.core.protocol import PlayMode
from stammtisch.core.text import Text
from stammtisch.games.kluempchen.model import Config

OPTIONS: tuple[Option, ...] = (
    Option(
        "mode",
        "table",
        "KA-36",
        Text(
            "Spielweise: digital (Würfel vom Rechner), am Tisch (Würfel eingeben) oder Schreibzettel",
            "play mode: digital (engine rolls), table (dice entered) or scoresheet (turn results entered)",
        ),
        choices=("digital", "table", "scoresheet"),
    ),
    Option(
        "base_cents",
        50,
        "S-9",
        Text(
            "Grundbetrag in Cent; eine Einheit = Grundbetrag x Spieler am Tisch",
            "base amount in cents; one unit = base x players at the table",
        ),
        minimum=1,
        maximum=100_000,
    ),
    Option("min_players", 4, "K-1.1", Text("Mindestzahl Spieler", "minimum number of players"), minimum=4, maximum=16),
    Option("max_players", 12, "KA-35", Text("Höchstzahl Spieler", "maximum number of players"), minimum=4, maximum=16),
    Option(
        "third_throw_rule",
        "must_improve",
        "KA-03",
        Text(
            "3. Wurf: muss verbessern (Risikowurf) oder Ergebnis bleibt bei Misserfolg stehen",
            "3rd throw: must improve (risk throw) or a failed throw keeps the earlier result",
        ),
        choices=("must_improve", "keep_on_fail"),
    ),
    Option(
        "confirmation_budget",
        "fresh_sequence",
        "KA-09",
        Text(
            "Bestätigung mit neuer Würfelfolge oder innerhalb der drei Würfe",
            "confirmation with a fresh sequence of throws or within the turn's three throws",
        ),
        choices=("fresh_sequence", "within_turn"),
    ),
    Option(
        "confirmation_adds_points",
        True,
        "KA-08",
        Text("Das bestätigende Klümpchen zählt zu den Punkten dazu", "the confirming clump adds its points"),
    ),
    Option(
        "late_throw_set_aside",
        "join_and_new_triples",
        "KA-06",
        Text(
            "Rauslegen nach Würfen mit weniger als 6 Würfeln: Pflicht (passende und neue Drillinge) oder frei",
            "setting aside after throws of fewer than 6 dice: forced (matching dice, new triples) or free",
        ),
        choices=("join_and_new_triples", "player_choice"),
    ),
    Option(
        "foul_scoring",
        "zero",
        "KA-24",
        Text(
            "Ungültiger Wurf (K-4): Wurf zählt 0 oder Stand davor", "foul (K-4): the turn scores 0 or its prior state"
        ),
        choices=("zero", "keep_prior_state"),
    ),
    Option(
        "tower_scoring",
        "keep_prior_state",
        "KA-25",
        Text(
            "Nach dem letzten erlaubten Turm zählt der Stand davor oder 0",
            "after the last allowed Turm the turn scores its prior state or 0",
        ),
        choices=("keep_prior_state", "zero"),
    ),
    Option(
        "tower_limit",
        3,
        "K-7.1",
        Text("So viele Türme hintereinander beenden den Wurf", "this many Turm throws in a row end the turn"),
        minimum=1,
        maximum=10,
    ),
    Option(
        "strassen_count_unconfirmed",
        True,
        "KA-20",
        Text(
            "Jede geworfene Straße zählt für das Straßen-Konto, auch unbestätigt",
            "every Straße thrown counts for the Straßen account, confirmed or not",
        ),
    ),
    Option(
        "solo_strassen_accounts",
        "single",
        "KA-21",
        Text(
            "Alleinspieler: ein Straßen-Konto oder eines je Rolle", "solo player: one Straßen account or one per role"
        ),
        choices=("single", "per_role"),
    ),
    Option(
        "team_internal_order",
        "fixed",
        "KA-16",
        Text(
            "Reihenfolge im Team: fest (Spieler 1 zuerst) oder abwechselnd",
            "order within a team: fixed (player 1 first) or alternating",
        ),
        choices=("fixed", "alternate"),
    ),
    Option(
        "team_draw",
        "reuse_rolls",
        "KA-22",
        Text(
            "Auswürfeln der Paare: Würfe wiederverwenden, je Paarung neu würfeln oder von Hand eintragen",
            "team draw: reuse the rolls, reroll for each pairing, or enter the teams by hand",
        ),
        choices=("reuse_rolls", "reroll_each_pairing", "manual"),
    ),
    Option(
        "external_share_scope",
        "all_units",
        "KA-29",
        Text(
            "Externe zahlen ohne eigenen Anteil: für alle Einheiten oder nur für Verlust-Einheiten",
            "externals pay without their own share: for all units or only for loss units",
        ),
        choices=("all_units", "loss_units_only"),
    ),
    Option(
        "six_equal_penalty_payer",
        "physical_thrower",
        "KA-34",
        Text(
            "Strafe für 6 Gleiche zahlt, wer gewürfelt hat, oder der, dessen Wurf es war",
            "the six-equal fine is paid by the physical thrower or by the turn's owner",
        ),
        choices=("physical_thrower", "turn_owner"),
    ),
    Option(
        "conduct_violation_as_foul",
        False,
        "KA-27",
        Text("Verstöße gegen K-3/K-8 als ungültigen Wurf werten", "treat K-3/K-8 conduct violations as K-4 fouls"),
    ),
    Option(
        "attendance_window",
        "20:00-22:00",
        "KA-30",
        Text("Anwesenheitszeit (Vereinskasse, nicht Teil des Spiels)", "attendance window (club ledger, not the game)"),
    ),
    Option(
        "late_fine_cents",
        300,
        "KA-30",
        Text("Strafe für Zuspätkommen in Cent (Vereinskasse)", "late fine in cents (club ledger)"),
        minimum=0,
        maximum=100_000,
    ),
    Option(
        "absent_fine_cents",
        800,
        "KA-30",
        Text("Strafe für Fehlen in Cent (Vereinskasse)", "absence fine in cents (club ledger)"),
        minimum=0,
        maximum=100_000,
    ),
    Option(
        "scoresheet_chain_limit",
        3,
        "KA-09",
        Text(
            "Schreibzettel: höchstens so viele zu bestätigende Kombinationen in einem Wurf",
            "scoresheet: at most this many combinations needing confirmation in one turn",
        ),
        minimum=1,
        maximum=6,
    ),
)


def config_from(options: Mapping[str, Any]) -> Config:
    """The resolved options as a compact ``Config`` (read once per match, not per step)."""
    return Config(
        mode=PlayMode(options["mode"]),
        base_cents=options["base_cents"],
        min_players=options["min_players"],
        max_players=options["max_players"],
        must_improve=options["third_throw_rule"] == "must_improve",
        fresh_sequence=options["confirmation_budget"] == "fresh_sequence",
        confirmation_adds_points=options["confirmation_adds_points"],
        player_choice_set_aside=options["late_throw_set_aside"] == "player_choice",
        foul_zero=options["foul_scoring"] == "zero",
        tower_zero=options["tower_scoring"] == "zero",
        tower_limit=options["tower_limit"],
        strassen_count_unconfirmed=options["strassen_count_unconfirmed"],
        solo_per_role=options["solo_strassen_accounts"] == "per_role",
        alternate_order=options["team_internal_order"] == "alternate",
        team_draw=options["team_draw"],
        external_all_units=options["external_share_scope"] == "all_units",
        penalty_thrower=options["six_equal_penalty_payer"] == "physical_thrower",
        conduct_as_foul=options["conduct_violation_as_foul"],
        scoresheet_chain_limit=options["scoresheet_chain_limit"],
    )
