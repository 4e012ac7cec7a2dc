"""What the browser tests and `bench/bench_preview.py` share: `tkg watch` in a subprocess,
Debian's Chromium through Playwright, edits as an editor saves them, and the two timings
of issue 17 (a name edit to the new name on the page; opening the gallery).

Every wait is bounded (WAIT) and uses Playwright's waiting functions or a queue with a
timeout; nothing sleeps.
"""

from __future__ import annotations

import importlib.util
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.conftest import ONE_LANGUAGE

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
WAIT = 60.0  # seconds: an upper bound for the first build and each rebuild, never a sleep
WAIT_MS = WAIT * 1000
HAVE_PLAYWRIGHT = importlib.util.find_spec("playwright") is not None
HAVE_BROWSER = CHROMIUM.exists() and HAVE_PLAYWRIGHT
WHY_NO_BROWSER = (f"no Chromium at {CHROMIUM} (apt-get install chromium)"
                  if not CHROMIUM.exists() else
                  "the playwright package is not installed (pip install playwright)")

# Every thumbnail of the gallery is an image that has arrived and has a size, and the
# banner says the build is valid; true as performance.now() (ms since the navigation
# started), so a wait returns when the page was ready, not when the test asked.
GALLERY_READY = """() => {
  const images = Array.from(document.querySelectorAll("figure.piece img.thumb"));
  const status = document.getElementById("status");
  return status !== null && status.classList.contains("ok") && images.length > 0
    && images.every((i) => i.complete && i.naturalWidth > 0) && performance.now();
}"""

# The caption of the tile at `path` shows `name` and its thumbnail is the loaded image of
# a new version (another `src` than `before`).
SHOWS_NAME = """([path, name, before]) => {
  const figure = document.querySelector(`figure.piece[data-path="${path}"]`);
  if (figure === null) { return false; }
  const img = figure.querySelector("img.thumb");
  return figure.querySelector("figcaption .name").textContent === name
    && img.getAttribute("src") !== before && img.complete && img.naturalWidth > 0;
}"""


class Watcher:
    """`tkg watch` running in a subprocess; its output lines are collected as they come."""

    def __init__(self, project: Path, port: int = 0, layouts: tuple[str, ...] = (),
                 languages: tuple[str, ...] = ONE_LANGUAGE):
        self.project = project
        self.lines: list[str] = []
        self.url = ""  # set by start_watcher
        self._queue: queue.Queue[str | None] = queue.Queue()
        command = [sys.executable, "-m", "generator", "watch", "--port", str(port), "--paper", "a4",
                   "--content", "content", "--templates", "templates", "--out", "output"]
        for layout in layouts:
            command += ["--layout", layout]
        for language in languages:  # one, unless the test is about the languages
            command += ["--lang", language]
        # Ctrl-C reaches it as in a terminal, even when these tests run in the background
        # of a shell, which starts them with SIGINT ignored (and a child inherits that).
        self.process = subprocess.Popen(
            command, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True,
            preexec_fn=_interruptible)
        self._reader = threading.Thread(target=self._read, name="tkg-watch-output", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for_line(self, pattern: str) -> re.Match:
        """The first new output line matching `pattern`, waiting at most WAIT seconds."""
        deadline = time.monotonic() + WAIT
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self._queue.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                raise AssertionError(f"tkg watch ended early:\n{self.output()}")
            self.lines.append(line)
            if found := re.search(pattern, line):
                return found
        raise AssertionError(f"no line matching {pattern!r} within {WAIT} s:\n{self.output()}")

    def output(self) -> str:
        """Everything printed so far (for failure messages)."""
        while True:
            try:
                line = self._queue.get_nowait()
            except queue.Empty:
                break
            if line is not None:
                self.lines.append(line)
        return "\n".join(self.lines)

    def stop(self) -> int:
        """Ctrl-C, as a user stops it; killed if it does not stop within 10 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)  # its own session, see Popen
                self.process.wait(10)
        self._reader.join(10)
        return self.process.returncode


def _interruptible() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_watcher(project: Path, port: int = 0, layouts: tuple[str, ...] = (),
                  languages: tuple[str, ...] = ONE_LANGUAGE) -> Watcher:
    """`tkg watch` on `project`, once it says where its preview is (`watcher.url`); in
    English alone unless `languages` says otherwise (() for every language)."""
    running = Watcher(project, port, layouts, languages)
    try:
        running.url = running.wait_for_line(r"preview at (http://127\.0\.0\.1:\d+/)").group(1)
    except BaseException:
        running.stop()
        raise
    return running


def launch(playwright):
    """Debian's headless Chromium (never a downloaded one)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                      timeout=WAIT_MS)


def edit(project: Path, old: str, new: str) -> None:
    """Replace the first `old` in the copied tiles.yaml, as an editor saving would."""
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text()
    assert old in text, old
    tiles.write_text(text.replace(old, new, 1))


def open_gallery(page, url: str) -> float:
    """Open the gallery in `page`; seconds from the navigation's start until every
    thumbnail has arrived (what a designer waits for), measured by the page's own clock."""
    page.goto(url, wait_until="commit")
    return page.wait_for_function(GALLERY_READY, polling="raf", timeout=WAIT_MS).json_value() / 1000


def time_name_edit(page, project: Path, path: str, old: str, new: str) -> float:
    """Rename a tile from `old` to `new` in tiles.yaml while `page` shows the gallery;
    seconds from the file's write to the new name and picture on the page.

    Measured from just before the write to the end of a wait polling every frame, so the
    figure includes the poll's own delay: at most a frame and a round trip, never less
    than the real time.
    """
    before = page.locator(f'figure.piece[data-path="{path}"] img.thumb').get_attribute("src")
    start = time.perf_counter()
    edit(project, f"name: {old}\n", f"name: {new}\n")
    page.wait_for_function(SHOWS_NAME, arg=[path, new, before], polling="raf", timeout=WAIT_MS)
    return time.perf_counter() - start
