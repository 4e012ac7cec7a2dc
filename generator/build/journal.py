"""Publishing a build's files as one transaction: stage, commit a journal, apply it.

Every new file is first written into a staging folder inside the output's cache (same
file system, so moving it in is a rename). Then a journal naming every file to move in
and every file to remove is written, atomically: that is the commit. Applying the
journal moves the files in and removes the retired ones; it is idempotent. A build that
is stopped at any moment leaves either no journal (nothing in the output changed; the
staging folder is thrown away) or a complete one (the next build applies it before it
reads anything). Either way the folder ends up exactly as one build made it.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import BinaryIO

from generator.build.parallel import share_jobs
from generator.core.errors import OutputError
from generator.core.reading import read_kept

CACHE_DIR = ".tkg-cache"
JOURNAL = f"{CACHE_DIR}/journal.json"
STAGE_PREFIX = "stage-"
FORMAT = 1
# A file's bytes, or how to write them into it (a large file made as it is written)
Content = bytes | Callable[[BinaryIO], None]


def stage(out_dir: Path, files: Sequence[tuple[str, Content]], folder: Path | None = None
          ) -> Path:
    """A new staging folder holding `files` (path under the output, content), or
    `folder` (one `staged_ahead`) with `files` added.

    The files made as they are written (the build's memo, its values pickled as they
    go) are written on the other core, while this process writes the rest: the
    worker is a fork of this process, so it has every value to pickle already."""
    if folder is None:
        cache = out_dir / CACHE_DIR
        cache.mkdir(parents=True, exist_ok=True)
        folder = Path(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=cache))
    made = [(path, data) for path, data in files if callable(data)]
    plain = [(path, data) for path, data in files if not callable(data)]
    share_jobs([partial(_put, folder, group) for group in (made, plain) if group])
    return folder


def _put(folder: Path, files: Sequence[tuple[str, Content]]) -> None:
    for path, data in files:
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        write_file(target, data)


def put_ahead(folder: Path, path: str, data: bytes) -> None:
    """Write one file into a folder `staged_ahead`, whole or not at all: two workers may
    both make it (a licence that two kinds copy), with the same bytes."""
    target = folder / path
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    write_file(partial, data)
    rename(partial, target)


def commit(out_dir: Path, folder: Path, moved: Sequence[str], removed: Sequence[str]) -> None:
    """Write the journal: from here on, the build's files will be published."""
    body = json.dumps({"format": FORMAT, "stage": folder.name, "move": list(moved),
                       "remove": list(removed)}, indent=1).encode()
    partial = out_dir / f"{JOURNAL}.partial"
    write_file(partial, body)
    rename(partial, out_dir / JOURNAL)


@contextlib.contextmanager
def uninterrupted() -> Iterator[None]:
    """Hold Ctrl-C (and SIGTERM) off while the body runs, then act on it: publishing is
    a few renames, and stopped half-way it would leave the folder half old, half new
    until the next build. Only the main thread can hold signals; elsewhere this does
    nothing (a SIGKILL, which nothing holds off, is finished by the next build)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    previous = {number: signal.signal(number, lambda n, _frame: held.append(n))
                for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for came in dict.fromkeys(held):
            signal.raise_signal(came)  # as if it came now: the usual handler acts


def apply(out_dir: Path) -> tuple[str, ...]:
    """Finish the committed journal, if there is one, and clear every staging folder.
    The files this call put in place or removed (none when there was no journal)."""
    journal = _read_journal(out_dir)
    done: list[str] = []
    if journal is not None:
        folder = out_dir / CACHE_DIR / journal["stage"]
        for path in journal["move"]:
            source = folder / path
            if source.exists():  # moved already, if an earlier apply was stopped
                (out_dir / path).parent.mkdir(parents=True, exist_ok=True)
                rename(source, out_dir / path)
                done.append(path)
        for path in journal["remove"]:
            if (out_dir / path).exists():
                remove(out_dir / path)
                done.append(path)
        _prune(out_dir, journal["remove"])
        remove(out_dir / JOURNAL)
    clear_stages(out_dir)
    return tuple(done)


def _prune(out_dir: Path, removed: list[str]) -> None:
    """Remove the folders that removing `removed` left empty (a retired `compare/`),
    deepest first, up to but not including the output folder."""
    folders = {parent for path in removed for parent in Path(path).parents
               if parent != Path(".")}
    for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):
        with contextlib.suppress(OSError):  # only if empty: one with anything in it stays
            (out_dir / folder).rmdir()


def clear_stages(out_dir: Path) -> None:
    """Remove staging folders and partial journals that no committed journal names."""
    cache = out_dir / CACHE_DIR
    if not cache.is_dir():
        return
    for leftover in cache.iterdir():
        if leftover.name.startswith(STAGE_PREFIX) and leftover.is_dir():
            shutil.rmtree(leftover, ignore_errors=True)
        elif leftover.name == f"{Path(JOURNAL).name}.partial":
            remove(leftover)


def _read_journal(out_dir: Path) -> dict | None:
    try:
        data = json.loads(read_kept(out_dir / JOURNAL))
    except ValueError as exc:  # Refused is one: a missing journal is no unfinished build
        if not os.path.lexists(out_dir / JOURNAL):
            return None
        raise OutputError(f"the journal of an unfinished build in {out_dir} cannot be read "
                          f"({exc}); delete {out_dir / CACHE_DIR} and build again") from None
    if not _sound(data):
        raise OutputError(f"the journal of an unfinished build in {out_dir} is damaged; "
                          f"delete {out_dir / CACHE_DIR} and build again")
    return data


def _sound(data: object) -> bool:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return False
    stage_name = data.get("stage")
    lists = [data.get("move"), data.get("remove")]
    return (isinstance(stage_name, str) and stage_name.startswith(STAGE_PREFIX)
            and "/" not in stage_name
            and all(isinstance(v, list) and all(_plain(p) for p in v) for v in lists))


def _plain(path: object) -> bool:
    """A relative path inside the output (what a journal may name)."""
    if not isinstance(path, str) or not path or path.startswith("/") or "\\" in path:
        return False
    return ".." not in Path(path).parts


# The file operations, each one step a fault-injection test can stop.


def write_file(path: Path, data: Content) -> None:
    """Write a new file (never through a link: staging folders are tkg's own)."""
    if callable(data):
        with path.open("wb") as handle:
            data(handle)
    else:
        path.write_bytes(data)


def rename(source: Path, target: Path) -> None:
    """Move a file into place in one step (readers see the old file or the new one)."""
    os.replace(source, target)


def remove(path: Path) -> None:
    """Remove a file; one that is already gone is fine."""
    path.unlink(missing_ok=True)
