"""Issue 15.4: the lab page for Prömpeln and Preisrommé (TestClient): variants in words, the figures in
the page's language with a chart, options outside the model said, bad variants refused in words."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_proempeln_page_compares_in_german(client: TestClient) -> None:
    """PR-R02 variant chosen in words (the lab's words for it, not the option code)."""
    empty = client.get("/lab/proempeln?lang=de")
    assert empty.status_code == 200 and "Pash-7: zwei 0er sind kein Pärchen" in empty.text
    assert 'value="2000"' in empty.text  # the lab's own page size, not the Klümpchen one
    page = client.get("/lab/proempeln?lang=de&variant=pash7_zero_pairs%3Dfalse&rounds=60")
    assert page.status_code == 200 and "<svg" in page.text
    assert "Punkte je Spieler und Spiel" in page.text and "Platz 1 (fängt an) gewinnt" in page.text
    assert 'data-testid="lab-unmodelled"' not in page.text


def test_preisromme_page_says_what_the_model_cannot_show(client: TestClient) -> None:
    """RA-23: scoring is outside the model: the page says so in words."""
    page = client.get("/lab/preisromme?lang=en&variant=scoring%3Dwinner_collects&rounds=60")
    assert page.status_code == 200 and 'data-testid="lab-unmodelled"' in page.text
    assert "scoring: winner_collects" in page.text and "turns per deal" in page.text


def test_lab_pages_refuse_bad_variants_in_words(client: TestClient) -> None:
    """Unknown option and bad value: 422, the sentence in the page's language, the clause beside it,
    no figures."""
    bad = client.get("/lab/preisromme?lang=de&variant=jokers%3D9&rounds=60")
    assert bad.status_code == 422 and "höchstens 6" in bad.text and 'data-clause="RA-01"' in bad.text
    assert 'data-testid="lab-table"' not in bad.text
    unknown = client.get("/lab/proempeln?lang=en&variant=kings%3D1")
    assert unknown.status_code == 422 and "unknown house rule(s): kings" in unknown.text
    missing = client.get("/lab/bierpong?lang=en")
    assert missing.status_code == 404


def test_the_lab_index_opens_the_first_games_lab(client: TestClient) -> None:
    response = client.get("/lab", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"].startswith("/lab/")
