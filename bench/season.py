"""The club's decade (issue 13, speed): season report and statistics pages for a club with 10 years
of weekly evenings (about 500 evenings, 20 members, synthetic) must render in under 300 ms from a
warm server.

``build_decade(database_url)`` makes that club (the backup benchmark imports it too): 20 members,
about 50 Klümpchen evenings a year (Fridays 20:00 in Berlin; two weeks off at Christmas) of 6-10
members playing 2-4 rounds, **played by the heuristic bot through the match service** (each member
with her own share, 0-40 %, of random choices: risk throws, early stops)
(the bench throws the dice and enters them, as a Schreiber enters the real table's), seats linked
to members, closed by the Schreiber and booked by the bank (``EveningBooker``); besides, every
fourth week a Prömpeln game, every eighth a Preisrommé table and a Regeln game, and each November the
club's Preisrommé tournament (8-16 members registered). Deterministic for a
seed. Then, on SQLite and (with ``--database``) PostgreSQL (issue 28):

* every statistics, bank and season page **cold**, the first visit after a start (a new process per
  page: the app is made, a member signs in, the page is asked for at once, so it waits for whatever the
  start still reads), and **warm** (median and p95 of ``--requests`` visits in one process; CPU too);
* the **rebuild** of the read models (``StatsBook.rebuild``, what ``stammtisch rebuild-views`` runs);
* the **replay** of one long Klümpchen match of 1,000, 10,000 and 100,000 events (``bench.replay.build``):
  reading its events, a cold load folding the whole log, and a cold load from its stored snapshot, each
  with the cost per event.

``python -m bench.season [--years N] [--database URL] [--requests N] [--reuse] [--replays 1000,10000,100000]``;
``--reuse`` measures a database built before (``--database`` naming it) without building again. The machine
may be busy with other work: every line carries the load average; CPU times are given beside wall times.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from stammtisch.bots.registry import bots_for
from stammtisch.club.bank.season import season_of
from stammtisch.club.members.model import Kind, Role
from stammtisch.club.members.passwords import hash_password
from stammtisch.club.tournament.model import TournamentRecord
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished, Game
from stammtisch.core.testing import UniformSkill
from stammtisch.games import GAMES
from stammtisch.games.kluempchen.model import CloseEvening
from stammtisch.matches.service import MatchService
from stammtisch.store.database import open_store
from stammtisch.store.ledger_sync import EveningBooker
from stammtisch.store.members import SqlClub
from stammtisch.store.tournament_repository import SqlTournamentRepository

BERLIN = ZoneInfo("Europe/Berlin")
FIRST_EVENING = date(2016, 5, 6)  # a Friday: the first evening of the 2016/17 season
MEMBERS = 20
ADMIN = "Anna Adler"
PASSWORD = "decade-bench-passwort"
NAMES = (
    ADMIN, "Bernd Bauer", "Clara Conrad", "Dieter Dreher", "Eva Engel", "Frank Fuchs", "Gerda Graf",
    "Hans Huber", "Inge Illner", "Jürgen Jahn", "Karin Kühn", "Lutz Lange", "Monika Marx", "Norbert Naumann",
    "Olga Ott", "Peter Pohl", "Renate Roth", "Stefan Sommer", "Ute Urban", "Volker Vogt",
)  # fmt: skip
#: Submitted per call of the match service: about one round's steps in one transaction.
CHUNK = 400
#: A game longer than this is a bench bug (bots that never finish), not a long evening.
MAX_STEPS = 100_000
#: A Prömpeln, Preisrommé or Regeln game takes a few hundred to two thousand steps; one past this
#: limit is left out of the decade and counted (Preisrommé's heuristic bots can deal on without end).
OTHER_STEPS = 20_000


class EndlessGame(RuntimeError):
    """The bots played a game past its step limit."""


REQUESTS = 20


@dataclass
class Decade:
    """What ``build_decade`` made."""

    database_url: str
    members: dict[str, int]
    evenings: list[str] = field(default_factory=list)
    others: dict[str, int] = field(default_factory=dict)  # game slug -> matches
    steps: int = 0
    seconds: float = 0.0
    last_day: date = FIRST_EVENING

    @property
    def admin_id(self) -> int:
        return self.members[ADMIN]


class _Clock:
    """The service's and the bank's clock: the synthetic evening being entered."""

    def __init__(self) -> None:
        self.now = datetime(2016, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class _Temperamental:
    """A member at the dice table: the heuristic bot, who now and then (``whim``) does something else
    at random (a risk throw, an early stop). Only heuristic play is sure to end a round: a team of two
    purely random players may never reach 150."""

    def __init__(self, whim: float) -> None:
        self.whim = whim
        self.heuristic = bots_for(GAMES["kluempchen"])["heuristic"]()

    def choose(self, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        if rng.random() < self.whim:
            return rng.choice(legal)
        return self.heuristic.choose(view, legal, rng)


def _evening_days(years: int) -> Iterator[date]:
    day = FIRST_EVENING
    end = FIRST_EVENING.replace(year=FIRST_EVENING.year + years)
    while day < end:
        if not (day.month == 12 and day.day >= 20) and not (day.month == 1 and day.day <= 3):
            yield day
        day += timedelta(days=7)


def _at_eight(day: date, minutes: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, 20, 0, tzinfo=BERLIN).astimezone(UTC) + timedelta(minutes=minutes)


def _play(
    game: Game[Any],
    state: Any,
    bots: Sequence[Any],
    rng: random.Random,
    choose: Callable[[Any, Any, int], tuple[int, Any] | None] | None = None,
    limit: int = MAX_STEPS,
) -> list[tuple[int | None, Any]]:
    """The steps of one game played to its end: bots decide, the bench draws every chance outcome
    (dice, cards, where a stopper lands) as the table would and enters it."""
    skill = UniformSkill()
    steps: list[tuple[int | None, Any]] = []
    while len(steps) < limit:
        turn = game.turn(state)
        if isinstance(turn, Finished):
            return steps
        if isinstance(turn, Chance):
            outcome = sample(turn.node, rng, skill)
            state = game.resolve(state, outcome)
            steps.append((None, outcome))
            continue
        picked = choose(state, turn, len(steps)) if choose is not None else None
        if picked is None:
            seat = turn.seats[0]
            picked = (seat, bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat), rng))
        seat, action = picked
        state = game.act(state, seat, action)
        steps.append((seat, action))
    raise EndlessGame(f"{game.slug}: no end after {limit} steps")


def _enter(service: MatchService, match_id: str, steps: list[tuple[int | None, Any]]) -> None:
    """Enter the steps through the match service (checked by the rules there), a round's worth at a time."""
    seq = 0
    for start in range(0, len(steps), CHUNK):
        snapshot = service.submit(match_id, steps[start : start + CHUNK], seq, actor="bench")
        seq = snapshot.seq


