"""Serving dist/ as a careful static host does: its types, its headers, what it compresses."""

from __future__ import annotations

import functools
import gzip
import re
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .core import DIST, WEB
from .page import PAGE

PAGE_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
HEADER_ONLY_POLICY = "frame-ancestors 'none'"
"""What the served policy adds to the page's: a <meta> cannot forbid framing."""
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".bin": "application/octet-stream",
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}

HOST_COMPRESSES_TEXT = (
    "text/",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "application/wasm",
)
"""The types a static host gzips (GitHub Pages, most others): not application/octet-stream,
zip or gzip files, images. The network benchmark's `--compress text`, and the byte budget's."""
FIRST_VISIT_BUDGET = 5_560_000
"""The bytes a first visit of a game's address may fetch before its board is playable,
each file as a host compressing text sends it (tests/e2e/test_first_visit_bytes.py, which
also holds it under STOCK_PYODIDE's). Counted 5.52 MB: the runtime, the boot zip and the
page; a first visit over a phone's link boots without the memory snapshot
(js/engine/boot-choice.js), where a fast link takes it (10.45 MB, and sooner playable)."""
STOCK_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""What a stock `loadPyodide` fetches from the npm package (with pyodide-lock.json): 6.39 MB
sent as `text`, the most issue #29 lets a first visit fetch before it is playable."""


def host_compresses(content_type: str, mode: str) -> bool:
    """Whether a host compressing mode ("none", "text" or "all") gzips this type."""
    return mode == "all" or (mode == "text" and content_type.startswith(HOST_COMPRESSES_TEXT))


def sent_size(path: Path, mode: str = "text") -> int:
    """The bytes of path's body as a host compressing mode sends it (gzip level 6)."""
    data = path.read_bytes()
    content_type = MIME_TYPES.get(path.suffix, "application/octet-stream")
    if host_compresses(content_type, mode):
        return len(gzip.compress(data, compresslevel=6, mtime=0))
    return len(data)


def served_policy() -> str:
    """The content security policy header: web/index.html's own, and what only a header can do.

    The <meta> is the one source: hosts that send no headers (GitHub Pages) still
    enforce it, and a server that can mirrors it.
    """
    found = PAGE_POLICY.findall((WEB / PAGE).read_text())
    if len(found) != 1:
        sys.exit(f"build.py: web/{PAGE} must declare its Content-Security-Policy in one <meta>")
    return f"{found[0]}; {HEADER_ONLY_POLICY}"


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves a folder with the MIME types the site needs, revalidated on every load,
    with the headers a careful host sends: the content security policy, and no
    MIME sniffing (a file runs or styles only as the type it is served with)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args: Any, policy: str, quiet: bool, **kwargs: Any) -> None:
        # Set before the base class runs, which handles the request at once.
        self.policy = policy
        self.quiet = quiet
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", self.policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """The site's HTTP server: a browser that drops a download (a page closed or
    reloaded while it loads) is no error of the server's, so it is not reported."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST, port: int = 0, *, quiet: bool = False
) -> ThreadingHTTPServer:
    """An HTTP server for directory on 127.0.0.1 (port 0: any free port); not started yet."""
    handler = functools.partial(
        SiteHandler, directory=str(directory), policy=served_policy(), quiet=quiet
    )
    return SiteServer(("127.0.0.1", port), handler)


def serve(port: int) -> None:
    """Serve dist/ until interrupted."""
    server = make_server(DIST, port)
    print(
        f"Serving dist/ at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
