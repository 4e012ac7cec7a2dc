"""The `tts` kind: the game for Tabletop Simulator, as images and a saved object.

`tts/` holds `<game>.json`, a saved object that lays out the 48 world tiles face down
in one deck (shuffle it: it is the stack O; a tile with `copies: 2` is two cards), the
life tokens in a bag, the Oinks, the player aids as a deck of cards face up, the
rulebook as a book (a Custom PDF object showing `rulebook.pdf`, Letter), and every
declared piece (the mats, as flat tiles in rows below the rest, with a snap point on
every space a tile fits; a round one as a disc), each as many times as its copies;
`<game>.png`, its thumbnail; and `images/`: the tiles' card sheets (at most 10 x 7 and
69 cards a sheet, no sheet over 4096 px a side, as TTS takes them), the shared back,
each token and Oink cut round on a transparent ground, the aids' sheet and back, and
each declared piece's sides under its kind's folder (a piece over 4096 px at the
resolution asked for is drawn at a lower one: `fitting`). Everything is cut at the
trim: TTS shows no bleed.

Every object lies at its true size, by the unit model in `tabletop` (a unit is an inch;
a card 2.2 units wide and a custom tile 2.0 units across its short side at scale 1), and
the objects are laid out in rows by their sizes (`laid_out`), so none lies on another.
Each is named as a player knows it (a declared item by its `name` field).

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from generator.backends.png import SHAVE, encoded, png_bytes, rasters, size_px
from generator.core.artefacts import Artefact
from generator.core.errors import RenderError
from generator.core.words import SOURCE_WORDS, Words
from generator.draw.kit import Kit
from generator.draw.scene import Group, Rect, Scene
from generator.load.builtin import AID
from generator.products import aids, declared, tabletop, tiles, tokens
from generator.products.designs import Design, round_scene
from generator.products.presets import TTS_PPI
from generator.products.request import BuildRequest
from generator.products.rulebook.book import Rulebook, prepare, rulebook_pdf
from generator.products.tgcfit import plain_ground

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
    aids: tuple[Design, ...] = ()  # the player aids: a deck of cards, face up
    aid_ground: str = "#FFFFFF"  # the aid cards' plain back
    rulebook: Rulebook | None = None  # the rulebook's words and figures, for its book
    words: Words = SOURCE_WORDS  # the tool's words in the game's language: the pieces' names


def inputs(request: BuildRequest, kit: Kit) -> Table:
    """The pieces at their trim (TTS shows no bleed) and the export's options."""
    own = [d for kind in request.game.pieces
           for d in declared.designs(kind.name)(request, kit, 0.0)]
    return Table(request.game.title, request.export.dpi or TTS_PPI, request.export.base_url,
                 tuple(tiles.designs(request, kit, 0.0)),
                 tuple(t.flavour for t in request.game.tiles),
                 tuple(tokens.designs(request, kit, 0.0)), tuple(own),
                 tuple(aids.designs(request, kit, 0.0)), plain_ground(request.layout.look(AID)),
                 Rulebook(prepare(request, kit), (RULEBOOK_PAPER,), False), request.game.words)


def produce(table: Table, kit: Kit) -> list[Artefact]:
    """The card sheets, the back, the round pieces and the saved object."""
    dpi, world, round_ones = table.dpi, list(table.world), list(table.round_ones)
    faces = rasters(kit, [d.face for d in world] + [_back(world[0])], dpi)
    back = png_bytes(faces.pop(), dpi)
    out = [Artefact("tts/images/tile-back.png", back, KIND)]
    cards, sheets = _deck(table, faces, table.world, table.flavours, "images/tiles",
                          "images/tile-back.png")
    out += sheets
    cut = encoded(kit, [round_scene(d) for d in round_ones], [dpi] * len(round_ones),
                  transparent=True)
    out += [Artefact(f"tts/{_image(d)}", data, KIND)
            for d, data in zip(round_ones, cut, strict=True)]
    own, images = _declared(table, kit)
    out += images
    aid_cards, aid_images = _aid_deck(table, kit, len(sheets) + 1)
    out += aid_images
    out += _rulebook(table, kit)
    name = _slug(table.title)
    spots = [*_objects(table, cards, aid_cards), *_placed(table, own)]
    objects = [spot.make(x, z) for spot, (x, z) in zip(spots, laid_out(spots), strict=True)]
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


