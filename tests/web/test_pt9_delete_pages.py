"""PT-9 on the web: the tournament page links to a confirmation page that says what would go; the
title must be typed again, recorded games need the tick; a refusal keeps everything and says why
(German and English, with the clause; the htmx form is answered with the form fragment); a
confirmed deletion removes the tournament and its sheets and lands on the list."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import HTMX, alert
from tests.web.test_tournament_pages import create, draw, enter


@pytest.fixture
def client(treasurer_client: TestClient) -> TestClient:
    """Deleting (archiving) a tournament is the treasurer's or admin's (docs/access.md, AC-4)."""
    return treasurer_client


def delete(client: TestClient, url: str, title: str, lang: str = "de", headers: dict | None = None, **form: str):
    return client.post(
        f"{url}/delete?lang={lang}", data={"title": title, **form}, headers=headers or {}, follow_redirects=False
    )


def test_the_confirmation_page_says_what_would_go(client: TestClient) -> None:
    url = create(client, 8)
    assert f'href="{url}/delete"' in client.get(url).text
    sheets = draw(client, url, 1, "s")
    assert enter(client, sheets[0], "1", ["", "10", "20", "30"]).status_code == 303
    page = client.get(f"{url}/delete?lang=en").text
    assert 'data-count="players">8<' in page and 'data-count="sheets">2<' in page
    assert 'data-count="games">1<' in page and 'name="scores_too"' in page
    assert "Type the title to confirm: Herbstturnier" in page
    german = client.get(f"{url}/delete?lang=de").text
    assert "Zur Bestätigung den Titel eingeben: Herbstturnier" in german and "Endgültig löschen" in german


def test_an_empty_tournament_goes_with_its_title(client: TestClient) -> None:
    """PT-9: no sheets, no tick box; the typed title (case aside) deletes; the list says so."""
    url = create(client, 0)
    assert 'name="scores_too"' not in client.get(f"{url}/delete").text
    done = delete(client, url, "  herbstturnier ")
    assert done.status_code == 303 and done.headers["location"] == "/tournaments?deleted=1"
    assert "Das Turnier wurde gelöscht." in client.get("/tournaments?deleted=1").text
    assert client.get(url).status_code == 404
    assert f'href="{url}"' not in client.get("/tournaments").text


def test_wrong_title_and_missing_consent_delete_nothing(client: TestClient) -> None:
    """PT-9: refused (422, clause) in the reader's language; tournament and sheets stay."""
    url = create(client, 4)
    sheet = draw(client, url, 1, "s")[0]
    assert enter(client, sheet, "2", ["5", "", "6", "7"]).status_code == 303
    for lang, words in (("de", "Zum Löschen den Titel des Turniers eingeben"), ("en", "To delete, type")):
        refused = delete(client, url, "Herbst", lang, scores_too="true")
        assert refused.status_code == 422 and words in alert(refused.text) and "(PT-9)" in alert(refused.text)
    for lang, words in (("de", "Nichts wurde gelöscht"), ("en", "Confirm explicitly")):
        refused = delete(client, url, "Herbstturnier", lang)
        assert refused.status_code == 422 and words in alert(refused.text)
        assert 'value="Herbstturnier"' in refused.text  # the typed title is kept for the second try
    bad = delete(client, url, "Herbstturnier", scores_too="vielleicht")
    assert bad.status_code == 400
    assert client.get(url).status_code == 200 and client.get(f"/sheet/{sheet}").status_code == 200
    done = delete(client, url, "Herbstturnier", scores_too="true")
    assert done.status_code == 303
    assert client.get(url).status_code == 404 and client.get(f"/sheet/{sheet}").status_code == 404


def test_htmx_answers_the_form_fragment_or_redirects(client: TestClient) -> None:
    """PT-9 with htmx: a refusal swaps in the form with the alert; success is an HX-Redirect."""
    url = create(client, 4)
    refused = delete(client, url, "nein", "en", headers=HTMX)
    assert refused.status_code == 422
    assert refused.text.lstrip().startswith('<form class="card form" id="delete-form"')
    assert "<html" not in refused.text and "To delete, type" in alert(refused.text)
    done = delete(client, url, "Herbstturnier", "en", headers=HTMX)
    assert done.status_code == 204 and done.headers["hx-redirect"] == "/tournaments?deleted=1"


def test_unknown_tournament_is_404(client: TestClient) -> None:
    """PT-0."""
    assert client.get("/t/nope/delete").status_code == 404
    assert delete(client, "/t/nope", "x").status_code == 404


def test_titles_with_umlauts_quotes_and_markup_are_typed_back(client: TestClient) -> None:
    """PT-9: the title is shown escaped and typed back as shown (blanks collapsed)."""
    for title in ("Herbst „Gans“ 2026", "O'Briens  Rommé", "Äpfel & <Birnen>"):
        url = client.post("/tournaments", data={"title": title}, follow_redirects=False).headers["location"]
        page = client.get(f"{url}/delete").text
        assert "<Birnen>" not in page
        assert delete(client, url, " ".join(title.split())).status_code == 303
