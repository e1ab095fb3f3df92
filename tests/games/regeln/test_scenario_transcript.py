"""A whole game as a transcript (tests/games/regeln/data/game_3p_seed2026.txt): every drawn card and
every player's step in notation, replayed through the checked path; the scorepad totals per round
and the final place cards must come out as recorded (RG-2.1, RG-4, RG-5, RG-6.1)."""

from __future__ import annotations

from pathlib import Path

from stammtisch.core.protocol import Finished
from stammtisch.games.regeln import GAME

TRANSCRIPT = Path(__file__).parent / "data" / "game_3p_seed2026.txt"


def test_transcript_replays_to_the_recorded_scorepad() -> None:
    lines = TRANSCRIPT.read_text(encoding="utf-8").splitlines()
    header = {
        line.split(":")[0][2:]: line.split(":", 1)[1].strip() for line in lines if line.startswith("#") and ":" in line
    }
    state = GAME.start(3, GAME.configure())
    for line in lines:
        if line.startswith("#") or not line.strip():
            continue
        words = line.split(" ", 2)
        if words[0] == "chance":
            state = GAME.resolve(state, GAME.parse_outcome(line.split(" ", 1)[1]))
        else:
            state = GAME.act(state, int(words[1]) - 1, GAME.parse_action(words[2]))
    assert isinstance(GAME.turn(state), Finished)
    recorded = [[int(x) for x in part.split()] for part in header["totals after each round"].split("|")]
    assert [[line.total for line in lines_] for lines_ in state.scorepad] == recorded
    assert " ".join(str(p) for p in state.places) == header["places"]
