"""AC-10: the account behind a session or token is remembered for a moment; a change made through the
same service counts at once, one made elsewhere (another worker, the CLI) within the memo's time."""

from __future__ import annotations

from stammtisch.club.members.memo import AccountMemo
from stammtisch.club.members.model import Role
from stammtisch.club.members.service import ClubService
from tests.club.members.conftest import PASSWORD


class Ticker:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def worker(club: ClubService, ticker: Ticker) -> ClubService:
    """A second process on the same database: its own service and memo."""
    return ClubService(club.repository, memo=AccountMemo(ttl=2.0, monotonic=ticker))


def test_a_revoked_token_stops_at_once_on_the_worker_that_revoked_it(club: ClubService) -> None:
    anna = club.sign_in("Anna", PASSWORD)
    token, secret = club.create_token(anna.member_id, "bot")
    assert club.token_account(secret) == anna
    assert club.remembered_account(secret=secret) == anna
    club.revoke_token(anna.member_id, token.token_id)
    assert club.remembered_account(secret=secret) is None
    assert club.token_account(secret) is None


def test_a_revoked_token_stops_on_another_worker_within_the_memo_time(club: ClubService) -> None:
    ticker = Ticker()
    other = worker(club, ticker)
    anna = club.sign_in("Anna", PASSWORD)
    token, secret = club.create_token(anna.member_id, "bot")
    assert other.token_account(secret) == anna
    club.revoke_token(anna.member_id, token.token_id)
    ticker.now += 1.0
    assert other.token_account(secret) == anna  # still remembered: at most 2 seconds
    ticker.now += 1.01
    assert other.token_account(secret) is None


def test_a_role_change_counts_at_once_here_and_within_the_memo_time_elsewhere(club: ClubService) -> None:
    ticker = Ticker()
    other = worker(club, ticker)
    ben = club.add_user("Ben", Role.SCRIBE, PASSWORD)
    assert other.session_account(ben.member_id, ben.stamp) == ben
    assert club.session_account(ben.member_id, ben.stamp) == ben
    club.set_role(ben.member_id, Role.MEMBER)
    session = club.session_account(ben.member_id, ben.stamp)
    assert session is not None and session.role is Role.MEMBER
    assert other.session_account(ben.member_id, ben.stamp).role is Role.SCRIBE  # type: ignore[union-attr]
    ticker.now += 2.5
    assert other.session_account(ben.member_id, ben.stamp).role is Role.MEMBER  # type: ignore[union-attr]


def test_a_disabled_account_and_a_new_password_end_sessions_at_once(club: ClubService) -> None:
    ben = club.add_user("Ben", Role.SCRIBE, PASSWORD)
    assert club.session_account(ben.member_id, ben.stamp) == ben
    club.change_password(ben.member_id, PASSWORD, "ein-ganz-neues-passwort")
    assert club.session_account(ben.member_id, ben.stamp) is None
    carl = club.add_user("Carl", Role.MEMBER, PASSWORD)
    assert club.session_account(carl.member_id, carl.stamp) == carl
    club.set_disabled(carl.member_id, True)
    assert club.session_account(carl.member_id, carl.stamp) is None


def test_unknown_tokens_are_not_remembered(club: ClubService) -> None:
    """Guessing fills nothing: only accounts found are kept."""
    for guess in range(50):
        assert club.token_account(f"st_guess{guess}") is None
    assert club.memo._entries == {}
