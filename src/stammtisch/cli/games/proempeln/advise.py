"""``stammtisch advise proempeln``: the special-move advisor for one player before his run.

The player is a name (his landings learned from the stored table games; a name without any is
told so, and gets the club average, uniform while the club has no stoppers recorded) or landing
counts ``c0,c1,c2,c3``; ``--round`` is the round about to be played (1-7) and ``--specials`` the specials
he still has (``LKP``, ``L,P``, or ``-`` for none). The answer is the exact expected points of each
allowed move now and to the end of the game (``games/proempeln/advisor.py``), as a Rich table or,
with ``--json``, one JSON object.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from stammtisch.cli.console import fail, stdout
from stammtisch.cli.games.proempeln.skills import is_counts, load_book, parse_counts
from stammtisch.cli.rules import Lang
from stammtisch.core.text import Text
from stammtisch.games.proempeln import advisor
from stammtisch.games.proempeln.model import ROUNDS, SPECIALS, Config
from stammtisch.games.proempeln.skill import PlayerSkill
from stammtisch.games.proempeln.texts import SHORT_MOVE_NAMES

app = typer.Typer(add_completion=False)


def parse_specials(text: str) -> tuple[str, ...]:
    """``LKP``, ``L,P``, ``l k``, ``-`` or ``none`` → the specials left, canonical order."""
    cleaned = text.strip()
    if cleaned.lower() in ("-", "none", ""):
        return ()
    letters = [ch.upper() for ch in cleaned if ch not in ", "]
    if any(letter not in SPECIALS for letter in letters) or len(set(letters)) != len(letters):
        fail(
            Text(
                f"Spezialzüge {text!r} unlesbar: Buchstaben aus L, K, P, jeder höchstens einmal (oder „-“) (PR-4.0c).",
                f"Specials {text!r} cannot be read: letters from L, K, P, each at most once (or '-') (PR-4.0c).",
            )
        )
    return tuple(s for s in SPECIALS if s in letters)


@app.command()
def advise(
    player: Annotated[
        str, typer.Argument(help="A player's name (learned from the stored games) or landing counts c0,c1,c2,c3.")
    ] = "0,0,0,0",
    round_: Annotated[int, typer.Option("--round", min=1, max=ROUNDS, help="The round about to be played (1-7).")] = 1,
    specials: Annotated[str, typer.Option("--specials", help="Specials left, e.g. LKP, L,P or - for none.")] = "LKP",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: Annotated[Lang, typer.Option("--lang", help="Language of the table: de or en.")] = Lang.de,
) -> None:
    """Expected points of each special move now versus keeping it (Prömpeln)."""
    left = parse_specials(specials)
    if round_ <= 6 and len(left) > ROUNDS - round_:
        fail(
            Text(
                f"In Runde {round_} können höchstens {ROUNDS - round_} Spezialzüge übrig sein (PR-2.6).",
                f"In round {round_} at most {ROUNDS - round_} specials can be left (PR-2.6).",
            )
        )
    if round_ == ROUNDS and left:
        fail(
            Text(
                "In Runde 7 ist nur der Doppellörer erlaubt; L, K und P sind verfallen (PR-R09).",
                "Round 7 allows only the Doppellörer; L, K and P have lapsed (PR-R09).",
            )
        )
    if is_counts(player):
        skill, source = PlayerSkill(parse_counts(player)), "counts"
    else:
        skill, source = load_book().skill(player), player.strip()
    advice = advisor.advise(round_, left, skill.distribution(), Config())
    note = None if source == "counts" or skill.samples else no_record(source, skill.distribution())
    if as_json:
        data = {"player": source, "samples": skill.samples, "distribution": list(skill.distribution())}
        if note is not None:
            data["note"] = {"de": note.de, "en": note.en}
        data.update(advice.to_json())
        data.pop("table", None)
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    say = Text
    language = lang.value
    if note is not None:
        stdout().print(note.get(language), markup=False, soft_wrap=True)
    dist = " / ".join(f"{x:.2f}" for x in skill.distribution())
    table = Table(
        title=say(
            f"{source}: Runde {round_}, übrig {''.join(left) or '–'}",
            f"{source}: round {round_}, left {''.join(left) or '–'}",
        ).get(language),
        caption=say(
            f"P(0/1/2/3) = {dist} aus {skill.samples} Prömpeln",
            f"P(0/1/2/3) = {dist} from {skill.samples} stoppers",
        ).get(language),
    )
    table.add_column(say("Zug", "Move").get(language))
    table.add_column(say("diese Runde", "this round").get(language), justify="right")
    table.add_column(say("bis zum Ende", "until the end").get(language), justify="right")
    table.add_column(say("gegenüber ohne Spezialzug", "vs. no special").get(language), justify="right")
    table.add_column(say("König", "King").get(language), justify="right")
    # The star marks the best move under the numbers shown (issue 14): whole-game values equal to two
    # decimals are decided by this round's points, which the table also shows.
    shown_best = max(advice.moves, key=lambda m: (round(m.total, 2), round(m.this_round, 2))).move
    plain = next((m for m in advice.moves if m.move == "none"), None)
    for move in advice.moves:
        best = move.move == shown_best
        versus = "–" if plain is None or move is plain else f"{round(move.total - plain.total, 2) + 0.0:+.2f}"
        table.add_row(
            ("★ " if best else "") + SHORT_MOVE_NAMES[move.move].get(language),
            f"{move.this_round:.2f}",
            f"{move.total:.2f}",
            versus,
            f"{move.king:.2%}",
            style="bold" if best else None,
        )
    stdout().print(table)


def no_record(name: str, distribution: tuple[float, ...]) -> Text:
    """Issue 14: a name without recorded stoppers is not an error, but the model is not his."""
    uniform = all(abs(p - distribution[0]) < 1e-12 for p in distribution)
    if uniform:
        return Text(
            f"Für „{name}“ gibt es keine gespeicherten Prömpel; gerechnet wird mit einem gleichverteilten Modell "
            "(0, 1, 2, 3 je 25 %).",
            f"There is no skill data for '{name}' (no stoppers stored); a uniform model is used "
            "(0, 1, 2, 3 at 25 % each).",
        )
    return Text(
        f"Für „{name}“ gibt es keine gespeicherten Prömpel; gerechnet wird mit dem Clubdurchschnitt.",
        f"There is no skill data for '{name}' (no stoppers stored); the club average is used.",
    )
