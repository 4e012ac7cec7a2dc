"""Read content/pieces.yaml: the kinds of piece a designer declares, and their items.

The file is optional. Each top-level key is a kind's name (the `--only` name, and the
key of its look under `pieces:` in a layout); under it, the checklist's words and its
items, written out (`items:`) or one per Oink or element (`each:`). Every item has an
id and `copies` (default 1) and any fields the look reads. Every problem is a
positioned diagnostic; a kind with a problem is left out, so the others are checked.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import repeat
from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.limits import COPIES, ITEMS
from generator.core.model import NOWHERE, Element, Item, Location, Oink, PieceKind
from generator.core.nearest import nearest_aside
from generator.core.paths import display_path
from generator.core.words import SOURCE_WORDS, Words
from generator.load.builtin import element_items, oink_items
from generator.load.formats import format_problem
from generator.load.layers import Layers, content_layers
from generator.load.schema import (
    Field,
    control_problem,
    printed_text,
    read_map,
    shown,
    type_error,
)
from generator.load.yamlsource import Unsafe, YList, YMap, load_yaml

PIECES_FILE = "pieces.yaml"
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
FIELD = re.compile(r"^[a-z][a-z0-9_]*$")
MAX_ID = 64
MAX_COPIES = 99  # as a tile's copies
# Names a kind may not take: tkg's own kinds (the kinds table's; a test keeps them in
# step) and the folders and files of the output that a kind's name would land on.
RESERVED = ("aids", "compare", "fonts", "manifest", "pdf", "picked", "pieces", "png", "pnp",
            "print-shop", "rulebook", "svg", "tiles", "tokens", "tts")
# Item fields no item may have: format strings use these names for other things.
RESERVED_FIELDS = ("game", "rules", "n", "each", "count", "items")
EACH = ("oink", "element")  # items made one per Oink or per element

KIND = (
    Field("name", "str", "the checklist's line for the kind, e.g. World mats"),
    Field("about", "str", "the checklist's detail: a format over {count}, {items}, the game "
          "and the rules", required=False, default=""),  # (`default_about`)
    Field("bundle", "bool", "whether its sheets are in the print-and-play bundle",
          required=False, default=True),
    Field("items", "list", "the designs, each with an id, copies and its fields",
          required=False),
    Field("each", "str", "instead of items: one item per oink or per element",
          required=False),
    Field("copies", "int", "with each: how many of every item are printed",
          required=False, default=1, low=1, high=MAX_COPIES),
)


def load_pieces(layers: Layers, elements: tuple[Element, ...], oinks: tuple[Oink, ...]
                ) -> tuple[tuple[PieceKind, ...], list[Diagnostic]]:
    """The declared kinds of piece, and every problem of the file (none without it).
    The file is the content folder's, or the one's it extends."""
    path = layers.find(PIECES_FILE)
    if not path.exists():
        return (), []
    source = load_yaml(path, display_path(path))
    found = list(source.diagnostics)
    if source.data is None:
        return (), found
    if not isinstance(source.data, YMap):
        found.append(diagnostic("TKG602", Location(source.display, 1, 1),
                                "pieces.yaml must map each kind's name to its declaration"))
        return (), found
    past = _past_budget(source.data)
    if past:  # not read on: each item is drawn and checked, on every page it prints
        return (), [*found, past]
    kinds = []
    for name, value in source.data.items():
        kind = _kind(name, value, source.data, elements, oinks, found)
        if kind is not None:
            kinds.append(kind)
    return tuple(kinds), found


def _past_budget(data: YMap) -> Diagnostic | None:
    """TKG116 at the item that passes the items' or the pieces' limit, or None."""
    items = pieces = 0
    for value in data.values():
        listing = value.get("items") if isinstance(value, YMap) else None
        if not isinstance(listing, YList):
            continue
        for index, item in enumerate(listing):
            items += 1
            pieces += _copies(item)
            for limit, count in ((ITEMS, items), (COPIES, pieces)):
                if limit.over(count):
                    return diagnostic("TKG116", listing.where(index), limit.says(count))
    return None


def _copies(item: object) -> int:
    """An item's copies as far as the budget is concerned (a wrong one is told later)."""
    copies = item.get("copies", 1) if isinstance(item, YMap) else 1
    if isinstance(copies, int) and not isinstance(copies, bool) and 1 <= copies <= MAX_COPIES:
        return copies
    return 1


def declared_names(content_dir: Path) -> tuple[str, ...] | None:
    """The kind names content/pieces.yaml declares, read quickly for `--only`: () without
    the file, None when it cannot be read (validation will say why)."""
    path = content_layers(content_dir).find(PIECES_FILE)
    if not path.exists():
        return ()
    source = load_yaml(path)
    if not isinstance(source.data, YMap):
        return None
    return tuple(source.data)


def _kind(name: str, value: object, top: YMap, elements: tuple[Element, ...],
          oinks: tuple[Oink, ...], found: list[Diagnostic]) -> PieceKind | None:
    at = top.key_where(name)
    if not _name_ok(name, at, found):
        return None
    fields = read_map(value, top.where(name), KIND, f"the kind {name!r}", found)
    if fields is None or not isinstance(value, YMap):  # read_map told what it is instead
        return None
    ok = _about_ok(fields.get("about"), value, found)
    if ("items" in value) == ("each" in value):
        found.append(diagnostic("TKG602", top.where(name), f"the kind {name!r} needs either "
                                "items: (a list) or each: (oink or element), not "
                                + ("both" if "items" in value else "neither")))
        return None
    if fields.get("items") is None and fields.get("each") is None:
        return None  # the one it has is broken, and told already
    if fields.get("each") is not None:
        items = _generated(fields["each"], fields.get("copies", 1), value.where("each"),
                           elements, oinks, found)
    else:
        listing = value["items"]  # a list: read_map checked it
        items = _items(name, listing, found) if isinstance(listing, YList) else None
    if items is None or not ok or not {"name", "about", "bundle"} <= fields.keys():
        return None  # each problem is told already
    kind = PieceKind(name, fields["name"], fields["about"], items, fields["bundle"], at,
                     about_where=value.where("about"))
    if "about" not in value:  # tkg's own line: no place, as no text of the designer's
        return replace(kind, about=default_about(kind.count), about_where=NOWHERE)
    return kind


