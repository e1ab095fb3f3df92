"""The walkthrough of docs/adding-a-game.md, run: the toy game of tests/support/toy.py is registered
with one line in the games registry and from then on passes the conformance suite, reproduces a
count record, gets the random bot, plays as a match through the match service and simulates from
the command line, with no other line of its own (no web, CLI or match extension: the generic ones)."""

from __future__ import annotations

import doctest
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stammtisch.bots.base import RandomBot
from stammtisch.bots.registry import bots_for
from stammtisch.cli.app import app
from stammtisch.club.members import Role
from stammtisch.games import GAMES
from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.web.app import create_app
from tests.conformance.counts import compute
from tests.conformance.test_conformance import conform
from tests.support.club import setup_club, sign_in
from tests.support.pig import GAME as PIG
from tests.support.play import new_state, random_game
from tests.support.toy import GAME as TOY


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one line a new game adds to ``stammtisch/games/__init__.py`` (its slug in ``SLUGS``), in ``GAMES``."""
    monkeypatch.setitem(GAMES, "toy", TOY)


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_registered_toy_passes_the_conformance_suite(seats: int) -> None:
    conform(GAMES["toy"], seats, seed=seats)


@pytest.mark.usefixtures("registered")
def test_the_registered_toy_has_counts_the_random_bot_and_plays_to_the_end() -> None:
    record = compute(GAMES["toy"], 2, {"rounds": 3})
    assert [run["steps"] for run in record["runs"]] == [9, 9, 9]  # three rounds: two picks and a die each
    assert bots_for(TOY) == {"random": RandomBot}
    final = random_game(TOY, new_state(TOY, 3, {"rounds": 2}), random.Random(1))
    assert TOY.result(final) is not None


@pytest.mark.usefixtures("registered")
def test_the_registered_toy_plays_as_a_match() -> None:
    service = MatchService(InMemoryRepository(), rng=lambda match_id: random.Random(0))
    snapshot = service.create("toy", ["Anna", "Ben"], {"rounds": 2}, mode="digital")
    while snapshot.turn["kind"] == "decision":
        for seat in snapshot.turn["seats"]:
            legal = service.snapshot(snapshot.match_id, seat).legal
            snapshot = service.act(snapshot.match_id, seat, legal[0]["notation"], snapshot.seq)
    assert snapshot.turn["kind"] == "finished"


@pytest.mark.usefixtures("registered")
def test_the_registered_toy_simulates_from_the_command_line() -> None:
    args = ["simulate", "toy", "--games", "3", "--seed", "1", "--json", "--bots", "random", "--players", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["game"] == "toy" and figures["games"] == 3


def test_the_guides_examples_run() -> None:
    """Every ``>>>`` example of docs/adding-a-game.md gives what the guide says (issue 27 §3)."""
    guide = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"
    try:
        failures, tried = doctest.testfile(str(guide), module_relative=False, optionflags=doctest.ELLIPSIS)
    finally:
        GAMES.pop("toy", None)  # the guide registers the toy for its examples and removes it at the end
    assert tried >= 10 and failures == 0


# --- a dice game with chance nodes, through the generic web pages and the CLI (issue 27.1, 27.6) --------------


@pytest.fixture
def pig(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pig (tests/support/pig.py) registered with its one line in the games registry, nothing else of its own."""
    monkeypatch.setitem(GAMES, "pig", PIG)


@pytest.fixture
def scribe(pig: None, tmp_path: Path) -> Iterator[TestClient]:
    """The whole web app on a fresh SQLite file, a scribe signed in."""
    web = create_app(database_url=f"sqlite:///{tmp_path / 'club.sqlite3'}")
    setup_club(web)
    with TestClient(web, headers={"accept-language": "en"}) as client:
        sign_in(client, Role.SCRIBE)
        yield client


