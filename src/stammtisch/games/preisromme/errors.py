"""Why Preisrommé refuses an action: ``RuleViolation`` subclasses and the catalogue of reasons.

The meld helpers return a short *problem key* instead of raising (enumerating legal moves must be
fast); ``refuse`` turns a key into the exception with its clause and its German and English
message. Messages name only the acting seat's own cards and table cards, never another hand.
"""

from __future__ import annotations

from typing import NoReturn

from stammtisch.core.errors import IllegalAction
from stammtisch.core.text import Text


class IllegalMeld(IllegalAction):
    """A false laying (R-9.2): wrong figure, two jokers side by side, no forty first, too early."""

    code = "meld/illegal"


class TableRight(IllegalAction):
    """ "Tisch hat sein Recht" (R-9.1): nothing on the table is taken back or rearranged."""

    code = "meld/table_right"


class SwapRefused(IllegalAction):
    """A joker swap the rules forbid (R-7.1, R-7.2, RA-15)."""

    code = "meld/swap_refused"


class KnockRefused(IllegalAction):
    """A claim on the discard that cannot be made (R-4, RA-05, RA-06)."""

    code = "knock/refused"


class ImpossibleEntry(IllegalAction):
    """A score-sheet entry that cannot have happened (R-2.1, R-13, RA-23)."""

    code = "scoresheet/impossible"


