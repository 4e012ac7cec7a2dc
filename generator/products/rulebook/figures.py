"""The rulebook's figures as scenes, drawn from the real content and pieces.

Each figure is a `generator.draw.scene.Scene` (millimetres, y down), so the PDF
(through `generator.backends.pdf`) and the HTML (through `scene_svg`)
show the same picture. The pieces inside them are the printed pieces themselves:
`generator.draw.piece` draws a tile face, the back, a token and an Oink.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.model import Game, Oink, Tile
from generator.draw import piece
from generator.draw.kit import Kit
from generator.draw.picture_figure import COLUMN
from generator.draw.scene import Ellipse, Group, Rect, Scene, Style, Text
from generator.layout.model import Layout
from generator.text.examples import ExampleWorld, example_world
from generator.text.split import split_rows

WIDTH = COLUMN  # mm: one column of the A4 rulebook; figures scale down, never up
INK, MUTED, PAPER = "#222222", "#5A5A5A", "#F6F0E6"
LABEL = "body"


@dataclass(frozen=True)
class FigureKit:
    """What every figure draws from: the build's kit, the layout, the example world."""

    kit: Kit
    layout: Layout
    world: ExampleWorld | None

    @property
    def game(self) -> Game:
        """The game being pictured."""
        return self.kit.game

    def example(self) -> ExampleWorld:
        """The example world, for the figures drawn from it (`draw_figure` draws those
        only for a game that has one)."""
        if self.world is None:
            raise LookupError(f"{self.game.title}: the tiles make no example world to "
                              "draw this figure from")
        return self.world

    def tile(self, tile: Tile) -> Scene:
        """A tile's printed face."""
        return piece.tile_face(self.kit, self.layout, tile)

    def back(self) -> Scene:
        """The shared tile back."""
        return piece.tile_back(self.kit, self.layout)

    def token(self, element_id: str) -> Scene:
        """A life token of one element."""
        return piece.token_face(self.kit, self.layout, element_id)

    def oink(self, oink: Oink) -> Scene:
        """An Oink marker."""
        return piece.oink_face(self.kit, self.layout, oink)


def place(scene: Scene, x: float, y: float, size: float, label: str = "") -> Group:
    """A piece's scene scaled so its trim is `size` mm wide at (x, y), bleed clipped off.

    `label` names what the group shows ("tile:<id>", "over:oink"): the figure tests
    find the tiles and what lies over them by it.
    """
    trim_w, _ = scene.trim
    k = size / trim_w
    h = scene.trim[1] * k
    return Group(scene.items, (x - scene.bleed * k, y - scene.bleed * k), k, (x, y, size, h),
                 label, scene)


def free_band(scene: Scene) -> tuple[float, float]:
    """The art between a tile's name plate and its insignias, as shares of its trim
    height (top, bottom): the only place a figure may put a piece on a tile."""
    b, height = scene.bleed, scene.trim[1]
    name = max((p.box[1] + p.box[3] for p in scene.parts if p.name == "name"),
               default=b + 0.2 * height)
    badges = min((p.box[1] for p in scene.parts if p.kind == "badge"), default=b + 0.55 * height)
    return (name - b) / height, (badges - b) / height


def caption(x: float, y: float, text: str, owner: str, size: float = 2.6) -> Group:
    """A caption centred at x with its baseline at y, under the tile `owner` (its id)."""
    return Group((label(x, y, text, size),), label=f"caption:{owner}")


def grid_outline(x0: float, y0: float, rows: int, columns: int, cell: float, gap: float,
                 row_gap: float | None = None) -> list:
    """The empty places of a world grid, as thin rounded outlines (`row_gap` leaves room
    under each row for marks and captions)."""
    down = gap if row_gap is None else row_gap
    return [Rect(x0 + c * (cell + gap), y0 + r * (cell + down), cell, cell,
                 Style(fill="#FBF7EF", stroke="#C9B79C", stroke_width=0.3), 1.0)
            for r in range(rows) for c in range(columns)]


def label(x: float, y: float, text: str, size: float = 3.0, colour: str = MUTED,
          font: str = LABEL) -> Text:
    """A centred caption line."""
    return Text(x, y, text, font, size, colour, "middle")


def figure_scene(name: str, kit: FigureKit, height: float, items: list, title: str) -> Scene:
    """A figure of the rulebook's column width, in the game's fonts."""
    fonts = tuple((r, p) for r, p in kit.game.fonts)
    return Scene(f"figure-{name}", WIDTH, height, 0.0, tuple(items), title, fonts)


def components(kit: FigureKit) -> Scene:
    """A tile face, the shared back, a life token and an Oink, with their counts."""
    g = kit.game
    _ = g.words
    tile = kit.world.tiles[1] if kit.world else g.tiles[0]
    oink = g.oinks[0]
    size, gap, y = 18.0, 5.0, 2.0
    shown = [(kit.tile(tile), _.ngettext("{n} tile", "{n} tiles", len(g.deck)).format(
                n=len(g.deck)), size, f"tile:{tile.id}"),
             (kit.back(), _("tile back"), size, "back"),
             (kit.token(oink.element), _.ngettext("{n} token", "{n} tokens", g.tokens.total)
              .format(n=g.tokens.total), 12.0, "token"),
             (kit.oink(oink), _.ngettext("{n} Oink", "{n} Oinks", len(g.oinks)).format(
                 n=len(g.oinks)), 15.0, "oink")]
    items, x = [], (WIDTH - sum(entry[2] for entry in shown) - gap * 3) / 2
    for scene, text, s, what in shown:
        items.append(place(scene, x, y + (size - s) / 2, s, what))
        items.append(caption(x + s / 2, y + size + 5, text, what.partition(":")[2] or what))
        x += s + gap
    return figure_scene("components", kit, size + 9, items, _("Components"))


