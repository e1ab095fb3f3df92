"""LK-2…LK-5 on plain values (docs/access.md): one screen and one follow link in force per match, a
withdrawn link stays known as withdrawn, and a link ends 12 hours after it was made or 1 hour after its
match ended, whichever comes first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from stammtisch.matches.share_links import (
    AFTER_END_HOURS,
    LINK_HOURS,
    InMemoryShareLinks,
    LinkKind,
    ShareLink,
    current,
)

MADE = datetime(2026, 11, 27, 19, 0, tzinfo=UTC)


def test_lk5_a_link_ends_twelve_hours_after_it_was_made_or_an_hour_after_the_match_ended() -> None:
    link = ShareLink("t", LinkKind.FOLLOW, "m", MADE)
    assert LINK_HOURS == 12 and AFTER_END_HOURS == 1
    assert link.ends_at(None) == MADE + timedelta(hours=12)  # a long evening, still running
    ended = MADE + timedelta(hours=3)
    assert link.ends_at(ended) == ended + timedelta(hours=1)  # the game is over: an hour to look
    late = MADE + timedelta(hours=11, minutes=30)
    assert link.ends_at(late) == MADE + timedelta(hours=12)  # whichever comes first


def test_lk2_lk3_lk4_one_link_of_a_kind_in_force_and_a_withdrawn_one_stays_known() -> None:
    links = InMemoryShareLinks()
    first = ShareLink("a", LinkKind.SCREEN, "m", MADE)
    links.add(first)
    links.add(ShareLink("f", LinkKind.FOLLOW, "m", MADE))
    assert current(links.for_match("m"), LinkKind.SCREEN) == first
    links.revoke("a", MADE + timedelta(minutes=5))
    assert current(links.for_match("m"), LinkKind.SCREEN) is None
    withdrawn = links.find("a")
    assert withdrawn is not None and withdrawn.revoked and withdrawn.revoked_at == MADE + timedelta(minutes=5)
    links.revoke("a", MADE + timedelta(hours=1))  # withdrawing twice keeps the first time
    assert links.find("a") == withdrawn
    assert current(links.for_match("m"), LinkKind.FOLLOW) is not None
    assert current(links.for_match("other"), LinkKind.FOLLOW) is None
