"""Producers for `tkg build`: tiles and tokens as SVG files and PDF sheets.

Each producer turns a `BuildRequest` into in-memory `Artefact`s; nothing here
writes to disk. Scenes are built once per request and shared by the SVG files, the
sheets, the print-and-play bundle and the print-shop file.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.artefacts import Artefact, BuildRequest
from generator.layout import load_layout
from generator.layout.imposition import Grid, grid_for
from generator.layout.model import Layout
from generator.layout.units import PT
from generator.render.document import layout_key, render_pdf
from generator.render.pieces import back_scene, oink_scene, tile_scene, token_scene
from generator.render.scene import Scene
from generator.render.sheets import Label, Piece, draw_sheets
from generator.render.svg import scene_svg


@dataclass(frozen=True)
class PieceSet:
    """Every distinct drawing of the game for one layout."""

    layout: Layout
    tiles: tuple[Scene, ...]
    back: Scene
    tokens: tuple[Scene, ...]  # one per element
    oinks: tuple[Scene, ...]


_CACHE: dict[tuple, tuple[BuildRequest, PieceSet]] = {}


def piece_set(request: BuildRequest) -> PieceSet:
    """The scenes of every piece, built once per request (shared by all producers)."""
    key = (id(request), request.layout)
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is request:
        return cached[1]
    game = request.game
    layout = load_layout(request.templates_dir, request.layout)
    pieces = PieceSet(layout, tuple(tile_scene(game, t, layout) for t in game.tiles),
                      back_scene(game, layout),
                      tuple(token_scene(game, e, layout) for e in game.element_ids),
                      tuple(oink_scene(game, o, layout) for o in game.oinks))
    _CACHE.clear()  # one build at a time: keep only the latest request's scenes
    _CACHE[key] = (request, pieces)
    return pieces


def tile_pieces(ps: PieceSet) -> list[Piece]:
    """Every tile, each with the shared back."""
    return [Piece(scene, ps.back) for scene in ps.tiles]


def token_pieces(request: BuildRequest, ps: PieceSet) -> list[Piece]:
    """Every life token (both sides the element's face: drawn blind from a bag)."""
    out = []
    for element_id, scene in zip(request.game.element_ids, ps.tokens, strict=True):
        out += [Piece(scene, scene)] * request.game.tokens.count(element_id)
    return out


def sheet_plan(request: BuildRequest, ps: PieceSet, kind: str,
               paper: str) -> list[tuple[list[Piece], Grid, Label]]:
    """The runs of sheets of one kind ("tiles" or "tokens") on a paper."""
    sheet, game = ps.layout.sheets, request.game
    font = ("body", game.font("body"))
    name = f"{game.title} v{game.version}"
    if kind == "tiles":
        t = ps.layout.tile
        return [(tile_pieces(ps), grid_for(sheet, paper, (t.trim, t.trim), t.bleed, "tile"),
                 Label(f"{name} · world tiles", font))]
    d, o = ps.layout.token, ps.layout.oink
    return [(token_pieces(request, ps), grid_for(sheet, paper, (d.trim, d.trim), d.bleed,
                                                  "token"), Label(f"{name} · life tokens", font)),
            ([Piece(s, s) for s in ps.oinks], grid_for(sheet, paper, (o.trim, o.trim), o.bleed,
                                                       "oink"), Label(f"{name} · Oinks", font))]


def plan_pages(plan) -> int:
    """Pages a plan will take: each run's sheets, times two when the pieces have backs."""
    total = 0
    for pieces, grid, _ in plan:
        sides = 2 if any(p.back is not None for p in pieces) else 1
        total += -(-len(pieces) // grid.per_page) * sides
    return total


def draw_kind(canvas, request: BuildRequest, ps: PieceSet, kind: str, paper: str) -> int:
    """Draw the sheets of one kind on a paper; return the pages drawn."""
    return sum(draw_sheets(canvas, pieces, grid, ps.layout.sheets, label)
               for pieces, grid, label in sheet_plan(request, ps, kind, paper))


def _fonts(request: BuildRequest, layout: Layout, kind: str) -> list[Artefact]:
    # The SVGs load the shipped fonts from output/fonts/; the licences travel with them.
    game, roles = request.game, set(layout.fonts)
    paths = sorted({game.font(r) for r in roles if game.font(r)})
    licences = sorted({p for f in paths for p in f.parent.glob("LICENSE*")})
    return [Artefact(f"fonts/{p.name}", p.read_bytes(), kind) for p in paths + licences]


def produce_tiles(request: BuildRequest) -> list[Artefact]:
    """Tile faces and the back as SVG, and the print-shop file (one page per design).

    The duplex sheets are pages of the print-and-play bundle (`generator.render.bundle`),
    drawn once per paper rather than once more in a file of their own.
    """
    ps = piece_set(request)
    out = [Artefact(f"svg/tiles/{t.id}.svg", scene_svg(s, "../../fonts").encode(), "tiles")
           for t, s in zip(request.game.tiles, ps.tiles, strict=True)]
    out.append(Artefact("svg/back.svg", scene_svg(ps.back, "../fonts").encode(), "tiles"))
    out += _fonts(request, ps.layout, "tiles")
    scenes = [*ps.tiles, ps.back]
    data, pages = render_pdf(request.game, "world tiles for a print shop",
                             lambda c: print_shop(c, scenes),
                             layout_key("print-shop", request.game, scenes), scenes)
    out.append(Artefact("print-shop/tiles.pdf", data, "tiles", pages))
    return out


def produce_tokens(request: BuildRequest) -> list[Artefact]:
    """Life-token and Oink faces as SVG (their sheets are pages of the bundle)."""
    ps = piece_set(request)
    game = request.game
    out = [Artefact(f"svg/tokens/{e}.svg", scene_svg(s, "../../fonts").encode(), "tokens")
           for e, s in zip(game.element_ids, ps.tokens, strict=True)]
    out += [Artefact(f"svg/oinks/{o.element}.svg", scene_svg(s, "../../fonts").encode(), "tokens")
            for o, s in zip(game.oinks, ps.oinks, strict=True)]
    out += _fonts(request, ps.layout, "tokens")
    return out


def print_shop(canvas, scenes: list[Scene]) -> None:
    """One page per design: MediaBox = trim + bleed, with TrimBox and BleedBox set."""
    from generator.render.pdf import place

    for scene in scenes:
        w, h, b = scene.width * PT, scene.height * PT, scene.bleed * PT
        canvas.setPageSize((w, h))
        canvas.setBleedBox((0, 0, w, h))
        canvas.setTrimBox((b, b, w - b, h - b))
        place(canvas, scene, 0, 0)
        canvas.showPage()