def _kluempchen_closer(rounds: int) -> Callable[[Any, Any, int], tuple[int, Any] | None]:
    """The Schreiber closes the evening after ``rounds`` rounds; before that nobody closes it."""
    game = GAMES["kluempchen"]

    def choose(state: Any, turn: Any, _count: int) -> tuple[int, Any] | None:
        if game.view(state, None)["phase"] != "round_over":
            return None
        if len(state.rounds) >= rounds:
            return 0, CloseEvening()
        seat = turn.seats[0]
        legal = [a for a in game.legal_actions(state, seat) if not isinstance(a, CloseEvening)]
        return seat, legal[0]

    return choose


def _club(url: str, clock: _Clock) -> tuple[Any, dict[str, int]]:
    store = open_store(url)
    club = SqlClub(store.engine)
    ids: dict[str, int] = {}
    hashed = hash_password(PASSWORD)
    clock.now = _at_eight(FIRST_EVENING) - timedelta(days=30)
    admin = club.create_club("Würfelclub Erfurt", ADMIN, hashed, clock.now)
    ids[ADMIN] = admin.member_id
    for name in NAMES[1:MEMBERS]:
        member = club.add_member(name, name.casefold(), name.split()[0], Kind.MEMBER, False, clock.now)
        ids[name] = member.member_id
    club.put_account(ids[NAMES[1]], Role.MEMBER, hashed, clock.now)
    return store, ids


