"""AC-4 on the pages themselves: the header says who is signed in (or offers sign-in), and the home
page offers starting games only to the roles that may start them; the others read who can."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_ac4_a_scribe_sees_the_starts_and_her_name(client: TestClient) -> None:
    page = client.get("/").text
    assert 'class="game-starts"' in page
    assert 'href="/account"' in page and 'data-testid="no-starts"' not in page


def test_ac4_a_member_is_told_who_starts_games(member_client: TestClient) -> None:
    page = member_client.get("/?lang=en").text
    assert 'class="game-starts"' not in page
    assert "A scribe, the treasurer or the admin starts the games" in page
    assert 'href="/account"' in page


def test_ac4_a_viewer_is_sent_to_sign_in_without_a_second_sign_in_link(anonymous_client: TestClient) -> None:
    page = anonymous_client.get("/?lang=de").text  # followed to the sign-in page
    assert 'action="/signin"' in page and "Anmelden" in page
    assert 'class="who"' not in page
