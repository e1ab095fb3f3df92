"""The club's people and who may do what (issue 10.1-2).

* ``model``: ``Club``, ``Member`` (name, short name, member or external per C-4, active, guest),
  ``Account`` (a member's sign-in: role, argon2 hash, disabled), ``Role``, ``Kind``;
* ``names``: what a member's name and short name may be (refusals in German and English);
* ``access``: the authorization matrix (``PERMISSIONS``: which role may do what), written out in
  docs/access.md;
* ``passwords``: argon2 hashing (argon2-cffi), secrets for invites and API tokens (only their
  SHA-256 is stored);
* ``repository``: the port the store implements (``store.members.SqlClub``);
* ``errors``: refusals (``MemberRefused``, ``AccessDenied``, ``SignInRefused``), each with its
  clause of docs/access.md (``AC-…``).
"""

from stammtisch.club.members.access import PERMISSIONS, Permission, allowed
from stammtisch.club.members.errors import AccessDenied, MemberNotFound, MemberRefused, SignInRefused
from stammtisch.club.members.model import Account, Club, Kind, Member, Role

__all__ = [
    "PERMISSIONS",
    "AccessDenied",
    "Account",
    "Club",
    "Kind",
    "Member",
    "MemberNotFound",
    "MemberRefused",
    "Permission",
    "Role",
    "SignInRefused",
    "allowed",
]
