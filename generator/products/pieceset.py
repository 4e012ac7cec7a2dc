"""Producers for `tkg build`: tiles and tokens as SVG files and PDF sheets.

Each producer turns a `BuildRequest` into in-memory `Artefact`s; nothing here
writes to disk. Scenes are built once per request and shared by the SVG files, the
sheets, the print-and-play bundle and the print-shop file.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw.pieces import back_scene, oink_scene, tile_scene, token_scene
from generator.draw.scene import Scene
from generator.layout import load_layout
from generator.layout.imposition import Grid, grid_for
from generator.layout.model import Layout
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Piece, draw_sheets


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








