"""The rules of a Bier-Pong evening (our own, docs/rulings/bierpong.md E1–E6):

* **E1 teams**: 2 to 16 teams of 1 to 4 players; a name plays in one team only (case and spacing
  ignored). Drawn by lot: the names are shuffled with the evening's seed and cut into teams of the
  chosen size in order; the count must divide evenly (nobody sits out unasked).
* **E2 knockout**: the bracket has the next power of two of places; team ``i`` (in entered or drawn
  order) is seed ``i``; round 1 pairs seed ``s`` with seed ``size + 1 − s``, so the byes go to the
  first seeds and never meet each other. A bye advances at once. Later rounds pair the winners of
  slots ``2k`` and ``2k+1``; a pairing is known as soon as both feeders are decided.
* **E3 round robin**: every team meets every other once (the circle method; with an odd number one
  team rests per round).
* **E4 table**: per team games played, wins, losses, cups hit (the opponents' cups gone at the end
  of the game), cups conceded and the difference; sorted by wins, then cup difference, then cups
  hit, then team number (E6: a tie stays a tie on the page: equal rows share a place).
* **E5 champion**: knockout: the winner of the final; round robin: the first of the table when every
  game is played and the first place is not shared.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from stammtisch.core.text import Text

FORMATS = ("knockout", "round_robin")
MAX_TEAMS = 16
TEAM_SIZES = (1, 2, 3, 4)


class EveningError(ValueError):
    """A refused evening input; ``clause`` is the rule (E1–E6), ``message`` German and English."""

    def __init__(self, clause: str, message: Text) -> None:
        super().__init__(message.en)
        self.clause = clause
        self.message = message

    def text(self, lang: str) -> str:
        return self.message.get(lang)


@dataclass(frozen=True, slots=True)
class Team:
    """Team ``number`` (1-based, its seed) and its players in throwing order."""

    number: int
    players: tuple[str, ...]

    @property
    def name(self) -> str:
        return " & ".join(self.players)


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of the evening: round and slot (1-based), the two teams (``None``: a bye or a team
    not known yet)."""

    round: int
    slot: int
    a: int | None
    b: int | None

    @property
    def bye(self) -> bool:
        return (self.a is None) != (self.b is None) and self.round == 1


@dataclass(frozen=True, slots=True)
class Played:
    """A decided game: the winner and the cups each team hit."""

    round: int
    slot: int
    a: int
    b: int
    winner: int
    cups_a: int
    cups_b: int


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    team: Team
    played: int
    wins: int
    losses: int
    cups_hit: int
    cups_conceded: int

    @property
    def difference(self) -> int:
        return self.cups_hit - self.cups_conceded


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def entered_teams(teams: Sequence[Sequence[str]]) -> tuple[Team, ...]:
    """E1: the teams as entered (empty names and empty teams left out), checked."""
    cleaned = [tuple(" ".join(n.split()) for n in team if n and n.strip()) for team in teams]
    cleaned = [team for team in cleaned if team]
    out = tuple(Team(i + 1, team) for i, team in enumerate(cleaned))
    _check(out)
    return out


