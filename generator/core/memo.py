"""The build context: values worked out once, passed down to every stage that caches.

`build()` makes one memo per build and hands it to the producers, which hand it on to
the drawing and the backends; no module keeps a cache of its own (DESIGN.md, "build /
write"). Two kinds of entry:

- `get(key, make)`: a value named by a digest of everything it depends on. The build's
  memo (`generator.build.memo.DrawingMemo`) also remembers these between builds; this
  base class keeps them for its own lifetime only.
- `per(obj, what, make)`: a value worked out from one object too large to hash cheaply
  (a game, a layout, a scene), keyed by the object's identity. The object is held with
  its value, so its id cannot be reused by another object while the memo lives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar, cast

T = TypeVar("T")
Obj = TypeVar("Obj")


class Memo:
    """Values by key and by object, for as long as this memo lives (one build)."""

    def __init__(self) -> None:
        self.used: dict[str, object] = {}  # key -> value asked for or made
        self._per: dict[tuple[int, str], tuple[object, object]] = {}

    def get(self, key: str, make: Callable[[], T]) -> T:
        """The value for `key`, made by `make()` the first time."""
        if key not in self.used:
            self.used[key] = make()
        # one key names one value, so it is what `make` returned for it
        return cast(T, self.used[key])

    def knows(self, key: str) -> bool:
        """Whether `get(key, ...)` would find a value without making it."""
        return key in self.used

    def track(self, work: Callable[[], T], nested: bool = True) -> tuple[T, list[str]]:
        """`work()` and the keys it asked for that this memo would keep for another
        build (with `nested`, those asked for in making them too): none here (the
        build's memo keeps them)."""
        return work(), []

    def keep(self, keys: Iterable[str]) -> None:
        """Keep these entries of an earlier build for the next: this memo has none."""

    def per(self, obj: Obj, what: str, make: Callable[[Obj], T]) -> T:
        """The value `make(obj)` for this very object, made once."""
        slot = (id(obj), what)
        found = self._per.get(slot)
        if found is None or found[0] is not obj:
            found = (obj, make(obj))
            self._per[slot] = found
        return cast(T, found[1])  # one object and `what` name one value: what `make` made
