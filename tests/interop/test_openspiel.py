"""OpenSpiel interop (issue 15.6, interop/openspiel.py): every digital game of the registry is a
registered OpenSpiel Python game that passes ``pyspiel.random_sim_test``; chance nodes carry the
protocol's exact distributions; observations come from the seat views only; returns are zero-sum."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the optional extra 'interop' is not installed")

from stammtisch.games import GAMES  # noqa: E402
from stammtisch.interop import openspiel, table  # noqa: E402

#: Small tables for the random simulations (few and short games keep the suite quick).
PARAMS = {"preisromme": {"options": json.dumps({"games_per_pass": 1})}}


def load(slug: str) -> pyspiel.Game:
    return pyspiel.load_game(openspiel.short_name(slug), PARAMS.get(slug, {}))


def test_every_digital_game_is_registered() -> None:
    """Every game of the registry that can be played digitally, under ``stammtisch_<slug>``; no other."""
    registered = {name for name in pyspiel.registered_names() if name.startswith("stammtisch_")}
    slugs = [slug for slug, game in GAMES.items() if "digital" in game.info.play_modes]
    assert slugs and slugs == list(table.digital_games())
    assert registered == {openspiel.short_name(slug) for slug in slugs}


@pytest.mark.parametrize("slug", sorted(table.digital_games()))
def test_random_simulation(slug: str) -> None:
    """OpenSpiel's own conformance run: legal actions, chance outcomes summing to 1, observations,
    clones, returns at the end."""
    pyspiel.random_sim_test(load(slug), num_sims=1, serialize=False, verbose=False)


def test_chance_nodes_carry_the_exact_card_probabilities() -> None:
    """RA-01, R-3.1: the first card dealt is one of 53 kinds, each as likely as its copies in the 110-card stock."""
    state = load("preisromme").new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 53
    assert outcomes[0] == pytest.approx(float(Fraction(2, 110)))
    assert outcomes[52] == pytest.approx(float(Fraction(6, 110)))
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "AC"


def play_to_decision(state: pyspiel.State, rng: random.Random) -> None:
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probabilities)[0])


def test_observations_are_the_seat_views() -> None:
    """A seat's observation is its view (own hand, never another's); the tensor is the same bytes."""
    game = load("preisromme")
    state = game.new_initial_state()
    play_to_decision(state, random.Random(4))
    engine = GAMES["preisromme"]
    inner = state.value
    for seat in range(4):
        text = state.observation_string(seat)
        assert json.loads(text) == json.loads(json.dumps(engine.view(inner, seat)))
        assert json.loads(text)["hand"] == [c for c in engine.view(inner, seat)["hand"]]
        tensor = bytes(int(x) for x in state.observation_tensor(seat)).rstrip(b"\0")
        assert tensor.decode("ascii") == text
    hidden = engine.hide_others(inner, 0, 7)
    assert hidden.hands != inner.hands
    assert table.observation_text(engine, hidden, 0) == state.observation_string(0)


def test_actions_are_the_legal_actions_in_canonical_order() -> None:
    """Action id i is the i-th legal action; its text is the game's notation."""
    state = load("preisromme").new_initial_state()
    play_to_decision(state, random.Random(1))
    engine = GAMES["preisromme"]
    seat = state.current_player()
    legal = engine.legal_actions(state.value, seat)
    assert state.legal_actions() == list(range(len(legal)))
    assert [state.action_to_string(seat, a) for a in state.legal_actions()] == [engine.format_action(a) for a in legal]


def test_returns_are_zero_sum_from_the_ranking() -> None:
    """At the end the returns sum to 0 and lie in [-1, 1]; before it they are 0."""
    rng = random.Random(2)
    state = load("bierpong").new_initial_state()
    assert state.returns() == [0.0] * state.num_players()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in state.returns())
    assert max(state.returns()) > 0


def test_unknown_seat_counts_are_refused_in_both_languages() -> None:
    """A table the game does not allow is refused with the allowed range, in German and English."""
    from stammtisch.core.errors import InvalidSetup

    with pytest.raises(InvalidSetup) as refused:
        table.make_setup("preisromme", players=9)
    assert "2 bis 6" in refused.value.message.de and "2 to 6" in refused.value.message.en
    with pytest.raises(InvalidSetup) as unknown:
        table.make_setup("skat")
    assert "preisromme" in unknown.value.message.en and unknown.value.clause == "interop/games"


def test_options_must_be_a_json_object() -> None:
    """The ``options`` parameter is refused unless it is a JSON object, with an example, in both languages."""
    from stammtisch.core.errors import InvalidOption

    with pytest.raises(InvalidOption) as refused:
        openspiel._setup("preisromme", {"options": "games_per_pass=1"})
    assert "JSON-Objekt" in refused.value.message.de and "JSON object" in refused.value.message.en


def test_players_and_house_rules_reach_the_table() -> None:
    """``players`` and ``options`` set the seats and the house rules (a pass of one game)."""
    game = pyspiel.load_game("stammtisch_preisromme", {"players": 3, "options": json.dumps({"games_per_pass": 1})})
    state = game.new_initial_state()
    assert game.num_players() == 3
    assert state.value.seats == 3 and state.value.config.games_per_pass == 1
