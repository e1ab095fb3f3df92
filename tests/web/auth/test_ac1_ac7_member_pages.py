"""AC-1, AC-2, AC-6, AC-7 through the pages (docs/access.md): the admin adds members (a duplicate
name is refused, nothing written), gives a sign-in role (the invite link and its QR code are shown
once), the member sets her own password through the link (single use) and is signed in; roles change
(the last admin stays); guests are promoted; own API tokens are made (shown once) and revoked."""

from __future__ import annotations

import html
import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.web.auth import club_service
from tests.support.club import sign_in


def test_ac1_the_admin_adds_a_member_and_a_duplicate_is_refused(toy_app: FastAPI) -> None:
    with sign_in(TestClient(toy_app, headers={"accept-language": "en"}), Role.ADMIN) as admin:
        added = admin.post("/members", data={"name": "Ben Berger", "short_name": "Benni", "kind": "external"})
        assert added.status_code == 200 and "Ben Berger" in added.text and "External" in added.text
        before = len(club_service(toy_app).members())
        duplicate = admin.post("/members", data={"name": "ben berger", "kind": "member"})
        assert duplicate.status_code == 422
        assert "already has a member called" in duplicate.text and 'data-clause="AC-1"' in duplicate.text
        assert len(club_service(toy_app).members()) == before
        german = admin.post("/members", data={"name": "BEN BERGER"}, headers={"accept-language": "de"})
        assert german.status_code == 422 and "gibt es im Verein schon" in german.text
        long = admin.post("/members", data={"name": "x" * 41})
        assert long.status_code == 422 and "at most 40" in long.text
        bad_kind = admin.post("/members", data={"name": "Carl", "kind": "vip"})
        assert bad_kind.status_code == 422 and "allowed are 'member' and 'external'" in html.unescape(bad_kind.text)
        assert len(club_service(toy_app).members()) == before


def test_ac7_an_invite_lets_the_member_set_her_password_once(toy_app: FastAPI) -> None:
    with sign_in(TestClient(toy_app, headers={"accept-language": "en"}), Role.ADMIN) as admin:
        page = admin.post("/members", data={"name": "Nora", "kind": "member", "role": "scribe"})
        assert page.status_code == 201 and "Invite link for Nora" in page.text and "<svg" in page.text
        assert page.headers["cache-control"] == "no-store"
        link = re.search(r'href="(http://testserver/invite/[^"]+)"[^>]*data-testid="invite-url"', page.text)
        assert link, page.text[-1500:]
        path = link.group(1).removeprefix("http://testserver")
    with TestClient(toy_app, headers={"accept-language": "en"}) as nora:
        form = nora.get(path)
        assert form.status_code == 200 and "Welcome, Nora!" in form.text
        differ = nora.post(path, data={"password": "nora-geheim", "repeat": "nora-anders"})
        assert differ.status_code == 422 and "The two passwords differ" in differ.text
        done = nora.post(path, data={"password": "nora-geheim", "repeat": "nora-geheim"}, follow_redirects=False)
        assert done.status_code == 303 and nora.get("/").status_code == 200  # signed in
        assert nora.post("/evenings", data={}).status_code != 403  # a scribe may start an evening
        used = nora.get(path)
        assert used.status_code == 404 and "used already or has expired" in used.text
    with TestClient(toy_app) as again:
        assert (
            again.post("/signin", data={"name": "nora", "password": "nora-geheim"}, follow_redirects=False).status_code
            == 303
        )


def test_ac2_roles_change_and_the_last_admin_stays(toy_app: FastAPI) -> None:
    ids = toy_app.state.test_club_ids
    with sign_in(TestClient(toy_app, headers={"accept-language": "en"}), Role.ADMIN) as admin:
        mia = ids[Role.MEMBER]
        assert admin.post(f"/members/{mia}/role", data={"role": "treasurer"}, follow_redirects=False).status_code == 303
        assert club_service(toy_app).account(mia).role is Role.TREASURER  # type: ignore[union-attr]
        unknown = admin.post(f"/members/{mia}/role", data={"role": "king"})
        assert unknown.status_code == 422 and "Unknown role" in unknown.text
        last = admin.post(f"/members/{ids[Role.ADMIN]}/role", data={"role": "member"})
        assert last.status_code == 422 and "at least one active admin" in last.text
        assert admin.post(f"/members/{ids[Role.ADMIN]}/disable").status_code == 422
        assert admin.post(f"/members/{mia}/disable", follow_redirects=False).status_code == 303
        assert not club_service(toy_app).account(mia).active  # type: ignore[union-attr]
        assert admin.post(f"/members/{mia}/enable", follow_redirects=False).status_code == 303


