"""The text behind a refusal's small "rule" link: a clause of the rulings, and the game's rule text.

Refusals carry the clause they break (``K-6.5``, ``KA-36``, ``M-1``, ``PT-7``); the pages show the
sentence and, behind a "rule" link, this text. The clause texts are package data (``clauses.json``,
built from the rulings with ``python -m stammtisch.web.clauses FILE...``: the rulings themselves are not
packaged); the rule texts are the games' own ``rules_<lang>.md|txt`` (the files ``stammtisch rules``
prints). The readings are written in English; the game's rule text is shown in the reader's language.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

#: A clause id at the start of a rulings line: ``* **K-6.5** …``, ``**KA-36 Title.**``, ``| M-1 | …``,
#: ``- PR-1.1 …``; never a shorter id cut from a longer one (``R-5.1)`` in wrapped prose is not R-5).
_CLAUSE_LINE = re.compile(
    r"^(?:[*-] +|\| *)?(?:\*\*)?(?P<id>[A-Z]{1,3}-[A-Z]?\d+(?:\.\d+)*[a-z]?)(?!\.\d)(?:\*\*)?(?=[\s|:.*])(?P<rest>.*)$"
)
_CLAUSE_ID = re.compile(r"^[A-Z]{1,3}-[A-Z]?\d+(?:\.\d+)*[a-z]?$")
_MARKUP = re.compile(r"\*\*|`")
_REFERENCES = re.compile(r"^[A-Z][A-Za-z0-9.\-]*(?:[ ,]+[A-Za-z0-9.()\-`]+)*$")
MAX_CHARS = 900
#: A line that starts a numbered rule of a rule text ("5. A player who …").
_NUMBERED = re.compile(r"^\d+\.\s")


@dataclass(frozen=True, slots=True)
class RuleText:
    """A game's rule text in one language: its paragraphs, and whether it is the German original."""

    lang: str
    paragraphs: tuple[str, ...]


def is_clause(value: str) -> bool:
    """Whether ``value`` looks like a clause id (never show anything else as one)."""
    return bool(_CLAUSE_ID.match(value))


def extract(markdown: str) -> dict[str, str]:
    """The clause texts of one rulings file: each clause's line and its continuation lines."""
    found: dict[str, str] = {}
    current: str | None = None
    parts: list[str] = []

    def close() -> None:
        if current is not None and current not in found:
            text = " ".join(part for part in parts if part).strip()
            text = _MARKUP.sub("", text)
            found[current] = text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 1].rsplit(" ", 1)[0] + " …"

    for raw in markdown.splitlines():
        line = raw.strip()
        match = _CLAUSE_LINE.match(line)
        if match:
            close()
            current = match["id"]
            rest = match["rest"]
            if line.startswith("|"):  # a table row: the clause's text is the next column
                columns = [column.strip() for column in line.strip("|").split("|")]
                rest = columns[1] if len(columns) > 1 else ""
                if len(columns) > 2 and _REFERENCES.match(rest):  # a column of cited clauses, then the text
                    rest = columns[2]
            parts = [rest.strip(" .*:|")]
            if line.startswith("|"):
                close()
                current = None
            continue
        if current is None:
            continue
        if not line or line.startswith("#"):
            close()
            current = None
            continue
        parts.append(line.lstrip("*- "))
    close()
    return found


@cache
def clauses() -> dict[str, str]:
    """Every packaged clause text by id."""
    data = resources.files("stammtisch.web") / "clauses.json"
    loaded: dict[str, str] = json.loads(data.read_text(encoding="utf-8"))
    return loaded


def clause_text(clause: str) -> str | None:
    """The reading of ``clause`` (English), or None if it is not known."""
    return clauses().get(clause)


def rule_text(slug: str, lang: str) -> RuleText | None:
    """The game's rule text in ``lang`` (else the other language), split into paragraphs."""
    if not re.match(r"^[a-z][a-z0-9_]*$", slug):
        return None
    folder = resources.files("stammtisch") / "games" / slug
    if not folder.is_dir():
        return None
    for language in (lang, "de" if lang == "en" else "en"):
        for suffix in (".md", ".txt"):
            candidate = folder / f"rules_{language}{suffix}"
            if candidate.is_file():
                content = candidate.read_text(encoding="utf-8")
                return RuleText(language, _paragraphs(content))
    return None


def _paragraphs(content: str) -> tuple[str, ...]:
    """Blocks between blank lines, and within a block each numbered rule ("5. …") on its own, with the
    lines that follow it: a clause's rule can then be marked alone (rule texts list rules line by line)."""
    found: list[str] = []
    for block in re.split(r"\n\s*\n", content):
        current: list[str] = []
        for line in block.strip().splitlines():
            if current and _NUMBERED.match(line):
                found.append("\n".join(current))
                current = []
            current.append(line)
        if current:
            found.append("\n".join(current))
    return tuple(found)


def numbered_paragraph(clause: str) -> int | None:
    """For a clause that restates a numbered rule (``K-6.5`` → rule 6, ``R-4.1`` → 4): its number."""
    match = re.match(r"^[A-Z]{1,2}-(\d+)(?:\.\d+)?$", clause)
    if not match or clause.split("-")[0] not in ("K", "R", "PR"):
        return None
    return int(match.group(1))


def _titled(text: str) -> str:
    """Game slugs in a reading (a file name, a seed's prefix) become the games' names: people
    read these texts, and no generic web file names a game (the registry does)."""
    from stammtisch.games import GAMES

    for slug, game in GAMES.items():
        title = game.title.en.split(" (")[0]
        # A rulings file cited by name ("<slug>_cards.md") reads as what it is: "<title> cards".
        text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(slug)}[_-]([a-z]+)\.md\b", rf"{title} \1", text)
        text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(slug)}(?![A-Za-z0-9])", title, text)
    return text


def build(paths: list[Path]) -> dict[str, str]:
    """All clause texts of the given rulings files (the first file to define a clause wins)."""
    merged: dict[str, str] = {}
    for path in paths:
        for clause, text in extract(path.read_text(encoding="utf-8")).items():
            merged.setdefault(clause, _titled(text))
    return dict(sorted(merged.items()))


# Rebuild: python -m stammtisch.web.clauses docs/rules/rulings/*.md docs/rulings/*.md docs/*.md
if __name__ == "__main__":
    target = Path(__file__).with_name("clauses.json")
    target.write_text(json.dumps(build([Path(p) for p in sys.argv[1:]]), ensure_ascii=False, indent=0) + "\n")
    print(f"{target}: {len(clauses.__wrapped__())} clauses")
