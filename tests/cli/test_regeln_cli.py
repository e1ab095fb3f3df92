"""Das Regeln Wir Schon! on the command line (issue 12.7, 12.3): our own rule summary in both
languages, hot seat with bots that keeps bots' votes secret, bot games for ``simulate``, and the
club's own card file (``stammtisch regeln cards --check FILE``, play and simulate with it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.games.regeln.cards import standard_deck

runner = CliRunner()
STANDARD = Path(__file__).parents[2] / "src/stammtisch/games/regeln/cards.json"


def _club_file(tmp_path: Path, change: dict[str, object] | None = None) -> Path:
    """The standard file with the first Abstimm card's reward changed (or other ``change`` to card 0)."""
    data = json.loads(STANDARD.read_text(encoding="utf-8"))
    if change is not None:
        data["cards"][0].update(change)
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


def test_rules_are_our_own_summary_in_both_languages() -> None:
    """Issue 12.7: the shared rule text is a third-party translation; ours is a summary, marked so."""
    german = runner.invoke(app, ["rules", "regeln", "--lang", "de"])
    english = runner.invoke(app, ["rules", "regeln", "--lang", "en"])
    assert german.exit_code == english.exit_code == 0
    assert "Unsere eigene Zusammenfassung" in german.output and "Wertungsrunde" in german.output
    assert "Our own summary" in english.output and "Scoring Round" in english.output
    assert "Kurt Adam" not in german.output + english.output  # not the translation


def test_simulate_prints_reproducible_figures() -> None:
    args = ["simulate", "regeln", "--games", "3", "--seed", "5", "--players", "3", "--json"]
    first = json.loads(runner.invoke(app, args).output)
    second = json.loads(runner.invoke(app, args).output)
    for volatile in ("elapsed_seconds", "games_per_second"):
        first.pop(volatile), second.pop(volatile)
    assert first == second
    assert first["games"] == 3 and first["players"] == 3
    assert 1 <= first["average_rounds"] <= 5
    assert 0 <= first["adopted_share"] <= 1 and first["votes_per_game"] > 0
    assert first["average_winner_score"] >= max(first["average_score_per_bot"].values())


def test_hot_seat_with_bots_plays_to_the_end_and_hides_bot_votes() -> None:
    """RG-3.2: a bot's vote is secret until the reveal; the reveal shows every vote at once."""
    result = runner.invoke(app, ["play", "regeln", "--players", "3", "--seed", "4", "--lang", "en"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "The end" in result.output
    assert "answered in secret" in result.output
    assert not re.search(r"🤖 [^\n]*\(Bot\): vote ", result.output)  # a bot's vote is never printed before the reveal
    # the reveal line names every seat's vote (by the seat's name, whatever the names are)
    assert re.search(r"Vote: [^\n]+ (yes|no)×\d[^\n]* – yes \d+ : \d+ no → ", result.output)


def test_cards_check_accepts_the_standard_file_and_names_the_designed_cards() -> None:
    result = runner.invoke(app, ["regeln", "cards", "--check", str(STANDARD), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "valid" in result.output and "48 cards" in result.output and "20 designed by us" in result.output
    listing = runner.invoke(app, ["regeln", "cards", "--lang", "en"])
    designed = [card for card in standard_deck().cards if card.status == "designed"]
    assert all(f"{card.id} " in listing.output for card in designed)
    assert listing.output.count(" *\n") == len(designed)


def test_cards_check_refuses_an_unknown_effect_with_card_line_and_both_languages(tmp_path: Path) -> None:
    """Issue 12 'bad input': a card file with an unknown effect names the card and its line."""
    path = _club_file(tmp_path, {"effect": {"kind": "explode"}})
    result = runner.invoke(app, ["regeln", "cards", "--check", str(path)])
    assert result.exit_code != 0
    first = json.loads(STANDARD.read_text(encoding="utf-8"))["cards"][0]["id"]
    assert first in result.output and "Zeile" in result.output and "line" in result.output


def test_cards_check_refuses_a_missing_title(tmp_path: Path) -> None:
    path = _club_file(tmp_path, {"title": {"de": "", "en": "x"}})
    result = runner.invoke(app, ["regeln", "cards", "--check", str(path)])
    assert result.exit_code != 0
    assert "title.de" in result.output
    assert "fehlt oder ist leer" in result.output and "missing or empty" in result.output


def test_cards_check_of_a_missing_file_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["regeln", "cards", "--check", str(tmp_path / "none.json")])
    assert result.exit_code != 0 and "gibt es nicht" in result.output and "There is no file" in result.output


def test_play_and_simulate_with_the_clubs_own_file(tmp_path: Path) -> None:
    path = _club_file(tmp_path)
    simulated = runner.invoke(
        app, ["regeln", "simulate", "--cards", str(path), "--games", "2", "--players", "4", "--json"]
    )
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.output)["games"] == 2
    played = runner.invoke(
        app,
        ["regeln", "play", "--cards", str(path), "--players", "3", "--seed", "1", "--lang", "en"],
        input="1\n" * 3000,
    )
    assert played.exit_code == 0, played.output
    assert "The end" in played.output
