"""The club-night suite (issue 24, point 7): a fresh server with the default settings, the club created on
the first page, and every game played whole on four phones at 390x844: the scribe signed in, players
without accounts on the links the scribe hands out (seat links, the follow link), and a table screen.
Every phone shows every step live within 2 s, without a reload and without the connection banner; every
link handed out opens without a sign-in. Plus the offline queue (taps made offline go out in order) and
ten tabs of the app in one browser (one live connection; a tap still shows everywhere within a second).

Games are played with the smallest table that still plays them whole: Klümpchen as an evening on the
score sheet (two rounds, a late arrival), Prömpeln until a king (a perfect run ends the game), Bier-Pong
with six cups, Preisrommé with one game of five cards and Das Regeln Wir Schon! with three seats (a bot in
the third). Digital seats choose with the game's bot; table games are entered on the scribe's phone.

The way people play: Klümpchen, Prömpeln, Bier-Pong and Regeln are made through the game's own form on
the scribe's phone (newcomers answered "guest tonight"); Preisrommé is still opened through the scribe's
session on the JSON API (its form has no "cards per player", and a game of five cards keeps the suite
short). Steps are entered by tapping the button on the acting phone's board that sends them
(``Table.tap``): every step of Prömpeln and Regeln is a tap; Klümpchen's score-sheet counts, Bier-Pong's
throws without a button of their own and Preisrommé's melds (typed notation on its page) go in as that
page's form post, counted per game and printed."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from stammtisch.bots.registry import bots_for
from tests.e2e.club_night.conftest import LIMIT, Night
from tests.e2e.club_night.phones import Phone, Table, close_all, new_phone, shared_link
from tests.e2e.names import submit_names

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _phones(night: Night, names: list[str], locales: tuple[str, ...] = ("de-DE", "en-US", "de-DE")) -> list[Phone]:
    return [new_phone(night.browser, name, locales[index % len(locales)]) for index, name in enumerate(names)]


def _open_without_sign_in(phone: Phone, url: str) -> None:
    phone.open(url)
    assert "/signin" not in phone.page.url, f"{phone.name}: {url} asked for a sign-in"
    assert phone.page.locator("input[name='password']").count() == 0


def _follow(night: Night, match_id: str, names: list[str]) -> list[Phone]:
    """Table play: the scribe shows the follow link; players and the table screen open it (no account)."""
    link = shared_link(night.scribe, f"{night.url}/links/{match_id}/share")
    assert "/f/" in link, link
    phones = _phones(night, names)
    for phone in phones:
        _open_without_sign_in(phone, link)
    night.scribe.open(f"{night.url}/m/{match_id}")
    return phones


def _play_at_the_table(
    night: Night,
    table: Table,
    decide: Callable[[list[str]], str],
    land: Callable[[list[Any]], Any],
    steps: int = LIMIT,
) -> None:
    """Enter the game on the scribe's phone by tapping its pad: a decision for the seat whose turn it is,
    or the outcome read off the table, until it ends (``Table.tap``: a step without a button on the
    board goes in as the page's form post and is counted)."""
    service, match_id = night.service, table.match_id
    engine = service.games[service.record(match_id).game]
    for _ in range(steps):
        public = service.snapshot(match_id)
        if public.finished:
            return
        turn = engine.turn(service.state(match_id))
        if type(turn).__name__ == "Chance":
            outcome = engine.format_outcome(land(list(turn.node.outcomes())))
            values = {"seq": public.seq, "outcome": outcome}
            table.tap(night.scribe, "outcome", outcome, f"/m/{match_id}/outcome", values)
        else:
            seat = public.turn["seats"][0]
            legal = [entry["notation"] for entry in service.snapshot(match_id, seat).legal]
            notation = decide(legal)
            values = {"seq": public.seq, "seat": seat, "notation": notation}
            table.tap(night.scribe, "notation", notation, f"/m/{match_id}/act", values)
    if steps == LIMIT:
        raise AssertionError(f"{service.record(match_id).game} did not end within {LIMIT} steps")


def test_kluempchen_an_evening_of_two_rounds_with_a_late_arrival(night: Night) -> None:
    """The evening is made through Klümpchen's own form (teams entered, Emil ticked "later", the score
    sheet), then entered by tapping the scribe's sheet."""
    players = ["Anna", "Ben", "Carla", "Dieter", "Emil"]

    def fill(page: Any) -> None:
        page.locator("input[name='title']").fill("Freitag")
        rows = page.locator("ol.players > li")
        for index, name in enumerate(players):
            row = rows.nth(index)
            row.locator("input[name='player']").fill(name)
            if index < 4:
                row.locator("input[name='team']").fill(str(index // 2 + 1))
            else:
                row.locator("input[name='later']").check()
        page.locator("input[name='team_draw'][value='manual']").check()
        page.locator("input[name='mode'][value='scoresheet']").check()

    match_id = _through_the_form(night, "/evenings/new", fill)
    assert list(night.service.snapshot(match_id).players) == players
    phones = _follow(night, match_id, ["Anna", "Ben", "table screen"])
    table = Table(night.service, match_id, [night.scribe, *phones])
    table.start()
    arrived = redrawn = False

    def decide(legal: list[str]) -> str:
        nonlocal arrived, redrawn
        if "arrive 4" in legal and not arrived:  # Emil comes after the first round
            arrived = True
            return "arrive 4"
        if "redraw" in legal and not redrawn:  # new teams with him
            redrawn = True
            return "redraw"
        if "score 80" in legal:
            return "score 80"
        if "close" in legal and redrawn:  # the second round is over: the evening ends
            return "close"
        return legal[0]

    _play_at_the_table(night, table, decide, lambda outcomes: outcomes[0])
    assert arrived and night.service.snapshot(match_id).finished
    assert "Emil" in phones[0].page.locator("#board").inner_text()
    table.check()
    close_all(phones)


def _king(legal: list[str]) -> str:
    for wanted in ("record king", "record"):
        if wanted in legal:
            return wanted
    return legal[0]


def _best_landing(outcomes: list[Any]) -> Any:
    return max((o for o in outcomes if not o.invalid), key=lambda o: o.points)


def _proempeln_through_its_form(night: Night, players: list[str]) -> str:
    """The scribe opens Prömpeln on her phone through the game's own form (a newcomer: "guest tonight")."""
    page = night.scribe.page
    page.goto(f"{night.url}/proempeln/new")
    fields = page.locator("input[name='player']")
    for index, name in enumerate(players):
        fields.nth(index).fill(name)
    page.locator("input[name='mode'][value='table']").check()
    submit_names(page, page.locator("form.form button[type='submit']").last)
    assert "/m/" in page.url, f"the form stayed: {page.locator('main').inner_text()[:300]}"
    return page.url.split("/m/", 1)[1].split("?")[0].strip("/")


def _through_the_form(night: Night, path: str, fill: Callable[[Any], None]) -> str:
    """The scribe opens a game on her phone through the game's own form at ``path`` (``fill`` fills it;
    newcomers are answered "guest tonight"); returns the new match's id from the page it leads to."""
    page = night.scribe.page
    page.goto(f"{night.url}{path}")
    fill(page)
    submit_names(page, page.locator("form.form button[type='submit']").last)
    # The page it leads to names the match (a table's first page shows its seat links right away).
    found = re.search(r"/(?:m|w|links|seat)/([0-9a-f]{32})", page.url) or re.search(
        r"/(?:m|w|links)/([0-9a-f]{32})", page.content()
    )
    assert found, f"the form stayed at {page.url}: {page.locator('main').inner_text()[:300]}"
    return found.group(1)


def test_proempeln_until_a_king_with_taps_made_offline(night: Night) -> None:
    """Prömpeln made through its form and played whole by tapping the scribe's pad (stoppers, claims)."""
    match_id = _proempeln_through_its_form(night, ["Anna", "Ben"])
    phones = _follow(night, match_id, ["Anna", "Ben", "table screen"])
    table = Table(night.service, match_id, [night.scribe, *phones])
    table.start()
    scribe = night.scribe
    first = night.service.snapshot(match_id, 0).legal[0]["notation"]
    table.tap(scribe, "notation", first, f"/m/{match_id}/act", {"seq": table.seq(), "seat": 0, "notation": first})

    # The scribe's phone loses the connection; three taps (three bottles) wait on the pad, in order.
    scribe.page.wait_for_selector("[data-testid='cap-pad']")
    before = table.seq()
    scribe.context.set_offline(True)
    for _ in range(3):
        scribe.page.locator("[data-cap='3']").click()
    scribe.page.wait_for_selector("[data-testid='pending-tap'] >> nth=2")
    assert night.service.snapshot(match_id).seq == before  # nothing sent, nothing replaced
    scribe.context.set_offline(False)
    scribe.page.wait_for_function(
        "seq => Number(document.getElementById('board').getAttribute('data-seq')) >= seq",
        arg=before + 3,
        timeout=15_000,
    )
    table.shown(before + 3)  # the other phones show the three stoppers within 2 s of the scribe's
    assert night.service.snapshot(match_id).seq == before + 3
    assert scribe.page.locator("#pending-taps").count() == 0
    scribe.page.wait_for_selector("#connection.done")
    scribe.page.wait_for_selector("#connection", state="hidden", timeout=10_000)
    scribe.page.evaluate("() => { window.__banners = []; }")  # the banner was right while offline

    _play_at_the_table(night, table, _king, _best_landing)
    assert night.service.snapshot(match_id).finished
    assert table.posted == 0, f"{table.posted} steps had no button to tap"
    table.check()
    close_all(phones)


def test_bierpong_six_cups(night: Night) -> None:
    """Bier-Pong made through its form (two teams of two, six cups) and entered on the scribe's pad."""

    def fill(page: Any) -> None:
        for key, names in (("team_a", ["Anna", "Ben"]), ("team_b", ["Cem", "Dora"])):
            for index, name in enumerate(names):
                page.locator(f"input[name='{key}']").nth(index).fill(name)
        page.locator("input[name='mode'][value='table']").check()
        page.locator("details.house-rules summary").click()  # six cups is a house rule
        page.locator("select[name='rack']").select_option("6")

    match_id = _through_the_form(night, "/bierpong/new", fill)
    phones = _follow(night, match_id, ["Anna", "Cem", "table screen"])
    table = Table(night.service, match_id, [night.scribe, *phones])
    table.start()
    chance = random.Random(7)
    _play_at_the_table(night, table, lambda legal: chance.choice(legal), lambda outcomes: chance.choice(outcomes))
    assert night.service.snapshot(match_id).finished
    table.check()
    close_all(phones)


def _digital(
    night: Night,
    game: str,
    players: list[str],
    options: dict[str, Any],
    chooser: str,
    seed: int,
    form: Callable[[Any], None] | None = None,
) -> None:
    """A digital table: the scribe opens it, hands out the seat links (QR and link) and the table-screen
    link; the players open theirs without an account and play on their own phones, tapping the buttons
    of their seat page (a move the page takes as typed notation goes in as that page's form post); bots
    take the empty seats. Every phone shows every step within 2 s."""
    if form is not None:  # through the game's own form on the scribe's phone
        match_id = _through_the_form(night, f"/{game}/new", form)
    else:
        body = {"game": game, "players": players, "bot": "heuristic", "options": options}
        match_id = night.create("/api/tables", body)["match_id"]
    scribe = night.scribe
    scribe.page.goto(f"{night.url}/links/{match_id}")
    humans = [seat for seat, name in enumerate(players) if name]
    seat_urls = {}
    for seat in humans:
        share = scribe.page.locator(f"[data-testid='link-{seat}']")
        assert share.locator("svg").count() >= 1  # a QR code beside each seat link
        seat_urls[seat] = str(share.locator("[data-share-url]").get_attribute("href"))
    screen_url = shared_link(scribe, f"{night.url}/links/{match_id}/share")
    seats = {seat: new_phone(night.browser, players[seat], ("de-DE", "en-US")[seat % 2]) for seat in humans}
    for seat, phone in seats.items():
        _open_without_sign_in(phone, seat_urls[seat])
        assert f"/seat/{match_id}" in phone.page.url
    screen = new_phone(night.browser, "table screen")
    _open_without_sign_in(screen, screen_url)
    scribe.open(f"{night.url}/w/{match_id}")
    table = Table(night.service, match_id, [scribe, *seats.values(), screen])
    table.start()

    service = night.service
    engine = service.games[game]
    bot = bots_for(engine)[chooser]()
    rng = random.Random(seed)
    for _ in range(LIMIT):
        public = service.snapshot(match_id)
        if public.finished:
            break
        waiting = [seat for seat in public.turn.get("seats", ()) if seat in seats]
        acted = False
        for seat in waiting:
            mine = service.snapshot(match_id, seat)
            if not mine.legal:
                continue
            actions = [engine.action_from_json(entry["action"]) for entry in mine.legal]
            chosen = bot.choose(mine.view, tuple(actions), rng)
            notation = mine.legal[actions.index(chosen)]["notation"]
            values = {"seq": mine.seq, "notation": notation}
            acted = table.tap(seats[seat], "notation", notation, f"/seat/{match_id}/act", values)
            break
        if not acted:
            time.sleep(0.05)  # a bot or a deadline moves next
    else:
        raise AssertionError(f"{game} did not end within {LIMIT} steps")
    assert service.snapshot(match_id).finished
    table.check()
    close_all([*seats.values(), screen])


def test_preisromme_digital_one_game_of_five_cards(night: Night) -> None:
    options = {"games_per_pass": 1, "cards_per_player": 5}
    _digital(night, "preisromme", ["Anna", "Ben", ""], options, chooser="strong", seed=1)


def test_regeln_digital_three_seats(night: Night) -> None:
    """Das Regeln Wir Schon! opened through its form (three seats, the third a bot), played by tapping."""

    def fill(page: Any) -> None:
        page.locator("input[name='mode'][value='digital']").check()
        page.locator("input[name='seats']").fill("3")
        fields = page.locator("input[name='player']")
        for index in range(fields.count()):
            fields.nth(index).fill(["Anna", "Ben"][index] if index < 2 else "")
        page.locator("select[name='bot']").select_option("heuristic")

    _digital(night, "regeln", ["Anna", "Ben", ""], {}, chooser="heuristic", seed=1, form=fill)


def test_ten_tabs_of_the_app_in_one_browser(night: Night) -> None:
    """The scribe has the app open in ten tabs (she scanned a few QR codes): still one live connection per
    match, a tap shows on every phone and every tab within a second, and a new tab loads at once."""
    made = night.create("/api/matches", {"game": "proempeln", "players": ["Anna", "Ben"], "mode": "table"})
    match_id = made["match_id"]
    phones = _follow(night, match_id, ["Anna", "table screen"])
    tabs = [night.scribe]
    for index in range(9):
        page = night.scribe.context.new_page()
        tab = Phone(f"tab {index + 2}", night.scribe.context, page)
        tab.open(f"{night.url}/m/{match_id}")
        tabs.append(tab)
    deadline = time.monotonic() + 10
    while night.member_streams() > 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert night.member_streams() == 1  # ten tabs, one stream (the browser's SharedWorker holds it)

    table = Table(night.service, match_id, [*tabs, *phones])
    table.start()
    table.live_seconds = 1.0
    _play_at_the_table(night, table, _king, _best_landing)
    assert night.service.snapshot(match_id).finished
    table.check()

    started = time.monotonic()
    eleventh = Phone("tab 11", night.scribe.context, night.scribe.context.new_page())
    eleventh.open(f"{night.url}/m/{match_id}")
    assert time.monotonic() - started < 2.0, "a new tab waited for a connection"
    eleventh.page.close()
    for tab in tabs[1:]:
        tab.page.close()
    close_all(phones)


def test_ten_tabs_without_a_shared_worker(night: Night, tmp_path: Path) -> None:
    """A browser without SharedWorker (some phones): the tabs elect one that holds the stream for all."""
    made = night.create("/api/matches", {"game": "proempeln", "players": ["Anna", "Ben"], "mode": "table"})
    match_id = made["match_id"]
    state = tmp_path / "scribe.json"
    night.scribe.context.storage_state(path=str(state))
    context = night.browser.new_context(viewport={"width": 390, "height": 844}, storage_state=str(state))
    from tests.e2e.club_night.phones import RECORDER

    context.add_init_script(RECORDER + "window.__stammtischNoSharedWorker = true;")
    before = night.member_streams()
    tabs = []
    for index in range(10):
        tab = Phone(f"tab {index + 1}", context, context.new_page())
        tab.open(f"{night.url}/m/{match_id}")
        tabs.append(tab)
    deadline = time.monotonic() + 10
    while night.member_streams() > before + 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert night.member_streams() == before + 1  # one leader holds the stream for the ten tabs
    table = Table(night.service, match_id, tabs)
    table.start()
    table.live_seconds = 1.0
    _play_at_the_table(night, table, _king, _best_landing)
    table.check()
    context.close()
