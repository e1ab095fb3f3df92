"""Issue 15.4: the lab page shows the same comparison as the CLI, with a chart and its text alternative."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_lab_page_compares_and_charts(client: TestClient) -> None:
    empty = client.get("/lab/kluempchen?lang=en")
    assert empty.status_code == 200 and 'data-testid="lab-form"' in empty.text
    page = client.get("/lab/kluempchen?lang=en&variant=third_throw_rule%3Dkeep_on_fail&rounds=120")
    assert page.status_code == 200
    assert 'data-testid="lab-table"' in page.text and "<svg" in page.text
    assert "starting team wins" in page.text and "paid per player per evening" in page.text


def test_lab_page_refuses_bad_variants_in_words(client: TestClient) -> None:
    bad = client.get("/lab/kluempchen?lang=en&variant=third_throw_rule%3Dsometimes&rounds=120")
    assert bad.status_code == 422 and "allowed: must_improve, keep_on_fail" in bad.text
    assert "lab-table" not in bad.text
    malformed = client.get("/lab/kluempchen?lang=de&variant=nonsense")
    assert malformed.status_code == 422 and 'role="alert"' in malformed.text
