"""The names a declared piece's formats may use, and their values for one item.

- the item's fields: `{id}`, `{copies}`, `{label}`...;
- the game: `{game.title}`, `{game.version}`, `{game.edition}` ("Playtest edition"
  while a rule is a draft) and `{game.tiles}` (the tiles content/tiles.yaml lists);
- the rule numbers as content/game.yaml writes them: `{rules.oink.capacity}`,
  `{rules.world.rows}`, `{rules.spaces.face_up}`, and `{rules.spaces.row}` (the
  spaces in table order, the face-down stack in the middle: A, B, O, C, D);
- inside a repeat, `{n}` (1, 2, ...) and `{each}` (the element or the list's item);
- any name whose value is an element's id also gives `.name` and `.colour`:
  `{element.name}` is "Fire" where `{element}` is "fire".
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.core.model import Element, Game, Item


class Names:
    """The values one drawing of a piece may name: the game's, its item's, a repeat's."""

    def __init__(self, game: Game, base: Mapping[str, object], item: Item | None,
                 extra: Mapping[str, object] | None = None):
        self.game = game
        self.base = base
        self.item = item
        self.extra = dict(extra or {})

    def inner(self, **extra: object) -> Names:
        """The names inside a repeat: these added (an inner repeat's hide an outer's)."""
        return Names(self.game, self.base, self.item, {**self.extra, **extra})

    def value(self, name: str) -> object:
        """The value of `name` (KeyError when nothing gives it)."""
        if name in self.extra:
            return self.extra[name]
        if self.item is not None and "." not in name:
            try:
                return self.item.value(name)
            except KeyError:
                pass
        if name in self.base:
            return self.base[name]
        head, _, tail = name.rpartition(".")
        if tail in ("name", "colour") and head:
            element = self.element(self.value(head))
            if element is not None:
                return element.name if tail == "name" else element.colour
        raise KeyError(name)

    def element(self, value: object) -> Element | None:
        """The element whose id `value` is, or None."""
        return next((e for e in self.game.elements if e.id == value), None)
