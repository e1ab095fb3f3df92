"""Issue 15.4, the Prömpeln house-rule lab (rulings/proempeln.md): its figures against a direct count,
rule changes that really change a figure, options the model cannot show, refusals in words."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from stammtisch.bots.games.proempeln import AdvisorBot
from stammtisch.cli.app import app
from stammtisch.core.errors import InvalidOption
from stammtisch.core.options import resolve_options
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Announce, Record
from stammtisch.games.proempeln.options import OPTIONS
from stammtisch.sim.crn import play_with
from stammtisch.sim.games.proempeln import lab
from stammtisch.sim.stats import significant

runner = CliRunner()


def _recorder(steps: list[object]) -> Callable[[object, object, object], None]:
    """An ``observe`` hook keeping every step taken."""

    def note(before: object, step: object, after: object) -> None:
        steps.append(step)

    return note


SEED = 4


def test_lab_figures_equal_a_direct_count() -> None:
    """PR-2.8, PR-R07, PR-R08, PR-R12: every rate of a 12-game run equals a count made here from the
    engine's own result (details: winner, end reason, Stechen flicks, totals) and the steps taken."""
    games = 12
    report = lab.run_games({}, games, SEED)
    wins = [0] * lab.PLAYERS
    stechen = specials = early = meiers = runs = 0
    for game in range(games):
        steps: list[object] = []
        start = GAME.start(lab.PLAYERS, resolve_options(OPTIONS, {}))
        bots = [AdvisorBot(lab.SKILL) for _ in range(lab.PLAYERS)]
        _final, result = play_with(
            GAME,
            start,
            bots,
            lab._Streams(SEED, game),
            random.Random(game),
            _recorder(steps),
        )
        assert result is not None
        wins[result.details["winner"]] += 1
        stechen += bool(result.details["stechen"])
        announced = [s for s in steps if isinstance(s, Announce) and s.move != "D"]
        specials += sum(s.move in ("L", "K", "P") for s in announced)
        early += len(announced)
        meiers += sum(isinstance(s, Record) and s.claim == "meier" for s in steps)
        runs += sum(isinstance(s, Record) for s in steps)
    assert report.games == games
    assert report.figure("first_seat_wins").value == wins[0] / games
    assert report.figure("last_seat_wins").value == wins[-1] / games
    assert report.figure("stechen_rate").value == stechen / games
    assert report.figure("special_share").value == specials / early
    assert report.figure("meier_share").value == meiers / runs


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_pr_r08_every_special_is_played_by_round_six(game: int) -> None:
    """PR-R08 (specials_mandatory): a game that reaches round 7 has each seat's L, K and P in rounds
    1-6, so the lab's special count is exactly 3 per seat; totals are the round scores (PR-3.5)."""
    figures = lab.play_game({}, SEED, game)
    assert 1 <= figures.rounds <= 7 and 0 <= figures.winner < lab.PLAYERS
    if figures.rounds == 7 and not figures.king:
        assert figures.specials == 3 * lab.PLAYERS and figures.early_runs == 6 * lab.PLAYERS
    assert set(figures.last) <= set(range(lab.PLAYERS)) and figures.last


def test_pr_r02_pash7_without_zero_pairs_lowers_the_points() -> None:
    """PR-R02: with pash7_zero_pairs = false a Pash-7 pays fewer pairs, so the points per player fall,
    clearly (the difference's 95% interval leaves out 0; same landings for both rule sets)."""
    default, variant = lab.compare({"pash7_zero_pairs": "false"}, 120, SEED)
    assert variant.figure("points_per_player").value < default.figure("points_per_player").value
    assert significant(default.figure("points_per_player"), variant.figure("points_per_player"))
    assert variant.options["pash7_zero_pairs"] is False and default.options["pash7_zero_pairs"] is True


def test_pr_r08_optional_specials_are_played_less() -> None:
    """PR-R08 option specials_mandatory = false: the advisor skips specials that do not pay (with even
    landing odds the Lampenlörer's expected value equals a plain run's, PR-R03), so the share of runs
    with a special falls clearly below the compulsory 50% and nobody plays a Lampenlörer."""
    default, variant = lab.compare({"specials_mandatory": "false"}, 60, SEED)
    assert default.figure("special_share").value == 0.5
    assert significant(default.figure("special_share"), variant.figure("special_share"))
    assert default.figure("L_played").value == 1.0 and variant.figure("L_played").value == 0.0


def test_pr_r10_options_outside_the_model_are_reported_and_change_nothing() -> None:
    """PR-R10 announce_deadline: the bots decide without looking at others' announcements, so the
    option is reported as not modelled and, with the same landings, every figure is the same."""
    variant = {"announce_deadline": "before_round_start"}
    assert lab.unmodelled(variant) == ("announce_deadline",)
    assert lab.unmodelled({"king_ends": "finish_round"}) == ()
    default, changed = lab.compare(variant, 20, SEED)
    assert default.figures == changed.figures


def test_pr_r10_inconsistent_options_are_refused_before_any_game() -> None:
    """PR-R10: invalid_announcement_consumes = false needs specials_mandatory = false (the engine's own
    refusal, German and English, clause as data)."""
    with pytest.raises(InvalidOption) as refused:
        lab.compare({"invalid_announcement_consumes": "false"}, 60, SEED)
    assert refused.value.clause == "PR-R10"
    assert "requires" in refused.value.message.en and "geht nur" in refused.value.message.de


def test_cli_lab_proempeln_json_text_and_refusals() -> None:
    """The CLI: JSON with every figure and its difference; the text in German; bad names and values
    refused in both languages with the clause on its own line (or field), nothing simulated."""
    ok = runner.invoke(app, ["lab", "proempeln", "--option", "pash7_zero_pairs=false", "--games", "60", "--json"])
    assert ok.exit_code == 0, ok.output
    data = json.loads(ok.output)
    assert {m.key for m in lab.MEASURES} <= set(data["default"]) and data["default"]["games"] == 60
    assert data["difference"]["points_per_player"]["value"] < 0 and data["not_modelled"] == []
    text = runner.invoke(app, ["lab", "proempeln", "--option", "announce_deadline=before_round_start", "--games", "60"])
    assert text.exit_code == 0 and "Platz 1 (fängt an) gewinnt" in text.output
    assert "Ohne Wirkung im Labor-Modell: announce_deadline" in text.output
    bad_value = runner.invoke(app, ["lab", "proempeln", "--option", "king_ends=never", "--games", "60"])
    assert bad_value.exit_code == 2
    assert "ungültig" in bad_value.output and "invalid" in bad_value.output and "PR-5.2" in bad_value.output
    bad_name = runner.invoke(app, ["lab", "proempeln", "--option", "kings=1", "--games", "60", "--json"])
    assert bad_name.exit_code == 2
    error = json.loads(bad_name.output)["error"]
    assert "kings" in error["de"] and "unknown house rule" in error["en"] and error["clause"] == "options"
