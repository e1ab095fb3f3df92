"""The declared house rules use the rulings' option registry verbatim (keys, values, defaults), each
with the clause it varies and a German and English description."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import InvalidOption
from stammtisch.games.kluempchen import GAME

REGISTRY = {
    "confirmation_budget": ("fresh_sequence", ("fresh_sequence", "within_turn")),
    "third_throw_rule": ("must_improve", ("must_improve", "keep_on_fail")),
    "confirmation_adds_points": (True, ()),
    "late_throw_set_aside": ("join_and_new_triples", ("join_and_new_triples", "player_choice")),
    "foul_scoring": ("zero", ("zero", "keep_prior_state")),
    "tower_scoring": ("keep_prior_state", ("keep_prior_state", "zero")),
    "tower_limit": (3, ()),
    "strassen_count_unconfirmed": (True, ()),
    "solo_strassen_accounts": ("single", ("single", "per_role")),
    "team_internal_order": ("fixed", ("fixed", "alternate")),
    "team_draw": ("reuse_rolls", ("reuse_rolls", "reroll_each_pairing", "manual")),
    "external_share_scope": ("all_units", ("all_units", "loss_units_only")),
    "six_equal_penalty_payer": ("physical_thrower", ("physical_thrower", "turn_owner")),
    "conduct_violation_as_foul": (False, ()),
    "base_cents": (50, ()),
    "min_players": (4, ()),
    "max_players": (12, ()),
    "late_fine_cents": (300, ()),
    "absent_fine_cents": (800, ()),
    "mode": ("table", ("digital", "table", "scoresheet")),
}


def test_registry_keys_values_and_defaults() -> None:
    declared = {option.key: option for option in GAME.options}
    for key, (default, choices) in REGISTRY.items():
        option = declared[key]
        assert option.default == default, key
        assert option.choices == choices, key
    for option in GAME.options:
        assert option.clause and option.description.de and option.description.en
        assert option.description.de != option.description.en


def test_defaults_resolve_and_bad_values_are_refused() -> None:
    assert dict(GAME.configure()) == {o.key: o.default for o in GAME.options}
    with pytest.raises(InvalidOption):
        GAME.configure({"third_throw_rule": "sometimes"})
    with pytest.raises(InvalidOption):
        GAME.configure({"tower_limit": 0})
    with pytest.raises(InvalidOption):
        GAME.configure({"house_rule": 1})
