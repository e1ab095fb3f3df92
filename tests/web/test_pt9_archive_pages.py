"""PT-9 on the web (issue 10, item 3): "deleting" a tournament archives it. The tournament page links
to a page that says what is put away and that it can be restored; archiving lands on the list (which
no longer shows it) with a notice; the archived tournaments are listed with a restore button; an
archived tournament's page says so, and its forms are refused (German and English, the clause in the
data, nothing written); restoring brings it back as it was."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from tests.web.test_tournament_pages import create, draw


@pytest.fixture
def keeper(request: pytest.FixtureRequest) -> TestClient:
    """Archiving and restoring are the treasurer's or the admin's (docs/access.md)."""
    try:
        return request.getfixturevalue("treasurer_client")
    except pytest.FixtureLookupError:  # before the club's roles existed
        client: TestClient = request.getfixturevalue("client")
        return client


def tid(url: str) -> str:
    return url.rsplit("/", 1)[-1]


def test_pt9_archive_page_archive_list_and_restore(keeper: TestClient) -> None:
    url = create(keeper, 8)
    sheets = draw(keeper, url, 1, "s")
    page = keeper.get(url).text
    assert f'href="{url}/archive"' in page and "/delete" not in page
    confirm = keeper.get(f"{url}/archive?lang=en")
    assert confirm.status_code == 200
    assert 'data-count="players">8<' in confirm.text and 'data-count="sheets">2<' in confirm.text
    assert "restore" in confirm.text and "Nothing is deleted" in confirm.text
    done = keeper.post(f"{url}/archive", follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/tournaments?archived=1"
    listing = keeper.get("/tournaments?archived=1&lang=en").text
    assert 'id="archived-notice"' in listing and f'href="{url}"' not in listing
    assert 'href="/tournaments/archived"' in listing
    archived = keeper.get("/tournaments/archived?lang=en").text
    assert f'href="{url}"' in archived and f'action="{url}/restore"' in archived and "Herbstturnier" in archived
    assert re.search(r"archived [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d", archived)  # Babel, the page's locale
    shown = keeper.get(f"{url}?lang=en").text
    assert 'id="archived-banner"' in shown and f'action="{url}/restore"' in shown and f'{url}/archive"' not in shown
    assert keeper.get(f"/sheet/{sheets[0]}").status_code == 200  # the sheets are kept
    back = keeper.post(f"{url}/restore", follow_redirects=False)
    assert back.status_code == 303 and back.headers["location"] == f"{url}?restored=1"
    assert 'id="restored-notice"' in keeper.get(f"{url}?restored=1&lang=en").text
    assert f'href="{url}"' in keeper.get("/tournaments").text
    assert f'href="{url}"' not in keeper.get("/tournaments/archived").text


@pytest.mark.parametrize(("lang", "words"), [("de", "archiviert"), ("en", "archived")])
def test_pt9_an_archived_tournament_refuses_changes(keeper: TestClient, lang: str, words: str) -> None:
    url = create(keeper, 4)
    keeper.post(f"{url}/archive", follow_redirects=False)
    page = keeper.get(url).text
    assert f'action="{url}/players"' not in page and f'action="{url}/draw"' not in page  # no forms to fill in
    refused = keeper.post(f"{url}/players?lang={lang}", data={"name": "Zacharias"}, follow_redirects=False)
    assert refused.status_code == 422 and words in refused.text and "Zacharias" not in keeper.get(url).text
    again = keeper.post(f"{url}/archive?lang={lang}", follow_redirects=False)
    assert again.status_code == 422 and words in again.text
    assert 'data-clause="PT-9"' in again.text and "(PT-9)" not in again.text
    assert keeper.get(url).text.count("data-number=") == page.count("data-number=") == 4


def test_pt9_restoring_an_active_or_unknown_tournament_is_refused(keeper: TestClient) -> None:
    url = create(keeper, 0)
    refused = keeper.post(f"{url}/restore?lang=en", follow_redirects=False)
    assert refused.status_code == 422 and "nothing to restore" in refused.text
    assert keeper.post("/t/nope/restore", follow_redirects=False).status_code == 404
    assert keeper.post("/t/nope/archive", follow_redirects=False).status_code == 404
    assert keeper.get("/t/nope/archive").status_code == 404