def test_ac1_a_guest_from_a_match_is_promoted(toy_app: FastAPI) -> None:
    guest = club_service(toy_app).resolve(["Gustav Gast"])[0]
    assert guest.guest
    with sign_in(TestClient(toy_app, headers={"accept-language": "en"}), Role.ADMIN) as admin:
        assert "Guest" in admin.get("/members").text
        assert "Keep Gustav Gast as a member" in admin.get(f"/members/{guest.member_id}").text
        assert admin.post(f"/members/{guest.member_id}/promote", follow_redirects=False).status_code == 303
        assert not club_service(toy_app).member(guest.member_id).guest
        edited = admin.post(
            f"/members/{guest.member_id}",
            data={"name": "Gustav G.", "short_name": "Gus", "kind": "member"},
            follow_redirects=False,
        )
        assert edited.status_code == 303
        member = club_service(toy_app).member(guest.member_id)
        assert (member.name, member.short_name, member.active) == ("Gustav G.", "Gus", False)  # box unticked


def test_ac6_own_tokens_are_shown_once_and_revoked(toy_app: FastAPI) -> None:
    with sign_in(TestClient(toy_app, headers={"accept-language": "en"}), Role.SCRIBE) as scribe:
        empty = scribe.post("/account/tokens", data={"label": "  "})
        assert empty.status_code == 422 and "Give the token a name" in empty.text
        made = scribe.post("/account/tokens", data={"label": "Würfelbot"})
        assert made.status_code == 201 and "shown only this once" in made.text
        secret = re.search(r'<code class="secret">(st_[^<]+)</code>', made.text)
        assert secret
        assert secret.group(1) not in scribe.get("/account/tokens").text  # never shown again
        with TestClient(toy_app) as bot:
            auth = {"Authorization": f"Bearer {secret.group(1)}"}
            assert bot.get("/api/matches", headers=auth).status_code == 200
            token_id = club_service(toy_app).tokens(toy_app.state.test_club_ids[Role.SCRIBE])[0].token_id
            assert scribe.post(f"/account/tokens/{token_id}/revoke", follow_redirects=False).status_code == 303
            assert bot.get("/api/matches", headers=auth).status_code == 401
        other = scribe.post("/account/tokens/99999/revoke")
        assert other.status_code == 404 and "no such token" in other.text


def test_ac2_changing_one_s_password(toy_app: FastAPI) -> None:
    from tests.support.club import PASSWORD

    with sign_in(TestClient(toy_app, headers={"accept-language": "en"}), Role.MEMBER) as mia:
        wrong = mia.post(
            "/account/password", data={"old": "nope-nope", "password": "neu-neu-neu", "repeat": "neu-neu-neu"}
        )
        assert wrong.status_code == 422 and "current password is wrong" in wrong.text
        done = mia.post("/account/password", data={"old": PASSWORD, "password": "neu-neu-neu", "repeat": "neu-neu-neu"})
        assert done.status_code == 200 and "Your new password is saved" in done.text
        assert mia.get("/").status_code == 200  # this session stays


def test_ac1_a_match_made_from_names_links_its_seats_to_members(toy_app: FastAPI) -> None:
    """Known names (any case) are the members; unknown ones become guests; seat links too."""
    with sign_in(TestClient(toy_app), Role.SCRIBE) as scribe:
        body = {"game": "toy-open", "players": ["sven schreiber", "Walter Neu"], "options": {"rounds": 1}}
        made = scribe.post("/api/matches", json=body)
        assert made.status_code == 201
        club = club_service(toy_app)
        seats = club.seats(made.json()["match_id"])
        walter = club.find("Walter Neu")
        assert seats == {0: toy_app.state.test_club_ids[Role.SCRIBE], 1: walter.member_id} and walter.guest
        table = scribe.post("/api/tables", json={"game": "preisromme", "players": ["Mia Mitglied", "", "", ""]})
        assert table.status_code == 201
        assert club.seats(table.json()["match_id"]) == {0: toy_app.state.test_club_ids[Role.MEMBER]}


def test_the_header_names_who_is_signed_in_on_another_members_page(toy_app: FastAPI) -> None:
    """The member page shows the edited member's sign-in below; the header still names the admin."""
    with sign_in(TestClient(toy_app, headers={"accept-language": "en"}), Role.ADMIN) as admin:
        me = admin.get("/account").text
        others = [a for a in club_service(toy_app).accounts() if a.role is not Role.ADMIN]
        other = others[0]
        page = admin.get(f"/members/{other.member_id}").text
        header = page.split('<nav class="who"', 1)[1].split("</nav>", 1)[0]
        assert other.name not in header
        assert other.name in page and me
