"""E-26/M-12 in the terminal: between rounds ``join`` seats someone nobody expected; the table asks his
name (refusing one seated already, the club's duplicate check), then he plays at this terminal (hot
seat) from the next round, starting the draw, named on every board."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from stammtisch.cli.app import app

runner = CliRunner()


def test_e26_join_asks_the_name_and_the_guest_plays_the_next_round() -> None:
    """The human answers ``join`` whenever it is offered (refused during a round, E-26), then a name:
    "Anna" is refused (seated already), "Karl" sits down; the table counts 5, Karl starts the draw
    and is asked his own moves."""
    script = "join\nAnna\nKarl\n1\n" * 300
    result = runner.invoke(app, ["play", "kluempchen", "--seed", "3", "--lang", "en"], input=script)
    output = result.output
    assert result.exit_code == 0 and "Traceback" not in output
    first = output.index("Name of the new player: Anna")
    assert "join – someone new sits down" in output[:first]
    assert "Two players have the same name ('Anna')" in output[first:]
    after = output[output.index("Name of the new player: Karl") :]
    assert "At the table: 5 players, one unit = 250 cents" in after
    assert "the teams are drawn again, Karl starts" in after
    assert "Karl: team draw: one die" in after and "Karl, your move:" in after
    assert not re.search(r"\b[Ss]eat \d", output)  # names, never seat numbers (issue 14.2)
