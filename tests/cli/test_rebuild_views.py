"""``stammtisch rebuild-views`` (docs/read-models.md): the read models made again from the logs."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.store import open_store
from stammtisch.store.stats import StatsBook


def test_rebuild_views_makes_the_read_model_again(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.store.test_read_models import _from_scratch, _random_club

    url = f"sqlite:///{tmp_path}/club.sqlite3"
    monkeypatch.setenv("STAMMTISCH_DATABASE_URL", url)
    store = open_store(url)
    try:
        service = _random_club(store, random.Random(4), 3)
        result = CliRunner().invoke(app, ["rebuild-views"])
        assert result.exit_code == 0, result.output
        assert "read models rebuilt" in result.output
        book = StatsBook(store.engine)
        assert book.summaries() == _from_scratch(store, service) and book.reads == 0
    finally:
        store.close()