def default_about(count: int, words: Words = SOURCE_WORDS) -> str:
    """tkg's checklist detail of a kind that writes no `about:` ("{count} pieces"), a
    format over {count} as a written one is, in the language of `words`."""
    return words.ngettext("{count} piece", "{count} pieces", count)


def _name_ok(name: str, at: Location, found: list[Diagnostic]) -> bool:
    if not SLUG.match(name) or len(name) > MAX_ID:
        found.append(diagnostic("TKG112", at, f"kind name {name!r} is not a slug"))
        return False
    if name in RESERVED:
        found.append(diagnostic("TKG609", at, f"the kind name {name!r} is taken: tkg's own "
                                f"kinds and folders are {', '.join(RESERVED)}"))
        return False
    return True


def _about_ok(about: object, value: YMap, found: list[Diagnostic]) -> bool:
    problem = format_problem(about) if isinstance(about, str) else ""
    if problem:
        found.append(diagnostic("TKG602", value.where("about"), f"about {about!r}: {problem}"))
    return not problem


def _generated(each: str, copies: int, at: Location, elements: tuple[Element, ...],
               oinks: tuple[Oink, ...], found: list[Diagnostic]) -> tuple[Item, ...] | None:
    """One item per Oink (id: its element; element, name: the Oink's) or per element."""
    if each not in EACH:
        found.append(diagnostic("TKG602", at, f"each must be {' or '.join(EACH)}, not "
                                f"{each!r}{nearest_aside(each, EACH)}"))
        return None
    items = oink_items(oinks, copies) if each == "oink" else \
        element_items(elements, repeat(copies))
    return tuple(items)


def _items(kind: str, listing: YList, found: list[Diagnostic]) -> tuple[Item, ...] | None:
    if not listing:
        found.append(diagnostic("TKG602", listing.loc, f"the kind {kind!r} has no items"))
        return None
    items: list[Item] = []
    ids: dict[str, Location] = {}  # where each id is first written
    ok = True
    for index, value in enumerate(listing):
        item = _item(value, listing.where(index), found)
        if item is None:
            ok = False
        elif item.id in ids:
            found.append(diagnostic("TKG611", item.place("id"), f"item id {item.id!r} of "
                                    f"{kind!r} is used again (first at line "
                                    f"{ids[item.id].line})"))
            ok = False
        else:
            ids[item.id] = item.place("id")
            items.append(item)
    return tuple(items) if ok else None


def _item(value: object, where: Location, found: list[Diagnostic]) -> Item | None:
    if not isinstance(value, YMap):
        found.append(diagnostic("TKG103", where, f"an item must be a mapping, not "
                                f"{shown(value)}"))
        return None
    before = len(found)
    ident, copies = value.get("id"), value.get("copies", 1)
    if "id" not in value:
        found.append(diagnostic("TKG102", where, "item is missing 'id' (a slug naming its "
                                "files)"))
    elif not isinstance(ident, str):
        found.append(type_error(value.where("id"), "item.id", "str", ident))
    elif not SLUG.match(ident) or len(ident) > MAX_ID:
        found.append(diagnostic("TKG112", value.where("id"), f"item id {ident!r} is not a "
                                "slug"))
    if isinstance(copies, Unsafe):
        pass  # told as it was read
    elif isinstance(copies, bool) or not isinstance(copies, int):
        found.append(type_error(value.where("copies"), "item.copies", "int", copies))
    elif not 1 <= copies <= MAX_COPIES:
        found.append(diagnostic("TKG104", value.where("copies"), f"item.copies is {copies}, "
                                f"outside 1..{MAX_COPIES}"))
    fields = [(k, _field(k, v, value, found)) for k, v in value.items()
              if k not in ("id", "copies")]
    if len(found) > before or not isinstance(ident, str) or not isinstance(copies, int):
        return None  # each problem is told already
    places = tuple((k, value.where(k)) for k in value)
    return Item(ident, copies, tuple(fields), where, places)


def _field(key: str, raw: object, item: YMap, found: list[Diagnostic]) -> object:
    """A field's value: text, a number, true/false, or a list of texts and numbers."""
    if not FIELD.match(key) or key in RESERVED_FIELDS:
        why = "is kept for other names in formats" if key in RESERVED_FIELDS else \
            "must be lowercase letters, digits and _ (a name a format can use)"
        found.append(diagnostic("TKG602", item.key_where(key), f"field name {key!r} {why}"))
        return None
    values = list(raw) if isinstance(raw, YList) else [raw]
    for value in values:
        if isinstance(value, Unsafe):
            return None  # told as it was read
        if isinstance(value, YMap | YList) or value is None:
            found.append(diagnostic("TKG602", item.where(key), f"field {key!r} must be text, "
                                    f"a number, true/false or a list of those, not "
                                    f"{shown(value)}"))
            return None
        if isinstance(value, str) and (problem := control_problem(value, item.where(key),
                                                                  f"field {key!r}")):
            found.append(problem)
            return None
    cleaned = [printed_text(v) if isinstance(v, str) else v for v in values]
    return tuple(cleaned) if isinstance(raw, YList) else cleaned[0]
