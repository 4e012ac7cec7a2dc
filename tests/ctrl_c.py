"""Futures whose lock takes a Ctrl-C at the worst moment, for the tests of what holds
Ctrl-C back while such locks are taken (`generator.core.interrupts`).

A future's lock is a `threading.Condition`, taken by Python code (`Condition.__enter__`).
A Ctrl-C whose KeyboardInterrupt is raised there, just after the lock was taken, leaves
it taken for good; here a future's lock is made to take the Ctrl-C at exactly that
moment, every time.
"""

from __future__ import annotations

import os
import signal
import threading
from concurrent.futures import Executor, Future

import pytest


class Unlucky(threading.Condition):
    """A future's lock that gets Ctrl-C right after it is taken, the `nth` time."""

    def __init__(self, nth: int) -> None:
        super().__init__()
        self.nth = nth

    def __enter__(self):
        taken = super().__enter__()
        self.nth -= 1
        if self.nth == 0:
            os.kill(os.getpid(), signal.SIGINT)  # its handler runs before this returns
        return taken


def unlucky_future(nth: int) -> Future:
    """A future whose lock gets Ctrl-C the `nth` time it is taken."""
    future: Future = Future()
    future._condition = Unlucky(nth)  # type: ignore[attr-defined]
    return future


def disarmed(future: Future) -> Future:
    """The future, its lock lucky from now on (a report of the test takes it too)."""
    future._condition.nth = 0  # type: ignore[attr-defined]
    return future


def free(future: Future) -> bool:
    """Whether another thread (the pool's, cancelling it) can take the future's lock."""
    lock, took = future._condition, []  # type: ignore[attr-defined]

    def take() -> None:
        took.append(lock.acquire(timeout=1))
        if took[-1]:
            lock.release()

    other = threading.Thread(target=take)
    other.start()
    other.join()
    return took == [True]


class Ready(Executor):
    """An executor whose work is done as soon as it is given (here), each future's lock
    unlucky the `nth` time it is taken; `made` holds the futures."""

    def __init__(self, nth: int) -> None:
        self.nth = nth
        self.made: list[Future] = []

    def submit(self, fn, /, *args, **kwargs):
        """The future of `fn(*args, **kwargs)`, already done."""
        future = unlucky_future(self.nth)
        self.made.append(future)
        future.set_result(fn(*args, **kwargs))
        return future

    def all_free(self) -> bool:
        """Whether every future it made has its lock free (and disarms them)."""
        made = list(map(disarmed, self.made))
        return bool(made) and all(map(free, made))


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C as a command has it (a test runner's process may have it ignored)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)
