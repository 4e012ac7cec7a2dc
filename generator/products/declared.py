"""The kinds of piece declared in YAML: what each makes, its fingerprint, its part of the
bundle and its print-shop designs, for the kinds table (`kinds.kinds_for`).

A declared kind gets what a built-in kind gets: an SVG per item and per back under
`svg/pieces/<kind>/`, its sheets in the bundle on both papers (a grid with crop marks
and duplex backs, one piece a page, or one piece split over pages and glued), a line
on the cover's checklist, a print-shop file with a page per printed copy, a group in
the preview's gallery, and a fingerprint so an unchanged kind is not made again.
Each function takes the kind's name and finds its data in the request's game and
its look in the request's layout.
"""

from __future__ import annotations

from dataclasses import replace

from generator.backends.svg import scene_svg
from generator.core.artefacts import Artefact
from generator.core.digest import digest
from generator.core.model import Item, PieceKind
from generator.draw.art import picture_digests
from generator.draw.declared import BACK, FRONT, piece_scene
from generator.draw.kit import Kit
from generator.draw.names import game_names
from generator.draw.scene import Scene, scenes_digest
from generator.layout.imposition import Grid, fit_gutter
from generator.layout.look import Look
from generator.layout.model import SheetLayout
from generator.layout.tiling import tiling
from generator.load.formats import fill
from generator.products.bundle import Row, Section
from generator.products.designs import Design
from generator.products.fingerprint import common
from generator.products.piece_sheets import draw_split, draw_uncut
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Piece, draw_sheets, sheet_pages

Side = tuple[Item, Scene, Scene | None]  # an item, its front and its back


def declared(request: BuildRequest, name: str) -> tuple[PieceKind, Look]:
    """The kind's data and its look in the request's layout (validated: both exist)."""
    return request.game.piece_kind(name), request.layout.look(name)


def sides(request: BuildRequest, kit: Kit, name: str, bleed: float | None = None
          ) -> list[Side]:
    """Every item of the kind with its front and back (None: it has no back)."""
    kind, look = declared(request, name)
    shared = piece_scene(kit, kind, look, None, BACK, bleed).scene \
        if look.backs == "shared" else None
    found = []
    for item in kind.items:
        front = piece_scene(kit, kind, look, item, FRONT, bleed).scene
        back = piece_scene(kit, kind, look, item, BACK, bleed).scene \
            if look.backs == "per-item" else shared
        found.append((item, front, back))
    return found


def scenes(request: BuildRequest, kit: Kit, name: str) -> list[Scene]:
    """Each distinct drawing of the kind: every front, then its back(s)."""
    found = sides(request, kit, name)
    backs = list({back.name: back for _, _, back in found if back is not None}.values())
    return [front for _, front, _ in found] + backs


def folder(name: str) -> str:
    """Where the kind's SVGs go (and the preview's group finds them)."""
    return f"svg/pieces/{name}/"


def produce(name: str):
    """The kind's `make`: an SVG for each item's front and for each back."""
    def make(request: BuildRequest, kit: Kit) -> list[Artefact]:
        _, look = declared(request, name)
        out, backs = [], {}
        for item, front, back in sides(request, kit, name):
            out.append(_svg(kit, f"{folder(name)}{item.id}.svg", front, name))
            if back is not None:
                backs.setdefault(back.name, (item, back))
        for item, back in backs.values():
            path = f"{folder(name)}back.svg" if look.backs == "shared" else \
                f"{folder(name)}backs/{item.id}.svg"
            out.append(_svg(kit, path, back, name))
        return out
    return make


def _svg(kit: Kit, path: str, scene: Scene, name: str) -> Artefact:
    return Artefact(path, scene_svg(scene, kit.memo, standalone=True).encode(), name)


def fingerprint(name: str):
    """The kind's fingerprint: its data, its look and every drawing (and picture)."""
    def key(request: BuildRequest, kit: Kit) -> str:
        kind, look = declared(request, name)
        drawn = scenes(request, kit, name)
        return digest(*common(request, kit, name), repr(kind), repr(look), scenes_digest(drawn),
                      *(d for scene in drawn for d in picture_digests(scene)))
    return key


def designs(name: str):
    """The kind's designs for a print shop: each item's front and back, its copies."""
    def made(request: BuildRequest, kit: Kit, bleed: float | None) -> list[Design]:
        kind, look = declared(request, name)
        disc = look.size[0] if look.shape == "round" else 0.0
        return [Design(name, item.id, f"{kind.title}: {item.id}", front, back, item.copies,
                       disc) for item, front, back in sides(request, kit, name, bleed)]
    return made


