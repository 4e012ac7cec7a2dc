"""An output folder is tkg's or nothing: claimed before anything is read or written.

A folder is tkg's when it holds the marker file `.tkg-output` (written when tkg first
builds into an empty or missing folder), or when an earlier tkg left its manifest and
cache state there. Building into any other non-empty folder is refused, and so is an
output folder inside (or holding) the content or the templates: a build removes only
files its own manifest lists, but that is no comfort in the wrong folder.

While claimed, the folder is locked: a second tkg (a `tkg watch` and a manual
`tkg build`) waits for the first, up to a bound, then says which process holds it. The
lock file lives in the user's cache, so claiming creates nothing in the project: a
build that stops on invalid content leaves no output folder behind; past some hundreds
of them, the oldest that no tkg holds are removed. The claim also
finishes any build that was stopped while publishing (the journal).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from generator.build.journal import CACHE_DIR, apply
from generator.core.errors import OutputError
from generator.core.paths import user_cache

MARKER = ".tkg-output"
MARKER_TEXT = ("This folder is written by tkg, the TKG ARENA print-and-play generator.\n"
               "tkg removes only the files its manifest.json lists; other files are left.\n")
WAIT_SECONDS = 30.0  # how long a second writer waits for the first (TKG_LOCK_WAIT overrides)
# Lock files kept: one an output folder was ever built into, so a folder built once (a
# copy tried and thrown away, a test's) kept its for ever. Past this many, a claim
# removes the oldest no tkg holds, down to TIDIED_TO (not at every claim after that).
KEPT_LOCKS, TIDIED_TO = 256, 192


class Claim(NamedTuple):
    """A folder claimed for writing, and the files a stopped build had left to put in
    place (or to remove), which claiming it finished."""

    out_dir: Path
    repaired: tuple[str, ...] = ()


@contextlib.contextmanager
def claim(out_dir: Path, inputs: Sequence[Path] = ()) -> Iterator[Claim]:
    """Make `out_dir` tkg's (refusing a folder that is not), lock it, and finish any
    stopped build in it. OutputError says why a folder is refused."""
    out_dir = Path(out_dir)
    refuse_inputs(out_dir, inputs)
    refuse_foreign(out_dir)
    with _locked(out_dir):
        repaired = apply(out_dir) if out_dir.is_dir() else ()
        _clear_old_staging(out_dir)
        yield Claim(out_dir, repaired)


def mark(out_dir: Path) -> None:
    """Make the folder tkg's (the writer calls this before it publishes anything)."""
    marker = out_dir / MARKER
    try:
        mode = marker.lstat().st_mode
    except FileNotFoundError:
        out_dir.mkdir(parents=True, exist_ok=True)
        marker.write_text(MARKER_TEXT, encoding="utf-8")
        return
    # Never written through: a link could lead anywhere, and a FIFO would block for ever.
    if not stat.S_ISREG(mode):
        what = "a link" if stat.S_ISLNK(mode) else "not a file"
        raise OutputError(f"cannot write {marker}: it is {what}; remove it and build again")


def _clear_old_staging(out_dir: Path) -> None:
    # Earlier versions of tkg staged next to the output folder; a stopped build left
    # its folder there. They are tkg's, named after the output folder.
    for leftover in out_dir.parent.glob(f".{out_dir.name}-staging-*"):
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)


def refuse_inputs(out_dir: Path, inputs: Sequence[Path]) -> None:
    """OutputError when the output folder is, lies in, or holds an input folder."""
    out = out_dir.resolve()
    for folder in inputs:
        source = Path(folder).resolve()
        if out == source or out.is_relative_to(source) or source.is_relative_to(out):
            raise OutputError(f"refusing to build into {out_dir}: it is or holds the input "
                              f"folder {folder}; choose an output folder of its own, e.g. "
                              "--out output")


