"""PettingZoo interop (issue 15.6, interop/pettingzoo.py): every digital game is an AEC environment
that passes ``pettingzoo.test.api_test``; observations are the seat views; illegal ids are refused."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the optional extra 'interop' is not installed")

from pettingzoo.test import api_test  # noqa: E402

from stammtisch.core.errors import IllegalAction  # noqa: E402
from stammtisch.games import GAMES  # noqa: E402
from stammtisch.interop import table  # noqa: E402
from stammtisch.interop.pettingzoo import env  # noqa: E402

OPTIONS: dict[str, dict[str, object]] = {"preisromme": {"games_per_pass": 1}}


@pytest.mark.parametrize("slug", sorted(table.digital_games()))
@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test prefers Box observations; ours carry an action mask
def test_api(slug: str) -> None:
    """PettingZoo's own conformance run for the AEC API."""
    api_test(env(slug, options=OPTIONS.get(slug)), num_cycles=100)


def test_observations_are_the_seat_views_and_the_mask_the_legal_actions() -> None:
    """The bytes decode to the seat's view; only the agent on turn has legal ids, as many as legal actions."""
    table_env = env("preisromme", options={"games_per_pass": 1})
    table_env.reset(seed=3)
    engine = GAMES["preisromme"]
    on_turn = table_env.agent_selection
    for agent in table_env.agents:
        seen = table_env.observe(agent)
        text = bytes(seen["observation"]).rstrip(b"\0").decode("ascii")
        seat = int(agent.removeprefix("seat_"))
        assert json.loads(text) == json.loads(json.dumps(engine.view(table_env.value, seat)))
        legal = engine.legal_actions(table_env.value, seat) if agent == on_turn else ()
        assert int(np.sum(seen["action_mask"])) == len(legal)


def test_an_id_outside_the_legal_actions_is_refused_and_nothing_changes() -> None:
    """An illegal id raises IllegalAction naming the allowed range (German and English); the state stays."""
    table_env = env("preisromme", options={"games_per_pass": 1})
    table_env.reset(seed=1)
    before = table_env.value
    with pytest.raises(IllegalAction) as refused:
        table_env.step(999)
    assert "erlaubt sind 0 bis" in refused.value.message.de and "allowed are 0 to" in refused.value.message.en
    assert table_env.value is before


def test_the_same_seed_plays_the_same_game() -> None:
    """Chance is drawn from the generator ``reset(seed=...)`` seeds."""

    def run() -> list[str]:
        table_env = env("kluempchen")
        table_env.reset(seed=11)
        seen = []
        for _ in range(30):
            agent = table_env.agent_selection
            mask = table_env.observe(agent)["action_mask"]
            table_env.step(int(np.flatnonzero(mask)[0]))
            seen.append(table_env.observation_text(table_env.agent_selection))
        return seen

    assert run() == run()
