"""Issue 15.4, the Preisrommé house-rule lab (rulings/preisromme.md): its figures against a direct count,
the same decks for both rule sets, a rule change that really changes a figure, refusals in words."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.cli.app import app
from stammtisch.core.errors import InvalidOption
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CODES
from stammtisch.games.preisromme.model import DEAL, UPCARD, Swap
from stammtisch.sim.crn import play_with
from stammtisch.sim.games.preisromme import lab
from stammtisch.sim.stats import significant

runner = CliRunner()


def _recorder(steps: list[object]) -> Callable[[object, object, object], None]:
    """An ``observe`` hook keeping every step taken."""

    def note(before: object, step: object, after: object) -> None:
        steps.append(step)

    return note


SEED = 3


def _dealt(options: dict[str, object], deal: int) -> tuple[tuple[int, ...], ...]:
    """The four hands once dealing is over (R-3.1), drawn from the lab's deck for (SEED, deal)."""
    deck = lab._Deck(random.Random(f"preisromme/{SEED}/{deal}"))
    state = lab.start_state(options)
    while state.phase in (DEAL, UPCARD):
        turn = GAME.turn(state)
        state = GAME.resolve(state, deck(state, turn.node))  # type: ignore[union-attr]
    return state.hands


def test_lab_figures_equal_a_direct_count() -> None:
    """R-11.1, R-12, R-13, RA-23: the figures of a 15-deal run equal a count made here from the
    engine's score-sheet details (winner, Rommé-Hand, hand counts, penalties) and the swaps taken."""
    deals = 15
    report = lab.run_deals({}, deals, SEED)
    first = romme = finished = swaps = 0
    left: list[int] = []
    penalties: list[float] = []
    for deal in range(deals):
        steps: list[object] = []
        stream = random.Random(f"preisromme/{SEED}/{deal}")
        bots = [HeuristicBot() for _ in range(lab.PLAYERS)]
        _final, result = play_with(
            GAME,
            lab.start_state({}),
            bots,
            lab._Deck(stream),
            stream,
            _recorder(steps),
            lambda state: state.turn_no > lab.MAX_TURNS,
        )
        if result is None:
            continue
        finished += 1
        record = result.details["games"][0]
        first += record["winner"] == lab.FIRST
        romme += record["romme_hand"]
        left.append(sum(record["hand_points"]))
        penalties.append(sum(record["penalties"]) / lab.PLAYERS)
        swaps += sum(isinstance(s, Swap) for s in steps)
    assert report.games == deals
    assert report.figure("cut_off_rate").value == (deals - finished) / deals
    assert report.figure("first_player_wins").value == first / finished
    assert report.figure("romme_hand_rate").value == romme / finished
    assert report.figure("points_left").value == pytest.approx(sum(left) / finished)
    assert report.figure("penalty_per_player").value == pytest.approx(sum(penalties) / finished)
    assert report.figure("swaps_per_deal").value == pytest.approx(swaps / finished)


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=100_000))
def test_ra_01_same_deck_for_both_rule_sets(deal: int) -> None:
    """Common random numbers (RA-01 deck unchanged): the default rules and a variant that keeps the
    deck are dealt exactly the same hands; 13 cards each (R-3.2), drawn from one 110-card deck."""
    default = _dealt({}, deal)
    variant = _dealt({"opening_min_points": 30}, deal)
    assert default == variant
    assert [len(hand) for hand in default] == [13] * lab.PLAYERS
    assert all(0 <= card < len(CODES) for hand in default for card in hand)


def test_ra_09_a_lower_opening_shortens_the_deals() -> None:
    """RA-09: with opening_min_points = 30 the bots lay out sooner, so the deals are clearly shorter
    and fewer points stay in the losers' hands (same decks, the differences' intervals leave out 0)."""
    default, variant = lab.compare({"opening_min_points": "30"}, 120, SEED)
    for key in ("turns_per_deal", "points_left"):
        assert variant.figure(key).value < default.figure(key).value
        assert significant(default.figure(key), variant.figure(key)), key


def test_ra_23_scoring_is_reported_as_not_modelled_and_changes_no_deal() -> None:
    """RA-23 scoring = winner_collects only books the same deals differently: reported as not
    modelled, and the deals (same decks) give exactly the same figures."""
    assert lab.unmodelled({"scoring": "winner_collects", "jokers": 2}) == ("scoring",)
    default, variant = lab.compare({"scoring": "winner_collects"}, 10, SEED)
    assert default.figures == variant.figures


def test_ra_28_scoresheet_mode_and_bad_values_are_refused() -> None:
    """RA-28: the scoresheet mode has no cards to play; RA-01: at most 6 jokers. German and English,
    the clause as data, refused before anything is simulated."""
    with pytest.raises(InvalidOption) as sheet:
        lab.compare({"mode": "scoresheet"}, 60, SEED)
    assert sheet.value.clause == "RA-28" and "Karte für Karte" in sheet.value.message.de
    with pytest.raises(InvalidOption) as jokers:
        lab.compare({"jokers": "9"}, 60, SEED)
    assert jokers.value.clause == "RA-01" and "at most 6" in jokers.value.message.en


def test_cli_lab_preisromme_json_text_and_refusals() -> None:
    """The CLI: JSON with every figure and its difference; English text with the deals counted;
    a bad value refused in both languages with its clause, also as a JSON error object."""
    ok = runner.invoke(app, ["lab", "preisromme", "--option", "opening_min_points=30", "--games", "60", "--json"])
    assert ok.exit_code == 0, ok.output
    data = json.loads(ok.output)
    assert {m.key for m in lab.MEASURES} <= set(data["variant"]) and data["variant"]["games"] == 60
    assert set(data["difference"]) == {m.key for m in lab.MEASURES}
    text = runner.invoke(
        app, ["lab", "preisromme", "--option", "scoring=winner_collects", "--games", "60", "--lang", "en"]
    )
    assert text.exit_code == 0 and "60 deals each" in text.output and "first player goes out" in text.output
    assert "No effect in the lab's model: scoring" in text.output
    bad = runner.invoke(app, ["lab", "preisromme", "--option", "opening_figures=some", "--games", "60"])
    assert bad.exit_code == 2 and "ungültig" in bad.output and "invalid" in bad.output and "RA-09" in bad.output
    sheet = runner.invoke(app, ["lab", "preisromme", "--option", "mode=scoresheet", "--games", "60", "--json"])
    assert sheet.exit_code == 2 and json.loads(sheet.output)["error"]["clause"] == "RA-28"
