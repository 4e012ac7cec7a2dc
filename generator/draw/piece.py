"""One side of one piece, drawn: its look's primitives filled in with the item's fields,
the game's names and the rule numbers (`generator.draw.names`), by the one painter.

Every printed piece is drawn here: a tile face and the tiles' back, a life token, an
Oink, a player aid, the bundle's cover and every declared kind's items. Drawing never
stops at a mistake: what cannot be drawn is left out and becomes a `Problem` saying
what is wrong and where it is caused (a layout entry or an item's field), so
`tkg validate` reports every mistake of a look at once and a build, which draws only
what validated, draws exactly what was checked. A drawing is remembered in the build's
memo under everything it depends on, the image files it shows included.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.core.digest import digest
from generator.core.model import NOWHERE, Game, Item, Oink, PieceKind, Tile
from generator.core.paths import anchored_name
from generator.draw.anchors import moved_path, moved_scene
from generator.draw.kit import Kit
from generator.draw.names import Names
from generator.draw.paint import Painter
from generator.draw.resolve import Problem
from generator.draw.scene import Ellipse, Rect, Scene, Style
from generator.layout.look import Look
from generator.layout.model import Layout
from generator.load.builtin import (
    OINK,
    TILE,
    TOKEN,
    oink_item,
    oink_kind,
    tile_item,
    tile_kind,
    token_kind,
)
from generator.load.digests import code_digest, file_digest
from generator.load.formats import about_line
from generator.load.rules import game_names

FRONT, BACK = "front", "back"
Picture = tuple[str, float, float, float]  # a piece a page shows: scene name, x, y, width


@dataclass(frozen=True)
class Drawn:
    """One side of one item, drawn, with what was wrong and the image files it shows.

    A look whose words flow on (the cover) has further `pages`; `pictures` are, page by
    page, the pieces its words show, for the page's maker to place (they are drawings
    of their own, placed as they are on the sheets)."""

    scene: Scene
    problems: tuple[Problem, ...]
    images: tuple[Path, ...]
    pages: tuple[Scene, ...] = ()
    pictures: tuple[tuple[Picture, ...], ...] = ()
    # The content folders its files' paths lie under: where it was drawn, not what it
    # draws (so neither compared nor in a kind's fingerprint).
    folders: tuple[Path, ...] = field(default=(), compare=False)

    @property
    def every_page(self) -> tuple[Scene, ...]:
        """The drawing and its further pages."""
        return (self.scene, *self.pages)


def scene_name(kind: PieceKind, item: Item | None, side: str) -> str:
    """The drawing's name: <prefix>-<item>, its back -<item>-back or <prefix>-back; the
    prefix is the kind's (a declared kind's: piece-<kind>)."""
    prefix = kind.prefix or f"piece-{kind.name}"
    if item is None:
        return f"{prefix}-back"
    return f"{prefix}-{item.id}" + ("-back" if side == BACK else "")


def drawn(kit: Kit, kind: PieceKind, look: Look, item: Item | None, side: str,
          bleed: float | None = None, size: tuple[float, float] | None = None,
          pictures: Mapping[str, tuple[float, float]] | None = None) -> Drawn:
    """One side of a piece: the front of `item`, or its back (None: the shared back),
    at the look's bleed or at `bleed` mm (a print shop's), on the look's trim or on
    `size` (a page-sized look's paper), remembered in the memo. `pictures` are the
    pieces its words may show (by scene name, with their trims)."""
    return keyed(kit, kind, look, item, side, bleed, size, pictures).drawing()


@dataclass(frozen=True)
class Keyed:
    """One side of a piece before anything looks at it: the memo key its drawing is kept
    under (a digest of everything the drawing depends on), and the drawing, from this
    build, from the memo or drawn now, once asked for."""

    key: str
    drawing: Callable[[], Drawn]


def keyed(kit: Kit, kind: PieceKind, look: Look, item: Item | None, side: str,
          bleed: float | None = None, size: tuple[float, float] | None = None,
          pictures: Mapping[str, tuple[float, float]] | None = None) -> Keyed:
    """The side `drawn` draws, with its drawing's memo key: what is known of the drawing
    under that key (the checks' verdict) is then known without unpickling it."""
    bleed = look.bleed if bleed is None else bleed
    size = look.size if size is None else size
    here, asked, fields = _asked(kit, kind, look, item, side, bleed, size, pictures)
    found = here.get(asked) or _key(kit, kind, look, item, side, bleed, size, pictures,
                                    _base(kit, kind, look, item, side, asked, fields))
    assert found is not None  # (the images it shows found out by drawing it, if need be)
    key = here[asked] = found

    def drawing() -> Drawn:  # from this build, or the memo (an earlier build), or now
        found = kit.memo.get(key, lambda: _draw(kit, kind, look, item, side, bleed, size,
                                                pictures))
        if found.folders == kit.game.resolved_dirs:
            return found
        # Drawn in a copy of this project elsewhere: the same drawing, its files here.
        return kit.memo.per(found, "moved here", lambda d: _moved(d, kit.game.resolved_dirs))

    return Keyed(key, drawing)


def known_key(kit: Kit, kind: PieceKind, look: Look, item: Item | None, side: str
              ) -> str | None:
    """The memo key of the side `keyed` gives at the look's bleed and trim, when the
    memo knows which image files the drawing shows; None when finding out would draw
    it."""
    here, asked, fields = _asked(kit, kind, look, item, side, look.bleed, look.size, None)
    key = here.get(asked)
    if key is None:
        key = _key(kit, kind, look, item, side, look.bleed, look.size, None,
                   _base(kit, kind, look, item, side, asked, fields), True)
        if key is not None:
            here[asked] = key
    return key


def _asked(kit: Kit, kind: PieceKind, look: Look, item: Item | None, side: str,
           bleed: float, size: tuple[float, float],
           pictures: Mapping[str, tuple[float, float]] | None
           ) -> tuple[dict[tuple, str], tuple, str]:
    """This build's drawing keys of the look, the question that names a side among
    them, and its kind's items' fields (asked again in a build, by the checks, each
    kind and the bundle, a side's key is not digested again)."""
    fields = kit.memo.per(kind, "its items' fields",
                          lambda k: repr(sorted({f for i in k.items for f, _ in i.fields})))
    asked = (kind.name, kind.prefix, kind.captions, fields, item, side, bleed, size,
             tuple(sorted((pictures or {}).items())))
    return kit.memo.per(look, "drawing keys of this build", lambda _: {}), asked, fields


def _base(kit: Kit, kind: PieceKind, look: Look, item: Item | None, side: str,
          asked: tuple, fields: str) -> str:
    """The digest of everything the side's drawing depends on but the image files it
    shows, once a build (a side whose key is not known yet is asked again: the checks
    ask whether the memo knows it, then draw it)."""
    bases: dict[tuple, str] = kit.memo.per(look, "drawing bases of this build", lambda _: {})
    found = bases.get(asked)
    if found is None:
        game = kit.memo.per(kit.game, "piece names' key",
                            lambda g: repr((sorted(game_names(g).items()), _elements(g))))
        # Which fields the other items have counts too (`fields`): a field missing here
        # is TKG603 then.
        shape = kit.memo.per(look, "look's repr", repr)
        *_, bleed, size, pictures = asked
        found = bases[asked] = digest(
            "piece", code_digest(), kind.name, kind.prefix, repr(kind.captions), shape,
            repr(item), fields, side, repr(bleed), repr(size), repr(list(pictures)), game,
            *kit.assets)
    return found


def _elements(game: Game) -> list:
    """The elements as a drawing reads them: where each is written left out (only a
    drawing that fails names it), its symbol's file by its place in the content folders
    (its bytes are among the kit's assets)."""
    folders = game.resolved_dirs
    return [(replace(e, symbol_file=None, where=NOWHERE, symbol_where=NOWHERE),
             e.symbol_file and anchored_name(e.symbol_file, folders)) for e in game.elements]


def _key(kit: Kit, kind: PieceKind, look: Look, item: Item | None, side: str,
         bleed: float, size: tuple[float, float],
         pictures: Mapping[str, tuple[float, float]] | None, base: str,
         known_only: bool = False) -> str | None:
    """The drawing's memo key: `base` and the image files it shows (with `known_only`,
    None when the memo does not know those)."""
    made: list[Drawn] = []
    folders = kit.game.resolved_dirs

    def images() -> tuple[str, ...]:
        made.append(_draw(kit, kind, look, item, side, bleed, size, pictures))
        return tuple(anchored_name(path, folders) for path in made[0].images)

    if known_only and not kit.memo.knows(f"{base}:images"):
        return None
    shown = kit.memo.get(f"{base}:images", images)
    key = digest(base, *(d for name in shown for d in _digests(name, folders)))
    if made:  # drawn to learn the images it shows: kept under its key, not drawn again
        kit.memo.get(key, lambda: made[0])
    return key


def _digests(name: str, folders: tuple[Path, ...]) -> list[str]:
    """The digests of the files an image's `anchored_name` may name: in each content
    folder (the first that has it is shown, so a file added to an earlier folder is a
    change), or the one whole path outside them."""
    number, _, inside = name.partition(":")
    if not number.isdigit():
        return [name, _digest(Path(name))]
    return [name, *(_digest(folder / inside) for folder in folders)]


def _digest(path: Path) -> str:
    return file_digest(path) if path.is_file() else f"missing {path.name}"


def _moved(drawn: Drawn, folders: tuple[Path, ...]) -> Drawn:
    """A drawing made in other content folders, its files' paths in `folders`."""
    def scene(s: Scene) -> Scene:
        return moved_scene(s, drawn.folders, folders)

    return replace(drawn, scene=scene(drawn.scene), pages=tuple(map(scene, drawn.pages)),
                   images=tuple(moved_path(p, drawn.folders, folders) for p in drawn.images),
                   folders=folders)


def _draw(kit: Kit, kind: PieceKind, look: Look, item: Item | None, side: str,
          bleed: float, size: tuple[float, float],
          pictures: Mapping[str, tuple[float, float]] | None) -> Drawn:
    names = Names(kit.game, kit.memo.per(kit.game, "piece names", game_names), item)
    painter = Painter(kit, kind, look, item, bleed, size, pictures)
    _ground(painter, look, names, bleed)
    painter.draw(look.front if side == FRONT else look.back, names, 0.0, 0.0)
    w, h = size[0] + 2 * bleed, size[1] + 2 * bleed
    name, title = scene_name(kind, item, side), _title(painter, kind, item, side, names)
    scene = Scene(name, w, h, bleed, tuple(painter.sketch.items), title, painter.fonts(),
                  tuple(painter.sketch.parts))
    # Worked out now, so the memo keeps them with the scene.
    scene.digest, scene.pictures, scene.places_pieces  # noqa: B018
    pages, shown = [], [tuple(painter.shown)]
    later = [(prim, template, placed) for prim, template, each in painter.later
             for placed in each]
    for k, (prim, template, placed) in enumerate(later, start=2):
        page = Painter(kit, kind, look, item, bleed, size, pictures)
        page.place_flow(prim, placed, template)
        pages.append(Scene(f"{name}-{k}", w, h, bleed, tuple(page.sketch.items),
                           f"{title} ({k})", painter.fonts(), tuple(page.sketch.parts)))
        shown.append(tuple(page.shown))
    return Drawn(scene, tuple(dict.fromkeys(painter.problems)), tuple(painter.images),
                 tuple(pages), tuple(shown), kit.game.resolved_dirs)


def _title(painter: Painter, kind: PieceKind, item: Item | None, side: str,
           names: Names) -> str:
    """The drawing's title (an SVG's <title>): the kind's caption, or a declared kind's
    ("World mats: cinder", "World mats: cinder (back)", "World mats: the back")."""
    if kind.captions:
        words = painter.fill(kind.captions[side == BACK], names, "")
        return words if words is not None else kind.title
    _ = painter.kit.game.words
    if item is None:
        return _("{kind}: the back").format(kind=kind.title)
    if side == BACK:
        return _("{kind}: {name} (back)").format(kind=kind.title, name=item.id)
    return _("{kind}: {name}").format(kind=kind.title, name=item.id)


def _ground(painter: Painter, look: Look, names: Names, bleed: float) -> None:
    """The background over the whole piece, bleed included; on a round piece the
    surround fills the square and the background the disc."""
    w, h = painter.size[0] + 2 * bleed, painter.size[1] + 2 * bleed
    whole = (0.0, 0.0, w, h)
    entry, sketch = look.entry, painter.sketch
    if look.shape == "round":
        surround = painter.colour(look.surround, names, f"{entry}.surround")
        if surround:
            sketch.add("decor", "surround", f"{entry}.surround", whole,
                       [Rect(0, 0, w, h, Style(fill=surround))], layer=True)
        ground = painter.colour(look.background, names, f"{entry}.background")
        if ground:
            r = look.face / 2
            sketch.add("decor", "background", f"{entry}.background",
                       (w / 2 - r, h / 2 - r, 2 * r, 2 * r),
                       [Ellipse(w / 2, h / 2, r, r, Style(fill=ground))], layer=True)
        return
    ground = painter.colour(look.background, names, f"{entry}.background")
    if ground:
        sketch.add("decor", "background", f"{entry}.background", whole,
                   [Rect(0, 0, w, h, Style(fill=ground))], layer=True)


# -- the built-in pieces, for whoever needs one as a picture ----------------------------

def built_in(kit: Kit, name: str) -> PieceKind:
    """The built-in kind of piece `name` (tile, token, oink) of the kit's game."""
    makers = {TILE: tile_kind, TOKEN: token_kind, OINK: oink_kind}
    return kit.memo.per(kit.game, f"the {name} kind", makers[name])


def item_of(kit: Kit, kind: PieceKind, ident: str) -> Item:
    """The kind's item `ident` (KeyError if it has none)."""
    return kit.memo.per(kind, "items by id", lambda k: {i.id: i for i in k.items})[ident]


def look_of(layout: Layout, name: str) -> Look:
    """A layout's look for a built-in kind (every layout that loaded has one)."""
    look = layout.look(name)
    if look is None:
        raise KeyError(f"the {layout.name!r} layout has no look for {name!r}")
    return look


def face(kit: Kit, layout: Layout, name: str, ident: str) -> Scene:
    """The front of a built-in piece: a tile's (its id), a token's or an Oink's (its
    element's id)."""
    kind = built_in(kit, name)
    return drawn(kit, kind, look_of(layout, name), item_of(kit, kind, ident), FRONT).scene


def tile_face(kit: Kit, layout: Layout, tile: Tile) -> Scene:
    """A tile's face (the tile as it is given: a test may draw one the game lacks)."""
    item = tile_item(kit.game, tile)
    return drawn(kit, built_in(kit, TILE), look_of(layout, TILE), item, FRONT).scene


def tile_back(kit: Kit, layout: Layout) -> Scene:
    """The back every tile shares."""
    return drawn(kit, built_in(kit, TILE), look_of(layout, TILE), None, BACK).scene


def token_face(kit: Kit, layout: Layout, element_id: str) -> Scene:
    """A life token of one element (both its sides)."""
    return face(kit, layout, TOKEN, element_id)


def oink_face(kit: Kit, layout: Layout, oink: Oink) -> Scene:
    """An Oink marker (both its sides)."""
    return drawn(kit, built_in(kit, OINK), look_of(layout, OINK), oink_item(oink), FRONT).scene


def about_text(kit: Kit, kind: PieceKind) -> str:
    """The checklist's detail of a kind: its `about:` over {count}, {items} and the game's
    names. Raises KeyError for a name nothing gives (validation tells it: TKG604)."""
    return about_line(kind.about, kind.count, len(kind.items),
                      kit.memo.per(kit.game, "piece names", game_names))
