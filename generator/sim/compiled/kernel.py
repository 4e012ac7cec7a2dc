"""The one decorator of the compiled engine's functions, and the lock one compile at a
time holds (the machine code is kept in `folder.cache_folder`)."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import numba
from numba import njit

from generator.sim.compiled.folder import cache_folder

if not os.environ.get("NUMBA_CACHE_DIR"):  # a folder the user chose wins
    numba.config.CACHE_DIR = str(cache_folder())  # type: ignore[attr-defined]


def compile_lock() -> int:
    """An open file of the cache folder whose lock (`flock`) the process compiling the
    engine holds. Raises OSError when the cache cannot be written."""
    folder = Path(numba.config.CACHE_DIR)  # type: ignore[attr-defined]
    folder.mkdir(parents=True, exist_ok=True)
    return os.open(folder / "compiling.lock", os.O_RDWR | os.O_CREAT, 0o600)


@contextlib.contextmanager
def compiling_alone(waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the compile lock while inside: one process compiles the engine at a time,
    and one that comes while another compiles waits for it (calling `waiting` first),
    then finds the machine code kept. Without a folder to lock (no writable cache), it
    goes ahead unlocked: compiling twice is only slower."""
    try:
        descriptor = compile_lock()
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if waiting:
                waiting()
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # (which lets the lock go)


def kernel(function):
    """Compile `function` for the engine: cached on disk, and without reference counts.

    Reference counting is off because every call passes the state's records, and
    counting references atomically on every call cost more than most calls' work.
    Nothing needs counting: the engine works in records made before the games
    (`layout.board`, `layout.scratch`) and allocates nothing while it plays."""
    return njit(cache=True, _nrt=False)(function)  # type: ignore[call-overload]
