"""The `tts` kind: the game for Tabletop Simulator, as images and a saved object.

`tts/` holds `<game>.json`, a saved object that lays out the 48 world tiles face down
in one deck (shuffle it: it is the stack O; a tile with `copies: 2` is two cards), the
life tokens in a bag, the Oinks on the table, and every declared piece (the mats, as
flat tiles below the rest; a round one as a disc), each as many times as its copies;
`<game>.png`, its thumbnail; and `images/`: the tiles' card sheets (at most 10 x 7 and
69 cards a sheet, no sheet over 4096 px a side, as TTS takes them), the shared back,
each token and Oink cut round on a transparent ground, and each declared piece's sides
under its kind's folder. Everything is cut at the trim: TTS shows no bleed.

Why a deck and not custom tiles: TTS draws a deck's cards in the shape of its sheet's
cells, so square cells give square cards, with square corners (`Type` 1), and a deck
can be shuffled and drawn from face down. Custom tiles are square too, but they stack
only with identical tiles, so 48 different tiles could not make one draw stack.

The JSON names its images relative to itself; `tkg build --base-url` puts a web
address (or a file:/// folder) before them, as TTS needs whole URLs. Made only when
asked for (`tkg build --only tts`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from generator.backends.png import SHAVE, encoded, png_bytes, rasters, size_px
from generator.core.artefacts import Artefact
from generator.core.errors import RenderError
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.products import declared, tabletop, tiles, tokens
from generator.products.designs import Design, round_scene
from generator.products.presets import TTS_PPI
from generator.products.request import BuildRequest

KIND = "tts"
MAX_SHEET_PX = 4096  # Berserk's advice for any one image, and the limit of many GPUs
MAX_GRID = (10, 7)  # cards a sheet, across and down
MAX_CARDS = 69  # the 70th cell is TTS's "hidden card" image


@dataclass(frozen=True)
class Table:
    """The Tabletop Simulator export's inputs: every piece cut at its trim, the tiles'
    flavour (their cards' descriptions), the resolution and where the images are served."""

    title: str
    dpi: int
    base_url: str
    world: tuple[Design, ...]
    flavours: tuple[str, ...]
    round_ones: tuple[Design, ...]
    own: tuple[Design, ...]  # the declared pieces


def inputs(request: BuildRequest, kit: Kit) -> Table:
    """The pieces at their trim (TTS shows no bleed) and the export's options."""
    own = [d for kind in request.game.pieces
           for d in declared.designs(kind.name)(request, kit, 0.0)]
    return Table(request.game.title, request.export.dpi or TTS_PPI, request.export.base_url,
                 tuple(tiles.designs(request, kit, 0.0)),
                 tuple(t.flavour for t in request.game.tiles),
                 tuple(tokens.designs(request, kit, 0.0)), tuple(own))


def produce(table: Table, kit: Kit) -> list[Artefact]:
    """The card sheets, the back, the round pieces and the saved object."""
    dpi, world, round_ones = table.dpi, list(table.world), list(table.round_ones)
    faces = rasters(kit, [d.face for d in world] + [_back(world[0])], dpi)
    back = png_bytes(faces.pop(), dpi)
    out = [Artefact("tts/images/tile-back.png", back, KIND)]
    cards, sheets = _deck(table, faces)
    out += sheets
    cut = encoded(kit, [round_scene(d) for d in round_ones], [dpi] * len(round_ones),
                  transparent=True)
    out += [Artefact(f"tts/{_image(d)}", data, KIND)
            for d, data in zip(round_ones, cut, strict=True)]
    own, images = _declared(table, kit)
    out += images
    name = _slug(table.title)
    tile_mm = world[0].face.trim[0]
    objects = [*_objects(table, cards, tile_mm), *_placed(table, own, tile_mm)]
    out.append(Artefact(f"tts/{name}.json", tabletop.saved_object(objects), KIND))
    out.append(Artefact(f"tts/{name}.png", back, KIND))  # TTS shows it in its object browser
    return out


def fitting(scene: Scene, dpi: int) -> float:
    """The resolution of a declared piece's image: `dpi`, or less for a piece (a mat)
    that would pass the MAX_SHEET_PX a side TTS takes; its size on the table is set in
    the saved object, so fewer pixels only make it less sharp."""
    longest = size_px(max(scene.width, scene.height), dpi)
    return dpi if longest <= MAX_SHEET_PX else dpi * MAX_SHEET_PX / longest * SHAVE


def grid(count: int, cell: tuple[int, int]) -> tuple[int, int]:
    """The columns of a sheet of `count` cards of `cell` pixels, and the cards a sheet
    holds: within TTS's grid, its card count and its image size."""
    if max(cell) > MAX_SHEET_PX:
        raise RenderError(f"a tile of {cell[0]} x {cell[1]} px is larger than the "
                          f"{MAX_SHEET_PX} px a Tabletop Simulator image may be; build the "
                          "tts kind with a smaller --dpi")
    columns = min(MAX_GRID[0], MAX_SHEET_PX // cell[0], count)
    rows = min(MAX_GRID[1], MAX_SHEET_PX // cell[1])
    return columns, min(MAX_CARDS, columns * rows)


def _deck(table: Table, faces: list) -> tuple[list[tabletop.Card], list[Artefact]]:
    """The tiles' cards on as few sheets as TTS allows, and the sheets' images."""
    from PIL import Image

    world, dpi, cell = table.world, table.dpi, faces[0].size
    columns, per_sheet = grid(len(faces), cell)
    cards, out = [], []
    for number, start in enumerate(range(0, len(faces), per_sheet), start=1):
        chunk = faces[start:start + per_sheet]
        across = min(columns, len(chunk))
        down = math.ceil(len(chunk) / across)
        path = f"images/tiles-{number}.png"
        sheet = tabletop.Sheet(number, _url(table, path), _url(table, "images/tile-back.png"),
                               across, down)
        image = Image.new("RGB", (across * cell[0], down * cell[1]))
        for i, face in enumerate(chunk):
            image.paste(face, (i % across * cell[0], i // across * cell[1]))
            design, flavour = world[start + i], table.flavours[start + i]
            # A copy is a card of its own drawn from the same cell.
            cards += [tabletop.Card(_copy(design.key, n), design.name, flavour, sheet, i)
                      for n in range(design.count)]
        out.append(Artefact(f"tts/{path}", png_bytes(image, dpi), KIND))
    return cards, out


def _objects(table: Table, cards: list[tabletop.Card], tile_mm: float) -> list[dict]:
    """The deck, the bag of life tokens, and the Oinks in a row beside them."""
    def scale(d: Design) -> float:
        # Relative to the tiles' cards, which TTS sizes itself at scale 1.
        return round(d.disc / tile_mm, 4)

    life = [d for d in table.round_ones if d.group == "tokens"]
    oinks = [d for d in table.round_ones if d.group == "oinks"]
    in_bag = [tabletop.disc(f"token {d.key} {n}", d.name, _url(table, _image(d)), scale(d),
                            stackable=True) for d in life for n in range(d.count)]
    return [tabletop.deck("world tiles", "World tiles (stack O)", cards, 0.0, 0.0),
            tabletop.bag("life token bag", "Life tokens", in_bag, -4.0, 0.0),
            *(tabletop.disc(f"oink {d.key}", d.name, _url(table, _image(d)), scale(d),
                            4.0, 3.0 - 2.0 * i) for i, d in enumerate(oinks))]


def _declared(table: Table, kit: Kit) -> tuple[list[tuple[Design, str, str]], list[Artefact]]:
    """Every declared piece at its trim: (design, face image, back image), and the images.

    A round piece is cut to its disc on a transparent ground, like a token; a piece with
    no back shows its face on both sides (TTS tiles have two).
    """
    designs, dpi = table.own, table.dpi
    fronts = [round_scene(d) if d.disc else d.face for d in designs]
    backs = list({_back(d).name: d for d in designs if d.back is not None}.values())
    back_scenes = [round_scene(Design(d.group, d.key, d.name, _back(d), None, 1, d.disc))
                   if d.disc else _back(d) for d in backs]
    shared = {d.group for d in designs if d.back is not None
              and sum(1 for b in backs if b.group == d.group) == 1}
    back_path = {_back(d).name: f"images/{d.group}/back.png" if d.group in shared
                 else f"images/{d.group}/{d.key}-back.png" for d in backs}
    paths = [_image(d) for d in designs] + [back_path[_back(d).name] for d in backs]
    round_ones = [bool(d.disc) for d in [*designs, *backs]]
    drawn = [*fronts, *back_scenes]
    square = [s for s, r in zip(drawn, round_ones, strict=True) if not r]
    circles = [s for s, r in zip(drawn, round_ones, strict=True) if r]
    square_png = encoded(kit, square, [fitting(s, dpi) for s in square])
    cut_png = encoded(kit, circles, [fitting(s, dpi) for s in circles], transparent=True)
    images = [(cut_png if r else square_png).pop(0) for r in round_ones]
    out = [Artefact(f"tts/{path}", data, KIND)
           for path, data in zip(paths, images, strict=True)]
    placed = [(d, _image(d), back_path[_back(d).name] if d.back is not None else _image(d))
              for d in designs]
    return placed, out


def _back(design: Design) -> Scene:
    """The back of a design that has one (TTS shows a one-sided piece's face twice)."""
    if design.back is None:
        raise ValueError(f"{design.name} has no back")
    return design.back


def _placed(table: Table, own: list[tuple[Design, str, str]], tile_mm: float) -> list[dict]:
    """The declared pieces on the table, each copy its own object: a row per kind below
    the deck, the bag and the Oinks, largest first so they do not cover each other."""
    objects, z = [], -4.0
    for group in dict.fromkeys(d.group for d, _, _ in own):
        x = -6.0
        for d, face, back in (p for p in own if p[0].group == group):
            width = d.face.trim[0] / tile_mm  # in tiles, as TTS sizes the deck's cards
            for n in range(d.count):
                key = f"{group} {_copy(d.key, n)}"
                if d.disc:
                    objects.append(tabletop.disc(key, d.name, _url(table, face), round(
                        width, 4), round(x, 3), round(z, 3), back_url=_url(table, back)))
                else:
                    objects.append(tabletop.board(key, d.name, _url(table, face),
                                                  _url(table, back), round(width, 4),
                                                  round(x, 3), round(z, 3)))
                x += 2.2 * width + 0.5
        z -= 2.2 * max(p[0].face.trim[1] / tile_mm for p in own if p[0].group == group) + 1.0
    return objects


def _copy(key: str, n: int) -> str:
    """The key of a piece's `n`th copy (from 0): the first keeps the piece's own."""
    return key if n == 0 else f"{key} copy {n + 1}"


def _image(design: Design) -> str:
    return f"images/{design.group}/{design.key}.png"


def _url(table: Table, path: str) -> str:
    base = table.base_url
    return f"{base.rstrip('/')}/{path}" if base else path


def _slug(title: str) -> str:
    """A file name from the game's title: "TKG ARENA" -> "tkg-arena"."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "game"