def _deck(table: Table, faces: list, designs: Sequence[Design], words: Sequence[str],
          stem: str, back: str, first: int = 1, prefix: str = ""
          ) -> tuple[list[tabletop.Card], list[Artefact]]:
    """Cards of `designs` (their `faces`, each card's description from `words`) on as few
    sheets as TTS allows: `<stem>-1.png`... numbered from `first` in the save, all with the
    back image `back`; the cards and the sheets' images."""
    from PIL import Image

    dpi, cell = table.dpi, faces[0].size
    columns, per_sheet = grid(len(faces), cell)
    cards, out = [], []
    for index, start in enumerate(range(0, len(faces), per_sheet), start=1):
        chunk = faces[start:start + per_sheet]
        across = min(columns, len(chunk))
        down = math.ceil(len(chunk) / across)
        path = f"{stem}-{index}.png"
        sheet = tabletop.Sheet(first + index - 1, _url(table, path), _url(table, back),
                               across, down)
        image = Image.new("RGB", (across * cell[0], down * cell[1]))
        for i, face in enumerate(chunk):
            image.paste(face, (i % across * cell[0], i // across * cell[1]))
            design, said = designs[start + i], words[start + i]
            # A copy is a card of its own drawn from the same cell.
            cards += [tabletop.Card(prefix + _copy(design.key, n), design.name, said, sheet, i)
                      for n in range(design.count)]
        out.append(Artefact(f"tts/{path}", png_bytes(image, dpi), KIND))
    return cards, out


@dataclass(frozen=True)
class Spot:
    """An object to put on the table: how to make it at (x, z), and the room it takes
    (units, across and deep), by the unit model of `tabletop`."""

    make: Callable[[float, float], dict]
    width: float
    depth: float
    row: int  # objects of one row lie side by side; rows one below the other


GAP = 1.0  # units between neighbours on the table
ROW = 36.0  # units a row takes across at most before the next begins (a 3 ft table)
# Neither the bag nor a PDF has a documented size: the room given them here is more than
# they take (a bag is about two units across; a PDF page about a letter page).
BAG_ROOM = 3.0
PDF_ROOM = (8.5, 11.0)
RULEBOOK_PAPER = "letter"  # TTS is mostly played in letter countries; both read alike


def laid_out(spots: Sequence[Spot]) -> list[tuple[float, float]]:
    """The centre of each spot: side by side in rows centred on x = 0, a row wrapped past
    ROW units, each row below the one before (z down) from z = 0, GAP apart: no two
    overlap."""
    rows: list[list[Spot]] = []
    for spot in spots:
        row = rows[-1] if rows else None
        if row is None or spot.row != row[0].row or \
                sum(s.width + GAP for s in row) + spot.width > ROW:
            rows.append([spot])
        else:
            row.append(spot)
    centres: list[tuple[float, float]] = []
    top = 0.0
    for row in rows:
        x = -(sum(s.width for s in row) + GAP * (len(row) - 1)) / 2
        for spot in row:
            centres.append((round(x + spot.width / 2, 3), round(top - spot.depth / 2, 3)))
            x += spot.width + GAP
        top -= max(s.depth for s in row) + GAP
    return centres


def _inches(mm: float) -> float:
    return mm / tabletop.UNIT_MM


def _objects(table: Table, cards: list[tabletop.Card], aid_cards: list[tabletop.Card]
             ) -> list[Spot]:
    """The deck, the bag of life tokens, the Oinks, the aids' deck and the rulebook."""
    life = [d for d in table.round_ones if d.group == "tokens"]
    oinks = [d for d in table.round_ones if d.group == "oinks"]
    in_bag = [tabletop.disc(f"token {d.key} {n}", d.name, _url(table, _image(d)),
                            tabletop.tile_scale((d.disc, d.disc)), stackable=True)
              for d in life for n in range(d.count)]
    tile = table.world[0].face.trim
    _ = table.words
    spots = [Spot(lambda x, z: tabletop.deck("world tiles", _("World tiles (stack O)"), cards,
                                             x, z, tabletop.card_scale(tile[0])),
                  _inches(tile[0]), _inches(tile[1]), 0),
             Spot(lambda x, z: tabletop.bag("life token bag", _("Life tokens"), in_bag, x, z),
                  BAG_ROOM, BAG_ROOM, 0)]
    spots += [Spot(partial(_oink, table, d), _inches(d.disc), _inches(d.disc), 0)
              for d in oinks]
    if aid_cards:
        aid = table.aids[0].face.trim
        spots.append(Spot(lambda x, z: tabletop.deck("player aids", _("Player aids"), aid_cards,
                                                     x, z, tabletop.card_scale(aid[0]),
                                                     face_down=False),
                          _inches(aid[0]), _inches(aid[1]), 0))
    if table.rulebook is not None:
        spots.append(Spot(lambda x, z: tabletop.pdf("rulebook", _("{title}: rulebook").format(
                                                         title=table.title),
                                                     _url(table, RULEBOOK), x, z),
                          *PDF_ROOM, 0))
    return spots


def _oink(table: Table, d: Design, x: float, z: float) -> dict:
    return tabletop.disc(f"oink {d.key}", d.name, _url(table, _image(d)),
                         tabletop.tile_scale((d.disc, d.disc)), x, z)


RULEBOOK = "rulebook.pdf"  # the rulebook beside the saved object, for its Custom PDF


def _rulebook(table: Table, kit: Kit) -> list[Artefact]:
    """The rulebook PDF the saved object's book shows (made here: `--only tts` is all a
    TTS export needs)."""
    if table.rulebook is None:
        return []
    data, pages = rulebook_pdf(table.rulebook.prep, kit, RULEBOOK_PAPER)
    return [Artefact(f"tts/{RULEBOOK}", data, KIND, pages)]


def _aid_deck(table: Table, kit: Kit, first: int
              ) -> tuple[list[tabletop.Card], list[Artefact]]:
    """The player aids as cards (face up: each player takes theirs), with a plain back in
    the aids' ground, their sheets numbered from `first`."""
    from PIL import Image

    if not table.aids:
        return [], []
    faces = rasters(kit, [d.face for d in table.aids], table.dpi)
    cards, sheets = _deck(table, faces, table.aids, [""] * len(faces), "images/aids",
                          AID_BACK, first, "aid ")
    back = Image.new("RGB", faces[0].size, table.aid_ground)
    return cards, [*sheets, Artefact(f"tts/{AID_BACK}", png_bytes(back, table.dpi), KIND)]


AID_BACK = "images/aid-back.png"


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


def _placed(table: Table, own: list[tuple[Design, str, str]]) -> list[Spot]:
    """The declared pieces, each copy its own object: a row per kind below the rest, each
    at its true size (a custom tile's scale from its short side), the mats with a snap
    point on every space a tile fits (`snaps`)."""
    tile = table.world[0].face.trim[0]
    spots: list[Spot] = []
    for row, group in enumerate(dict.fromkeys(d.group for d, _, _ in own), start=1):
        for d, face, back in (p for p in own if p[0].group == group):
            w, h = d.face.trim
            scale = tabletop.tile_scale((d.disc, d.disc) if d.disc else (w, h))
            for n in range(d.count):
                key = f"{group} {_copy(d.key, n)}"
                if d.disc:
                    make = partial(_disc_at, key, d.name, _url(table, face), scale,
                                   _url(table, back))
                else:
                    make = partial(_board_at, key, d.name, _url(table, face),
                                   _url(table, back), scale, snaps(d.face, tile, scale))
                spots.append(Spot(make, _inches(w), _inches(h), row))
    return spots


def _disc_at(key, name, face, scale, back, x, z) -> dict:
    return tabletop.disc(key, name, face, scale, x, z, back_url=back)


def _board_at(key, name, face, back, scale, points, x, z) -> dict:
    return tabletop.board(key, name, face, back, scale, x, z, points)


def snaps(scene: Scene, tile: float, scale: float) -> tuple[tuple[float, float], ...]:
    """Snap points (the tile's own units) at the centre of every rectangle of the drawing
    a tile fits on: as large as a tile, up to a sixth larger (a world's cell, a space).

    The tile lies turned half round (`tabletop.transform`, rotY 180), so its own x runs
    to the image's left and its own z to the image's bottom; a point's offset from the
    centre, in units, is divided by the scale (the snap points are set before it)."""
    found = []
    for x, y, w, h in _rects(scene.items, 0.0, 0.0, 1.0):
        if tile <= min(w, h) + 1e-6 and max(w, h) <= tile * 7 / 6:
            dx = x + w / 2 - scene.width / 2
            dy = y + h / 2 - scene.height / 2
            found.append((round(-_inches(dx) / scale, 4), round(_inches(dy) / scale, 4)))
    return tuple(dict.fromkeys(found))


def _rects(items, ox: float, oy: float, k: float) -> Iterator[tuple[float, float, float, float]]:
    """Every rectangle the items draw, in the scene's mm (groups' moves applied)."""
    for item in items:
        if isinstance(item, Rect):
            yield ox + k * item.x, oy + k * item.y, k * item.w, k * item.h
        elif isinstance(item, Group):
            tx, ty = item.translate
            yield from _rects(item.children, ox + k * tx, oy + k * ty, k * item.scale)


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