def _match(
    service: MatchService,
    club: SqlClub,
    slug: str,
    names: list[str],
    ids: dict[str, int],
    steps: list[tuple[int | None, Any]],
    options: dict[str, Any] | None = None,
) -> str:
    created = service.create(slug, names, options, mode="table", title="")
    club.set_seats(created.match_id, [(seat, ids[name]) for seat, name in enumerate(names)])
    _enter(service, created.match_id, steps)
    return created.match_id


def build_decade(database_url: str, years: int = 10, seed: int = 2016, progress: bool = False) -> Decade:
    """Build the synthetic club in the empty database at ``database_url`` (see the module docstring)."""
    began = time.perf_counter()
    clock = _Clock()
    store, ids = _club(database_url, clock)
    service = MatchService(store.repository, clock=clock)
    booker = EveningBooker(service, store.engine, clock=clock)
    club = SqlClub(store.engine)
    tournaments = SqlTournamentRepository(store.engine)
    decade = Decade(database_url, ids)
    rng = random.Random(seed)
    names = list(ids)
    whims = {name: (index % 5) / 10 for index, name in enumerate(names)}  # 0 to 40 % random choices
    for week, day in enumerate(_evening_days(years)):
        clock.now = _at_eight(day)
        # Klümpchen: 6-10 members, 2-4 rounds; the Schreiber closes, the bank books.
        present = rng.sample(names, rng.randint(6, 10))
        game = GAMES["kluempchen"]
        state = game.start(len(present), game.configure({"mode": "table"}))
        bots: list[Any] = [_Temperamental(whims[name]) for name in present]
        steps = _play(game, state, bots, rng, _kluempchen_closer(rng.randint(2, 4)))
        match_id = _match(service, club, "kluempchen", present, ids, steps, {"mode": "table"})
        booker.sync(match_id)
        decade.evenings.append(match_id)
        decade.last_day = day
        decade.steps += len(steps)
        for slug, every, seats in (("proempeln", 4, (3, 5)), ("preisromme", 8, (4, 4)), ("regeln", 8, (3, 5))):
            if week % every:
                continue
            clock.now = _at_eight(day, 150)
            other = GAMES[slug]
            players = rng.sample(names, rng.randint(*seats))
            offered = bots_for(other)
            kind = "heuristic" if "heuristic" in offered else "random"
            # As the service starts a table-mode match: the game's ``mode`` option (if any) is "table".
            options = {"mode": "table"} if any(o.key == "mode" for o in other.options) else {}
            initial = other.start(len(players), other.configure(options))
            try:
                steps = _play(other, initial, [offered[kind]() for _ in players], rng, limit=OTHER_STEPS)
            except EndlessGame:  # reported in ``others`` and by the bench; the decade goes on
                decade.others[f"{slug} without end"] = decade.others.get(f"{slug} without end", 0) + 1
                continue
            _match(service, club, slug, players, ids, steps, options)
            decade.others[slug] = decade.others.get(slug, 0) + 1
            decade.steps += len(steps)
        if day.month == 11 and day.day <= 7:  # the club's Preisrommé tournament, once a year in November
            players = rng.sample(names, rng.randint(8, 16))
            tournaments.create(TournamentRecord(f"preisromme-{day.year}", f"Preisrommé {day.year}", clock.now))
            tournaments.register_many(f"preisromme-{day.year}", players)
            decade.others["tournaments"] = decade.others.get("tournaments", 0) + 1
        if progress and week % 25 == 0:
            print(f"  {day}: {len(decade.evenings)} evenings, {decade.steps} steps", file=sys.stderr, flush=True)
    store.close()
    decade.seconds = time.perf_counter() - began
    return decade


# --- the page timings ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Timing:
    page: str
    cold_ms: float
    cold_cpu_ms: float
    median_ms: float
    p95_ms: float
    cpu_best_ms: float
    cpu_median_ms: float


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _pages(last_day: date, member: int) -> list[str]:
    season = season_of(last_day).previous().start.isoformat()  # the newest full season
    return [
        f"/bank/season?start={season}",
        f"/stats?season={season}",
        "/stats?season=all",
        f"/stats/member/{member}?season={season}",
        f"/stats/member/{member}?season=all",
    ]