def table(kit: FigureKit) -> Scene:
    """The row of spaces (face-up tiles and stack O), each with its share of the tiles
    for the fewest players, above the trade zone."""
    g, r, _ = kit.game, kit.game.rules, kit.game.words
    row = r.space_row
    gap = 2.5
    size = min(15.0, (WIDTH - gap * (len(row) - 1)) / len(row))
    x0 = (WIDTH - size * len(row) - gap * (len(row) - 1)) / 2
    items: list = []
    tiles = iter(t for t in g.tiles if kit.world is None or t not in kit.world.tiles)
    back = kit.back()
    shares = {c["space"]: c["count"] for c in split_rows(g)[0]["spaces"]}
    for i, name in enumerate(row):
        x = x0 + i * (size + gap)
        tile = None if name == r.blind_space else next(tiles)
        scene = back if tile is None else kit.tile(tile)
        for depth in (1.2, 0.6):  # a hint of a stack under the top tile
            items.append(Rect(x + depth, 5 + depth, size, size, Style(fill="#B9AD98"), 0.8))
        items.append(place(scene, x, 5, size, f"tile:{tile.id}" if tile else "back"))
        items.append(label(x + size / 2, 3.2, name, 3.6, INK, "title"))
        items.append(caption(x + size / 2, 5 + size + 4.2, _.ngettext(
            "{n} tile", "{n} tiles", shares[name]).format(n=shares[name]),
            tile.id if tile else "back"))
    top = 5 + size + 7
    items.extend(_trade_zone(kit, top))
    return figure_scene("table", kit, top + 22, items, _("The table"))


def _trade_zone(kit: FigureKit, top: float) -> list:
    g, _ = kit.game, kit.game.words
    per = g.rules.trade_zone_start
    token = 4.8
    items: list = [Rect(4, top, WIDTH - 8, 20, Style(fill=PAPER, stroke="#C9B79C",
                                                     stroke_width=0.35), 2.5),
                   label(WIDTH / 2, top + 4.6, _("trade zone"), 3.0, INK, "bold")]
    groups = len(g.elements)
    span = (WIDTH - 16) / max(groups, 1)
    shown = min(per, 4)  # draw at most four of each; the label says how many
    for i, element in enumerate(g.elements):
        scene = kit.token(element.id)
        cx = 8 + span * i + span / 2
        x = cx - (shown * token + (shown - 1) * 0.8) / 2
        for j in range(shown):
            items.append(place(scene, x + j * (token + 0.8), top + 7.6, token))
        count = _("{n} {element}").format(n=per, element=element.name)
        items.append(label(cx, top + 17.4, count, 2.6))
    return items


def grid_items(kit: FigureKit, tiles: tuple[Tile, ...], size: float, gap: float,
               top: float) -> list:
    grid = kit.example().grid
    x0 = (WIDTH - grid.columns * size - (grid.columns - 1) * gap) / 2
    items: list = []
    for cell, tile in enumerate(tiles):
        r, c = grid.position(cell)
        items.append(place(kit.tile(tile), x0 + c * (size + gap),
                           top + r * (size + gap), size, f"tile:{tile.id}"))
    def centre(cell: int) -> tuple[float, float]:
        r, c = grid.position(cell)
        return x0 + c * (size + gap) + size / 2, top + r * (size + gap) + size / 2

    for cell, tile in enumerate(tiles):  # a dot on each shared edge that connects
        for near in grid.neighbours(cell):
            if near > cell and tile.connects(tiles[near]):
                (x1, y1), (x2, y2) = centre(cell), centre(near)
                items.append(Ellipse((x1 + x2) / 2, (y1 + y2) / 2, 1.6, 1.6,
                                     Style(fill="#FFFFFF", stroke=INK, stroke_width=0.45)))
    return items


def oink_on(kit: FigureKit, tile: Tile, x: float, y: float, size: float,
            oink: Oink | None = None) -> Group:
    """The Oink standing on a tile placed at (x, y): in the art band, at its left."""
    top, bottom = free_band(kit.tile(tile))
    room = (bottom - top) * size - 0.6
    return place(kit.oink(oink or kit.game.oinks[0]), x + 0.06 * size, y + top * size + 0.3,
                 room, "over:oink")


def world(kit: FigureKit) -> Scene:
    """The example world, with a dot on every edge where two tiles connect."""
    size, gap = 25.0, 2.0
    w = kit.example()
    grid = w.grid
    items = grid_items(kit, w.tiles, size, gap, 1.0)
    x0 = (WIDTH - grid.columns * size - (grid.columns - 1) * gap) / 2
    r, c = grid.position(w.start_cell)
    items.append(oink_on(kit, w.start, x0 + c * (size + gap), 1 + r * (size + gap),
                         size))
    return figure_scene("world", kit, grid.rows * (size + gap) + 1, items,
                        kit.game.words.gettext("An example world"))


def make_kit(kit: Kit, layout: Layout) -> FigureKit:
    """The shared inputs of every figure, with the example world solved once."""
    return FigureKit(kit, layout, example_world(kit.game))
