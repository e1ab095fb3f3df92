"""``serve --lan``: the club laptop on the local network, so every phone at the table can join.

* ``lan_addresses()`` – the machine's IPv4 addresses phones can reach: the one of the default route
  first (the Wi-Fi or cable the table shares), then the other non-loopback ones; none when offline.
* ``lan_settings(env, addresses, port)`` – what the web app must know (read by each uvicorn worker
  from the environment): ``STAMMTISCH_PUBLIC_URL`` (the links on the pages say the LAN address, never
  127.0.0.1, unless the variable is set already, e.g. behind a proxy) and ``STAMMTISCH_ALLOWED_HOSTS``
  (when the club set it: plus the LAN addresses and ``stammtisch.local``; unset, the defaults allow
  every private address and ``stammtisch.local`` already).
* ``Announcement`` – mDNS (zeroconf): ``_http._tcp`` service "Stammtisch" on host ``stammtisch.local.``,
  so a phone can type ``http://stammtisch.local:8000``. Registered when the server starts, withdrawn
  when it stops; a network without multicast only gets a warning (the address works all the same).
* ``terminal_qr(url)`` – the QR code of the address in block characters (two rows a line), for the
  terminal: a phone's camera reads it off the laptop screen.
"""

from __future__ import annotations

import io
import ipaddress
import logging
import socket
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: The name phones can type (mDNS); ``.local.`` is the multicast DNS domain.
MDNS_HOST = "stammtisch.local."
SERVICE_TYPE = "_http._tcp.local."
SERVICE_NAME = f"Stammtisch.{SERVICE_TYPE}"
PUBLIC_URL_VARIABLE = "STAMMTISCH_PUBLIC_URL"  # read by web.qr (the CLI does not import web)
ALLOWED_HOSTS_VARIABLE = "STAMMTISCH_ALLOWED_HOSTS"  # read by web.hosts
#: An address of the documentation range: "connecting" a UDP socket to it sends nothing, but tells
#: which local address the default route would use.
_PROBE = ("192.0.2.254", 9)

_log = logging.getLogger(__name__)


def _usable(address: str) -> bool:
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return False
    return parsed.version == 4 and not (parsed.is_loopback or parsed.is_unspecified or parsed.is_multicast)


def default_route_address() -> str | None:
    """The local IPv4 address of the default route, or None (no network)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return address if _usable(address) else None


def interface_addresses() -> list[str]:
    """Every IPv4 address of the machine's interfaces (``ifaddr``, which zeroconf brings along)."""
    try:
        import ifaddr
    except ImportError:  # pragma: no cover - zeroconf depends on it
        return []
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and _usable(ip.ip):
                found.append(ip.ip)
    return found


def lan_addresses() -> list[str]:
    """The addresses phones can reach, the default route's first; link-local ones (169.254.x.y: no
    DHCP answered) last."""
    ordered: list[str] = []
    for address in [default_route_address(), *interface_addresses()]:
        if address is not None and address not in ordered:
            ordered.append(address)
    return sorted(ordered, key=lambda a: (ipaddress.ip_address(a).is_link_local, ordered.index(a)))


def url_for(address: str, port: int, scheme: str = "http") -> str:
    host = f"[{address}]" if ":" in address else address
    return f"{scheme}://{host}" if port == {"http": 80, "https": 443}[scheme] else f"{scheme}://{host}:{port}"


def lan_settings(env: Mapping[str, str], addresses: Sequence[str], port: int) -> dict[str, str]:
    """The environment variables ``serve --lan`` sets for the web app (module docstring)."""
    settings: dict[str, str] = {}
    if not env.get(PUBLIC_URL_VARIABLE, "").strip() and addresses:
        settings[PUBLIC_URL_VARIABLE] = url_for(addresses[0], port)
    given = env.get(ALLOWED_HOSTS_VARIABLE, "").strip()
    if given:
        names = [name.strip() for name in given.split(",") if name.strip()]
        for extra in [*addresses, MDNS_HOST.rstrip(".")]:
            if extra.lower() not in (name.lower() for name in names):
                names.append(extra)
        settings[ALLOWED_HOSTS_VARIABLE] = ",".join(names)
    return settings


#: White blocks on black, whatever the terminal's colours: the blocks are the code's light modules, so
#: on a terminal with dark text on a light background the code would come out inverted (which the
#: iPhone camera does not read).
_LIGHT_ON_DARK = "\x1b[97;40m"
_RESET = "\x1b[0m"


def terminal_qr(url: str, colour: bool = False) -> str:
    """The QR code of ``url`` in block characters, two module rows a line (fits 80 columns for any
    address a club uses: version 2-4, 29-37 characters wide with its quiet zone). ``colour``: with the
    escape codes that fix its colours (for a real terminal, not for a log file)."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True, border=2)
    if not colour:
        return out.getvalue()
    return "".join(f"{_LIGHT_ON_DARK}{line}{_RESET}\n" for line in out.getvalue().splitlines())


@dataclass
class Announcement:
    """The mDNS announcement of the server (``start``/``stop``; both never raise)."""

    port: int
    addresses: Sequence[str]
    host: str = MDNS_HOST
    name: str = SERVICE_NAME
    warnings: list[str] = field(default_factory=list)
    _zeroconf: Any = None
    _info: Any = None
    _owned: bool = False

    def service_info(self) -> Any:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            SERVICE_TYPE,
            self.name,
            addresses=[socket.inet_aton(address) for address in self.addresses],
            port=self.port,
            properties={"path": "/", "product": "Stammtisch"},
            server=self.host,
        )

    def start(self, zeroconf: Any = None) -> bool:
        """Register the service (on ``zeroconf``, else a new instance on the LAN addresses). False and a
        warning when the network does not allow it."""
        if not self.addresses:
            self.warnings.append("no LAN address: nothing to announce")
            return False
        owned = zeroconf is None
        try:
            if zeroconf is None:
                from zeroconf import IPVersion, Zeroconf

                zeroconf = Zeroconf(interfaces=list(self.addresses), ip_version=IPVersion.V4Only)
            info = self.service_info()
            zeroconf.register_service(info, allow_name_change=True)
        except Exception as error:  # no multicast, no permission, a name clash: the address still works
            self.warnings.append(f"{type(error).__name__}: {error}")
            _log.warning("mDNS announcement failed: %s", error)
            if zeroconf is not None and owned:
                try:
                    zeroconf.close()
                except Exception:  # pragma: no cover - closing a half-started instance
                    pass
            return False
        self._zeroconf, self._info, self._owned = zeroconf, info, owned
        return True

    def stop(self) -> None:
        """Withdraw the service (sends the goodbye packets) and close the instance."""
        zeroconf, info = self._zeroconf, self._info
        self._zeroconf = self._info = None
        if zeroconf is None:
            return
        try:
            if info is not None:
                zeroconf.unregister_service(info)
        except Exception as error:  # pragma: no cover - the network went away meanwhile
            self.warnings.append(f"{type(error).__name__}: {error}")
        finally:
            if self._owned:
                try:
                    zeroconf.close()
                except Exception:  # pragma: no cover
                    pass
