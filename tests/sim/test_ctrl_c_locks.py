"""Ctrl-C never leaves a batch's lock held (the runner, `generator.sim.runner`).

A future's lock is a `threading.Condition`, taken by Python code (`Condition.__enter__`).
A Ctrl-C whose KeyboardInterrupt is raised there, just after the lock was taken, leaves
it taken for good; the pool, cancelling the batches as the command ends, then waits on
it for ever (`tkg simulate --jobs 2` hung after printing "stopped (Ctrl-C)", some 1 run
in 20 on a loaded machine). Here a future's lock is made to take the Ctrl-C at exactly
that moment, every time.
"""

from __future__ import annotations

import os
import signal
import threading
from concurrent.futures import Executor, Future

import pytest

from generator.sim import runner


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


def disarmed(future: Future) -> Future:
    """The future, its lock lucky from now on (a report of the test takes it too)."""
    future._condition.nth = 0  # type: ignore[attr-defined]
    return future


def unlucky_future(nth: int) -> Future:
    future: Future = Future()
    future._condition = Unlucky(nth)  # type: ignore[attr-defined]
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


@pytest.fixture(autouse=True)
def ctrl_c_raises():
    """Ctrl-C as a command has it (a test runner's process may have it ignored)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_ctrl_c_while_the_runner_waits_on_a_batchs_lock_leaves_it_free():
    future = unlucky_future(1)  # the lock's first taker: the runner asking to be told
    with pytest.raises(KeyboardInterrupt):
        next(runner._finished([future], None))
    assert free(disarmed(future))


class Ready(Executor):
    """An executor whose batches are done as soon as they are given (here), each
    future's lock unlucky the `nth` time it is taken."""

    def __init__(self, nth: int) -> None:
        self.nth = nth
        self.made: list[Future] = []

    def submit(self, fn, /, *args, **kwargs):
        future = unlucky_future(self.nth)
        self.made.append(future)
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.mark.parametrize("nth", [1, 2, 3])
def test_ctrl_c_while_the_runner_submits_or_collects_a_batch_leaves_its_lock_free(nth):
    # A future's lock is taken to finish its batch (1), to ask to be told (2), and to
    # read what it came to (3).
    pool = Ready(nth)
    with pytest.raises(KeyboardInterrupt):
        runner._run(lambda start, stop: stop - start, [(0, 5), (5, 9)], pool, None, None)
    made = list(map(disarmed, pool.made))
    assert made and all(map(free, made))
