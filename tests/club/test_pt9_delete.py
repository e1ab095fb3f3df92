"""PT-9: deleting a tournament takes its players, draws, changes and score sheets with it, in one
step, and only with the confirmation a slip of a finger cannot give: the title typed again, and, when
a sheet holds entries, the explicit consent to delete them too. Otherwise nothing is deleted."""

from __future__ import annotations

import random

import pytest

from stammtisch.club.tournament import DeleteRefused, TournamentNotFound, TournamentService
from stammtisch.matches import InMemoryRepository
from stammtisch.matches.errors import MatchNotFound
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_sheets import tournament_service
from tests.club.sheets import play_sheet


@pytest.fixture
def wired() -> tuple[TournamentService, MatchService]:
    """The app's wiring in memory: deleting drops the sheets from the match repository too."""
    matches = MatchService(InMemoryRepository())
    return tournament_service(matches), matches


def test_an_untouched_tournament_is_deleted_with_its_title(wired: tuple[TournamentService, MatchService]) -> None:
    """PT-9: title typed again (blanks and case aside): the tournament and its empty sheets go."""
    tournaments, matches = wired
    tid = tournaments.create("Test  Turnier").tournament_id
    tournaments.register_many(tid, ["A", "B", "C", "D"])
    sheets = tournaments.draw(tid, 1).match_ids
    preview = tournaments.delete(tid, " test turnier ")
    assert (preview.players, preview.sheets, preview.games, preview.entries) == (4, 1, 0, 0)
    with pytest.raises(TournamentNotFound):
        tournaments.get(tid)
    with pytest.raises(MatchNotFound):
        matches.snapshot(sheets[0])
    assert tid not in [r.tournament_id for r in tournaments.list_tournaments()]


def test_a_wrong_title_deletes_nothing(wired: tuple[TournamentService, MatchService]) -> None:
    """PT-9: the wrong or an empty title is refused (tournament/delete_refused) in German and English."""
    tournaments, _ = wired
    tid = tournaments.create("Herbst").tournament_id
    for wrong in ("", "Herbs", "Herbst 2"):
        with pytest.raises(DeleteRefused) as refused:
            tournaments.delete(tid, wrong)
        assert refused.value.code == "tournament/delete_refused" and refused.value.clause == "PT-9"
        assert "'Herbst'" in refused.value.message.en and "Nothing was deleted" in refused.value.message.en
        assert "Nichts wurde gelöscht" in refused.value.message.de
    assert tournaments.get(tid).title == "Herbst"


def test_recorded_games_need_explicit_consent(wired: tuple[TournamentService, MatchService]) -> None:
    """PT-9: a sheet with entries (even half a game) is deleted only with ``scores_too``."""
    tournaments, matches = wired
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, ["A", "B", "C", "D", "E"])
    sheet = tournaments.draw(tid, 1).match_ids[0]
    matches.submit(sheet, [(0, "out 1")], 0)  # half a game: one entry, no booked game
    with pytest.raises(DeleteRefused) as refused:
        tournaments.delete(tid, "Herbst")
    assert "1 entries" in refused.value.message.en and "1 Eintragungen" in refused.value.message.de
    assert matches.snapshot(sheet).seq == 1 and tournaments.get(tid)
    preview = tournaments.delete(tid, "Herbst", scores_too=True)
    assert preview.entries == 1
    with pytest.raises(MatchNotFound):
        matches.snapshot(sheet)


def test_unknown_tournament(wired: tuple[TournamentService, MatchService]) -> None:
    """PT-0."""
    tournaments, _ = wired
    with pytest.raises(TournamentNotFound) as missing:
        tournaments.delete("nope", "x")
    assert missing.value.clause == "PT-0"


def test_other_tournaments_and_matches_stay(wired: tuple[TournamentService, MatchService]) -> None:
    """PT-9: only this tournament's rows and sheets go."""
    tournaments, matches = wired
    keep = tournaments.create("Behalten").tournament_id
    tournaments.register_many(keep, ["A", "B", "C"])
    kept_sheet = tournaments.draw(keep, 1).match_ids[0]
    gone = tournaments.create("Weg").tournament_id
    tournaments.register_many(gone, ["A", "B", "C"])
    tournaments.draw(gone, 1)
    tournaments.delete(gone, "Weg")
    assert tournaments.overview(keep).players[0].name == "A"
    assert sorted(matches.snapshot(kept_sheet).players) == ["A", "B", "C"]


def test_a_whole_played_tournament_goes_with_all_its_games(wired: tuple[TournamentService, MatchService]) -> None:
    """PT-9: the preview counts the booked games; with consent all sheets of both passes go."""
    tournaments, matches = wired
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, ["A", "B", "C", "D"])
    sheets = []
    for pass_no in (1, 2):
        stored = tournaments.draw(tid, pass_no)
        sheets += stored.match_ids
        play_sheet(matches, stored.match_ids[0], random.Random(pass_no))
    assert tournaments.deletion_preview(tid).games == 16
    tournaments.delete(tid, "Herbst", scores_too=True)
    for sheet in sheets:
        with pytest.raises(MatchNotFound):
            matches.snapshot(sheet)
