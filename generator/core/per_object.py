"""Values worked out once per object (a scene, a game) and kept while the object lives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class PerObject(Generic[K, V]):
    """Values keyed by an object's identity, for objects too large to hash cheaply.

    Keyed by id(); the object itself is kept with its value, so its id cannot be
    reused by another object meanwhile. Cleared when large: a long `tkg watch` session
    would otherwise keep every build's objects.
    """

    def __init__(self, limit: int = 4096):
        self.limit = limit
        self.values: dict[int, tuple[K, V]] = {}

    def get(self, key: K, make: Callable[[K], V]) -> V:
        """The value for `key`, made by `make(key)` the first time."""
        cached = self.values.get(id(key))
        if cached is None or cached[0] is not key:
            cached = self.put(key, make(key))
        return cached[1]

    def put(self, key: K, value: V) -> tuple[K, V]:
        """Set the value for `key`."""
        if len(self.values) > self.limit:
            self.values.clear()
        self.values[id(key)] = (key, value)
        return key, value
