"""Allowed hosts: answer only requests whose ``Host`` names this server (pure ASGI middleware).

A browser on the club's network may be steered to our address under a foreign name (DNS
rebinding); refusing unknown ``Host`` names stops that. ``STAMMTISCH_ALLOWED_HOSTS`` is a comma
list of names (``*.example.org`` allows the subdomains, ``*`` allows every name). Without it, the
defaults are the names a club laptop is reached by: ``localhost``, ``127.0.0.1``, ``::1``, the
machine's hostname (and ``<hostname>.local``), ``stammtisch.local``, ``testserver`` (the name of
Starlette's test client), plus any private, loopback or link-local IP address (the LAN address
phones type or scan). An IP address cannot be rebound, so allowing them costs nothing.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Mapping
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from stammtisch.core.text import Text
from stammtisch.web.errors import refuse

ALLOWED_HOSTS_VARIABLE = "STAMMTISCH_ALLOWED_HOSTS"


@dataclass(frozen=True, slots=True)
class HostPolicy:
    """The names this server answers to; ``addresses``: also any private/loopback/link-local IP."""

    names: tuple[str, ...]
    addresses: bool = False

    def allows(self, host_header: str | None) -> bool:
        if "*" in self.names:
            return True
        host = hostname_of(host_header or "")
        if not host:
            return False
        for name in self.names:
            if host == name or (name.startswith("*.") and host.endswith(name[1:])):
                return True
        if self.addresses:
            try:
                address = ipaddress.ip_address(host)
            except ValueError:
                return False
            return address.is_private or address.is_loopback or address.is_link_local
        return False


def hostname_of(host_header: str) -> str:
    """``Host`` without the port, lower case (``[::1]:8000`` → ``::1``)."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def default_hosts() -> tuple[str, ...]:
    machine = socket.gethostname().lower()
    names = ["localhost", "127.0.0.1", "::1", "stammtisch.local", "testserver"]
    if machine:
        names += [machine] if "." in machine else [machine, f"{machine}.local"]
    return tuple(names)


def host_policy(env: Mapping[str, str] | None = None) -> HostPolicy:
    """``STAMMTISCH_ALLOWED_HOSTS`` if set, else the defaults (see the module docstring)."""
    env = os.environ if env is None else env
    given = env.get(ALLOWED_HOSTS_VARIABLE, "").strip()
    if given:
        return HostPolicy(tuple(name.strip().lower() for name in given.split(",") if name.strip()))
    return HostPolicy(default_hosts(), addresses=True)


class HostGuard:
    """Refuses (400, readable, in the reader's language) a request whose ``Host`` is not allowed."""

    def __init__(self, app: ASGIApp, policy: HostPolicy | None = None) -> None:
        self.app = app
        self.policy = policy or host_policy()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host")
        if self.policy.allows(host):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        shown = hostname_of(host or "")[:100] or "?"
        message = Text(
            f"Dieser Server antwortet nicht unter dem Namen „{shown}“. Wer ihn so erreichen will, trägt den "
            "Namen in STAMMTISCH_ALLOWED_HOSTS ein.",
            f"This server does not answer to the name “{shown}”. To reach it under that name, add it to "
            "STAMMTISCH_ALLOWED_HOSTS.",
        )
        response = await refuse(scope, 400, message, "request/unknown_host")
        await response(scope, receive, send)
