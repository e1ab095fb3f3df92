"""Reading the few free-text fields of the forms: dice faces and seat numbers.

Only the *shape* is checked here (digits, separators); whether the faces can happen now is the
rules' decision (an impossible face or count is refused by the engine with its clause).
"""

from __future__ import annotations

import re

from stammtisch.core.text import Text
from stammtisch.web.errors import BadInput

_FACES = re.compile(r"^[\s,;0-9]*$")


def parse_faces(text: str) -> tuple[int, ...]:
    """``"3 3 5"``, ``"335"`` or ``"3,3,5"`` → ``(3, 3, 5)``. Each digit is one die."""
    if not _FACES.match(text or ""):
        raise BadInput(
            Text(
                f"Würfelaugen {text!r} sind unlesbar: nur Ziffern 1 bis 6, z. B. 3 3 5.",
                f"Dice faces {text!r} cannot be read: digits 1 to 6 only, e.g. 3 3 5.",
            )
        )
    faces = tuple(int(ch) for ch in text if ch.isdigit())
    if not faces:
        raise BadInput(Text("Keine Würfelaugen eingegeben.", "No dice faces entered."))
    return faces


def format_faces(faces: tuple[int, ...]) -> str:
    """The outcome notation of dice faces: space-separated digits."""
    return " ".join(str(face) for face in faces)


def parse_seat(text: str | None) -> int | None:
    """An optional seat number from a form field ('' means none)."""
    if text is None or not text.strip():
        return None
    if not text.strip().isdigit():
        raise BadInput(Text(f"Platz {text!r} ist keine Zahl.", f"Seat {text!r} is not a number."))
    return int(text.strip())
