"""Bierpong's declared house rules (docs/rules/rulings/bierpong.md, table "Options"): the option names and
defaults of the rulings verbatim, each with the clause it varies, and their compact ``Config``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.options import Option
from stammtisch.core.text import Text
from stammtisch.games.bierpong.model import Config


def _o(key: str, default: bool | int | str, clause: str, de: str, en: str, *choices: str) -> Option:
    return Option(key, default, clause, Text(de, en), choices=tuple(choices))


OPTIONS: tuple[Option, ...] = (
    Option("rack", 10, "BP-R01", Text("Becher pro Team: 6, 10 oder 15", "cups per team: 6, 10 or 15"), (), 6, 15),
    _o(
        "allow_rerack",
        False,
        "BP-R01",
        "Umstellen der Becher erlaubt (nicht im Text)",
        "re-racking allowed (not in the text)",
    ),
    _o(
        "dead_cup_counts_as_neighbour",
        False,
        "BP-R02",
        "Ein Dead Cup zählt als Nachbar (Island)",
        "a Dead Cup counts as a neighbour (Island)",
    ),
    _o(
        "extra_cup_chooser",
        "owner",
        "BP-R03",
        "Wer die zusätzlichen Becher wählt",
        "who chooses the extra cups",
        "owner",
        "thrower",
    ),
    _o("konter", True, "BP-R10", "Konter am Spielende", "Konter at the end of the game"),
    _o(
        "konter_count_unit",
        "ball_hits",
        "BP-R09",
        "Konter zählt Balltreffer oder entfernte Becher",
        "the Konter counts ball hits or cups removed",
        "ball_hits",
        "cups_removed",
    ),
    _o(
        "konter_restore",
        "finishing_round",
        "BP-R09",
        "Erfolgreicher Konter stellt die Runde oder den letzten Becher her",
        "a successful Konter restores the finishing round or the last cup",
        "finishing_round",
        "last_cup_only",
    ),
    _o(
        "konter_special_match",
        "contains",
        "BP-R09",
        "Konter mit gleichem Specialwurf: enthalten, genau, aus",
        "Konter special throw: contains, exact, off",
        "contains",
        "exact",
        "off",
    ),
    _o(
        "allow_double_call",
        False,
        "BP-R11",
        "Heating Up und On Fire beim selben Treffer",
        "Heating Up and On Fire on the same hit",
    ),
    _o(
        "air_ball_bonus",
        "extra_throw",
        "BP-R15",
        "Air Ball: Extrawurf oder doppelter Wert",
        "Air Ball: extra throw or double value",
        "extra_throw",
        "double_value",
    ),
    Option(
        "timer_minutes",
        0,
        "BP-R16",
        Text("Zeitlimit in Minuten (0: aus)", "time limit in minutes (0: off)"),
        (),
        0,
        240,
    ),
    _o(
        "timer_end",
        "immediate",
        "BP-R16",
        "Zeitende sofort oder nach der Wurfrunde",
        "time up at once or after the throwing round",
        "immediate",
        "finish_throwing_round",
    ),
    _o(
        "knockover_removed_by",
        "owner_among_knocked",
        "BP-R17",
        "Umgeworfen: wer den Becher wählt",
        "knocked over: who picks the cup",
        "owner_among_knocked",
        "opponent_any",
    ),
    _o(
        "single_player_double_release",
        False,
        "BP-R18",
        "Ein Spieler darf beide Bälle gleichzeitig werfen",
        "one player may release both balls at once",
    ),
    _o(
        "pair_rotation",
        "differ_from_previous",
        "BP-R18",
        "Wurfpaare bei drei und mehr Spielern",
        "throwing pairs with three or more players",
        "differ_from_previous",
        "cycle_all_pairs",
    ),
    _o(
        "elbow_breach",
        "void",
        "BP-R19",
        "Ellenbogen über der Kante: Wurf ungültig",
        "elbow over the edge: throw void",
        "void",
        "none",
    ),
    _o(
        "illegal_defense",
        "rethrow",
        "BP-R19",
        "Abwehr vor dem Aufsetzen: Wurf wiederholen",
        "defence before the bounce: throw again",
        "rethrow",
        "none",
    ),
    _o(
        "illegal_save",
        "count_hit",
        "BP-R19",
        "Blasen/Fingern: zählt als Treffer",
        "blowing/fingering: counts as a hit",
        "count_hit",
        "none",
    ),
    _o(
        "drink_unit",
        "per_hit_aufsetzer_double",
        "BP-R20",
        "Trinkeinheiten je Treffer (Aufsetzer doppelt) oder je Becher",
        "drink units per hit (Aufsetzer double) or per cup removed",
        "per_hit_aufsetzer_double",
        "per_cup_removed",
    ),
    _o(
        "drink_amount",
        "1 Schluck",
        "BP-R20",
        "Menge je Einheit (vor dem Spiel festgelegt)",
        "amount per unit (agreed before)",
    ),
    _o("drink_lock", True, "BP-R20", "Kein Wurf, während die Gegner trinken", "no throwing while the opponents drink"),
)


def config_from(options: Mapping[str, Any]) -> Config:
    """The resolved options as a compact ``Config`` (read once per match, not per step)."""
    return Config(
        rack=options["rack"],
        allow_rerack=options["allow_rerack"],
        dead_neighbour=options["dead_cup_counts_as_neighbour"],
        thrower_chooses=options["extra_cup_chooser"] == "thrower",
        konter=options["konter"],
        konter_cups=options["konter_count_unit"] == "cups_removed",
        konter_last_cup=options["konter_restore"] == "last_cup_only",
        konter_special=options["konter_special_match"],
        double_call=options["allow_double_call"],
        air_double=options["air_ball_bonus"] == "double_value",
        timer=options["timer_minutes"] > 0,
        timer_round=options["timer_end"] == "finish_throwing_round",
        knock_opponent=options["knockover_removed_by"] == "opponent_any",
        double_release=options["single_player_double_release"],
        cycle_pairs=options["pair_rotation"] == "cycle_all_pairs",
        elbow_void=options["elbow_breach"] == "void",
        defence_rethrow=options["illegal_defense"] == "rethrow",
        save_counts=options["illegal_save"] == "count_hit",
        units_per_cup=options["drink_unit"] == "per_cup_removed",
        drink_lock=options["drink_lock"],
        drink_amount=options["drink_amount"],
    )
