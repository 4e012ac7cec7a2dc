"""What a run's batches are given to: an executor, its workers, and a check.

Its own module, so the local pools (`executors`) and the Dask cluster's (`cluster`)
share it without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass


@dataclass(frozen=True)
class Pool:
    """An executor for the batches (None: run them here), how many workers it has, and
    `check`, which the runner calls while it waits: it raises when the run cannot end."""

    executor: Executor | None
    workers: int
    check: Callable[[], None] | None = None