def refuse_foreign(out_dir: Path) -> None:
    """OutputError when `out_dir` is a non-empty folder tkg did not make."""
    if out_dir.is_symlink() or (out_dir.exists() and not out_dir.is_dir()):
        raise OutputError(f"refusing to build into {out_dir}: it is not a folder")
    if not out_dir.exists() or (out_dir / MARKER).is_file():
        return
    earlier_tkg = (out_dir / "manifest.json").is_file() and (
        out_dir / CACHE_DIR / "state.json").is_file()
    if earlier_tkg or not any(out_dir.iterdir()):
        return
    raise OutputError(f"refusing to build into {out_dir}: it holds files tkg did not write "
                      f"(no {MARKER} in it); choose an empty or new folder with --out")


def lock_file(out_dir: Path, folder: Path | None = None) -> Path:
    """Where the lock of `out_dir` lives: under `folder` (by default the user's cache),
    one file per output folder."""
    name = hashlib.sha256(str(out_dir.resolve()).encode()).hexdigest()[:16]
    return (folder or user_cache()) / "locks" / f"{name}.lock"


def _fallback() -> Path:
    """Where locks go when the user's cache cannot be written: this user's folder in the
    system's temporary folder (every tkg of this user falls back to the same one)."""
    return Path(tempfile.gettempdir()) / f"tkg-{os.getuid()}"


def _open_lock(out_dir: Path) -> tuple[int, Path]:
    """The lock file's descriptor, in the user's cache or else in the fallback."""
    failure: OSError | None = None
    for folder in (None, _fallback()):
        path = lock_file(out_dir, folder)
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if folder is not None and not _own_folder(folder):
                continue  # another user's (or a link) in a shared place: never trusted
            return os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600), path
        except OSError as exc:
            failure = failure or exc
    raise OutputError(f"cannot lock {out_dir} ({lock_file(out_dir)}: "
                      f"{failure.strerror if failure else 'no lock'}); is your home folder "
                      "writable?")


def _own_folder(folder: Path) -> bool:
    info = os.lstat(folder)
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()


@contextlib.contextmanager
def _locked(out_dir: Path) -> Iterator[None]:
    import fcntl

    while True:
        descriptor, path = _open_lock(out_dir)
        try:
            _wait_for(descriptor, out_dir, fcntl)
        except BaseException:
            os.close(descriptor)
            raise
        if _same_file(descriptor, path):
            break
        os.close(descriptor)  # removed by another tkg's tidying meanwhile: lock a new one
    try:
        os.ftruncate(descriptor, 0)
        os.write(descriptor, str(os.getpid()).encode())
        _tidy(path, fcntl)
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


def _same_file(descriptor: int, path: Path) -> bool:
    """Whether `path` is still the file open at `descriptor`."""
    try:
        there, mine = os.lstat(path), os.fstat(descriptor)
    except OSError:
        return False
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)


def _tidy(own: Path, fcntl) -> None:
    """Past `KEPT_LOCKS` lock files beside `own`, remove the oldest down to `TIDIED_TO`,
    each only while no tkg holds it: taken without waiting, then removed while held (a
    tkg that opened it meanwhile finds it gone once it has the lock, and makes a new
    one: `_locked`). Best effort: what cannot go now goes at a later claim."""
    with contextlib.suppress(OSError):
        with os.scandir(own.parent) as entries:
            locks = [e for e in entries if e.name.endswith(".lock") and e.path != str(own)]
        if len(locks) < KEPT_LOCKS:
            return
        locks.sort(key=lambda e: e.stat(follow_symlinks=False).st_mtime_ns)
        for entry in locks[:len(locks) - TIDIED_TO + 1]:
            _remove_unheld(Path(entry.path), fcntl)


def _remove_unheld(path: Path, fcntl) -> None:
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_NOFOLLOW)
    except OSError:  # gone already, or a link: not one of ours to open
        return
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if _same_file(descriptor, path):
            path.unlink()
    except OSError:  # held: its tkg is at work
        pass
    finally:
        os.close(descriptor)


def _wait_for(descriptor: int, out_dir: Path, fcntl) -> None:
    deadline = time.monotonic() + float(os.environ.get("TKG_LOCK_WAIT", WAIT_SECONDS))
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                holder = os.pread(descriptor, 32, 0).decode(errors="replace").strip() or "?"
                raise OutputError(f"another tkg (process {holder}) is writing to {out_dir}; "
                                  "wait for it to finish, or stop it, then run again") from None
            time.sleep(0.05)