def section(name: str) -> Section:
    """The kind's part of the bundle, however its look says it prints."""
    return Section(lambda request, kit, paper: _pages(request, kit, name, paper),
                   lambda canvas, request, kit, paper: _draw(canvas, request, kit, name, paper),
                   lambda request, kit, pictures: _rows(request, kit, name, pictures),
                   lambda request, kit: scenes(request, kit, name),
                   sheets=lambda request, kit, paper: [_words(request, kit, name, paper)])


def _words(request: BuildRequest, kit: Kit, name: str, paper: str) -> str:
    """The kind's sheets in words, for the build's summary."""
    kind, look = declared(request, name)
    count, sheet = len(_pieces(request, kit, name)), request.layout.sheets
    what = kind.title.lower()
    if look.sheets == "grid":
        most = fit_gutter(sheet, paper, look.size, look.bleed, look.gutter).per_page
        sheets = -(-count // most)
        return f"{what} {sheets} sheet{'s' * (sheets != 1)} ({most} a sheet)"
    if look.sheets == "uncut":
        return f"{what} {count} sheet{'s' * (count != 1)} (one a page, nothing to cut)"
    pages = tiling(sheet, paper, look.size, look.bleed, look.overlap).count
    glued = "glued into one" if count == 1 else f"{pages} glued into each of {count}"
    return f"{what} {count * pages} sheets ({glued})"


def _pieces(request: BuildRequest, kit: Kit, name: str) -> list[Piece]:
    """Every printed piece: each item as many times as its copies."""
    return [Piece(front, back) for item, front, back in sides(request, kit, name)
            for _ in range(item.copies)]


def _label(request: BuildRequest, name: str) -> Label:
    game = request.game
    return Label(f"{game.title} v{game.version} · {game.piece_kind(name).title}",
                 ("body", game.font("body")))


def _pages(request: BuildRequest, kit: Kit, name: str, paper: str) -> int:
    _, look = declared(request, name)
    pieces = _pieces(request, kit, name)
    sheet = request.layout.sheets
    if look.sheets == "grid":
        return sheet_pages(len(pieces), _grid(sheet, paper, look, len(pieces)), True)
    if look.sheets == "uncut":
        return 2 * len(pieces)
    return 2 * len(pieces) * tiling(sheet, paper, look.size, look.bleed, look.overlap).count


def _grid(sheet: SheetLayout, paper: str, look: Look, count: int) -> Grid:
    """The look's grid on `paper`; for fewer pieces than a sheet holds, only the rows and
    columns they fill, centred across the page (so the crop marks are theirs alone and
    each back still lands behind its front)."""
    grid = fit_gutter(sheet, paper, look.size, look.bleed, look.gutter)
    if count >= grid.per_page:
        return grid
    columns = min(grid.columns, count)
    width = columns * look.size[0] + (columns - 1) * grid.gutter
    return replace(grid, columns=columns, rows=-(-count // grid.columns),
                   left=(grid.paper[0] - width) / 2)


def _draw(canvas, request: BuildRequest, kit: Kit, name: str, paper: str) -> int:
    _, look = declared(request, name)
    pieces, sheet, label = _pieces(request, kit, name), request.layout.sheets, \
        _label(request, name)
    if look.sheets == "grid":
        grid = _grid(sheet, paper, look, len(pieces))
        return draw_sheets(canvas, pieces, grid, sheet, label, blank_backs=True)
    if look.sheets == "uncut":
        return draw_uncut(canvas, pieces, sheet, paper, label)
    split = tiling(sheet, paper, look.size, look.bleed, look.overlap)
    return sum(draw_split(canvas, piece.front, split, sheet, label, n, len(pieces))
               for n, piece in enumerate(pieces, start=1))


def about(request: BuildRequest, kit: Kit, name: str) -> str:
    """The checklist's detail: the kind's `about:` filled in (and a split piece's size)."""
    kind, look = declared(request, name)
    names = {**kit.memo.per(request.game, "declared names", game_names),
             "count": kind.count, "items": len(kind.items)}
    text = fill(kind.about, names.__getitem__)
    if look.sheets == "split":
        w, h = look.size
        text += f"; assembled {w:g} x {h:g} mm from pages glued on their flaps"
    return text


def _rows(request: BuildRequest, kit: Kit, name: str, pictures: bool) -> list[Row]:
    kind, _ = declared(request, name)
    shown: list[Scene] = []
    if pictures:
        _, front, back = sides(request, kit, name)[0]
        shown = [front, *([back] if back is not None else [])]
    return [Row(kind.title, about(request, kit, name), shown)]
