"""Passwords (argon2id via argon2-cffi) and the secrets of invites and API tokens.

Invite and API-token secrets are 32 random bytes (``secrets``), far beyond guessing, so a SHA-256
of them is stored (a fast lookup by hash); passwords are people's, so they get argon2.
"""

from __future__ import annotations

import hashlib
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from stammtisch.club.members.errors import AccountRefused
from stammtisch.club.members.names import PASSWORD_MAX, PASSWORD_MIN
from stammtisch.core.text import Text

_HASHER = PasswordHasher()
#: A hash verified against when the name is unknown, so a wrong name takes as long as a wrong password.
_DUMMY = _HASHER.hash("stammtisch-dummy-password")


def check_password(password: str) -> str:
    """A new password, or ``AccountRefused`` saying what is allowed (AC-2)."""
    if len(password) < PASSWORD_MIN:
        raise AccountRefused(
            "AC-2",
            Text(
                f"Das Passwort ist zu kurz: mindestens {PASSWORD_MIN} Zeichen.",
                f"The password is too short: at least {PASSWORD_MIN} characters.",
            ),
        )
    if len(password) > PASSWORD_MAX:
        raise AccountRefused(
            "AC-2",
            Text(
                f"Das Passwort ist zu lang: höchstens {PASSWORD_MAX} Zeichen.",
                f"The password is too long: at most {PASSWORD_MAX} characters.",
            ),
        )
    return password


def hash_password(password: str) -> str:
    return _HASHER.hash(check_password(password))


def verify_password(password_hash: str | None, password: str) -> bool:
    """Whether ``password`` matches; an account without a password (``None``) matches nothing, after
    the same work as a real check."""
    try:
        return _HASHER.verify(password_hash or _DUMMY, password[:PASSWORD_MAX]) and password_hash is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def new_secret() -> str:
    """A URL-safe secret for an invite link or an API token (shown once)."""
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """What is stored of a secret."""
    return hashlib.sha256(secret.encode()).hexdigest()
