"""How checks that do not depend on each other are run: one after another here, or
shared between both cores by the build (`generator.build.parallel.share_jobs`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Runner = Callable[[list[Callable[[], Any]]], list[Any]]


def one_by_one(checks: list[Callable[[], Any]]) -> list[Any]:
    """Run checks in this process, one after another."""
    return [check() for check in checks]
