"""`pnp serve`: the site of app/site.py over HTTP (Starlette on uvicorn), kept live by the watch's rounds.

The watch (app/watch.py) runs in the main thread, where a build's signal handling works; the server runs beside it
in a thread. After each round the site takes what changed and every open page hears of it by server-sent events
(`/events`), then fetches itself again and swaps its content in place (site_assets/site.js). GET only: no route
writes. Bound to 127.0.0.1 unless told otherwise; a port in use is a usage error (exit 2).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.production.targets import BuildOptions, Databases
from pipeline.rules.spec import GameSpec

from .build import BuildResult
from .project import UsageError
from .site import Site
from .watch import Round, watch

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

KEEP_ALIVE = 15.0  # s between comments on an idle event stream, so a proxy or the browser keeps it open
EXTRA_HINT = "pnp serve needs the serve extra: pip install 'pnp-pipeline[serve]'"


def require_extra() -> None:
    """A usage error naming the extra to install when Starlette or uvicorn is missing."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise UsageError(EXTRA_HINT) from None


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is built: a port in use is said at once."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise UsageError(f"--host {host}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror} (is another pnp serve running? "
                         "choose another --port)") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


class Events:
    """The open event streams: each round's news goes to every one (called from the watch's thread)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: set[asyncio.Queue[str]] = set()

    def publish(self, news: dict[str, object]) -> None:
        loop = self.loop
        if loop is not None:
            text = json.dumps(news)

            def deliver() -> None:
                for queue in list(self.queues):
                    queue.put_nowait(text)

            with contextlib.suppress(RuntimeError):  # the loop closed while the server stops
                loop.call_soon_threadsafe(deliver)

    async def stream(self) -> AsyncIterator[str]:
        self.loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue()
        self.queues.add(queue)
        try:
            yield "retry: 1000\n\n"
            while True:
                try:
                    text = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": idle\n\n"
                    continue
                yield f"data: {text}\n\n"
        finally:
            self.queues.discard(queue)


def application(site: Site, events: Events) -> Starlette:
    """The routes: `/events` (server-sent events) and every path of the site, GET (and HEAD) only."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route

    async def stream(request: Request) -> Response:
        return StreamingResponse(events.stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def page(request: Request) -> Response:
        # The path as sent, still encoded: the site decodes each segment once (an encoded `/` stays in its segment).
        raw = request.scope.get("raw_path") or request.url.path.encode()
        found = await run_in_threadpool(site.get, raw.decode("latin-1"), dict(request.query_params))
        if found is None:
            return Response("not found\n", 404, media_type="text/plain")
        data, kind = found
        versioned = kind == "image/png" and "v" in request.query_params
        return Response(data, media_type=kind, headers={
            "Cache-Control": "max-age=86400, immutable" if versioned else "no-cache", "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'"})

    return Starlette(routes=[Route("/events", stream, methods=["GET"]), Route("/{path:path}", page, methods=["GET"])])


def serve(games: Sequence[GameSpec], options: BuildOptions, locales: Sequence[str] | None, jobs: int, host: str,
          port: int, listening: Callable[[str], None], shown: Callable[[Round], None],
          changes: Iterable[set[Path]] | None = None) -> None:
    """Serve the site on host:port while the watch builds the games, round after round, until Ctrl-C (which raises
    KeyboardInterrupt, or BuildInterrupted while a build runs) or until `changes` ends."""
    import uvicorn

    sock = listening_socket(host, port)
    kept = Databases()  # what the watch's rounds load, the cards of each build read from it
    site = Site(options, games, title=", ".join(game.id for game in games), built=kept)
    events = Events()
    server = uvicorn.Server(uvicorn.Config(application(site, events), log_level="warning", lifespan="off",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="pnp-serve", daemon=True)
    thread.start()
    bound = sock.getsockname()
    listening(f"http://{bound[0] if ':' not in bound[0] else f'[{bound[0]}]'}:{bound[1]}/")

    def take(done: Round) -> None:
        news: dict[str, Any] = site.update(done)
        shown(done)
        events.publish(news)

    def take_build(names: list[str], result: BuildResult) -> None:
        events.publish(site.take_build(names, result))

    try:
        watch(games, options, locales, jobs, take, lambda: None, changes, take_build, kept)
    finally:
        server.should_exit = True
        thread.join(5)
        sock.close()
