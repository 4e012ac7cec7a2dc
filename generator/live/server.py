"""The preview server: 127.0.0.1 only, files from the output folder and nothing else.

Routes: `/` the gallery, `/proof` the proof sheet, `/status.json` the last build,
`/events` a server-sent event stream that announces each finished build and the files it
changed (`{"generation": 7, "changed": ["svg/tiles/mossfen.svg", ...]}`), and
`/files/<path>` the files the output's manifest lists (nothing else there: not the
build's cache, not a file someone dropped in). A path with `..`, an absolute path, or
one that resolves outside the output folder is refused with 403.

A web page elsewhere can point a host name of its own at 127.0.0.1 (DNS rebinding);
its requests carry that name in `Host`, so only requests addressed to this server's
own names are answered. Each connection has a time limit, and the number of open
event streams is capped, so a slow or greedy client cannot tie up the watcher.
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
import os
import secrets
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from urllib.parse import SplitResult, parse_qs, unquote, urlsplit

from generator.core.reading import read_kept
from generator.live.languages import folder_of
from generator.live.page import gallery_page, proof_page
from generator.live.status import BuildStatus
from generator.products.tileindex import INDEX

HOST = "127.0.0.1"  # never reachable from another machine
KEEPALIVE_SECONDS = 10.0
TYPES = {".svg": "image/svg+xml", ".pdf": "application/pdf", ".html": "text/html; charset=utf-8",
         ".json": "application/json", ".png": "image/png", ".ttf": "font/ttf",
         ".otf": "font/otf", ".woff": "font/woff", ".woff2": "font/woff2"}
RETRY_MS = 1000  # how soon a page's event stream reconnects, e.g. to a restarted watcher
SOCKET_SECONDS = 30.0  # a request must arrive, and a reply be taken, within this
MAX_STREAMS = 32  # open event streams; a designer has a few tabs, not hundreds
# The preview's own paths are short; a longer one is refused (414) before it reaches the
# file system, where a name over the system's limit raised OSError (File name too long).
MAX_PATH = 2048
HOST_NAMES = (HOST, "localhost")
# A client that goes away mid-reply: the browser closed a tab or cancelled a load.
DISCONNECTS = (ConnectionError, TimeoutError)


def safe_file(root: Path, requested: str) -> Path | None:
    """The file under `root` that `requested` names, or None if it is not allowed.

    Refuses empty paths, absolute paths, backslashes, NUL bytes and any `..` part,
    then checks the resolved path (links included) still lies inside `root`. A name
    the file system cannot even look up (one part too long, say) is no file either.
    """
    if not requested or "\\" in requested or "\0" in requested:
        return None
    pure = PurePosixPath(requested)
    if pure.is_absolute() or ".." in pure.parts:
        return None
    try:
        base = root.resolve()
        candidate = (base / pure).resolve()
        if not candidate.is_relative_to(base) or not candidate.is_file():
            return None
    except OSError:  # e.g. ENAMETOOLONG, which is_file() does not swallow
        return None
    return candidate


def _file_cache(data: bytes, version: str) -> str:
    # A `?v=<hash>` URL that matches the bytes names that content for good, so the browser
    # keeps it: an unchanged piece is not fetched again when the page reloads after a build.
    # The bytes are checked because a build may replace the file between the page and this
    # request; cached for good under the old hash, they would show after an undo.
    if version and hashlib.sha256(data).hexdigest().startswith(version):
        return "max-age=31536000, immutable"
    # Anything else, notably the fonts each SVG loads by a URL without a hash, is fresh
    # for a second: the ~170 font loads of one page (several per SVG document) then share
    # one fetch per font (with no-cache, concurrent loads each fetched it again: tens of
    # MB a reload), and every later reload asks again, a 304 while the font is unchanged.
    return "max-age=1"


def _etag(stat: os.stat_result) -> str:
    # From the file's metadata, not its bytes: the writer replaces a changed file and
    # leaves an unchanged one alone, so its mtime changes exactly when its bytes do.
    return f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'


def _event_id(header: str) -> int:
    # What a reconnecting EventSource saw last (it sends the last `id:`); anything else
    # is no id, and `since` stands.
    return int(header) if header.isdigit() and len(header) < 19 else 0


class PreviewHandler(BaseHTTPRequestHandler):
    """Serves the preview; the server object carries the output folder and status."""

    server: PreviewServer
    timeout = SOCKET_SECONDS  # also bounds a stalled write to a client that stopped reading

    def log_message(self, format: str, *args) -> None:
        """Stay quiet: the watcher prints one line per build, not per request."""

    def do_GET(self) -> None:
        """Route a GET request."""
        url = self._target()
        if url is None:
            return
        route = unquote(url.path)
        language = parse_qs(url.query).get("lang", [""])[0]
        if route in ("/", "/index.html"):
            self._page(gallery_page, language)
        elif route == "/proof":
            self._page(proof_page, language)
        elif route == "/status.json":
            self._status()
        elif route == "/events":
            query = parse_qs(url.query)
            try:
                since = int(query.get("since", ["0"])[0] or 0)
            except ValueError:
                # Not from our page (it always sends a number): refuse it rather than let
                # the exception print a traceback into the watcher's terminal.
                self.send_error(HTTPStatus.BAD_REQUEST, "since must be a whole number")
                return
            self._events(max(since, _event_id(self.headers.get("Last-Event-ID", ""))),
                         query.get("run", [""])[0])
        elif route.startswith("/files/"):
            self._file(route[len("/files/"):], parse_qs(url.query).get("v", [""])[0])
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def _target(self) -> SplitResult | None:
        """The request's URL; None once a request this preview does not serve is refused."""
        if not self.server.addressed_to_me(self.headers.get("Host", "")):
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST,
                            f"this preview answers only at {self.server.url}")
            return None
        try:
            url = urlsplit(self.path)
        except ValueError:  # an absolute URL with an unclosed [IPv6 host, say
            self.send_error(HTTPStatus.BAD_REQUEST, "not a URL the preview can read")
            return None
        if len(url.path) > MAX_PATH:
            self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG,
                            f"the preview's paths are under {MAX_PATH} characters")
            return None
        return url

    def _send(self, body: bytes, content_type: str, cache: str = "no-cache",
              etag: str = "") -> None:
        if etag and etag in (t.strip() for t in self.headers.get("If-None-Match", "").split(",")):
            self.send_response(HTTPStatus.NOT_MODIFIED)  # the browser's copy is current
            body = b""
        else:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        if etag:
            self.send_header("ETag", etag)
        self.end_headers()
        self.wfile.write(body)

    def _page(self, render, language: str) -> None:
        generation, outcome = self.server.status.snapshot()
        manifest = self.server.manifest()
        html = render(self.server.title, manifest, generation, outcome, run=self.server.run,
                      index=self.server.tile_index(manifest, folder_of(manifest, language)),
                      language=language)
        self._send(html.encode(), TYPES[".html"])

    def _status(self) -> None:
        generation, outcome = self.server.status.snapshot()
        data = {"generation": generation, "ok": outcome.ok, "seconds": outcome.seconds,
                "changed": list(outcome.changed), "message": outcome.message,
                "artefacts": list(outcome.artefacts), "pending": outcome.pending,
                "diagnostics": [d.as_dict() for d in outcome.diagnostics]}
        self._send(json.dumps(data).encode(), TYPES[".json"])

    def _file(self, requested: str, version: str = "") -> None:
        path = safe_file(self.server.root, requested)
        if path is None:
            self.send_error(HTTPStatus.FORBIDDEN, "only files inside the output folder")
            return
        if requested not in self.server.published():  # the build's cache, a stray file
            self.send_error(HTTPStatus.NOT_FOUND, "not a file of the last build")
            return
        try:
            with path.open("rb") as file:  # the ETag from the very file whose bytes are sent
                etag = _etag(os.fstat(file.fileno()))
                data = file.read()
        except OSError:  # removed or replaced by a build since it was listed
            self.send_error(HTTPStatus.NOT_FOUND, "not a file of the last build")
            return
        self._send(data, TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
                   or "application/octet-stream", cache=_file_cache(data, version), etag=etag)

    def _events(self, seen: int, run: str = "") -> None:
        if not self.server.streams.acquire(blocking=False):
            self.send_response(HTTPStatus.SERVICE_UNAVAILABLE)
            self.send_header("Retry-After", "5")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        try:
            self._stream(seen, run)
        except DISCONNECTS:
            return
        finally:
            self.server.streams.release()

    def _stream(self, seen: int, run: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        # Browsers wait about 3 s before reconnecting a closed stream unless told
        # otherwise; a restarted watcher should be picked up within a second.
        self.wfile.write(f"retry: {RETRY_MS}\n\n".encode())
        self.wfile.flush()
        if run and run != self.server.run:
            # A page from an earlier `tkg watch` on this port (EventSource reconnects by
            # itself): this server counts builds from 0 again, so the page's `since`
            # would hold back every reload until as many builds had run. Reload it now.
            self.wfile.write(b"event: restarted\ndata: 0\n\n")
            self.wfile.flush()
            return
        # The stream stays open, one event a build: a page swaps what changed within
        # milliseconds, where a stream that closed after each event left it deaf for a
        # second (the retry) now and then. A client that went away is noticed at the next
        # write (a keep-alive at the latest), which ends the stream and frees its place.
        while not self.server.stopping.is_set():
            self.server.status.wait_newer(seen, KEEPALIVE_SECONDS)
            if self.server.stopping.is_set():
                # Woken by stop(), not by a build: announcing it as one made every open
                # page reload into a browser error page the moment the watcher stopped.
                return
            generation, changed = self.server.status.news(seen)
            if generation > seen:
                seen = generation
                news = json.dumps({"generation": generation,
                                   "changed": None if changed is None else list(changed)})
                self.wfile.write(f"id: {generation}\ndata: {news}\n\n".encode())
            else:
                self.wfile.write(b": keep-alive\n\n")
            self.wfile.flush()


# Seconds between the serving loop's looks at whether it was asked to stop: `stop()` (a
# watcher's Ctrl-C) waits up to this long; the library's half second was felt.
STOP_CHECK = 0.05


class PreviewServer(ThreadingHTTPServer):
    """The HTTP server, knowing the output folder, the title and the build status."""

    daemon_threads = True

    def __init__(self, root: Path, status: BuildStatus, port: int = 0, title: str = "Preview"):
        super().__init__((HOST, port), PreviewHandler)
        self.root = root
        self.status = status
        self.title = title
        self.stopping = threading.Event()
        self.run = secrets.token_hex(6)  # tells this server's pages from an earlier one's
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        self._index: tuple[str, object] = ("", None)  # the tile index's hash, parsed
        self._index_lock = threading.Lock()

    def addressed_to_me(self, host: str) -> bool:
        """True when a request's Host header names this server (127.0.0.1 or localhost)."""
        port = self.server_address[1]
        return host.strip().lower() in {f"{name}:{port}" for name in HOST_NAMES}

    def handle_error(self, request, client_address) -> None:
        """A client that went away is no error; anything else is printed as usual."""
        if not isinstance(sys.exc_info()[1], DISCONNECTS):
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        """Where the preview is, e.g. http://127.0.0.1:8000/."""
        return f"http://{HOST}:{self.server_address[1]}/"

    def manifest(self) -> dict:
        """The output folder's manifest (empty before the first good build)."""
        try:
            return json.loads(read_kept(self.root / "manifest.json"))
        except ValueError:  # none yet, refused (a link, a FIFO) or not JSON
            return {}

    def tile_index(self, manifest: dict, folder: str = "") -> object:
        """The build's tile index (`svg/tiles.json`, in a language's `folder`) if
        `manifest` lists it, parsed (None if it is missing or not JSON); read once per
        version."""
        entry = next((f for f in manifest.get("files", ()) if isinstance(f, dict)
                      and f.get("path") == folder + INDEX), None)
        if entry is None:
            return None
        version = entry.get("sha256", "")
        with self._index_lock:
            if self._index[0] != version or not version:
                try:
                    parsed = json.loads(read_kept(self.root / folder / INDEX, self.root))
                except ValueError:
                    parsed = None
                self._index = (version, parsed)
            return self._index[1]

    def published(self) -> set[str]:
        """The paths the manifest lists: the only files the preview serves."""
        files = self.manifest().get("files")
        if not isinstance(files, list):
            return set()
        return {f["path"] for f in files if isinstance(f, dict) and isinstance(f.get("path"), str)}

    def start(self) -> threading.Thread:
        """Serve in a background thread and return it."""
        thread = threading.Thread(target=self.serve_forever, args=(STOP_CHECK,), name="preview",
                                  daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        """Stop serving and release the port."""
        self.stopping.set()
        self.status.publish(self.status.outcome)  # wake event streams so they end
        self.shutdown()
        self.server_close()
