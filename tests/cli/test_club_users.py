"""``stammtisch club`` / ``user`` / ``token`` (docs/access.md AC-2, AC-6, AC-7, AC-8): the first start
once, members with sign-ins and invite links (URL and terminal QR code), roles, disabling, API tokens
shown once and revoked; every refusal in German and English with a non-zero exit, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.club.members.service import ClubService
from stammtisch.store import open_store
from stammtisch.store.members import SqlClub
from tests.support.club import quick_argon2


@pytest.fixture(autouse=True)
def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    quick_argon2(monkeypatch)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {"STAMMTISCH_DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}", "STAMMTISCH_PUBLIC_URL": ""}


def run(env: dict[str, str], *args: str, stdin: str | None = None):  # noqa: ANN201
    return CliRunner().invoke(app, list(args), env=env, input=stdin)


def club(env: dict[str, str]) -> ClubService:
    return ClubService(SqlClub(open_store(env["STAMMTISCH_DATABASE_URL"]).engine))


def test_ac8_club_init_runs_once_and_asks_the_password_twice(env: dict[str, str]) -> None:
    made = run(env, "club", "init", "--name", "Würfelfreunde", "--admin", "Anna", stdin="anna-geheim\nanna-geheim\n")
    assert made.exit_code == 0, made.output
    assert "Club 'Würfelfreunde' created; admin: Anna." in made.stdout
    assert club(env).sign_in("anna", "anna-geheim").role.value == "admin"
    again = run(env, "club", "init", "--name", "Zwei", "--admin", "Bob", "--password-stdin", stdin="bob-geheim\n")
    assert again.exit_code == 2 and "already set up" in again.output and "schon eingerichtet" in again.output
    assert [m.name for m in club(env).members()] == ["Anna"]


def test_ac2_ac7_user_add_prints_the_invite_and_refuses_bad_input(env: dict[str, str]) -> None:
    run(env, "club", "init", "--name", "V", "--admin", "Anna", "--password-stdin", stdin="anna-geheim\n")
    added = run(
        env, "user", "add", "Ben", "--role", "scribe", "--short", "Benni", "--base-url", "http://192.168.1.20:8000"
    )
    assert added.exit_code == 0, added.output
    assert "Ben: scribe" in added.stdout and "http://192.168.1.20:8000/invite/" in added.stdout
    assert "█" in added.stdout  # the terminal QR code
    secret = added.stdout.split("/invite/")[1].split()[0]
    assert club(env).accept_invite(secret, "ben-geheim").role.value == "scribe"
    for args, words in [
        (("user", "add", "Carl", "--role", "king"), "Unknown role"),
        (("user", "add", "ben", "--role", "member"), "already has a sign-in"),
        (("user", "add", "x" * 41, "--role", "member"), "at most 40"),
        (("user", "role", "Anna", "member"), "at least one active admin"),
        (("user", "role", "Nobody", "member"), "There is no member"),
    ]:
        refused = run(env, *args)
        assert refused.exit_code == 2 and words in refused.output, (args, refused.output)
    external = run(
        env, "user", "add", "Dora", "--role", "member", "--external", "--password-stdin", stdin="dora-geheim\n"
    )
    assert external.exit_code == 0 and "/invite/" not in external.stdout
    listed = run(env, "user", "list")
    assert "Ben (Benni)  member, role=scribe" in listed.stdout and "Dora  external, role=member" in listed.stdout
    assert run(env, "user", "disable", "Ben").exit_code == 0
    assert "role=scribe (disabled)" in run(env, "user", "list").stdout
    assert run(env, "user", "enable", "Ben").exit_code == 0
    assert run(env, "user", "role", "Ben", "treasurer").stdout.strip() == "Ben: treasurer"
    invite = run(env, "user", "invite", "Dora")
    assert invite.exit_code == 0 and "http://localhost:8000/invite/" in invite.stdout


def test_ac6_tokens_are_shown_once_and_revoked(env: dict[str, str]) -> None:
    run(env, "club", "init", "--name", "V", "--admin", "Anna", "--password-stdin", stdin="anna-geheim\n")
    made = run(env, "token", "create", "Anna", "Würfelbot")
    assert made.exit_code == 0 and "shown once" in made.stdout
    secret = made.stdout.strip().splitlines()[-1]
    assert secret.startswith("st_") and club(env).token_account(secret) is not None
    assert secret not in run(env, "token", "list", "Anna").stdout
    assert "Würfelbot" in run(env, "token", "list", "Anna").stdout
    assert run(env, "token", "revoke", "Anna", "1").exit_code == 0
    assert club(env).token_account(secret) is None
    again = run(env, "token", "revoke", "Anna", "1")
    assert again.exit_code == 2 and "no such token" in again.output


def test_ac9_club_spectators_and_show(env: dict[str, str]) -> None:
    run(env, "club", "init", "--name", "V", "--admin", "Anna", "--password-stdin", stdin="anna-geheim\n")
    assert run(env, "club", "spectators", "on").stdout.strip() == "public spectators: on"
    assert "public spectators: on" in run(env, "club", "show").stdout
    bad = run(env, "club", "spectators", "maybe")
    assert bad.exit_code == 2 and "'on' or 'off'" in bad.output


def test_the_club_commands_start_without_the_store() -> None:
    """The CLI stays fast: ``club --help`` and ``user --help`` load no store or web module."""
    from tests.cli.test_start import loaded_after

    assert loaded_after("club", "--help") == []
    assert loaded_after("user", "--help") == []
    assert loaded_after("token", "--help") == []
