"""The authorization matrix (AC-4): which role may do what. docs/access.md writes it out; the web
layer enforces it on every route (``web.auth.require``); tests check it cell by cell.

Seat links are a capability of their own (TS-1..TS-3): whoever holds a seat's cookie or token acts
for that seat without signing in; nothing here is needed for that. Anonymous viewers get
``SPECTATE`` only where the club allows public spectators (``Club.public_spectators``).
"""

from __future__ import annotations

from enum import StrEnum

from stammtisch.club.members.model import Role
from stammtisch.core.text import Text


class Permission(StrEnum):
    SPECTATE = "spectate"  # the public table of a match or tournament (no hands), its live updates
    VIEW = "view"  # lists, match and tournament pages, statistics
    CREATE = "create"  # start a match, evening, digital table or tournament
    ACT = "act"  # act for any seat of a scribe-kept match (its shared table)
    OUTCOME = "outcome"  # enter a chance outcome or a score-sheet result
    UNDO = "undo"  # take back the last step of a running match
    CLOSE = "close"  # close (finish) a match or evening
    CHANGE_CLOSED = "change_closed"  # undo or change after the end (AC-5: with a reason), reopen
    DELETE = "delete"  # delete (archive) a tournament or match
    SEE_HAND = "see_hand"  # a seat's view on the scribe's table (``?seat=``) where seats are not private
    MONEY = "money"  # payments, fines, the season report (the bank)
    MEMBERS = "members"  # add, edit, promote members; invites
    ROLES = "roles"  # give or take roles, disable accounts
    SETTINGS = "settings"  # club settings (public spectators)
    OWN_TOKENS = "own_tokens"  # make and revoke one's own API tokens


_MEMBER = frozenset({Permission.SPECTATE, Permission.VIEW, Permission.OWN_TOKENS})
_SCRIBE = _MEMBER | {
    Permission.CREATE,
    Permission.ACT,
    Permission.OUTCOME,
    Permission.UNDO,
    Permission.CLOSE,
    Permission.SEE_HAND,
}
_TREASURER = _SCRIBE | {Permission.CHANGE_CLOSED, Permission.DELETE, Permission.MONEY}
_ADMIN = _TREASURER | {Permission.MEMBERS, Permission.ROLES, Permission.SETTINGS}

#: The matrix: role -> what it may do. ``None`` is an anonymous viewer.
PERMISSIONS: dict[Role | None, frozenset[Permission]] = {
    Role.ADMIN: _ADMIN,
    Role.TREASURER: _TREASURER,
    Role.SCRIBE: _SCRIBE,
    Role.MEMBER: _MEMBER,
    None: frozenset({Permission.SPECTATE}),
}

#: What each permission is, for refusals ("… may only ...").
DESCRIPTIONS: dict[Permission, Text] = {
    Permission.SPECTATE: Text("zuschauen", "watch"),
    Permission.VIEW: Text("Spiele, Turniere und Statistiken ansehen", "see matches, tournaments and statistics"),
    Permission.CREATE: Text("Spiele und Abende anlegen", "create matches and evenings"),
    Permission.ACT: Text("für die Plätze am Tisch spielen", "act for the seats at the table"),
    Permission.OUTCOME: Text("Würfe und Ergebnisse eintragen", "enter throws and results"),
    Permission.UNDO: Text("Schritte zurücknehmen", "undo steps"),
    Permission.CLOSE: Text("Spiele abschließen", "close matches"),
    Permission.CHANGE_CLOSED: Text(
        "abgeschlossene Spiele ändern oder wieder öffnen", "change or reopen closed matches"
    ),
    Permission.DELETE: Text("Turniere und Spiele löschen", "delete tournaments and matches"),
    Permission.SEE_HAND: Text("die Sicht eines Platzes öffnen", "open a seat's view"),
    Permission.MONEY: Text("Kasse, Zahlungen und Strafen führen", "keep the bank, payments and fines"),
    Permission.MEMBERS: Text("Mitglieder verwalten", "manage members"),
    Permission.ROLES: Text("Rollen vergeben", "give roles"),
    Permission.SETTINGS: Text("die Vereinseinstellungen ändern", "change the club settings"),
    Permission.OWN_TOKENS: Text("eigene API-Schlüssel verwalten", "manage one's own API tokens"),
}


def allowed(role: Role | None, permission: Permission, *, public_spectators: bool = False) -> bool:
    """Whether ``role`` (None: anonymous) may ``permission``; anonymous viewers spectate only where
    the club allows it."""
    if role is None and permission is Permission.SPECTATE:
        return public_spectators
    return permission in PERMISSIONS[role]


def roles_allowed(permission: Permission) -> tuple[Role, ...]:
    """The roles that may ``permission``, in the order admin, treasurer, scribe, member."""
    return tuple(role for role in Role if permission in PERMISSIONS[role])
