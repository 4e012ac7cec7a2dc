"""The built-in kinds of piece as the one piece system sees them: the items the content
gives each, and what the rules and the print conventions ask of its look.

A tile, a life token and an Oink are special to the rules (the checks, the world
solver and the simulator are code), but how each looks is a look in the layout, like
a declared kind's, and it is drawn from items as a declared kind is: a tile is an item
whose fields are its name, flavour, number, insignias and art. The player aids' and
the cover's items hold words rendered from templates, so they are made where those
words are (`generator.text.pieces`, `generator.products.bundle`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.core.model import (
    NOWHERE,
    Element,
    Game,
    Item,
    Location,
    Oink,
    PieceKind,
    Tile,
    known,
)

TILE, TOKEN, OINK, AID, COVER = "tile", "token", "oink", "aid", "cover"


@dataclass(frozen=True)
class Convention:
    """What a built-in kind's look must be, whatever the layout: it is checked when the
    layout is read."""

    name: str  # the look's key under `pieces:`
    what: str  # the piece in words
    bleed: bool = True  # its art runs past the cut: it needs a bleed of more than 0
    least: float = 0.0  # its face at least this many mm across (a disc: the disc's)
    page: bool = False  # the paper's own size (`size: page`); no other look may be


CONVENTIONS = (
    Convention(TILE, "world tile"),
    Convention(TOKEN, "life token", least=19.0),  # easy to pick up (DESIGN.md)
    Convention(OINK, "Oink"),
    Convention(AID, "player aid", bleed=False),
    Convention(COVER, "cover", bleed=False, page=True),
)
BUILT_IN = tuple(c.name for c in CONVENTIONS)  # every layout has a look for each


def convention(name: str) -> Convention | None:
    """The convention of a built-in look (None for a declared kind's)."""
    return next((c for c in CONVENTIONS if c.name == name), None)


def tile_kind(game: Game) -> PieceKind:
    """The world tiles: an item per tile, its id and copies the tile's."""
    items, _ = tuple(tile_item(game, tile) for tile in game.tiles), game.words
    return PieceKind(TILE, _("World tiles"), "", items, prefix="tile",
                     captions=("{name} ({id})", _("{game.title}: tile back")))


def tile_item(game: Game, tile: Tile) -> Item:
    """A tile as an item of the tile kind: its fields are what its face may show."""
    # The art as a path under the content folder, as a declared piece's image names it.
    art = game.relative(tile.art) if tile.art else ""
    fields = (("name", tile.name), ("flavour", tile.flavour), ("number", tile.number),
              ("insignias", tile.insignias), ("art", art))
    places = tuple((k, tile.art_where if k == "art" else tile.place(k))
                   for k in ("id", "copies", *dict(fields)))
    return Item(tile.id, tile.copies, fields, tile.where, places)


def token_kind(game: Game) -> PieceKind:
    """The life tokens: an item per element, its copies the tokens of that element."""
    items = tuple(element_items(game.elements, (game.tokens.count(e.id) for e in game.elements)))
    _ = game.words
    return PieceKind(TOKEN, _("Life tokens"), "", items, prefix="token",
                     captions=(_("{name} life token"), _("{name} life token")))


def oink_kind(game: Game) -> PieceKind:
    """The Oinks: an item per Oink (its element and name)."""
    return PieceKind(OINK, game.words("Oinks"), "", tuple(oink_items(game.oinks, 1)),
                     prefix="oink",
                     captions=("{name}", "{name}"))


def element_items(elements: Iterable[Element], copies: Iterable[int]) -> list[Item]:
    """One item per element, id the element's: fields element (its id) and name. Each
    stands where its element is written: what its words cause is told there."""
    return [_item(e.id, n, {"element": e.id, "name": e.name}, e.where, e.name_where)
            for e, n in zip(elements, copies, strict=False)]


def oink_item(oink: Oink, copies: int = 1) -> Item:
    """An Oink as an item, id its element's: fields element and name (the Oink's)."""
    return _item(oink.element, copies, {"element": oink.element, "name": oink.name},
                 oink.where, oink.name_where)


def oink_items(oinks: Iterable[Oink], copies: int) -> list[Item]:
    """One item per Oink, id its element's: fields element and name (the Oink's)."""
    return [oink_item(o, copies) for o in oinks]


def _item(ident: str, copies: int, fields: dict[str, object], where: Location,
          name_where: Location = NOWHERE) -> Item:
    """An item standing where `where` is, its name where `name_where` is (if known)."""
    named = known(name_where, where)
    return Item(ident, copies, tuple(fields.items()), where,
                tuple((k, named if k == "name" else where) for k in ("id", "copies", *fields)))
