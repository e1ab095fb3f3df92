"""Accessibility (issue 14, point 7): axe-core through Playwright finds no serious or critical
violation (WCAG 2.1 A/AA: contrast, labels, names, roles, lang) on any page of any registered web game,
nor on the generic pages, in German and in English, on a 390×844 phone.

The pages are found from the registries, so a new game's pages are checked without a line here: each
web game's start links (new-game forms, statistics), a match page for every play mode the game declares
(the digital table's seat page for a game with hidden hands), and a finished game where one is quick to
reach. Failures list the rule, its impact and the first offending elements.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from stammtisch.club.members import Role
from stammtisch.core.errors import RuleViolation
from stammtisch.games import GAMES
from stammtisch.web.background import BackgroundServer
from stammtisch.web.deadlines import ManualDeadlines
from stammtisch.web.games import web_games
from stammtisch.web.tables import table_for
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NAMES = ["Anna", "Ben", "Carla", "Dieter", "Emil", "Frieda"]
#: What blocks people: axe's "serious" and "critical" findings (contrast, missing labels and names).
BLOCKING = ("serious", "critical")
LANGUAGES = ("de", "en")


def _modes(slug: str) -> tuple[str, ...]:
    """The play modes a game declares (its ``mode`` option), else table and digital."""
    engine = GAMES[slug]
    for option in engine.options:
        if option.key == "mode" and option.choices:
            return tuple(option.choices)
    return ("table", "digital")


def _match_pages(server: BackgroundServer, slug: str) -> list[tuple[str, str]]:
    """(label, path) of one match page per play mode the engine accepts with its fewest seats."""
    engine = GAMES[slug]
    service = server.app.state.service
    pages: list[tuple[str, str]] = []
    players = NAMES[: max(engine.min_seats, 2)]
    if engine.info.hidden_information:
        table = table_for(server.app)
        server.app.state.deadlines = ManualDeadlines(table)
        opened = table.open(slug, players, title="a11y")
        return [(f"{slug} seat page", f"/p/{opened.tokens[0]}")]
    for mode in _modes(slug):
        try:
            snap = service.create(slug, players, mode=mode, title="a11y")
        except RuleViolation:  # a mode this game needs a set-up for; the others still cover its board
            continue
        pages.append((f"{slug} {mode}", f"/m/{snap.match_id}"))
    assert pages, f"no match of {slug} could be started for the accessibility check"
    return pages


def _finished_proempeln(server: BackgroundServer) -> str:
    """A Prömpeln game ended at once by a King move (seven 3s): the end-of-game card with its chart."""
    service = server.app.state.service
    snap = service.create("proempeln", ["Anna", "Ben"], mode="table", title="a11y")
    snap = service.act(snap.match_id, 0, "none", snap.seq)
    for bottle in range(1, 8):
        snap = service.enter_outcome(snap.match_id, f"s0 b{bottle} 3", snap.seq)
    snap = service.act(snap.match_id, 0, "record king", snap.seq)
    assert snap.turn.__class__.__name__ == "Finished" or snap.to_json()["turn"]["kind"] == "finished"
    return f"/m/{snap.match_id}"


def all_pages(server: BackgroundServer) -> list[tuple[str, str]]:
    pages = [
        ("home", "/"),
        ("tournaments", "/tournaments"),
        ("rules", "/rules/kluempchen?clause=K-6.5"),
        ("not found", "/m/unknown"),
    ]
    for game in web_games():
        pages.extend((f"{game.slug} start {start.href}", start.href) for start in game.starts)
        if game.slug in GAMES:
            pages.extend(_match_pages(server, game.slug))
    if "proempeln" in GAMES:
        pages.append(("proempeln finished", _finished_proempeln(server)))
    return pages


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page, one readable line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    found = []
    for violation in results.response.get("violations", []):
        if violation.get("impact") in BLOCKING:
            targets = [" ".join(map(str, node.get("target", []))) for node in violation.get("nodes", [])[:3]]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found


@pytest.fixture
def phone(browser: Any, server: BackgroundServer) -> Iterator[Any]:
    contexts = {
        lang: browser.new_context(viewport=PHONE, locale="de-DE" if lang == "de" else "en-US") for lang in LANGUAGES
    }
    yield contexts
    for context in contexts.values():
        context.close()


def test_every_page_of_every_game_passes_axe_in_both_languages(phone: Any, server: BackgroundServer) -> None:
    problems: list[str] = []
    pages = all_pages(server)
    assert any("kluempchen" in label for label, _ in pages) and any("preisromme" in label for label, _ in pages)
    for lang in LANGUAGES:
        page = phone[lang].new_page()
        for label, path in pages:
            sep = "&" if "?" in path else "?"
            page.goto(f"{server.url}{path}{sep}lang={lang}")
            page.wait_for_load_state("networkidle")
            assert page.locator("html").get_attribute("lang") == lang, label
            problems.extend(f"[{lang}] {label} {path}: {line}" for line in serious_violations(page))
        page.close()
    assert not problems, "axe-core found serious or critical violations:\n" + "\n".join(problems)


def test_the_open_folds_and_the_joker_box_pass_axe(phone: Any, server: BackgroundServer) -> None:
    """The parts behind a tap (history, the joker's confirmation, the rare actions) are checked open too."""
    service = server.app.state.service
    snap = service.create(
        "kluempchen", NAMES[:4], options={"team_draw": "manual"}, setup={"teams": [[0, 1], [2, 3]]}, mode="table"
    )
    snap = service.submit(snap.match_id, [(0, "throw"), (None, "1 1 1 2 3 4")], snap.seq)
    for lang in LANGUAGES:
        page = phone[lang].new_page()
        page.goto(f"{server.url}/m/{snap.match_id}?lang={lang}")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        assert not serious_violations(page), lang
        page.close()


def _closed_evening(server: BackgroundServer) -> str:
    """A Klümpchen evening of the test club's four members played to its close and booked: the bank's
    pages then have balances, bookings and a season report with its table."""
    import random

    from stammtisch.core.chance import sample
    from stammtisch.core.protocol import Chance, Finished
    from stammtisch.games.kluempchen.model import CloseEvening
    from tests.support.club import NAMES as ACCOUNT_NAMES

    service = server.app.state.service
    game = GAMES["kluempchen"]
    names = [ACCOUNT_NAMES[role] for role in (Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER)]
    snap = service.create(
        "kluempchen", names, options={"team_draw": "manual"}, setup={"teams": [[0, 1], [2, 3]]}, mode="digital"
    )
    match_id = snap.match_id
    rng = random.Random(4)
    for _ in range(5000):
        state = service.state(match_id)
        turn = game.turn(state)
        seq = service.snapshot(match_id).seq
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            service.enter_outcome(match_id, sample(turn.node, rng), seq)
            continue
        legal = game.legal_actions(state, turn.seats[0])
        action = CloseEvening() if CloseEvening() in legal and state.rounds else rng.choice(legal)
        service.act(match_id, turn.seats[0], action, seq)
    return match_id


def club_pages(server: BackgroundServer) -> list[tuple[str, str]]:
    """The club's own pages as the treasurer and admin see them: the bank (overview, a member's bookings,
    one's own, the season report), statistics, members, settings, the lab and a tournament."""
    _closed_evening(server)
    ids = server.app.state.test_club_ids
    start = server.app.state.bank.ledger.bookings()[0].on.isoformat()
    return [
        ("bank", "/bank"),
        ("bank member", f"/bank/members/{ids[Role.MEMBER]}"),
        ("bank own", "/me/bank"),
        ("bank season", f"/bank/season?start={start}"),
        ("stats", "/stats"),
        ("member stats", f"/stats/member/{ids[Role.MEMBER]}"),
        ("members", "/members"),
        ("season start", "/bank/season/start"),
        ("member", f"/members/{ids[Role.MEMBER]}"),
        ("account", "/account"),
        ("lab", "/lab"),
    ]


def test_the_club_pages_and_the_bank_pass_axe_in_both_languages(browser: Any, server: BackgroundServer) -> None:
    pages = club_pages(server)
    problems: list[str] = []
    for lang in LANGUAGES:
        context = browser.new_context(viewport=PHONE, locale="de-DE" if lang == "de" else "en-US", role=Role.ADMIN)
        page = context.new_page()
        for label, path in pages:
            sep = "&" if "?" in path else "?"
            answer = page.goto(f"{server.url}{path}{sep}lang={lang}")
            assert answer is not None and answer.status == 200, (label, answer and answer.status)
            page.wait_for_load_state("networkidle")
            problems.extend(f"[{lang}] {label} {path}: {line}" for line in serious_violations(page))
        context.close()
    assert not problems, "axe-core found serious or critical violations:\n" + "\n".join(problems)
