"""Issue 12 §3 (docs/rulings/regeln-cards.md, the balance of the designed cards): ``stammtisch regeln
balance`` measures how much each card moves the average winner's score in bot play, reproducibly for a
seed, for the standard deck or a club's own file; each forced card really is in force from the start."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.cli.games.regeln.balance import forced_start
from stammtisch.games.regeln import GAME

runner = CliRunner()
STANDARD = Path(__file__).parents[2] / "src/stammtisch/games/regeln/cards.json"


def test_a_forced_card_is_in_force_from_the_start() -> None:
    """A Korrektur, Abstimm or Ereignis card lies on its type's first space after the set-up draws; a
    Wertung or Prognose card is the round-1 rule and the start card waits with the unused ones."""
    for card, where in (("K-G3", "korrektur"), ("A-NEIN1", "abstimm"), ("E-AERMSTER10", "ereignis")):
        state = forced_start(GAME, 4, None, card, random.Random(1))
        assert getattr(state, where)[0] == card and state.phase == "setup_deal"
    state = forced_start(GAME, 4, None, "W-DOPPELT", random.Random(1))
    assert state.wertung == "W-DOPPELT" and "W-EINFACH" in state.wertung_unused
    assert "W-DOPPELT" not in state.wertung_unused and len(state.wertung_unused) == 6
    state = forced_start(GAME, 4, None, "P-SPITZE10", random.Random(1))
    assert state.prognose == "P-SPITZE10" and "P-EIGENER15" in state.prognose_unused


def test_balance_is_reproducible_and_names_the_bound_and_the_cards_outside() -> None:
    args = ["regeln", "balance", "--games", "2", "--seed", "3", "--players", "3", "--json"]
    args += ["--card", "K-G3", "--card", "W-PRODUKT2", "--card", "W-DOPPELT"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    figures = json.loads(first.output)
    assert figures == json.loads(runner.invoke(app, args).output)
    assert figures["games_per_card"] == 2 and figures["players"] == 3 and figures["baseline"] > 0
    rows = {row["card"]: row for row in figures["cards"]}
    assert set(rows) == {"K-G3", "W-PRODUKT2", "W-DOPPELT"} and rows["W-DOPPELT"]["status"] == "designed"
    known = (rows["K-G3"]["delta"], rows["W-PRODUKT2"]["delta"])
    assert figures["known_range"] == [min(known), max(known)]
    assert figures["bound"] == max(abs(delta) for delta in known)
    ours = rows["W-DOPPELT"]["delta"]
    assert figures["outside"] == ([] if abs(ours) <= figures["bound"] else ["W-DOPPELT"])
    assert figures["beyond_known_range"] == ([] if min(known) <= ours <= max(known) else ["W-DOPPELT"])


def test_balance_of_a_clubs_file_and_an_unknown_card_is_refused_in_both_languages(tmp_path: Path) -> None:
    club = tmp_path / "club.json"
    club.write_text(STANDARD.read_text(encoding="utf-8"), encoding="utf-8")
    table = runner.invoke(app, ["regeln", "balance", "--cards", str(club), "--games", "1", "--card", "K-W0"])
    assert table.exit_code == 0, table.output
    assert "Grundwert" in table.output and "K-W0" in table.output and "Grenze" in table.output
    refused = runner.invoke(app, ["regeln", "balance", "--games", "1", "--card", "K-NOPE"])
    assert refused.exit_code != 0
    assert "Unbekannte Karte(n): K-NOPE" in refused.output and "Unknown card(s): K-NOPE" in refused.output
