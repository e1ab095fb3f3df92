"""Digital Preisrommé through seat links (TS-1, TS-2): each seat sees only its own hand, a spectator
only the public table, a reconnecting player gets her seat back (also after a restart), and no
request can see or act for another seat."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from stammtisch.games.preisromme.cards import CODES
from stammtisch.web.app import create_app
from tests.support.club import signed_in
from tests.web.preisromme_support import HTMX, act, enter, headers, make_app, notations, open_table, seat_state, token


def _hand(state: object, seat: int) -> list[str]:
    return [CODES[card] for card in state.hands[seat]]  # type: ignore[attr-defined]


def test_the_form_opens_a_table_and_shows_each_link_once() -> None:
    with signed_in(TestClient(make_app())) as client:
        page = client.get("/preisromme/new")
        assert page.status_code == 200 and 'name="knock_window_seconds"' in page.text
        data = {"title": "Turnier", "seats": "4", "player": ["Anna", "Ben", "", ""], "bot": "heuristic"}
        created = client.post("/preisromme", data=data)
        assert created.status_code == 200, created.text
        links = re.findall(r'href="http://testserver(/p/[A-Za-z0-9_-]+)"', created.text)  # absolute: for phones
        assert len(links) == 2
        assert "Bot – Vorsichtig (Faustregeln)" in created.text or "Bot – Careful (rules of thumb)" in created.text
        assert 'data-testid="spectator"' in created.text
        opened = client.get(links[0])  # exchanged for the seat cookie, then the page without the token
        assert opened.status_code == 200 and opened.url.path.startswith("/seat/")


def test_each_link_shows_its_own_hand_and_nothing_of_the_others() -> None:
    app = make_app()
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "Ben", "Carl", ""])
        raw = app.state.service.state(links["match_id"])
        for seat in range(3):
            snapshot = seat_state(client, token(links, seat))
            assert snapshot["seat"] == seat
            assert snapshot["view"]["hand"] == _hand(raw, seat)
            assert all(entry["seat"] == seat for entry in snapshot["legal"])
            page = client.get(enter(client, token(links, seat))).text
            shown = re.search(r'data-testid="hand"[^>]*>(.*?)</div>', page, re.S)
            assert shown is not None
            assert re.findall(r'data-card="([^"]+)"', shown.group(1)) == _hand(raw, seat)


def test_the_spectator_sees_the_public_table_only() -> None:
    app = make_app()
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "", "", ""])
        page = client.get(links["spectator"])
        assert page.status_code == 200
        assert 'data-testid="hand"' not in page.text and 'data-testid="actions"' not in page.text
        board = client.get(f"{links['spectator']}/board")
        assert board.status_code == 200 and board.text.startswith('<div id="board"')
        public = client.get(f"/api/matches/{links['match_id']}").json()
        assert "hand" not in public["view"] and public["legal"] == []


def test_the_generic_pages_refuse_a_seat_of_a_linked_match() -> None:
    """TS-2: ?seat=, the generic act form and the generic API are closed for linked matches."""
    with signed_in(TestClient(make_app())) as client:
        links = open_table(client, ["Anna", "Ben", "", ""])
        match_id = links["match_id"]
        assert client.get(f"/m/{match_id}?seat=1").status_code == 403
        assert client.get(f"/m/{match_id}/board?seat=0").status_code == 403
        refused = client.get(f"/api/matches/{match_id}?seat=1", headers={"accept-language": "en"})
        assert refused.status_code == 403
        assert refused.json()["error"]["clause"] == "TS-2"
        post = client.post(f"/m/{match_id}/act", data={"seq": "1", "notation": "pass", "seat": "1"})
        assert post.status_code == 403
        api = client.post(f"/api/matches/{match_id}/actions", json={"seq": 1, "seat": 1, "action": "pass"})
        assert api.status_code == 403
        # Any page under the match that names a seat, even one that fails, is refused before it runs.
        assert client.get(f"/m/{match_id}/proempeln/advice?seat=1").status_code == 403
        assert client.post(f"/m/{match_id}/proempeln/replay", data={"seq": "1"}).status_code == 403
        assert client.get(f"/w/{match_id}/board?seat=1").text.count('data-testid="hand"') == 0
        assert client.get(f"/m/{match_id}").status_code == 200  # the public table stays open
        assert client.get(f"/api/matches/{match_id}").status_code == 200


def test_a_token_acts_only_for_its_own_seat() -> None:
    """The seat comes from the token alone; a seat field in the body is refused, not obeyed."""
    with signed_in(TestClient(make_app())) as client:
        links = open_table(client, ["Anna", "Ben", "Carl", "Dora"])
        anna = token(links, 0)
        state = seat_state(client, anna)
        refused = client.post(
            "/api/seat/actions", json={"seq": state["seq"], "action": "pass", "seat": 1}, headers=headers(anna)
        )
        assert refused.status_code == 422
        # Seat 1 (next after the dealer) is asked first; Anna acting now is refused with the clause.
        waiting = state["turn"]["seats"]
        if 0 not in waiting:
            answer = client.post(
                "/api/seat/actions", json={"seq": state["seq"], "action": "pass"}, headers=headers(anna)
            )
            assert answer.status_code == 422
            assert answer.json()["error"]["code"] == "turn/not_your_turn"


def test_reconnecting_gets_the_seat_back_even_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'prm.sqlite3'}"
    with signed_in(TestClient(create_app(database_url=url))) as client:
        links = open_table(client, ["Anna", "Ben", "", ""])
        before = seat_state(client, token(links, 1))
    with signed_in(TestClient(create_app(database_url=url))) as again:  # a new process: links come from the database
        after = seat_state(again, token(links, 1))
        assert after["seat"] == 1 and after["view"]["hand"] == before["view"]["hand"]
        assert again.get(f"/api/matches/{links['match_id']}?seat=1").status_code == 403


def test_unknown_tokens_and_malformed_requests_are_4xx() -> None:
    with signed_in(TestClient(make_app())) as client:
        links = open_table(client, ["Anna", "Ben", "", ""])
        anna = token(links, 0)
        assert client.get("/p/not-a-real-token-at-all").status_code == 404
        assert client.get("/api/seat", headers=headers("x" * 500)).status_code == 404
        assert client.get("/api/seat").status_code == 403
        table = f"/seat/{links['match_id']}"
        assert client.post(f"{table}/act", data={"seq": "1", "notation": "pass"}).status_code == 403  # no cookie
        client.cookies.set("stammtisch_seat", "not-a-real-token-at-all", path=table)
        assert client.post(f"{table}/act", data={"seq": "1", "notation": "pass"}).status_code == 404
        assert enter(client, anna) == table
        assert client.post(f"{table}/act", data={"notation": "pass"}).status_code == 422
        assert client.post(f"{table}/act", data={"seq": "abc", "notation": "pass"}).status_code == 422
        assert client.post(f"{table}/act", data={"seq": "1", "notation": ""}).status_code == 422
        json_headers = {"content-type": "application/json", **headers(anna)}
        assert client.post("/api/seat/actions", content=b"{nope", headers=json_headers).status_code == 400
        seat_api = {"headers": headers(anna)}
        assert client.post("/api/seat/actions", json={"seq": -1, "action": "pass"}, **seat_api).status_code == 422
        assert client.post("/api/seat/actions", json={"seq": 1, "action": 7}, **seat_api).status_code == 422
        unreadable = client.post(
            "/api/seat/actions", json={"seq": seat_state(client, anna)["seq"], "action": "fly"}, **seat_api
        )
        assert unreadable.status_code == 400
        assert client.post("/api/preisromme", json={"players": ["", ""]}).status_code == 422
        assert (
            client.post("/api/preisromme", json={"players": ["A", "B"], "knock_window_seconds": 1}).status_code == 422
        )
        assert client.post("/api/preisromme", json={"players": ["A", "B"], "bot": "oracle"}).status_code == 422
        form = client.post("/preisromme", data={"seats": "9", "player": ["A"]})
        assert form.status_code == 422 and 'role="alert"' in form.text


def test_refusals_name_the_clause_in_the_users_language() -> None:
    """RA-06: a knock outside the window; the message comes in German or English with its clause."""
    with signed_in(TestClient(make_app())) as client:
        links = open_table(client, ["Anna", "Ben", "Carl", "Dora"])
        # Let everyone pass until somebody is in her own turn (phase play).
        for _ in range(10):
            states = [seat_state(client, token(links, seat)) for seat in range(4)]
            if states[0]["view"]["phase"] == "play":
                break
            for seat, state in enumerate(states):
                if "pass" in notations(state):
                    act(client, token(links, seat), "pass", state["seq"])
                    break
        player = next(seat for seat in range(4) if any(n.startswith("discard") for n in notations(states[seat])))
        mine = token(links, player)
        seq = seat_state(client, mine)["seq"]
        german = client.post(f"{enter(client, mine)}/act?lang=de", data={"seq": seq, "notation": "knock"}, headers=HTMX)
        assert german.status_code == 422
        # The clause sits behind the small "rule" link, not in the sentence (issue 14).
        assert "Geklopft wird nur" in german.text and 'data-clause="RA-06"' in german.text
        assert "(RA-06)" not in german.text
        other = token(links, (player + 1) % 4)
        english = client.post(
            f"{enter(client, other)}/act?lang=en", data={"seq": seq, "notation": "discard 7H"}, headers=HTMX
        )
        assert english.status_code == 422 and "is not on turn" in english.text


MALFORMED = [
    [],
    "pass",
    {"seq": "1"},
    {"seq": 1.5, "action": "pass"},
    {"seq": 10**30, "action": "pass"},
    {"action": "pass"},
    {"seq": 0, "action": None},
    {"seq": 0, "action": ""},
    {"seq": 0, "action": "meld"},
    {"seq": 0, "action": "layoff 99999999999999999999 7H"},
    {"seq": 0, "action": {"type": "Nope"}},
    {"seq": 0, "action": {"type": "Meld", "kind": "run", "cards": "7H"}},
    {"seq": 0, "action": {"type": "Meld", "kind": 3, "cards": [1, 2, 3]}},
    {"seq": 0, "action": {"type": "Discard", "card": None}},
    {"seq": 0, "action": {"type": "Discard"}},
    {"seq": 0, "action": {"type": "Layoff", "figure": "x", "card": "7H"}},
    {"seq": 0, "action": {"type": "Swap", "figure": -1, "card": "JK"}},
    {"seq": 0, "action": {"type": "Points", "seat": 0, "points": 5}},
    {"seq": 0, "action": {"kind": "action"}},
]


def test_malformed_submissions_are_refused_with_4xx_never_500() -> None:
    with signed_in(TestClient(make_app())) as client:
        links = open_table(client, ["Anna", "Ben", "", ""])
        for seat in (0, 1):
            mine = token(links, seat)
            seq = seat_state(client, mine)["seq"]
            for body in MALFORMED:
                if isinstance(body, dict) and body.get("seq") == 0:
                    body = {**body, "seq": seq}
                answer = client.post("/api/seat/actions", json=body, headers=headers(mine))
                assert 400 <= answer.status_code < 500, (body, answer.status_code, answer.text)
                assert "error" in answer.json()
                if isinstance(body, dict):  # the same as a JSON text in the form's notation field
                    action = body.get("action")
                    text = json.dumps(action) if isinstance(action, dict) else json.dumps(body)
                    page = client.post(f"{enter(client, mine)}/act", data={"seq": str(seq), "notation": text[:200]})
                    assert 400 <= page.status_code < 500, (body, page.status_code)
        assert seat_state(client, token(links, 0))["view"]["phase"] == "knock_window"


def test_a_false_laying_is_shown_with_its_clause_and_locks_the_turn() -> None:
    """R-9.2/RA-19: the page names the broken clause in the reader's language; only the discard remains."""
    from tests.matches.test_preisromme_table import _until_everyone_discarded

    app = make_app(4)
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "Ben", "Carl", "Dora"])
        tokens = {seat: token(links, seat) for seat in range(4)}
        view = _until_everyone_discarded(app.state.table, links["match_id"], tokens)
        mine = tokens[view["current"]]
        state = seat_state(client, mine)
        hand = [code for code in state["view"]["hand"] if code != "JK"]
        first = hand[0]
        other = next(code for code in hand if code[-1] != first[-1] and code[:-1] != first[:-1])
        third = next(code for code in hand if code not in (first, other) and code[:-1] not in (first[:-1], other[:-1]))
        page = client.post(
            f"{enter(client, mine)}/act?lang=en",
            data={"seq": state["seq"], "notation": f"meld run {first} {other} {third}"},
            headers=HTMX,
        )
        assert page.status_code == 422
        assert "Wrong sequence: a run is of one suit." in page.text and 'data-clause="RA-10"' in page.text
        assert "Laying is locked for this turn." in page.text and "clause=R-9.2" in page.text
        assert {n.split()[0] for n in notations(seat_state(client, mine))} == {"discard"}