def _start(client: TestClient, mode: str) -> str:
    home = client.get("/")
    assert 'href="/games/pig/new"' in home.text  # listed on the home page without a web plug-in
    form = client.get("/games/pig/new")
    assert form.status_code == 200
    assert 'name="option.target"' in form.text and "P-4" in form.text and 'value="30"' in form.text
    assert 'value="table"' in form.text and 'value="digital"' in form.text
    answer = client.post(
        "/games/pig",
        data={"player": ["Anna", "Ben", ""], "mode": mode, "option.target": "10", "title": ""},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text[:500]
    return answer.headers["location"].rsplit("/", 1)[-1]


def state(client: TestClient, match_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}")
    assert answer.status_code == 200
    snap: dict[str, Any] = answer.json()
    return snap


def _seq(page: str) -> str:
    found = re.search(r'name="seq" value="(\d+)"', page)
    assert found, page[:2000]
    return found.group(1)


def _act(client: TestClient, match_id: str, notation: str) -> str:
    page = client.get(f"/m/{match_id}").text
    seat = re.search(r'name="seat" value="(\d+)"', page)
    assert seat and f'data-notation="{notation}"' in page, page[:3000]
    answer = client.post(f"/m/{match_id}/act", data={"seq": _seq(page), "seat": seat.group(1), "notation": notation})
    assert answer.status_code == 200, answer.text[:500]
    return answer.text


def test_pig_starts_from_the_generic_form_and_a_refused_form_keeps_what_was_typed(scribe: TestClient) -> None:
    answer = scribe.post("/games/pig", data={"player": ["Anna", "Ben"], "mode": "table", "option.target": "5"})
    assert answer.status_code == 422
    assert "at least 10" in answer.text and 'value="Anna"' in answer.text and 'value="5"' in answer.text


def test_pig_is_played_at_the_table_through_the_generic_dice_pad(scribe: TestClient) -> None:
    match_id = _start(scribe, "table")
    for notation, face in (("roll", 6), ("roll", 1), ("roll", 6), ("roll", 5), ("hold", None)):
        page = _act(scribe, match_id, notation)
        if face is None:
            continue
        assert 'data-pad="dice"' in page and 'data-face="6"' in page  # the pad of the pending die
        answer = scribe.post(f"/m/{match_id}/dice", data={"seq": _seq(page), "faces": str(face)})
        assert answer.status_code == 200, answer.text[:500]
    # Anna: 6 then a 1 (lost); Ben: 6 + 5 = 11 held, at least 10: Ben wins.
    assert state(scribe, match_id)["result"]["scores"] == [0, 11]


def test_pig_is_played_digitally_through_the_generic_board(scribe: TestClient) -> None:
    match_id = _start(scribe, "digital")
    for _ in range(300):
        snap = state(scribe, match_id)
        if snap["turn"]["kind"] == "finished":
            break
        assert snap["turn"]["kind"] == "decision"  # the app rolls: never a pad in digital play
        _act(scribe, match_id, "hold" if snap["view"]["turn_points"] >= 6 else "roll")
    assert max(state(scribe, match_id)["result"]["scores"]) >= 10


@pytest.mark.usefixtures("pig")
def test_pig_plays_in_the_terminal_with_bots_and_simulates() -> None:
    played = CliRunner().invoke(app, ["play", "pig", "--players", "2", "--bots", "2", "--bot", "random", "--seed", "3"])
    assert played.exit_code == 0, played.output
    args = ["simulate", "pig", "--games", "5", "--seed", "1", "--json", "--bots", "random", "--players", "3"]
    simulated = CliRunner().invoke(app, args)
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.output)["games"] == 5


@pytest.mark.usefixtures("pig")
def test_pig_is_played_at_the_table_in_the_terminal_on_the_generic_board() -> None:
    """Two people at a table type their moves and the die's faces into the generic CLI board: five sixes and
    Anna holds 30, the target, and wins."""
    args = ["play", "pig", "--players", "2", "--bots", "0", "--mode", "table", "--lang", "en"]
    typed = "roll\n6\n" * 5 + "hold\n"
    played = CliRunner().invoke(app, [*args, "--name", "Anna", "--name", "Ben"], input=typed)
    assert played.exit_code == 0, played.output
    assert "enter the outcome" in played.output and "Anna: score 30" in played.output
