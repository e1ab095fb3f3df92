"""E-22 in the terminal: between rounds the board says who is at the table (N, the unit, who is not
there) and the news says who arrived or left; the play loop offers ``arrive``/``leave`` like any step."""

from __future__ import annotations

from rich.console import Console

from stammtisch.cli.games.kluempchen.board import draw, news
from stammtisch.games.kluempchen import GAME
from tests.games.kluempchen.helpers import play, view


def _round_over():
    setup = {"teams": [[0, 1], [2, 3]], "later": [4]}
    state = GAME.start(5, GAME.configure({"team_draw": "manual", "mode": "scoresheet"}), setup)
    return play(state, "score 80", "score 80")


def _printed(state: object, lang: str) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(draw(view(state), [0], lang))
    return console.export_text()


def test_e22_the_board_shows_who_is_at_the_table() -> None:
    """S-9/KA-28: N and the unit it makes; E-22: who is not at the table."""
    text = _printed(_round_over(), "en")
    assert "At the table: 4 players, one unit = 200 cents; not at the table: Seat 5 (Bot)" in text


def test_e22_news_of_an_arrival_and_a_leave() -> None:
    before = _round_over()
    arrived = play(before, "arrive 4@0")
    assert news(view(before), view(arrived), [0], "de") == [
        "Platz 5 (Bot) kommt an den Tisch: jetzt 5 Spieler, die Paare werden neu ausgewürfelt."
    ]
    left = play(arrived, "leave 1@0")
    assert news(view(arrived), view(left), [0], "en") == [
        "Seat 2 (Bot) leaves: now 4 players, the teams are drawn again."
    ]
    assert "arrive 4" in [GAME.format_action(a) for a in GAME.legal_actions(before, 0)]


def test_e22_play_in_the_terminal_with_a_player_leaving() -> None:
    """E-22, S-9: in ``stammtisch play`` the human enters at the first round end that Erna leaves; the
    next rounds are drawn among four and cost 200 cents a unit instead of 250."""
    from typer.testing import CliRunner

    from stammtisch.cli.app import app

    script = "leave 4\n1\n" * 400  # "leave 4" is refused (and said why) until the round is over
    result = CliRunner().invoke(
        app, ["play", "kluempchen", "--players", "5", "--bots", "4", "--seed", "3", "--lang", "en"], input=script
    )
    assert result.exit_code == 0, result.output
    assert "Players leaving are entered only between two rounds" in " ".join(result.output.split())
    assert "Erna (Bot) leaves: now 4 players, the teams are drawn again." in result.output
    assert "At the table: 4 players, one unit = 200 cents; not at the table: Erna (Bot)" in result.output
    assert "Round 2: points" in result.output
