"""A seat's streak and calls (Art 21, BP-R11) and its counters, as each throw changes them.

Every throw makes one new ``Player`` for the thrower (its streak and its statistics together), with a
positional copier (``updates.copier``): this runs on every throw of every game.
"""

from __future__ import annotations

from stammtisch.games.bierpong.model import Player
from stammtisch.games.bierpong.updates import copier


def calls(p: Player, double_call: bool) -> tuple[str, ...]:
    """The calls ``p`` may make now (Art 21.1-21.3, BP-R11): Heating Up after two hits in a row,
    On Fire after three with Heating Up called, both at once (allow_double_call) after three."""
    if p.streak < 2:
        return ()
    out: list[str] = []
    if not p.heating:
        out.append("heating_up")
    if p.heating and not p.on_fire and p.streak >= 3:
        out.append("on_fire")
    if double_call and not p.heating and p.streak >= 3:
        out.append("both")
    return tuple(out)


_hit = copier(Player, "streak", "throws", "hits", "bounces", "bombs", "islands")
_miss = copier(Player, "streak", "heating", "on_fire", "throws")
_throw = copier(Player, "throws")
_konter_hit = copier(Player, "streak", "throws", "hits", "bounces")
_called = copier(Player, "heating", "on_fire", "fires")
_heating = copier(Player, "heating")
_island = copier(Player, "island_used")


def hit(p: Player, bounced: bool, bombe: bool, island: bool) -> Player:
    """A counted ball of a round: one more in the streak; a throw, a hit and its specials counted."""
    return _hit(
        p,
        p.streak + 1,
        p.throws + 1,
        p.hits + 1,
        p.bounces + 1 if bounced else p.bounces,
        p.bombs + 1 if bombe else p.bombs,
        p.islands + 1 if island else p.islands,
    )


def miss(p: Player) -> Player:
    """A ball that does not count: a throw; the streak, Heating Up and On Fire end (Art 21.4)."""
    return _miss(p, 0, False, False, p.throws + 1)


def thrown(p: Player) -> Player:
    """A throw counted and nothing else (the game-ending Dead-Cup and sudden-death throws)."""
    return _throw(p, p.throws + 1)


def konter_hit(p: Player, bounced: bool) -> Player:
    """A counted Konter ball (BP-R09): the streak grows; a throw, a hit and an Aufsetzer counted (no
    Bombe or Island counter: a Konter removes nothing)."""
    return _konter_hit(p, p.streak + 1, p.throws + 1, p.hits + 1, p.bounces + 1 if bounced else p.bounces)


def heating_up(p: Player) -> Player:
    """Art 21.1: Heating Up called."""
    return _heating(p, True)


def on_fire(p: Player) -> Player:
    """Art 21.2 (or both at once, allow_double_call): On Fire called, and counted."""
    return _called(p, True, True, p.fires + 1)


def island_called(p: Player) -> Player:
    """Art 22.2: the player's one Island call is used."""
    return _island(p, True)


def replace(players: tuple[Player, ...], seat: int, p: Player) -> tuple[Player, ...]:
    """``players`` with ``seat``'s entry ``p`` (the same tuple when nothing changed)."""
    if players[seat] is p:
        return players
    return players[:seat] + (p,) + players[seat + 1 :]