@contextmanager
def _signed_in(database_url: str) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from stammtisch.web.app import create_app
    from stammtisch.web.csrf import COOKIE as CSRF_COOKIE
    from stammtisch.web.csrf import new_token

    app = create_app(database_url=database_url)
    with TestClient(app, headers={"accept-language": "de"}) as client:
        token = new_token()  # the CSRF token, sent as our pages send it (cookie + field)
        client.cookies.set(CSRF_COOKIE, token)
        answer = client.post(
            "/signin", data={"name": ADMIN, "password": PASSWORD, "csrf_token": token}, follow_redirects=False
        )
        assert answer.status_code == 303, answer.text[:300]
        yield client


def _cold(database_url: str, page: str) -> tuple[float, float]:
    """The page's first visit after a start, in a new process (no memory of an earlier one): milliseconds
    of wall and CPU time (the CPU of every thread of the process meanwhile: the start's warm-up too)."""
    command = [sys.executable, "-m", "bench.season", "--cold-page", page, "--database", database_url]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=Path(__file__).parent.parent)
    wall, cpu = done.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def _cold_in_this_process(database_url: str, page: str) -> tuple[float, float]:
    with _signed_in(database_url) as client:
        began, cpu = time.perf_counter(), time.process_time()
        response = client.get(page)
        elapsed, used = time.perf_counter() - began, time.process_time() - cpu
        assert response.status_code == 200, (page, response.status_code, response.text[:300])
    return 1000 * elapsed, 1000 * used


def time_pages(database_url: str, last_day: date, member: int, requests: int = REQUESTS) -> list[Timing]:
    """Each page cold (a new process), then ``requests`` times warm: wall and CPU milliseconds."""
    timings = []
    pages = _pages(last_day, member)
    colds = {page: _cold(database_url, page) for page in pages}
    with _signed_in(database_url) as client:
        for page in pages:
            assert client.get(page).status_code == 200, page
            walls, cpus = [], []
            for _ in range(requests):
                began, cpu = time.perf_counter(), time.process_time()
                response = client.get(page)
                cpus.append(time.process_time() - cpu)
                walls.append(time.perf_counter() - began)
                assert response.status_code == 200, page
            timings.append(
                Timing(
                    page,
                    *colds[page],
                    1000 * statistics.median(walls),
                    1000 * _p95(walls),
                    1000 * min(cpus),
                    1000 * statistics.median(cpus),
                )
            )
    return timings


def time_rebuild(database_url: str) -> tuple[float, float, int] | None:
    """Seconds (wall, CPU) and matches of a full rebuild of the read models; None where the code has none."""
    from stammtisch.store.stats import StatsBook

    store = open_store(database_url)
    try:
        book = StatsBook(store.engine)
        if not hasattr(book, "rebuild"):
            return None
        began, cpu = time.perf_counter(), time.process_time()
        count = book.rebuild()
        return time.perf_counter() - began, time.process_time() - cpu, count
    finally:
        store.close()


def time_replays(database_url: str, sizes: Sequence[int]) -> list[str]:
    """Per size: a long Klümpchen match stored, its events read, a cold load of the whole log, a cold load
    from its stored snapshot (the first whole-log load stores one), each in ms and µs per event."""
    from bench.replay import build
    from stammtisch.matches import MatchService

    lines = []
    for size in sizes:
        match_id, final = build(database_url, size)
        store = open_store(database_url)
        try:
            began, cpu = time.perf_counter(), time.process_time()
            events = store.repository.events(match_id)
            read, read_cpu = time.perf_counter() - began, time.process_time() - cpu
            figures = [f"read {len(events):,} events {_per(read, read_cpu, size)}"]
            del events
            whole = {"snapshot_interval": 0} if _has_snapshots() else {}
            service = MatchService(store.repository, **whole)
            began, cpu = time.perf_counter(), time.process_time()
            service.snapshot(match_id)
            figures.append(
                f"cold load of the whole log {_per(time.perf_counter() - began, time.process_time() - cpu, size)}"
            )
            assert service.state(match_id) == final
            if _has_snapshots():
                MatchService(store.repository).snapshot(match_id)  # stores the snapshot a later start reads
                service = MatchService(store.repository)
                began, cpu = time.perf_counter(), time.process_time()
                service.snapshot(match_id)
                figures.append(
                    f"cold load from its snapshot {_per(time.perf_counter() - began, time.process_time() - cpu, size)}"
                )
                assert service.state(match_id) == final
        finally:
            store.close()
        lines.append(f"replay {size:,} events: " + "; ".join(figures) + f" (load {_load()})")
    return lines


