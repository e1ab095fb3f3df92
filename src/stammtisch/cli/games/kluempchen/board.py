"""Klümpchen in the terminal: the table (team totals, jokers left, the set-aside dice, every throw of
the turn (E-1), whose turn) and the news after a step (a score, a round end with its payments).
Only views are drawn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as Plain

from stammtisch.cli.board import seat_name
from stammtisch.core.text import Text

if TYPE_CHECKING:
    from stammtisch.cli.session import Session
    from stammtisch.core.protocol import Result

DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def _say(lang: str, de: str, en: str) -> str:
    return Text(de, en).get(lang)


def dice(faces: Sequence[int]) -> str:
    """Faces as digits with die symbols, e.g. ``5 5 6`` → ``5⚄ 5⚄ 6⚅``."""
    return " ".join(f"{face}{DIE_FACES[face - 1]}" for face in faces if 1 <= face <= 6) or "–"


def _name(seat: int, *, humans: Sequence[int], lang: str) -> str:
    return seat_name(seat, humans, lang)


def throw_line(entry: dict[str, Any], lang: str) -> Plain:
    """One throw of a turn (E-1): its dice, the set-aside ones bold in brackets, then what it did."""
    line = Plain(f"{entry.get('number', 1)}. ")
    left = list(entry.get("kept") or [])
    for face in entry.get("faces") or []:
        if face in left:
            left.remove(face)
            line.append(f"[{face}{DIE_FACES[face - 1]}]", style="bold yellow")
        else:
            line.append(f"{face}{DIE_FACES[face - 1]}")
        line.append(" ")
    event = entry.get("event")
    if event:
        line.append(("– " if entry.get("faces") else "") + event.get(lang, event.get("en", "")), style="italic")
    return line


def throws_table(throws: Sequence[dict[str, Any]], lang: str) -> Table:
    """The throws of a turn in order; a new Würfelfolge (all six dice back) gets a divider line."""
    table = Table(show_header=False, box=None, padding=(0, 1))
    for index, entry in enumerate(throws):
        if index and entry.get("sequence") != throws[index - 1].get("sequence"):
            seq = entry.get("sequence")
            table.add_row(Plain(_say(lang, f"– Würfelfolge {seq} –", f"– sequence {seq} –"), style="dim"))
        table.add_row(throw_line(entry, lang))
    return table


def draw(view: Mapping[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """The teams with their points (and jokers left while a round runs), the team draw, the points put
    up, the previous turn and the turn in progress, and the engine's hint."""
    t = partial(_say, lang)
    parts: list[RenderableType] = []
    if view["teams"]:
        teams = Table(title=t(f"Runde {view['round']}", f"Round {view['round']}"), title_justify="left")
        teams.add_column(t("Team", "Team"))
        teams.add_column(t("Spieler", "Players"))
        teams.add_column(t("Punkte", "Points"), justify="right")
        playing = view["phase"] == "play"
        if playing:  # jokers are counted per round: only while one runs
            teams.add_column(t("Joker übrig", "Jokers left"), justify="right")
        on_turn = view.get("on_turn") or {}
        for team in view["teams"]:
            marker = "▶ " if on_turn.get("team") == team["index"] else ""
            members = " + ".join(seat_name(seat, humans, lang) for seat in team["members"])
            if team["solo"]:
                members += t(" (Alleinspieler)", " (solo)")
            score = f"{team['score']}" + (t(" raus", " out") if team["out"] else "")
            row = [f"{marker}{team['index'] + 1}", members, score]
            if playing:
                row.append(str(sum(view["jokers_left"][seat] for seat in team["members"])))
            teams.add_row(*row)
        parts.append(teams)
    if view["phase"] == "round_over" or view["not_seated"]:
        parts.append(Plain(_table_line(view, humans, lang)))
    draw = view.get("draw")
    if draw is not None and draw["rolls"]:
        rolled = ", ".join(f"{seat_name(seat, humans, lang)}: {face}" for seat, face in draw["rolls"])
        parts.append(Plain(t(f"Auswürfeln: {rolled}", f"Team draw: {rolled}")))
    provisional = view.get("provisional")
    if provisional:
        parts.append(
            Plain(
                t(
                    f"Vorgelegt von {seat_name(provisional['seat'], humans, lang)}: {provisional['points']} Punkte",
                    f"Put up by {seat_name(provisional['seat'], humans, lang)}: {provisional['points']} points",
                )
            )
        )
    previous = view.get("previous_turn")
    if previous:
        parts.append(_previous_panel(previous, humans, lang))
    turn = view.get("turn")
    if turn is not None:
        parts.append(_turn_panel(turn, humans, lang))
    hint = view.get("hint")
    if hint:
        parts.append(Plain(f"→ {hint.get(lang, hint.get('en', ''))}"))
    return Group(*parts)


def _table_line(view: Mapping[str, Any], humans: Sequence[int], lang: str) -> str:
    """Who is at the table (E-22): N, the unit it makes, and who is not there."""
    t = partial(_say, lang)
    line = t(
        f"Am Tisch: {view['players']} Spieler, eine Einheit = {view['unit_cents']} Cent",
        f"At the table: {view['players']} players, one unit = {view['unit_cents']} cents",
    )
    if view["not_seated"]:
        away = ", ".join(seat_name(seat, humans, lang) for seat in view["not_seated"])
        line += t(f"; nicht am Tisch: {away}", f"; not at the table: {away}")
    return line


