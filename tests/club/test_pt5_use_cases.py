"""The tournament use cases (PT-5, R-1.2, R-1.3): registration, the passes in order, each table a
score-sheet match, the standings after both passes."""

from __future__ import annotations

import random

import pytest

from stammtisch.club.tournament import PlayerCountRefused, TournamentNotFound, TournamentRefused, TournamentService
from stammtisch.club.tournament.tables import table_sizes
from stammtisch.matches.service import MatchService
from tests.club.sheets import play_sheet


def registered(tournaments: TournamentService, players: int, tie_break: tuple[str, ...] = ()) -> str:
    record = tournaments.create("Herbst", tie_break)
    for i in range(players):
        tournaments.register(record.tournament_id, f"Spielerin {i + 1}")
    return record.tournament_id


def test_names_register_once_and_only_before_the_draw(tournaments: TournamentService) -> None:
    """PT-5: a name registers once (case and blanks ignored); R-1.3: nobody joins after the draw."""
    tid = registered(tournaments, 4)
    with pytest.raises(TournamentRefused) as duplicate:
        tournaments.register(tid, "  spielerin   1 ")
    assert duplicate.value.clause == "PT-5"
    for bad in ("", "   ", "x" * 61):
        with pytest.raises(TournamentRefused) as refused:
            tournaments.register(tid, bad)
        assert refused.value.clause == "PT-5"
    tournaments.draw(tid, 1)
    with pytest.raises(TournamentRefused) as closed:
        tournaments.register(tid, "Zu spät")
    assert closed.value.clause == "R-1.3"


def test_too_few_players_cannot_be_drawn(tournaments: TournamentService) -> None:
    """R-1.1: two players form no table."""
    tid = registered(tournaments, 2)
    with pytest.raises(PlayerCountRefused) as refused:
        tournaments.draw(tid, 1)
    assert refused.value.clause == "R-1.1"


def test_passes_are_drawn_in_order_once_each(tournaments: TournamentService, matches: MatchService) -> None:
    """R-1.3: pass 1 first; each pass once; R-1.2: pass 2 after pass 1 is played; no third pass."""
    tid = registered(tournaments, 6)
    with pytest.raises(TournamentRefused) as early:
        tournaments.draw(tid, 2)
    assert early.value.clause == "R-1.3"
    first = tournaments.draw(tid, 1, seed="eins")
    with pytest.raises(TournamentRefused) as twice:
        tournaments.draw(tid, 1)
    assert twice.value.clause == "R-1.3"
    with pytest.raises(TournamentRefused) as running:
        tournaments.draw(tid, 2)
    assert running.value.clause == "R-1.2"
    rng = random.Random(6)
    for match_id in first.match_ids:
        play_sheet(matches, match_id, rng)
    second = tournaments.draw(tid, 2, seed="zwei")
    assert second.draw.seed == "zwei" and len(second.match_ids) == 2
    with pytest.raises(TournamentRefused) as third:
        tournaments.draw(tid, 3)
    assert third.value.clause == "R-1.2"


def test_unknown_tournament(tournaments: TournamentService) -> None:
    with pytest.raises(TournamentNotFound):
        tournaments.overview("nope")
    with pytest.raises(TournamentNotFound):
        tournaments.register("nope", "Anna")


@pytest.mark.parametrize("players", [3, 5, 6, 9, 10, 13])
def test_a_whole_tournament_totals_every_sheet(
    tournaments: TournamentService, matches: MatchService, players: int
) -> None:
    """RA-24: after both passes each total is the sum of the player's 16 games on her two sheets,
    and the ranking is ascending over all tables."""
    tid = registered(tournaments, players, ("second_pass",))
    rng = random.Random(players)
    expected = {n: [0, 0] for n in range(1, players + 1)}
    for pass_no in (1, 2):
        stored = tournaments.draw(tid, pass_no)
        assert tuple(len(t) for t in stored.draw.tables) == table_sizes(players)
        for table, match_id in zip(stored.draw.tables, stored.match_ids, strict=True):
            for row in play_sheet(matches, match_id, rng):
                for seat, number in enumerate(table):
                    expected[number][pass_no - 1] += row[seat]
    overview = tournaments.overview(tid)
    assert overview.standings.complete
    assert all(overview.audit(d) for d in overview.draws)
    got = {p.result.number: list(p.result.pass_totals) for p in overview.standings.placings}
    assert got == expected
    assert all(p.result.games_played == 16 for p in overview.standings.placings)
    totals = [p.result.total for p in overview.standings.placings]
    assert totals == sorted(totals)


@pytest.mark.parametrize("bad", ["Anna\x00", "\x07Bell", "A\ud800"])
def test_control_characters_are_refused(tournaments: TournamentService, bad: str) -> None:
    """PT-5: names, titles and seeds are printable text (PostgreSQL stores no NUL)."""
    tid = registered(tournaments, 3)
    with pytest.raises(TournamentRefused) as refused:
        tournaments.register(tid, bad)
    assert refused.value.clause == "PT-5"
    with pytest.raises(TournamentRefused):
        tournaments.create(bad)
    with pytest.raises(TournamentRefused):
        tournaments.draw(tid, 1, seed=bad)


@pytest.mark.parametrize(
    ("bad", "named_de", "named_en"),
    [
        ("Spielerin 2", "'Spielerin 2' ist schon angemeldet", "'Spielerin 2' is registered already"),
        ("x" * 61, "Zeile 2 ('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…')", "line 2 ('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…')"),
        ("Bad\x07Name", "Zeile 2 ('Bad\\x07Name') enthält Steuerzeichen", "line 2 ('Bad\\x07Name') contains control"),
        ("neu", "'neu' steht zweimal in der Liste (Zeile 2)", "'neu' is in the list twice (line 2)"),
    ],
)
def test_a_list_of_names_registers_all_or_none(
    tournaments: TournamentService, bad: str, named_de: str, named_en: str
) -> None:
    """PT-5: several names at once register together or not at all; the refusal names the bad one."""
    tid = registered(tournaments, 3)
    batch = ["Neu", bad, "NEU"] if bad == "neu" else ["Neu", bad, "Auch neu"]
    with pytest.raises(TournamentRefused) as refused:
        tournaments.register_many(tid, batch)
    assert refused.value.clause == "PT-5"
    assert named_de in refused.value.message.de and "Niemand aus der Liste" in refused.value.message.de
    assert named_en in refused.value.message.en and "Nobody in the list" in refused.value.message.en
    assert [p.name for p in tournaments.repository.players(tid)] == [f"Spielerin {i}" for i in (1, 2, 3)]
    added = tournaments.register_many(tid, ["Neu", "Auch neu"])
    assert [(r.number, r.name) for r in added] == [(4, "Neu"), (5, "Auch neu")]


def test_a_list_is_refused_after_the_draw(tournaments: TournamentService) -> None:
    """R-1.3: registering closes with the first draw, for lists too."""
    tid = registered(tournaments, 4)
    tournaments.draw(tid, 1)
    with pytest.raises(TournamentRefused) as closed:
        tournaments.register_many(tid, ["A", "B"])
    assert closed.value.clause == "R-1.3"
    with pytest.raises(TournamentNotFound):
        tournaments.register_many("nope", ["A", "B"])