def _has_snapshots() -> bool:
    import inspect

    from stammtisch.matches import MatchService

    return "snapshot_interval" in inspect.signature(MatchService).parameters


def _per(wall: float, cpu: float, events: int) -> str:
    return f"{1000 * wall:.0f} ms ({1e6 * wall / events:.1f} µs/event; CPU {1000 * cpu:.0f} ms)"


def _load() -> str:
    with open("/proc/loadavg") as handle:
        return " ".join(handle.read().split()[:3])


def _existing(database_url: str) -> tuple[date, int] | None:
    """(the newest match's club day, the bench's member) of a database built before, else None."""
    from sqlalchemy import func, select

    from stammtisch.store.tables import matches, members

    store = open_store(database_url)
    try:
        with store.engine.connect() as connection:
            newest = connection.execute(select(func.max(matches.c.created_at))).scalar()
            member = connection.execute(select(members.c.member_id).where(members.c.name == NAMES[7])).scalar()
    finally:
        store.close()
    if newest is None or member is None:
        return None
    return newest.astimezone(BERLIN).date(), int(member)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--database", default="", help="an empty database (default: a new SQLite file)")
    parser.add_argument("--requests", type=int, default=REQUESTS)
    parser.add_argument("--reuse", action="store_true", help="measure the club built before in --database")
    parser.add_argument("--replays", default="1000,10000,100000", help="event counts of the long matches ('' none)")
    parser.add_argument("--cold-page", default="", help=argparse.SUPPRESS)  # one cold visit (a child process)
    args = parser.parse_args(argv)
    if args.cold_page:
        wall, cpu = _cold_in_this_process(args.database, args.cold_page)
        print(f"{wall:.1f} {cpu:.1f}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'decade.sqlite3'}"
        known = _existing(url) if args.reuse else None
        if known is None:
            cpu = time.process_time()
            decade = build_decade(url, years=args.years, progress=True)
            print(
                f"built: {len(decade.evenings)} Klümpchen evenings, {decade.others} other matches, "
                f"{decade.steps} steps in {decade.seconds:.0f} s wall, {time.process_time() - cpu:.0f} s CPU "
                f"(load {_load()})",
                flush=True,
            )
            known = (decade.last_day, decade.members[NAMES[7]])
        # A running server keeps the read models as matches end; the bench's club was written without one,
        # so they are built first (the rebuild's figure), and "cold" is then the first visit after a restart.
        rebuilt = time_rebuild(url)
        if rebuilt is not None:
            wall, cpu_seconds, count = rebuilt
            print(f"rebuild of the read models: {count} matches in {wall:.1f} s wall, {cpu_seconds:.1f} s CPU "
                  f"(load {_load()})", flush=True)  # fmt: skip
        for t in time_pages(url, *known, requests=args.requests):
            print(
                f"{t.page}: cold {t.cold_ms:.0f} ms (CPU {t.cold_cpu_ms:.0f} ms); warm median {t.median_ms:.1f} ms, "
                f"p95 {t.p95_ms:.1f} ms (wall); CPU best {t.cpu_best_ms:.1f} ms, median {t.cpu_median_ms:.1f} ms "
                f"(load {_load()})",
                flush=True,
            )
        sizes = [int(size) for size in args.replays.split(",") if size.strip()]
        for line in time_replays(url, sizes):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