def draw_teams(names: Sequence[str], size: int, seed: int) -> tuple[Team, ...]:
    """E1: the names shuffled with ``seed`` and cut into teams of ``size`` in order."""
    players = [" ".join(n.split()) for n in names if n and n.strip()]
    if size not in TEAM_SIZES:
        raise EveningError("E1", Text("Ein Team hat 1 bis 4 Spieler.", "A team has 1 to 4 players."))
    if len(players) % size:
        raise EveningError(
            "E1",
            Text(
                f"{len(players)} Spieler lassen sich nicht in Teams zu {size} aufteilen: es fehlen "
                f"{size - len(players) % size} oder es sind {len(players) % size} zu viel.",
                f"{len(players)} players cannot be split into teams of {size}: "
                f"{size - len(players) % size} missing or {len(players) % size} too many.",
            ),
        )
    random.Random(seed).shuffle(players)
    out = tuple(Team(i + 1, tuple(players[i * size : (i + 1) * size])) for i in range(len(players) // size))
    _check(out)
    return out


def _check(teams: Sequence[Team]) -> None:
    if not 2 <= len(teams) <= MAX_TEAMS:
        raise EveningError(
            "E1",
            Text(
                f"Ein Abend braucht 2 bis {MAX_TEAMS} Teams, nicht {len(teams)}.",
                f"An evening needs 2 to {MAX_TEAMS} teams, not {len(teams)}.",
            ),
        )
    seen: set[str] = set()
    for team in teams:
        if len(team.players) > max(TEAM_SIZES):
            raise EveningError(
                "E1",
                Text(f"Team {team.number} hat mehr als 4 Spieler.", f"Team {team.number} has more than 4 players."),
            )
        for name in team.players:
            if _key(name) in seen:
                raise EveningError("E1", Text(f"{name} steht in zwei Teams.", f"{name} is in two teams."))
            seen.add(_key(name))


def _bracket_size(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def _seed_order(size: int) -> list[int]:
    """Seeds in bracket slot order such that 1 and 2 meet only in the final (1, size, ..., 2)."""
    order = [1]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def schedule(fmt: str, teams: int, played: Mapping[tuple[int, int], Played]) -> tuple[Pairing, ...]:
    """Every pairing known now, in round and slot order (E2, E3)."""
    if fmt not in FORMATS:
        raise EveningError("E2", Text(f"Unbekannte Form {fmt!r}.", f"Unknown format {fmt!r}."))
    if fmt == "round_robin":
        return _round_robin(teams)
    size = _bracket_size(teams)
    order = _seed_order(size)
    out: list[Pairing] = []
    current: list[int | None] = [s if s <= teams else None for s in order]
    round_no = 1
    while len(current) > 1:
        nxt: list[int | None] = []
        for slot in range(len(current) // 2):
            a, b = current[2 * slot], current[2 * slot + 1]
            pairing = Pairing(round_no, slot + 1, a, b)
            out.append(pairing)
            nxt.append(_advancer(pairing, played, round_no == 1))
        current = nxt
        round_no += 1
    return tuple(out)


def _advancer(pairing: Pairing, played: Mapping[tuple[int, int], Played], first: bool) -> int | None:
    if pairing.a is None or pairing.b is None:
        # A bye in round 1 (E2); later a feeder is not decided yet.
        return (pairing.a if pairing.b is None else pairing.b) if first else None
    result = played.get((pairing.round, pairing.slot))
    return result.winner if result is not None else None


def _round_robin(teams: int) -> tuple[Pairing, ...]:
    slots: list[int | None] = list(range(1, teams + 1))
    if teams % 2:
        slots.append(None)
    n = len(slots)
    out: list[Pairing] = []
    for round_no in range(1, n):
        slot = 0
        for i in range(n // 2):
            a, b = slots[i], slots[n - 1 - i]
            if a is not None and b is not None:
                slot += 1
                out.append(Pairing(round_no, slot, a, b))
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return tuple(out)


def standings(teams: Sequence[Team], played: Sequence[Played]) -> tuple[Standing, ...]:
    """E4/E6: the table, best first; equal rows share a place."""
    stats = {t.number: [0, 0, 0, 0, 0] for t in teams}  # played, wins, losses, hit, conceded
    for game in played:
        for me, other, hit, conceded in (
            (game.a, game.b, game.cups_a, game.cups_b),
            (game.b, game.a, game.cups_b, game.cups_a),
        ):
            row = stats[me]
            row[0] += 1
            row[1] += int(game.winner == me)
            row[2] += int(game.winner == other)
            row[3] += hit
            row[4] += conceded
    by_number = {t.number: t for t in teams}

    def key(number: int) -> tuple[int, int, int]:
        p, w, _, hit, conceded = stats[number]
        return (-w, -(hit - conceded), -hit)

    ordered = sorted(stats, key=lambda n: (*key(n), n))
    out: list[Standing] = []
    for index, number in enumerate(ordered):
        place = out[-1].place if out and key(ordered[index - 1]) == key(number) else index + 1
        p, w, lost, hit, conceded = stats[number]
        out.append(Standing(place, by_number[number], p, w, lost, hit, conceded))
    return tuple(out)


def champion(fmt: str, teams: Sequence[Team], played: Mapping[tuple[int, int], Played]) -> Team | None:
    """E5: the evening's winner once it is decided, else None."""
    by_number = {t.number: t for t in teams}
    pairings = schedule(fmt, len(teams), played)
    if fmt == "knockout":
        final = pairings[-1]
        result = played.get((final.round, final.slot))
        return by_number[result.winner] if result is not None else None
    if any((p.round, p.slot) not in played for p in pairings):
        return None
    table = standings(teams, list(played.values()))
    if len(table) > 1 and table[1].place == 1:
        return None
    return table[0].team
