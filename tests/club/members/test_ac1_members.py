"""AC-1 (docs/access.md): members are the club's people: a unique name (case does not count), a short
name for the phone, member or external (C-4), active or not; guests come on the fly from names typed
into a new match and are promoted later."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.club.members import Kind, MemberRefused
from stammtisch.club.members.names import MAX_NAME, MAX_SHORT, clean_name, name_key
from stammtisch.club.members.service import ClubService


def test_ac1_a_member_has_name_short_name_kind_and_is_active(club: ClubService) -> None:
    ben = club.add_member("  Ben   Berger ", "Benni", Kind.EXTERNAL)
    assert (ben.name, ben.short_name, ben.kind, ben.active, ben.guest) == (
        "Ben Berger",
        "Benni",
        Kind.EXTERNAL,
        True,
        False,
    )
    assert ben.shown_short == "Benni"
    assert club.find("ben berger") == ben


def test_ac1_a_duplicate_name_is_refused_in_both_languages_and_nothing_is_written(club: ClubService) -> None:
    club.add_member("Ben")
    before = club.members()
    with pytest.raises(MemberRefused) as caught:
        club.add_member("BEN")
    assert caught.value.clause == "AC-1"
    assert "schon" in caught.value.message.de and "already" in caught.value.message.en
    assert "AC-1" not in caught.value.text("en")  # the clause is data, not part of the sentence
    assert club.members() == before


def test_ac1_renaming_onto_another_members_name_is_refused(club: ClubService) -> None:
    club.add_member("Ben")
    carl = club.add_member("Carl")
    with pytest.raises(MemberRefused):
        club.edit_member(carl.member_id, name="ben", short_name="", kind=Kind.MEMBER, active=True)
    assert club.member(carl.member_id).name == "Carl"


@pytest.mark.parametrize(
    ("name", "short", "why"),
    [
        ("", "", "missing"),
        ("x" * (MAX_NAME + 1), "", "at most"),
        ("A\x00B", "", "control"),
        ("Ben", "y" * (MAX_SHORT + 1), "short"),
    ],
)
def test_ac1_bad_names_are_refused_saying_what_is_allowed(club: ClubService, name: str, short: str, why: str) -> None:
    with pytest.raises(MemberRefused) as caught:
        club.add_member(name, short)
    assert why in caught.value.message.en
    assert len(club.members()) == 1  # only the admin


def test_ac1_guests_come_on_the_fly_and_are_promoted_later(club: ClubService) -> None:
    club.add_member("Ben")
    anna, ben, carl, carl_again = club.resolve(["anna", "Ben", "Carl", "CARL"])
    assert (anna.guest, ben.guest, carl.guest) == (False, False, True)
    assert carl == carl_again  # one person, one member
    promoted = club.promote(carl.member_id)
    assert not promoted.guest and promoted.name == "Carl"


def test_ac1_a_match_s_seats_refer_to_members(club: ClubService) -> None:
    """Seats are linked when the match is made from names; empty seats stay empty; links stay put."""
    from stammtisch.store.members import SqlClub

    if isinstance(club.repository, SqlClub) and club.repository.engine.url.database not in (None, "", ":memory:"):
        from stammtisch.matches.service import MatchService
        from stammtisch.store.repository import SqlMatchRepository

        match = MatchService(SqlMatchRepository(club.repository.engine)).create(
            "preisromme", ["Anna", "Ben"], mode="scoresheet"
        )
        match_id = match.match_id
    else:
        match_id = "m1"
    seats = club.link_seats(match_id, ["Anna", "", "Dora"])
    anna, dora = club.find("Anna"), club.find("Dora")
    assert seats == {0: anna.member_id, 2: dora.member_id} and dora.guest
    assert club.link_seats(match_id, ["Dora", "", "Anna"]) == seats  # written once, never moved


def test_ac1_deactivated_members_leave_the_active_list(club: ClubService) -> None:
    ben = club.add_member("Ben")
    club.edit_member(ben.member_id, name="Ben", short_name="", kind=Kind.MEMBER, active=False)
    assert [m.name for m in club.members(include_inactive=False)] == ["Anna"]
    assert [m.name for m in club.members()] == ["Anna", "Ben"]


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=30))
def test_ac1_the_name_key_ignores_case_and_spacing(raw: str) -> None:
    """Invariant: whatever is accepted as a name, its key is that of its upper- and spaced-out form."""
    try:
        name = clean_name(raw)
    except MemberRefused:
        return
    assert name_key(name) == name_key(f"  {name} ") == name_key(name.casefold())
