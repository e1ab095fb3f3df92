"""`stammtisch play`: terminal play with scripted stdin, hot-seat humans and bots.

Covers what the table shows (team totals, set-aside dice, whose turn, numbered legal actions with
their meaning), answers by number and by notation, refusals that re-ask, table mode's dice entry
(KA-36) and a whole round to its settlement (K-11..K-13).
"""

from __future__ import annotations

import re

from typer.testing import CliRunner

from stammtisch.cli.app import app

runner = CliRunner()


def play(*args: str, script: str) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "kluempchen", *args], input=script)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_a_whole_round_against_bots_to_the_settlement() -> None:
    """The human answers ``close`` (refused until the round is over, then legal) and ``1`` otherwise:
    one round is played to 150, settled, and the evening closed."""
    code, output = play("--seed", "3", "--lang", "en", script="close\n1\n" * 400)
    assert code == 0
    assert "At the table: Anna, Kurt (Bot), Helga (Bot), Jupp (Bot) (your own names: --name)" in output
    assert "Anna, your move:" in output
    assert not re.search(r"\b[Ss]eat \d", output)  # names, never seat numbers (issue 14.2)
    assert "1) joker – announce the joker" in output
    assert "Set aside" in output and "Points" in output
    assert "Round 1 over" in output
    assert "pays 1 unit(s)" in output
    assert "The end" in output
    assert "balance (cents)" in output


def test_the_table_in_german_with_hot_seat_humans() -> None:
    """Two humans and two bots; German texts; the humans' turns are asked by their names."""
    code, output = play("--seed", "5", "--bots", "2", "--name", "Bernd", "--name", "Uschi", script="2\n1\n" * 10)
    assert code == 0
    assert "Am Tisch: Bernd, Uschi, Kurt (Bot), Helga (Bot)\n" in output
    assert "Bernd, du bist dran:" in output or "Uschi, du bist dran:" in output
    assert not re.search(r"\bPlatz \d", output)
    assert "Würfeln" in output
    assert "Spiel beendet (keine Eingabe mehr)." in output


def test_bad_answers_are_refused_and_asked_again() -> None:
    code, output = play("--seed", "1", "--lang", "en", script="9\nhold everything\nscore 5 x\nthrow\nq\n")
    assert code == 0
    assert "expected [joker] [strassen N]" in output  # messages are printed as text, not Rich markup
    assert "Please enter a number from 1 to " in output  # as many as the legal actions
    assert "cannot read 'hold everything'" in output
    assert "throw 6 dice →" in output  # the notation `throw` was accepted
    assert "Game ended (no more input)." in output


def test_table_mode_asks_for_the_dice_and_checks_them() -> None:
    """KA-22 draw faces 6 5 4 3: seat 1 takes seat 2 along. Seat 1 throws 1 2 3 4 5 5 (the 55 is set
    aside), a wrong count is refused (KA-36), 1 2 3 4 leaves nothing; seat 1 stops with 0. The bot
    (seat 2) throws 666 and then 1 2 4 and stops: the team scores 0 + 6 (K-5.1)."""
    script = "6\n5\n4\n3\n2\n1 2 3 4 5 5\n1 2\n1 2 3 4\n2\n6 6 6 1 2 3\n1 2 4\nq\n"
    code, output = play("--mode", "table", "--lang", "en", script=script)
    assert code == 0
    assert "enter the outcome (e.g. " in output
    assert "2 dice entered but 4 are in the cup" in output
    assert "Team 1: 0 + 6 → +6 (now 6)" in output


def test_only_bots_play_a_round_by_themselves() -> None:
    code, output = play("--bots", "4", "--seed", "2", "--lang", "en", script="")
    assert code == 0
    assert "Round 1 over" in output
    assert "The end" in output


def test_bad_options_are_refused_without_traceback() -> None:
    for args in (["--players", "3"], ["--bots", "7"], ["--mode", "telepathy"], ["--lang", "fr"], ["--bot", "genius"]):
        code, output = play(*args, script="")
        assert code == 2, (args, output)


def test_unknown_game() -> None:
    result = runner.invoke(app, ["play", "schach"])
    assert result.exit_code == 2
    assert "schach" in result.output
    assert "Traceback" not in result.output


def test_names_given_twice_or_too_many_are_refused_before_the_game() -> None:
    """Issue 14.9: two players with the same name (any case, any spaces) would be indistinguishable."""
    code, output = play("--lang", "en", "--name", "Anna", "--name", " anna ", script="")
    assert code == 2 and "Two players have the same name ('Anna')" in output
    assert "du bist dran" not in output and "your move" not in output
    code, output = play("--players", "4", *(arg for n in "ABCDE" for arg in ("--name", n)), script="")
    assert code == 2 and "at most 4 names" in output


def test_bots_never_take_a_name_a_human_has() -> None:
    code, output = play("--seed", "3", "--lang", "en", "--name", "Kurt", script="q\n")
    assert code == 0
    assert "At the table: Kurt, Helga (Bot), Jupp (Bot), Erna (Bot)\n" in output
