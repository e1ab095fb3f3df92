"""AC-6 (API tokens: shown once, stored as a hash, revocable, the owner's role) and AC-7 (invites:
single use, expire after a week) and AC-8 (the first start runs once)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from stammtisch.club.members import Role
from stammtisch.club.members.errors import ClubExists, InviteRefused, TokenRefused
from stammtisch.club.members.passwords import digest
from stammtisch.club.members.service import ClubService


def test_ac6_a_token_acts_as_its_member_until_revoked(club: ClubService) -> None:
    ben = club.add_user("Ben", Role.SCRIBE)
    token, secret = club.create_token(ben.member_id, "Würfelbot")
    assert secret.startswith("st_") and len(secret) > 40
    assert club.repository.account_by_token(digest(secret)) is not None
    assert (account := club.token_account(secret)) is not None and account.role is Role.SCRIBE
    assert club.token_account(secret + "x") is None
    with pytest.raises(TokenRefused):
        club.revoke_token(1, token.token_id)  # not Anna's token
    club.revoke_token(ben.member_id, token.token_id)
    assert club.token_account(secret) is None
    with pytest.raises(TokenRefused):
        club.revoke_token(ben.member_id, token.token_id)  # already revoked


def test_ac6_a_disabled_member_s_tokens_stop_working(club: ClubService) -> None:
    ben = club.add_user("Ben", Role.SCRIBE)
    _, secret = club.create_token(ben.member_id, "bot")
    club.set_disabled(ben.member_id, True)
    assert club.token_account(secret) is None


def test_ac6_a_token_needs_a_label(club: ClubService) -> None:
    with pytest.raises(TokenRefused) as caught:
        club.create_token(1, "   ")
    assert "name" in caught.value.message.en
    assert club.tokens(1) == []


def test_ac7_an_invite_sets_the_password_once(club: ClubService) -> None:
    ben = club.add_user("Ben", Role.MEMBER)
    secret = club.invite(ben.member_id)
    assert club.invited(secret).name == "Ben"
    assert club.accept_invite(secret, "ben-sein-pw").password_hash is not None
    assert club.sign_in("Ben", "ben-sein-pw").member_id == ben.member_id
    with pytest.raises(InviteRefused) as caught:
        club.accept_invite(secret, "noch-einmal-1")
    assert "used already or has expired" in caught.value.message.en


def test_ac7_an_invite_expires(club: ClubService) -> None:
    ben = club.add_user("Ben", Role.MEMBER)
    secret = club.invite(ben.member_id)
    later = datetime.now(UTC) + timedelta(days=8)
    club.clock = lambda: later
    with pytest.raises(InviteRefused):
        club.accept_invite(secret, "ben-sein-pw")
    assert club.account(ben.member_id).password_hash is None  # type: ignore[union-attr]


def test_ac8_the_first_start_runs_once(club: ClubService) -> None:
    with pytest.raises(ClubExists):
        club.init_club("Zweiter Verein", "Mallory", "mallory-pw")
    assert [m.name for m in club.members()] == ["Anna"]
    assert club.club() is not None and club.club().name == "Würfelfreunde Erfurt"  # type: ignore[union-attr]


def test_ac9_public_spectators_are_off_until_the_admin_allows_them(club: ClubService) -> None:
    assert club.require_club().public_spectators is False
    assert club.set_public_spectators(True).public_spectators is True
