"""A lean HTTP/1.1 client for load generators: one keep-alive connection per simulated phone.

The hammer runs its 100 clients in one Python process on the same two cores as the server. With
``httpx`` the clients cost more CPU per request than the server answering them (measured: the load
generator at 44 % CPU against the server's 33 %), so the benchmark timed the client's own queue. A
phone at the table is its own device; the generator should cost as little as possible. This client
does only what the benchmark needs: fixed headers, a JSON body, ``Content-Length`` or chunked answers.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class LeanConnection:
    """One persistent connection; ``request`` may not be called concurrently on one connection."""

    def __init__(self, base_url: str, headers: dict[str, str] | None = None, timeout: float = 30.0) -> None:
        parts = urlsplit(base_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.timeout = timeout
        fixed = {"Host": f"{self.host}:{self.port}", "Connection": "keep-alive", **(headers or {})}
        self._fixed = "".join(f"{name}: {value}\r\n" for name, value in fixed.items()).encode("latin-1")
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, payload: Any = None) -> Answer:
        return await asyncio.wait_for(self._exchange(method, path, payload), self.timeout)

    async def _exchange(self, method: str, path: str, payload: Any) -> Answer:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        assert self._reader is not None
        body = b"" if payload is None else json.dumps(payload).encode()
        head = f"{method} {path} HTTP/1.1\r\n".encode() + self._fixed
        if payload is not None:
            head += b"Content-Type: application/json\r\n"
        head += b"Content-Length: %d\r\n\r\n" % len(body)
        self._writer.write(head + body)
        try:
            return await self._read(self._reader)
        except (asyncio.IncompleteReadError, ConnectionError):
            await self.close()
            raise

    async def _read(self, reader: asyncio.StreamReader) -> Answer:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        length: int | None = None
        chunked = closing = False
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
            elif name == "connection" and value.strip().lower() == "close":
                closing = True
        if chunked:
            body = await self._chunks(reader)
        else:
            body = await reader.readexactly(length or 0)
        if closing:
            await self.close()
        return Answer(status, body)

    @staticmethod
    async def _chunks(reader: asyncio.StreamReader) -> bytes:
        parts: list[bytes] = []
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await reader.readuntil(b"\r\n")
                return b"".join(parts)
            parts.append(await reader.readexactly(size))
            await reader.readexactly(2)

    async def close(self) -> None:
        writer, self._writer, self._reader = self._writer, None, None
        if writer is not None:
            writer.close()
            try:
                await writer.wait_closed()
            except (ConnectionError, OSError):
                pass
