"""A Bier-Pong evening (docs/rulings/bierpong.md E1–E6): teams entered or drawn by lot (E1), a
knockout bracket with byes (E2), a round robin (E3), the table of wins, cup difference and cups hit
(E4, E6) and the champion (E5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.games.bierpong import (
    EveningError,
    Played,
    champion,
    draw_teams,
    entered_teams,
    schedule,
    standings,
)


def test_e1_entered_teams_and_refusals() -> None:
    teams = entered_teams([["Ana", "Cem"], ["Ben", " Dora "], ["", ""]])
    assert [t.name for t in teams] == ["Ana & Cem", "Ben & Dora"]
    with pytest.raises(EveningError) as error:
        entered_teams([["Ana"], ["ana"]])
    assert error.value.clause == "E1" and "ana is in two teams" in error.value.text("en")
    with pytest.raises(EveningError, match="2 to 16 teams"):
        entered_teams([["Ana", "Ben"]])


def test_e1_drawn_by_lot_is_reproducible_and_must_divide() -> None:
    names = ["Ana", "Ben", "Cem", "Dora", "Eva", "Finn"]
    first = draw_teams(names, 2, seed=7)
    assert first == draw_teams(names, 2, seed=7)
    assert sorted(p for t in first for p in t.players) == sorted(names) and len(first) == 3
    with pytest.raises(EveningError) as error:
        draw_teams(names[:5], 2, seed=1)
    assert "5 players cannot be split into teams of 2" in error.value.text("en")
    assert "5 Spieler" in error.value.text("de")


def test_e2_byes_go_to_the_first_seeds() -> None:
    """Five teams: a bracket of 8; seeds 1, 2, 3 get byes; 4 plays 5."""
    first = [p for p in schedule("knockout", 5, {}) if p.round == 1]
    assert [(p.a, p.b) for p in first] == [(1, None), (4, 5), (2, None), (3, None)]
    second = [p for p in schedule("knockout", 5, {}) if p.round == 2]
    assert [(p.a, p.b) for p in second] == [(1, None), (2, 3)]  # 4 v 5 not decided yet


def test_e2_winners_advance_and_e5_the_final_decides() -> None:
    teams = entered_teams([["A"], ["B"], ["C"]])
    played = {(1, 2): Played(1, 2, 2, 3, 3, 10, 6)}
    pairings = schedule("knockout", 3, played)
    assert [(p.round, p.a, p.b) for p in pairings] == [(1, 1, None), (1, 2, 3), (2, 1, 3)]
    assert champion("knockout", teams, played) is None
    played[(2, 1)] = Played(2, 1, 1, 3, 1, 10, 8)
    champ = champion("knockout", teams, played)
    assert champ is not None and champ.name == "A"


@given(n=st.integers(2, 16))
def test_e3_round_robin_everyone_meets_everyone_once(n: int) -> None:
    pairs = schedule("round_robin", n, {})
    met = [frozenset((p.a, p.b)) for p in pairs]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    for round_no in {p.round for p in pairs}:
        playing = [t for p in pairs if p.round == round_no for t in (p.a, p.b)]
        assert len(playing) == len(set(playing))  # nobody plays twice in a round


def test_e4_e6_table_order_and_shared_places() -> None:
    teams = entered_teams([["A"], ["B"], ["C"]])
    played = [Played(1, 1, 1, 2, 1, 10, 4), Played(2, 1, 2, 3, 3, 7, 10), Played(3, 1, 1, 3, 3, 9, 10)]
    table = standings(teams, played)
    assert [(s.place, s.team.name, s.wins, s.difference, s.cups_hit) for s in table] == [
        (1, "C", 2, 4, 20),
        (2, "A", 1, 5, 19),
        (3, "B", 0, -9, 11),
    ]
    tied = standings(teams, [Played(1, 1, 1, 2, 1, 10, 4), Played(2, 1, 2, 1, 2, 10, 4)])
    assert [s.place for s in tied][:2] == [1, 1] and tied[2].played == 0
    assert champion("round_robin", teams, {(1, 1): played[0]}) is None
