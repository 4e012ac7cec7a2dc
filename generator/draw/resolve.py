"""Formats filled in for one drawing of a declared piece, and what goes wrong doing it.

`Resolver` fills a look's formats with the names of the item being drawn (`Names`)
and turns every failure into a `Problem` saying where it is caused: a layout entry
(a format over a name nothing gives) or an item's field (a field missing on this item
but not on others, a value that is no element or no number). `Painter`
(`generator.draw.paint`) draws with it; `generator.check.pieces` positions the problems.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.model import Item, PieceKind
from generator.core.nearest import nearest, nearest_aside
from generator.core.words import a_few
from generator.draw.kit import Kit
from generator.draw.names import Names
from generator.load.formats import fill, single_name
from generator.load.schema import COLOUR

MAX_COUNT = 100  # as the look reader's: a repeat or a grid of more is a mistake


@dataclass(frozen=True)
class Problem:
    """What is wrong with a drawing and where it is caused: a layout `entry` (dotted),
    or the item `item` (told at its line, or its `field`'s; an `entry` with it is where
    the look asks for what the item lacks). No positions: those come from the files
    when it is told, so a remembered drawing never tells a stale line."""

    code: str
    message: str
    entry: str = ""
    item: str = ""
    field: str = ""
    # A problem of the look's `entry` whose message names the item it was found on: that
    # item's id and where its words (`on_item`) start, so the same problem of many items
    # is told once, naming them all (`on_items`).
    names: tuple[str, int] | None = None


def on_item(item_id: str) -> str:
    """The words that name the item a problem of the look was found on."""
    return f" on item {item_id!r}"


def on_items(item_ids: list[str]) -> str:
    """The words that name the items a problem of the look was found on: " on 48 items
    ('ember-hollow', 'cinder-throne', 'tidewell' and 45 more)"."""
    return f" on {len(item_ids)} items ({a_few(item_ids)})"


class Resolver:
    """The names and the problems of one drawing of one item (None: a shared back)."""

    def __init__(self, kit: Kit, kind: PieceKind, item: Item | None):
        self.kit, self.kind, self.item = kit, kind, item
        self.problems: list[Problem] = []

    def fill(self, template: str, names: Names, entry: str) -> str | None:
        """The format filled in, or None with a problem (an unknown name, a bad spec)."""
        try:
            return fill(template, names.value)
        except KeyError as exc:
            self.unknown(str(exc.args[0]), template, names, entry)
        except (ValueError, TypeError) as exc:
            self.unsuited(template, names, entry, f"{template!r} cannot be filled in: {exc}")
        return None

    def unknown(self, name: str, template: str, names: Names, entry: str) -> None:
        """TKG603 at the item when other items have the field, else TKG604 at the look."""
        has = [i for i in self.kind.items if name in dict(i.fields)]
        key = entry.rpartition(".")[2]
        if self.item is not None and has:
            self.problems.append(Problem(
                "TKG603", f"item {self.item.id!r} of {self.kind.name!r} has no field "
                f"{name!r}, which its look uses", entry, self.item.id))
            return
        fields = ["id", "copies", *sorted({f for i in self.kind.items for f, _ in i.fields})]
        given = ", ".join("{" + f + "}" for f in fields)
        where = "a shared back shows no item's fields" if self.item is None and has else (
            f"which is no field of the {self.kind.name!r} items ({given}), no rule number "
            "and no name of the game")
        near = nearest(name, [*fields, *names.base, *names.extra])
        aside = f" (did you mean {{{near}}}?)" if near else ""
        self.problems.append(Problem("TKG604", f"{key} {template!r} uses {{{name}}}, "
                                     f"{where}{aside}", entry))

    def unsuited(self, template: str, names: Names, entry: str, message: str) -> None:
        """TKG610 where the value comes from: an item's field, or the look."""
        field = single_name(template)
        if field and self.item is not None and field in dict(self.item.fields):
            self.problems.append(Problem("TKG610", f"field {field!r} of item "
                                         f"{self.item.id!r}: {message}", item=self.item.id,
                                         field=field))
        else:
            self.problems.append(Problem("TKG610", message, entry))

    def colour(self, template: str | None, names: Names, entry: str) -> str | None:
        """A colour: "#rrggbb" as written or filled in, or an element's colour by its id."""
        if template is None or COLOUR.match(template):
            return template
        value = self.fill(template, names, entry)
        if value is None:
            return None
        if COLOUR.match(value):
            return value.upper()
        element = names.element(value)
        if element is not None:
            return element.colour
        ids = self.kit.game.element_ids
        said = repr(value) if value == template else f"{template!r} gives {value!r}, which"
        self.unsuited(template, names, entry, f"{said} is neither a colour \"#rrggbb\" (# "
                      f"and six hex digits) nor an element's id ({', '.join(ids)})"
                      f"{nearest_aside(value, ids)}")
        return None

    def count(self, value: int | str, names: Names, entry: str) -> int:
        """How many: a whole number as written or filled in (0 with a problem)."""
        if isinstance(value, int):
            return value
        text = self.fill(value, names, entry)
        if text is None:
            return 0
        if not text.isdigit() or int(text) > MAX_COUNT:
            self.unsuited(value, names, entry, f"{value!r} gives {text!r}, not a whole "
                          f"number from 0 to {MAX_COUNT}")
            return 0
        return int(text)

    def each(self, per: str, names: Names, entry: str) -> list:
        """What a repeat goes through: the elements' ids, or a list the names give."""
        if per == "elements":
            return list(self.kit.game.element_ids)
        try:
            value = names.value(per)
        except KeyError:
            self.unknown(per, "{" + per + "}", names, entry)
            return []
        if not isinstance(value, tuple):
            self.unsuited("{" + per + "}", names, entry,
                          f"per: {per} gives {value!r}, not a list to repeat through")
            return []
        return list(value)

    def of_the_look(self, code: str, before: str, after: str, entry: str) -> None:
        """A problem of the look's `entry` found on this item (or on the shared back),
        its message naming the item between `before` and `after`."""
        on = on_item(self.item.id) if self.item is not None else " on its back"
        names = (self.item.id, len(before)) if self.item is not None else None
        self.problems.append(Problem(code, before + on + after, entry, names=names))
