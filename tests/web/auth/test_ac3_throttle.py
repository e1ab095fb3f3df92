"""AC-3 (issue 29 point 2): wrong passwords slow down further guesses, exponentially, per place and
name, per name and per address, and never lock anybody else out: the burst, the spray and the attempt
to lock the treasurer out for the evening. The limiter's clock is the test's: no test waits."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.web.auth.ratelimit import ADDRESS_FREE, MAX_WAIT_SECONDS, NAME_FREE, PAIR_FREE, Asker, SignInLimiter
from tests.support.club import NAMES, PASSWORD

TINA = NAMES[Role.TREASURER]
MIA = NAMES[Role.MEMBER]
CLUB_WIFI = "192.168.1.1"  # everybody at the table shares the club's address


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(toy_app: FastAPI) -> Clock:
    clock = Clock()
    toy_app.state.sign_in_limiter = SignInLimiter(clock=clock)
    return clock


@pytest.fixture
def phones(toy_app: FastAPI) -> Iterator[dict[str, TestClient]]:
    """Browsers at the club (attacker, Tina's and Mia's phones) and Tina at home."""
    made = {
        "attacker": TestClient(toy_app, headers={"accept-language": "en"}, client=(CLUB_WIFI, 1)),
        "tina": TestClient(toy_app, headers={"accept-language": "en"}, client=(CLUB_WIFI, 2)),
        "mia": TestClient(toy_app, headers={"accept-language": "de"}, client=(CLUB_WIFI, 3)),
        "tina at home": TestClient(toy_app, headers={"accept-language": "en"}, client=("203.0.113.7", 4)),
    }
    yield made
    for client in made.values():
        client.close()


def attempt(client: TestClient, name: str, password: str = "wrong-guess") -> int:
    answer = client.post("/signin", data={"name": name, "password": password}, follow_redirects=False)
    if answer.status_code == 303:
        client.post("/signout")
    return answer.status_code


def test_ac3_a_burst_is_slowed_down_doubling_and_told_why(
    toy_app: FastAPI, clock: Clock, phones: dict[str, TestClient]
) -> None:
    attacker = phones["attacker"]
    for _ in range(PAIR_FREE):
        assert attempt(attacker, TINA) == 401
    waits = []
    for _ in range(4):
        refused = attacker.post("/signin", data={"name": TINA, "password": PASSWORD})  # even the right one
        assert refused.status_code == 429
        assert "stammtisch_session" not in refused.headers.get("set-cookie", "")
        waits.append(int(refused.headers["retry-after"]))
        assert "typed for this name here several times" in refused.text and "doubles the wait" in refused.text
        clock.now += waits[-1]
        assert attempt(attacker, TINA) == 401  # after the wait one more guess is checked
    assert waits == [1, 2, 4, 8]
    german = TestClient(toy_app, headers={"accept-language": "de"}, client=(CLUB_WIFI, 1))
    answer = german.post("/signin", data={"name": TINA, "password": "x"})
    assert answer.status_code == 429 and "Warte 16 Sekunden" in answer.text and "verdoppelt" in answer.text
    clock.now += 61 * 60  # the count is forgotten after an hour without failures
    assert attempt(attacker, TINA, PASSWORD) == 303


def test_ac3_the_burst_does_not_hold_up_other_members_or_the_treasurer_elsewhere(
    clock: Clock, phones: dict[str, TestClient]
) -> None:
    for _ in range(PAIR_FREE + 1):
        attempt(phones["attacker"], TINA)
    assert attempt(phones["attacker"], TINA, PASSWORD) == 429
    assert attempt(phones["mia"], MIA, PASSWORD) == 303  # same wifi, another name
    assert attempt(phones["tina at home"], TINA, PASSWORD) == 303  # another address, the right password


def test_ac3_nobody_can_lock_the_treasurer_out(toy_app: FastAPI, clock: Clock, phones: dict[str, TestClient]) -> None:
    """Tina signed in on her phone before; then guesses at her name come from the club's wifi and from
    twenty other addresses, far more than the name's free failures. Her phone and her home still sign
    her in with the right password at once; each guessing address is held up."""
    assert attempt(phones["tina"], TINA, PASSWORD) == 303  # her phone is known for her name from now on
    for _ in range(PAIR_FREE):
        attempt(phones["attacker"], TINA)
    for number in range(20):
        elsewhere = TestClient(toy_app, client=(f"198.51.100.{number}", 5))
        assert attempt(elsewhere, TINA) == 401  # a new place's first guess is checked
        statuses = [attempt(elsewhere, TINA) for _ in range(PAIR_FREE)]
        assert statuses[-1] == 429  # then it is held up (by its own count, or the name's)
    assert 20 > NAME_FREE
    assert attempt(phones["tina"], TINA, PASSWORD) == 303
    assert attempt(phones["tina at home"], TINA, PASSWORD) == 303
    assert attempt(phones["mia"], MIA, PASSWORD) == 303
    assert attempt(phones["attacker"], TINA, PASSWORD) == 429  # the place that guessed still waits
    assert attempt(TestClient(toy_app, client=("198.51.100.1", 5)), TINA, PASSWORD) == 429


def test_ac3_a_spray_over_many_names_is_slowed_for_its_network_not_for_known_phones(
    toy_app: FastAPI, clock: Clock, phones: dict[str, TestClient]
) -> None:
    assert attempt(phones["mia"], MIA, PASSWORD) == 303  # Mia signed in on her phone before
    names = [f"Mitglied {number}" for number in range(ADDRESS_FREE)]
    for name in names:
        assert attempt(phones["attacker"], name) == 401  # one guess per name: no pair is over its limit
    refused = phones["attacker"].post("/signin", data={"name": "Noch Einer", "password": "sommer2026"})
    assert refused.status_code == 429 and "different names came from this network" in refused.text
    assert int(refused.headers["retry-after"]) == 1
    assert attempt(phones["mia"], MIA, PASSWORD) == 303  # her known phone is not held up
    assert attempt(phones["tina at home"], TINA, PASSWORD) == 303  # nor another address


def test_ac3_waits_double_up_to_a_quarter_of_an_hour() -> None:
    clock = Clock()
    limiter = SignInLimiter(clock=clock)
    asker = Asker("10.0.0.1", "sven schreiber")
    waits = []
    for _ in range(PAIR_FREE + 14):
        wait = limiter.check(asker)
        if wait is not None:
            waits.append(wait.seconds)
            clock.now += wait.seconds
        limiter.failed(asker)
        clock.now += 0.5
    assert waits[:6] == [1, 2, 4, 8, 16, 32] and max(waits) == MAX_WAIT_SECONDS
    assert limiter.check(Asker("10.0.0.2", "sven schreiber")) is None  # another place that never failed
    limiter.succeeded(asker)
    assert limiter.check(asker) is None