def test_loading_a_seat_page_resumes_bots_that_are_due() -> None:
    """After a restart (or a write that bypassed the table) the bots act when a seat page loads."""
    app = make_app()
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["", "Ben", "", ""])
        ben = token(links, 1)
        state = seat_state(client, ben)
        service = app.state.service
        service.act(links["match_id"], 1, "pass", state["seq"])  # these two writes bypass the table's bots
        mine = service.snapshot(links["match_id"], 1)
        discard = next(entry["notation"] for entry in mine.legal if entry["notation"].startswith("discard"))
        service.act(links["match_id"], 1, discard, mine.seq)
        waiting = service.snapshot(links["match_id"]).turn["seats"]
        assert waiting and 1 not in waiting
        assert client.get(f"/p/{ben}").status_code == 200  # the link, then the seat page
        assert seat_state(client, ben)["turn"]["seats"] == [1]


def test_the_form_names_every_bot_in_words_and_opens_a_table_with_the_durchgang_bot() -> None:
    """Issue 15.5: the bots an empty seat can get are offered by their names, never a code name; the
    Durchgang bot (PB-11) among them takes the empty seats."""
    with signed_in(TestClient(make_app())) as client:
        page = client.get("/preisromme/new?lang=en").text
        offered = re.findall(r'<option value="([a-z]+)"[^>]*>([^<]*)</option>', page)
        assert {code for code, _ in offered} >= {"heuristic", "search", "durchgang", "random"}
        assert all(words and words != code for code, words in offered)
        assert ("durchgang", "Tournament (plays for the total)") in offered
        data = {"title": "Turnier", "seats": "4", "player": ["Anna", "", "", ""], "bot": "durchgang"}
        created = client.post("/preisromme?lang=en", data=data)
        assert created.status_code == 200, created.text
        assert created.text.count("Bot – Tournament (plays for the total)") == 3