PROBLEMS: dict[str, tuple[type[IllegalAction], str, Text]] = {
    "short": (
        IllegalMeld,
        "RA-10",
        Text("Eine Figur hat mindestens drei Karten.", "A figure has at least three cards."),
    ),
    "no_natural": (
        IllegalMeld,
        "RA-10",
        Text("Eine Figur braucht eine echte Karte.", "A figure needs a natural card."),
    ),
    "mixed_suits": (
        IllegalMeld,
        "RA-10",
        Text("Falsche Reihenfolge: eine Reihe hat nur eine Farbe.", "Wrong sequence: a run is of one suit."),
    ),
    "gap": (
        IllegalMeld,
        "RA-10",
        Text("Falsche Reihenfolge: die Karten folgen nicht lückenlos.", "Wrong sequence: the cards do not follow on."),
    ),
    "ace_position": (
        IllegalMeld,
        "RA-11",
        Text("Das As liegt nur vor der Zwei oder nach dem König.", "An ace goes only below the two or above the king."),
    ),
    "bounds": (
        IllegalMeld,
        "RA-11",
        Text(
            "Die Reihe geht über das As hinaus (kein Herumlaufen, kein As an beiden Enden).",
            "The run goes past the ace (no wrap-around, no ace at both ends).",
        ),
    ),
    "mixed_ranks": (
        IllegalMeld,
        "RA-10",
        Text("Falsche Reihenfolge: ein Satz hat nur einen Wert.", "Wrong sequence: a set is of one rank."),
    ),
    "suit_twice": (
        IllegalMeld,
        "RA-10",
        Text("In einem Satz kommt jede Farbe nur einmal vor.", "A set holds each suit only once."),
    ),
    "set_size": (IllegalMeld, "RA-10", Text("Ein Satz hat drei oder vier Karten.", "A set has three or four cards.")),
    "set_order": (
        IllegalMeld,
        "R-10.1",
        Text(
            "Satz in der Farbenreihenfolge Kreuz Pik Herz Karo angeben, jeden Joker bei der Farbe, für die er gilt.",
            "Give a set in the suit order clubs spades hearts diamonds, each joker at the suit it stands for.",
        ),
    ),
    "jokers_adjacent": (
        IllegalMeld,
        "R-8.1",
        Text("Zwei Joker dürfen nicht nebeneinander liegen.", "Two jokers must not lie side by side."),
    ),
    "kind": (IllegalMeld, "RA-18", Text("Eine Figur ist eine Reihe oder ein Satz.", "A figure is a run or a set.")),
    "unknown_card": (
        IllegalMeld,
        "RA-01",
        Text("Unbekannte Karte (Codes wie 7H, 10C, AS, JK).", "Unknown card (codes like 7H, 10C, AS, JK)."),
    ),
    "not_in_hand": (
        IllegalAction,
        "R-6.1",
        Text("Diese Karten hast du nicht auf der Hand.", "You do not hold these cards."),
    ),
    "keep_one": (
        IllegalMeld,
        "R-11.2",
        Text(
            "Eine Karte muss zum Abwerfen auf der Hand bleiben.",
            "One card must stay in hand to be discarded at the end.",
        ),
    ),
    "too_early": (
        IllegalMeld,
        "R-6.2",
        Text(
            "Ausgelegt wird erst, wenn jede Spielerin einmal ausgespielt hat.",
            "Nobody lays out before every player has discarded once.",
        ),
    ),
    "under_forty": (
        IllegalMeld,
        "R-6.1",
        Text(
            "Zuerst muss eine Figur mit mindestens {need} Punkten ausgelegt werden (diese zählt {got}).",
            "The first laying must be one figure of at least {need} points (this one counts {got}).",
        ),
    ),
    "not_opened": (
        IllegalMeld,
        "R-7.1",
        Text(
            "Anlegen und Joker tauschen erst nach dem Auslegen von 40 Punkten.",
            "Laying off and swapping jokers only after laying out 40 points.",
        ),
    ),
    "locked": (
        IllegalMeld,
        "R-9.2",
        Text(
            "Nach falschem Auslegen darfst du erst in deinem nächsten Zug wieder auslegen.",
            "After a false laying you may lay again only in your next turn.",
        ),
    ),
    "no_figure": (
        IllegalAction,
        "RA-14",
        Text("Auf dem Tisch liegt keine Figur mit dieser Nummer.", "There is no figure with this number on the table."),
    ),
    "does_not_fit": (
        IllegalMeld,
        "RA-14",
        Text("Die Karte passt nicht an diese Figur.", "The card does not fit this figure."),
    ),
    "end_needed": (
        IllegalMeld,
        "RA-14",
        Text(
            "Bei Joker oder As an einer Reihe das Ende angeben: low oder high.",
            "For a joker or an ace on a run say which end: low or high.",
        ),
    ),
    "end_unwanted": (
        IllegalMeld,
        "RA-14",
        Text(
            "Ein Ende (low/high) gibt man nur für Joker oder As an einer Reihe an.",
            "An end (low/high) is given only for a joker or an ace on a run.",
        ),
    ),
    "is_swap": (
        IllegalMeld,
        "RA-14",
        Text(
            "Dort liegt ein Joker für diese Karte: das ist ein Tausch (swap), kein Anlegen.",
            "A joker stands for this card there: that is a swap, not a lay-off.",
        ),
    ),
    "rearrange": (
        TableRight,
        "R-9.1",
        Text(
            "Tisch hat sein Recht: diese Karte liegt schon; nichts wird umgelegt.",
            "The table has its right: this card is already laid; nothing is rearranged.",
        ),
    ),
    "no_joker": (
        TableRight,
        "R-9.1",
        Text(
            "Tisch hat sein Recht: dort liegt kein Joker für diese Karte.",
            "The table has its right: no joker stands for this card there.",
        ),
    ),
    "own_joker": (
        SwapRefused,
        "R-7.2",
        Text(
            "Man kann nur die von den Mitspielerinnen ausgelegten Joker eintauschen.",
            "Only jokers laid by the other players can be swapped.",
        ),
    ),
    "swap_joker": (
        SwapRefused,
        "RA-15",
        Text("Ein Joker wird nur gegen eine echte Karte getauscht.", "A joker is swapped only for a natural card."),
    ),
    "not_held": (IllegalAction, "R-11.2", Text("Diese Karte hast du nicht.", "You do not hold this card.")),
    "withdraw": (
        IllegalAction,
        "R-9.2",
        Text("Hier gibt es nichts zurückzunehmen.", "There is nothing to take back now."),
    ),
    "window_closed": (
        KnockRefused,
        "RA-06",
        Text(
            "Geklopft wird nur, solange die ausgespielte Karte oben liegt und das Klopffenster offen ist.",
            "Knocking is possible only while the discard is on top and the knock window is open.",
        ),
    ),
    "next_takes": (
        KnockRefused,
        "R-4.4",
        Text(
            "Die nächste Spielerin muss nicht klopfen: sie nimmt die Karte (take) oder passt.",
            "The next player does not knock: she takes the card (take) or passes.",
        ),
    ),
    "only_next": (
        KnockRefused,
        "R-5.2",
        Text(
            "Nur die nächste Spielerin nimmt die Karte ohne Klopfen; die anderen klopfen (knock).",
            "Only the next player takes the card without knocking; the others knock.",
        ),
    ),
    "opening_short": (
        IllegalMeld,
        "R-6.1",
        Text(
            "Das erste Auslegen muss zusammen mindestens {need} Punkte ergeben (bisher {got}): weiter auslegen "
            "oder die Karten zurücknehmen (withdraw).",
            "The first laying must come to at least {need} points together (so far {got}): lay more or take "
            "the cards back (withdraw).",
        ),
    ),
    "joker_owed": (
        SwapRefused,
        "RA-15",
        Text(
            "Der eingetauschte Joker muss in diesem Zug ausgelegt oder angelegt werden, bevor etwas anderes geht.",
            "The joker won by the swap must be laid or laid off this turn before anything else.",
        ),
    ),
    "joker_unusable": (
        SwapRefused,
        "RA-15",
        Text(
            "Der eingetauschte Joker müsste in diesem Zug ausgelegt werden, passt danach aber nirgends.",
            "The swapped joker would have to be laid this turn, but it would fit nowhere afterwards.",
        ),
    ),
    "not_now": (IllegalAction, "RA-03", Text("Dieser Zug passt jetzt nicht.", "This move does not fit now.")),
    "not_sheet": (
        IllegalAction,
        "R-2.1",
        Text(
            "Einträge ins Spielblatt gibt es nur im Spielblatt-Modus.", "Score-sheet entries exist only in that mode."
        ),
    ),
}


def refuse(problem: str, **values: object) -> NoReturn:
    """Raise the violation for ``problem``."""
    cls, clause, text = PROBLEMS[problem]
    raise cls(clause, text.format(**values) if values else text)


def entry_refused(de: str, en: str) -> NoReturn:
    """R-2.1 / RA-23: a score-sheet entry that cannot have happened."""
    raise ImpossibleEntry("RA-23", Text(de, en))
