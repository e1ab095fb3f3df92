"""AC-2 and AC-3 (docs/access.md): accounts, roles and sign-in. Passwords are argon2; the club keeps
at least one active admin; one refusal for a wrong name or password; a disabled account cannot sign in."""

from __future__ import annotations

import pytest

from stammtisch.club.members import Role, SignInRefused
from stammtisch.club.members.errors import AccountRefused
from stammtisch.club.members.service import ClubService, parse_role
from tests.club.members.conftest import PASSWORD


def test_ac2_passwords_are_stored_as_argon2_only(club: ClubService) -> None:
    (admin,) = club.accounts()
    assert admin.password_hash is not None and admin.password_hash.startswith("$argon2id$")
    assert PASSWORD not in admin.password_hash and PASSWORD not in repr(admin)


def test_ac3_sign_in_with_name_in_any_case(club: ClubService) -> None:
    assert club.sign_in("anna", PASSWORD).role is Role.ADMIN


@pytest.mark.parametrize(("name", "password"), [("Anna", "falsch-falsch"), ("Nobody", PASSWORD), ("", "")])
def test_ac3_a_wrong_name_or_password_gets_one_message(club: ClubService, name: str, password: str) -> None:
    with pytest.raises(SignInRefused) as caught:
        club.sign_in(name, password)
    assert caught.value.message.en == "The name or the password is wrong. The password is case-sensitive."


def test_ac3_a_disabled_account_cannot_sign_in_and_its_sessions_end(club: ClubService) -> None:
    scribe = club.add_user("Ben", Role.SCRIBE, "ben-password")
    stamp = scribe.stamp
    assert club.session_account(scribe.member_id, stamp) is not None
    club.set_disabled(scribe.member_id, True)
    with pytest.raises(SignInRefused) as caught:
        club.sign_in("Ben", "ben-password")
    assert "disabled" in caught.value.message.en
    assert club.session_account(scribe.member_id, stamp) is None
    club.set_disabled(scribe.member_id, False)
    assert club.sign_in("Ben", "ben-password").role is Role.SCRIBE


def test_ac2_a_new_password_ends_older_sessions(club: ClubService) -> None:
    (admin,) = club.accounts()
    changed = club.change_password(admin.member_id, PASSWORD, "ganz-neu-123")
    assert club.session_account(admin.member_id, admin.stamp) is None
    assert club.session_account(admin.member_id, changed.stamp) is not None
    with pytest.raises(AccountRefused):
        club.change_password(admin.member_id, "wrong-old-one", "noch-neuer-1")


def test_ac2_the_last_admin_stays(club: ClubService) -> None:
    (admin,) = club.accounts()
    with pytest.raises(AccountRefused) as caught:
        club.set_role(admin.member_id, Role.MEMBER)
    assert "at least one active admin" in caught.value.message.en
    with pytest.raises(AccountRefused):
        club.set_disabled(admin.member_id, True)
    other = club.add_user("Ben", Role.ADMIN, "ben-password")
    assert club.set_role(admin.member_id, Role.TREASURER).role is Role.TREASURER
    assert club.set_role(other.member_id, Role.ADMIN).role is Role.ADMIN


def test_ac2_roles_are_named_and_unknown_ones_refused() -> None:
    assert parse_role(" Treasurer ") is Role.TREASURER
    with pytest.raises(AccountRefused) as caught:
        parse_role("king")
    assert "admin, treasurer, scribe and member" in caught.value.message.en


def test_ac2_short_passwords_are_refused_and_nothing_is_written(club: ClubService) -> None:
    with pytest.raises(AccountRefused) as caught:
        club.add_user("Ben", Role.SCRIBE, "short")
    assert "at least 8" in caught.value.message.en and "mindestens 8" in caught.value.message.de
    assert [a.name for a in club.accounts()] == ["Anna"]


def test_ac2_a_second_account_for_one_member_is_refused(club: ClubService) -> None:
    club.add_user("Ben", Role.MEMBER)
    with pytest.raises(AccountRefused):
        club.add_user("ben", Role.SCRIBE)
