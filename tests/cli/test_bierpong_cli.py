"""Bier-Pong on the command line (issue 11, part 5): ``rules --lang de|en`` (the English rendering
marked as a translation), ``play`` at the table with short keys (``5b`` = cup 5 with an Aufsetzer,
Art 14) and against bots (throws drawn from skill models), ``simulate`` with the JSON figures
(games, wins per team, average throws and cups per game, games/s), reproducible for a seed, the
learned model with the club prior for ``--skill`` names; refusals bilingual, nothing changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.cli.games.bierpong.session import expand
from stammtisch.matches import MatchService
from stammtisch.store import open_store

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets an empty data directory (the learned models are read from there)."""
    monkeypatch.setenv("STAMMTISCH_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("STAMMTISCH_DATABASE_URL", raising=False)
    return tmp_path


def invoke(*args: str, script: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=script)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_rules_in_german_and_english_marked_as_translation() -> None:
    code, de = invoke("rules", "bierpong", "--lang", "de")
    assert code == 0 and "Aufsetzer" in de
    code, en = invoke("rules", "bierpong", "--lang", "en")
    assert code == 0 and "English rendering of the German original" in en


def test_short_keys() -> None:
    """H5: ``5`` hit, ``5b`` Aufsetzer, ``5r`` Roller, ``m`` miss; full notation passes through."""
    assert expand("5") == "hit 5" and expand("5b") == "hit 5 bounce" and expand("5br") == "hit 5 bounce roller"
    assert expand("m") == "miss" and expand("o") == "back own" and expand("drank B") == "drank B"


def test_play_at_the_table_with_short_keys_and_a_refusal() -> None:
    """Art 8 duel, Art 14 Aufsetzer (cup 5 and one more, the owner's bot picks), BP-3.1: a removed cup
    cannot be hit (refused in the table's language, the throw asked again)."""
    script = "A\n1\n5b\nm\n5\n"
    # Seeded: the bot's choice of the extra cup (and so the later prompts) is replayable.
    args = ("play", "bierpong", "--players", "2", "--bots", "1", "--mode", "table", "--lang", "en", "--seed", "2")
    code, output = invoke(*args, script=script)
    assert code == 0
    assert "Duel – who hit? A, B, both, none" in output
    assert "Team B: cup(s) 5 gone" in output and "remove " in output
    assert "Cup 5 has already been removed" in output


def test_play_against_bots_to_the_end() -> None:
    """Digital: every throw is drawn from the seats' skill models; the game ends with a winner."""
    code, output = invoke("play", "bierpong", "--players", "2", "--seed", "4", "--lang", "en", script="1\n" * 400)
    assert code == 0 and ("Team A wins" in output or "Team B wins" in output)


def test_simulate_json_figures_reproducible() -> None:
    args = ("simulate", "bierpong", "--games", "20", "--seed", "7", "--json")
    code, text = invoke(*args)
    assert code == 0
    first = json.loads(text)
    assert first["games"] == 20 and sum(first["wins_per_team"].values()) == 20
    assert first["average_throws_per_game"] > 0 and first["average_cups_removed_per_game"] > 0
    assert first["games_per_second"] > 0
    second = json.loads(invoke(*args)[1])
    for key in ("wins_per_team", "average_throws_per_game", "average_cups_removed_per_game", "endings"):
        assert first[key] == second[key]


def test_simulate_with_a_learned_player_and_the_club_prior(data_dir: Path) -> None:
    """A ``--skill`` name is learned from the stored table throws; other seats get the club prior."""
    store = open_store(f"sqlite:///{data_dir / 'stammtisch.sqlite3'}")
    try:
        service = MatchService(store.repository)
        snap = service.create("bierpong", ["Ana", "Ben"], mode="table")
        m = snap.match_id
        seq = service.enter_outcome(m, "duel A", snap.seq).seq
        seq = service.act(m, 0, "begin A", seq).seq
        seq = service.act(m, 1, "side left", seq).seq
        for outcome in ("hit 1", "miss"):
            seq = service.enter_outcome(m, outcome, seq).seq
    finally:
        store.close()
    code, text = invoke("simulate", "bierpong", "--games", "3", "--players", "2", "--skill", "Ana", "--json")
    assert code == 0, text
    skills = json.loads(text)["skills"]
    assert skills[0] == {"seat": 0, "source": "Ana", "samples": 2}
    assert skills[1]["source"] == "club prior"


def test_bp_r09_the_terminal_says_why_a_konter_ended_the_game() -> None:
    """H31: a Konter that can no longer be won ends at once, and the terminal says why in one sentence;
    BP-R18: the pair order is offered in words (who throws first)."""
    from stammtisch.cli.games.bierpong.board import news
    from stammtisch.games.bierpong import GAME

    state = GAME.start(2, GAME.configure({"rack": 6}))
    for line in ("duel A",):
        state = GAME.resolve(state, GAME.parse_outcome(line))
    state = GAME.act(state, 0, GAME.parse_action("begin A"))
    state = GAME.act(state, 1, GAME.parse_action("side left"))

    def declined(state: Any) -> Any:  # no call, no Island call: plain throws
        while legal := [GAME.format_action(a) for a in GAME.legal_actions(state, 0)]:
            state = GAME.act(state, 0, GAME.parse_action("no-call" if "no-call" in legal else "throw"))
        return state

    for cup in (1, 2, 3, 4, 5, 6):  # Ana clears the rack: Balls Back after every pair
        state = GAME.resolve(declined(state), GAME.parse_outcome(f"hit {cup}"))
    state = declined(state)
    assert GAME.view(state, None)["phase"] == "konter"
    before = GAME.view(state, None)
    after = GAME.view(GAME.resolve(state, GAME.parse_outcome("miss")), None)
    lines = news(before, after, [0, 1], "en")
    assert "Team A wins" in lines and "Team B's Konter could no longer be won" in " ".join(lines)
    assert "war nicht mehr zu gewinnen" in " ".join(news(before, after, [0, 1], "de"))
    assert GAME.describe_action(state, GAME.parse_action("pair 2 0")).en == "seat 3 throws first, then seat 1"
