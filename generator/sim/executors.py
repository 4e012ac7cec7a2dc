"""Where a run's batches execute: here, local worker processes, or a Dask cluster.

Every choice is a `concurrent.futures.Executor` (or None for this process), so the
runner is the same code for all of them. Local workers start with "spawn" (safe on
every platform and with threads) and never see Ctrl-C: this process stops them, at
once, whenever a run ends early, so no worker outlives an interrupted command. A Dask
cluster (`--scheduler`) is `generator.sim.cluster`'s.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager, suppress

from generator.sim.pool import Pool


@contextmanager
def local(jobs: int) -> Iterator[Pool]:
    """`jobs` worker processes, or this process alone for one job."""
    if jobs <= 1:
        yield Pool(None, 1)
        return
    executor = _Workers(jobs, mp_context=multiprocessing.get_context("spawn"),
                        initializer=_ignore_sigint)
    try:
        yield Pool(executor, jobs)
    except BaseException:
        executor.stop_now()  # Ctrl-C or an error: the batches still queued are not wanted
        raise
    executor.shutdown()


class _Workers(ProcessPoolExecutor):
    """A process pool whose workers are started with Ctrl-C (SIGINT) blocked.

    A terminal sends Ctrl-C to every process of the command; a worker taking it would
    hand KeyboardInterrupt back as its batch's result, take the next batch, and keep
    the pool alive (or print a traceback if it was between batches). Only this process
    reacts, and `stop_now` ends the workers.
    """

    def submit(self, fn, /, *args, **kwargs):
        """Submit as usual; a worker started for it inherits the blocked signal."""
        # Workers start on demand, in submit (spawn), from this thread: its signal mask
        # is what they begin with, before any Python code of theirs could run.
        with _sigint_blocked():
            return super().submit(fn, *args, **kwargs)

    def stop_now(self) -> None:
        """Cancel the queued batches and end the workers without waiting for them."""
        # Python 3.14 has terminate_workers(); before it, only _processes lists them
        # (and shutdown() forgets them, so they are taken first).
        processes = list((getattr(self, "_processes", None) or {}).values())
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with suppress(Exception):
                process.terminate()
        for process in processes:
            process.join(1)


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    if not hasattr(signal, "pthread_sigmask"):  # Windows: the initializer has to do
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _ignore_sigint() -> None:
    """Each worker's first act: ignore Ctrl-C (where it could not be blocked)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pool(jobs: int, scheduler: str | None = None):
    """The pool a run asked for: the Dask cluster when a scheduler is named, else local."""
    if scheduler is None:
        return local(jobs)
    from generator.sim.cluster import dask  # Dask is optional, and loads only for a cluster

    return dask(scheduler)
