"""What a member's name and short name may be (AC-1), and the key that makes names unique.

Names are trimmed and inner whitespace collapsed; they are unique in the club regardless of case
("anna" and "Anna" are one person: ``name_key``). A name has 1-40 characters without control
characters; a short name (for the phone) at most 12, empty meaning "use the name".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum

from stammtisch.club.members.errors import MemberRefused
from stammtisch.club.members.model import Kind
from stammtisch.core.text import Text

MAX_NAME = 40
MAX_SHORT = 12
PASSWORD_MIN = 8
PASSWORD_MAX = 200


def clean_name(raw: str) -> str:
    """A name as stored, or ``MemberRefused`` saying what is wrong and what is allowed."""
    name = " ".join(unicodedata.normalize("NFC", raw or "").split())
    if not name:
        raise MemberRefused("AC-1", Text("Der Name fehlt.", "The name is missing."))
    if len(name) > MAX_NAME:
        raise MemberRefused(
            "AC-1",
            Text(
                f"Der Name ist {len(name)} Zeichen lang; erlaubt sind höchstens {MAX_NAME}.",
                f"The name is {len(name)} characters long; at most {MAX_NAME} are allowed.",
            ),
        )
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise MemberRefused(
            "AC-1",
            Text(
                "Der Name enthält Steuerzeichen; erlaubt ist nur lesbarer Text.",
                "The name contains control characters; only readable text is allowed.",
            ),
        )
    return name


def clean_short(raw: str) -> str:
    """A short name as stored ('' for none)."""
    short = " ".join(unicodedata.normalize("NFC", raw or "").split())
    if len(short) > MAX_SHORT:
        raise MemberRefused(
            "AC-1",
            Text(
                f"Der Kurzname ist {len(short)} Zeichen lang; erlaubt sind höchstens {MAX_SHORT}.",
                f"The short name is {len(short)} characters long; at most {MAX_SHORT} are allowed.",
            ),
        )
    if any(unicodedata.category(char).startswith("C") for char in short):
        raise MemberRefused(
            "AC-1", Text("Der Kurzname enthält Steuerzeichen.", "The short name contains control characters.")
        )
    return short


def name_key(name: str) -> str:
    """The uniqueness key: case and inner whitespace do not make a second person."""
    return clean_name(name).casefold()


def parse_kind(raw: str) -> Kind:
    try:
        return Kind(raw.strip().lower())
    except ValueError:
        raise MemberRefused(
            "AC-1",
            Text(
                f"Unbekannte Art {raw[:20]!r}; erlaubt sind 'member' (Mitglied) und 'external' (Extern, C-4).",
                f"Unknown kind {raw[:20]!r}; allowed are 'member' and 'external' (C-4).",
            ),
        ) from None


def taken(name: str) -> MemberRefused:
    return MemberRefused(
        "AC-1",
        Text(
            f"Den Namen {name!r} gibt es im Verein schon (Groß- und Kleinschreibung zählen nicht). "
            "Wähle einen anderen, z. B. mit Nachnamen-Initial.",
            f"The club already has a member called {name!r} (case does not count). "
            "Choose another, e.g. with the initial of the surname.",
        ),
    )


# --- names typed into a game form (issue 24.6) --------------------------------------------------------
class Newcomer(StrEnum):
    """AC-1: what a typed name that matches no member is, as the scribe answered: a guest tonight (kept as a
    guest: statistics and the bank list him as a guest until the admin promotes him) or a new member."""

    GUEST = "guest"
    MEMBER = "member"


def unknown_names(names: Iterable[str], known: Callable[[str], bool]) -> list[str]:
    """The typed names (cleaned, each once, in the order typed) that match no member (``known(key)``)."""
    seen: set[str] = set()
    found: list[str] = []
    for raw in names:
        if not raw or not raw.strip():
            continue
        name = clean_name(raw)
        key = name_key(name)
        if key in seen or known(key):
            continue
        seen.add(key)
        found.append(name)
    return found


def ask_newcomers(names: Sequence[str]) -> MemberRefused:
    """AC-1: the form asks before anybody new is written (a typo is not a new member)."""
    listed = ", ".join(names)
    return MemberRefused(
        "AC-1",
        Text(
            f"Nicht im Verein: {listed}. Gast heute Abend oder neues Mitglied? Bitte unten wählen "
            "(oder den Namen berichtigen).",
            f"Not in the club: {listed}. Guest tonight or new member? Please choose below (or correct the name).",
        ),
    )