def _turn_panel(turn: dict[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    t = partial(_say, lang)
    kept = [face for face, count in turn["kept"] for _ in range(count)]
    rows = Table(show_header=False, box=None)
    who = seat_name(turn["owner"], humans, lang)
    if turn["stand_in"]:
        who += t(
            f", geworfen von {seat_name(turn['thrower'], humans, lang)}",
            f", thrown by {seat_name(turn['thrower'], humans, lang)}",
        )
    rows.add_row(
        t("Am Zug", "On turn"), f"{who} – {t('Rolle', 'role')} {turn['role']}" + (" – JOKER" if turn["joker"] else "")
    )
    rows.add_row(t("Wurf", "Throw"), f"{turn['throws_used']} / 3")
    if turn.get("throws"):
        rows.add_row(t("Würfe", "Throws"), throws_table(turn["throws"], lang))
    rows.add_row(t("Rausgelegt", "Set aside"), dice(kept))
    rows.add_row(t("Im Becher", "In the cup"), str(turn["free"]))
    if turn["pending"]:
        state = (
            t("wartet auf Bestätigung", "awaiting confirmation")
            if turn["awaiting_confirmation"]
            else t("bestätigt", "confirmed")
        )
        rows.add_row(t("Vorgemerkt", "Pending"), f"{turn['pending']} ({state})")
    rows.add_row(t("Wert jetzt", "Value now"), str(turn["value"]))
    return Panel(rows, title=t("Wurf", "Turn"), title_align="left")


def _previous_panel(previous: dict[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """The last finished player turn, so the table can still read it after the turn passed."""
    result = previous["result"]
    rows: list[RenderableType] = [Plain(result.get(lang, result.get("en", "")), style="bold")]
    if previous.get("stand_in"):
        thrower = seat_name(previous["thrower"], humans, lang)
        rows.append(Plain(_say(lang, f"geworfen von {thrower}", f"thrown by {thrower}")))
    if previous.get("throws"):
        rows.append(throws_table(previous["throws"], lang))
    who = seat_name(previous["owner"], humans, lang)
    return Panel(Group(*rows), title=_say(lang, f"Zuletzt: {who}", f"Previous turn: {who}"), title_align="left")


def news(before: Mapping[str, Any], after: Mapping[str, Any], humans: Sequence[int], lang: str) -> list[str]:
    """What changed between two public views: the teams drawn, points put up, a team's score, a round's
    end with who pays what (K-11..K-13)."""
    t = partial(_say, lang)
    name = partial(_name, humans=humans, lang=lang)
    lines = []
    for seat in sorted(set(before["not_seated"]) - set(after["not_seated"])):  # E-22: between rounds
        lines.append(
            t(
                f"{name(seat)} kommt an den Tisch: jetzt {after['players']} Spieler, "
                "die Paare werden neu ausgewürfelt.",
                f"{name(seat)} arrives: now {after['players']} players, the teams are drawn again.",
            )
        )
    for seat in sorted(set(after["not_seated"]) - set(before["not_seated"])):
        lines.append(
            t(
                f"{name(seat)} geht: jetzt {after['players']} Spieler, die Paare werden neu ausgewürfelt.",
                f"{name(seat)} leaves: now {after['players']} players, the teams are drawn again.",
            )
        )
    if before["phase"] == "draw" and after["phase"] == "play":
        teams = "; ".join(" + ".join(name(seat) for seat in team["members"]) for team in after["teams"])
        lines.append(t(f"Teams: {teams}", f"Teams: {teams}"))
    same_round = before["round"] == after["round"]
    provisional = after.get("provisional")
    if provisional and not before.get("provisional"):
        points = provisional["points"]
        lines.append(
            t(f"{name(provisional['seat'])} legt {points} vor.", f"{name(provisional['seat'])} puts up {points}.")
        )
    if same_round and len(after["sheet"]) > len(before["sheet"]):
        entry = after["sheet"][-1]
        total = after["teams"][entry["team"]]["score"]
        lines.append(
            t(
                f"Team {entry['team'] + 1}: {entry['p1_points']} + {entry['p2_points']} → +{entry['gain']} "
                f"(jetzt {total})",
                f"Team {entry['team'] + 1}: {entry['p1_points']} + {entry['p2_points']} → +{entry['gain']} "
                f"(now {total})",
            )
        )
    if len(after["rounds"]) > len(before["rounds"]):
        record = after["rounds"][-1]
        loser = " + ".join(name(seat) for seat in record["teams"][record["loser"]])
        how = t("6 Gleiche mit einem Wurf", "six equal in one throw") if record["ending"] == "six_equal" else ""
        lines.append(
            t(
                f"Runde {record['number']} vorbei{': ' + how if how else ''}. Verloren: {loser}.",
                f"Round {record['number']} over{': ' + how if how else ''}. Lost: {loser}.",
            )
        )
        for payment in record["payments"]:
            lines.append(
                t(
                    f"  {name(payment['seat'])} zahlt {payment['units']} Einheit(en) = {payment['cents']} Cent "
                    f"({payment['reason']})",
                    f"  {name(payment['seat'])} pays {payment['units']} unit(s) = {payment['cents']} cents "
                    f"({payment['reason']})",
                )
            )
    return lines


def final(session: Session, result: Result) -> list[str]:
    """Under "The end": every round's points and losers, then each seat's balance in cents (K-13)."""
    t = partial(_say, session.lang)
    view = session.game.view(session.state, None)
    lines = []
    for record in view["rounds"]:
        loser = " + ".join(session.name(seat) for seat in record["teams"][record["loser"]])
        scores = ", ".join(str(score) for score in record["scores"])
        lines.append(
            t(
                f"Runde {record['number']}: Punkte {scores}; verloren: {loser}",
                f"Round {record['number']}: points {scores}; lost: {loser}",
            )
        )
    label = t("Saldo (Cent)", "balance (cents)")
    return lines + [f"  {session.name(seat)}: {label} {score}" for seat, score in enumerate(result.scores)]
