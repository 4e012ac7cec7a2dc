"""Ctrl-C held back while this process takes locks that an interrupt would leave taken.

A `concurrent.futures` future's lock, and a pool's semaphore, are taken by Python code
(`Condition.__enter__`); a KeyboardInterrupt raised there, just after the lock was
taken, leaves it taken for good, and the pool's own threads, or the pool cancelling
its work as the command ends, then wait on it for ever (`tkg simulate --jobs 2` hung
after saying it had stopped). Python runs a Ctrl-C's handler in the main thread
whichever thread the signal reached, so blocking the signal there is not enough: while
such a lock is taken, the handler only notes the Ctrl-C, and the one that was in place
is called with it as soon as the lock is given back.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Inside, a Ctrl-C (SIGINT) waits; the handler in place takes it on leaving."""
    if threading.current_thread() is not threading.main_thread():
        yield  # (a Ctrl-C is raised in the main thread only)
        return
    noted: list[FrameType | None] = []
    previous = signal.signal(signal.SIGINT, lambda _, frame: noted.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if noted:
            _deliver(previous, noted[0])


def _deliver(handler, frame: FrameType | None) -> None:
    """The Ctrl-C held back, to the handler that was in place."""
    if callable(handler):
        handler(signal.SIGINT, frame)
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signal.SIGINT)
    # (SIG_IGN, or a handler not installed from Python: nothing to do)
