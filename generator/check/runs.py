"""How checks that do not depend on each other are run: one after another here, or
shared between both cores by the build (`generator.build.parallel.share_jobs`); and how
work the checks do not need is run beside them: here, first, or (the build) in a
process of its own (`generator.build.parallel.beside`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

Runner = Callable[[list[Callable[[], Any]]], list[Any]]
# Runs its jobs while the body of a `with` runs, done by the body's end.
Beside = Callable[[list[Callable[[], object]]], AbstractContextManager[None]]


def one_by_one(checks: list[Callable[[], Any]]) -> list[Any]:
    """Run checks in this process, one after another."""
    return [check() for check in checks]


@contextmanager
def first_here(jobs: list[Callable[[], object]]) -> Iterator[None]:
    """Run `jobs` in this process, one after another, before the body of the `with`."""
    for job in jobs:
        job()
    yield
