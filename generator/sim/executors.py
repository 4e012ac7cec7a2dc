"""Where a run's batches execute: here, local worker processes, or a Dask cluster.

Every choice is a `concurrent.futures.Executor` (or None for this process), so the
runner is the same code for all of them. Local workers start with "spawn" (safe on
every platform and with threads). Dask is optional (`pip install -e '.[dask]'`) and
imported only when a scheduler is named; its `Client.get_executor()` is an executor.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

from generator.core.errors import GeneratorError

CONNECT_SECONDS = 10  # how long to wait for a Dask scheduler before giving up


class SchedulerError(GeneratorError):
    """Raised when `--scheduler` names a cluster that cannot be used (no dask extra
    installed, or no scheduler answering at the address)."""

    exit_code = 3


@dataclass(frozen=True)
class Pool:
    """An executor for the batches (None: run them here) and how many workers it has."""

    executor: Executor | None
    workers: int


@contextmanager
def local(jobs: int) -> Iterator[Pool]:
    """`jobs` worker processes, or this process alone for one job."""
    if jobs <= 1:
        yield Pool(None, 1)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context) as executor:
        yield Pool(executor, jobs)


@contextmanager
def dask(address: str) -> Iterator[Pool]:
    """An executor submitting to the Dask scheduler at `address`."""
    try:
        from distributed import Client
    except ImportError:
        raise SchedulerError("--scheduler needs Dask: pip install -e '.[dask]'") from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        threads = sum(client.nthreads().values())
        yield Pool(client.get_executor(pure=False), max(1, threads))
    finally:
        client.close()


def pool(jobs: int, scheduler: str | None = None):
    """The pool a run asked for: the Dask cluster when a scheduler is named, else local."""
    return dask(scheduler) if scheduler else local(jobs)
