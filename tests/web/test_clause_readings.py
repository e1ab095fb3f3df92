"""The readings shown one tap away from a refusal (``web/clauses.py``): every clause id in the rulings files
gets its own text, and the packaged ``clauses.json`` is the one the rulings files give today."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from stammtisch.web.clauses import build, clauses, extract, rule_text

ROOT = Path(__file__).resolve().parents[2]
SHARED_RULINGS = ROOT / "docs" / "rules" / "rulings"


def test_clause_lines_in_every_form_of_the_rulings_files() -> None:
    text = "\n".join(
        [
            "* **K-6.5** The first reading.",
            "  It goes on here.",
            "",
            "**KA-36 Title.** The second reading.",
            "| M-1 | The third reading |",
            "- PR-1.1 The fourth reading.",
        ]
    )
    found = extract(text)
    assert found["K-6.5"].startswith("The first reading") and found["K-6.5"].endswith("It goes on here.")
    assert found["KA-36"].startswith("Title")
    assert found["M-1"] == "The third reading"
    assert found["PR-1.1"].startswith("The fourth reading")


def test_a_wrapped_line_that_starts_with_a_longer_id_defines_no_shorter_clause() -> None:
    """Prose wrapped so that a line starts with "R-5.1)" used to define R-5 with the rest of the sentence
    as its reading, shown for every refusal citing rule 5."""
    found = extract("2. **Worlds**: a card another seat took (a knocker,\n   R-5.1) is put in her hand.")
    assert "R-5" not in found
    assert "R-5.1" not in found


def test_the_packaged_readings_are_the_rulings_files_of_today() -> None:
    """Rebuild with: python -m stammtisch.web.clauses docs/rules/rulings/*.md docs/rulings/*.md docs/*.md"""
    paths = sorted(SHARED_RULINGS.glob("*.md")) + sorted((ROOT / "docs" / "rulings").glob("*.md"))
    paths += sorted((ROOT / "docs").glob("*.md"))
    assert build(paths) == clauses()


def test_each_numbered_rule_of_a_rule_text_is_its_own_paragraph() -> None:
    """The Preisrommé text lists its rules line by line in one block; rule 5 must be markable alone."""
    text = rule_text("preisromme", "en")
    assert text is not None
    fifth = [p for p in text.paragraphs if p.startswith("5. ")]
    assert len(fifth) == 1 and "knocking" in fifth[0]
    assert any(p.startswith("6. ") and "Examples of forty points" in p for p in text.paragraphs)


def test_the_rule_link_shows_the_numbered_rule_on_the_first_card(client: TestClient) -> None:
    """A refusal citing R-5.1 links to /rules/preisromme?clause=R-5.1: the reading, then rule 5 itself."""
    page = client.get("/rules/preisromme", params={"clause": "R-5.1", "lang": "en"})
    assert page.status_code == 200
    hits = re.findall(r'<p id="p\d+" class="rules-text hit" data-testid="hit">([^<]*)</p>', page.text)
    assert len(hits) == 1 and hits[0].startswith("5. A player who acquires a card by knocking")
