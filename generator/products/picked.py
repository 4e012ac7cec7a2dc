"""The `picked` kind: a test print of a few pieces (`tkg build --pick NAME,...`).

After an edit to a few tiles' art or an element's colour, a designer prints those pieces
to see them on their own printer and card, not a sheet of every tile:
`picked-<paper>.pdf` holds each piece named once, front and back, on sheets laid out as
the print-and-play file's (the same grids, crop marks and mirrored backs), so a cut
piece is the piece the whole game will have.

A name is a drawing's (`tile-ember-hollow`, `oink-fire`: the SVG's name in the output)
or an item's id (`ember-hollow`; `fire` names every piece of the element: its token, its
Oink, its aid, its world mat). A piece printed on pages of its own (a mat) has its pages,
after the grids' sheets, without the blank backs the bundle gives them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from generator.core.errors import UsageError
from generator.core.model import Game
from generator.core.nearest import nearest_aside
from generator.draw.kit import Kit
from generator.load.builtin import BUILT_IN
from generator.products.inputs import PieceFiles, SheetsFile
from generator.products.piece_sheets import PiecePages
from generator.products.request import PICKED, BuildRequest
from generator.products.sheets import Piece, Run
from generator.text.cover import paper_name

KIND = PICKED


def inputs(request: BuildRequest, kit: Kit) -> PieceFiles:
    """One PDF a paper of the pieces the request picks (UsageError for a name that is no
    piece's)."""
    _ = request.game.words
    sheets = []
    for paper in request.papers:
        runs, pages = _bundled(request, kit, paper)
        every = [p for found in runs for p in found.pieces]
        names = _names(request.game, [*every, *(p for found in pages for p in found.pieces)])
        unknown = [n for n in request.export.picked if n not in {*names, *names.values()}]
        if unknown:
            raise UsageError(_unknown(unknown, {*names, *names.values()} - {None}))
        sheets.append(SheetsFile(f"{KIND}-{paper}.pdf", paper, _(
            "picked pieces, {paper} sheets").format(paper=paper_name(_, paper).upper()),
            tuple(_picked(runs, names, request.export.picked)), request.layout.sheets,
            tuple(replace(found, duplex=False) for found in
                  _picked(pages, names, request.export.picked))))
    return PieceFiles(KIND, (), (), sheets=tuple(sheets))


Held = TypeVar("Held", Run, PiecePages)


def _picked(found: Sequence[Held], names: dict[str, str | None],
            asked: tuple[str, ...]) -> list[Held]:
    """Each run or piece's pages holding only the pieces picked, once each; those with
    none left out."""
    kept = []
    for held in found:
        pieces = [p for p in _once(held.pieces)
                  if p.front.name in asked or names[p.front.name] in asked]
        if pieces:
            kept.append(replace(held, pieces=tuple(pieces)))
    return kept


def _bundled(request: BuildRequest, kit: Kit, paper: str
             ) -> tuple[list[Run], list[PiecePages]]:
    """The bundle's runs on `paper`, and its pages of the pieces no grid holds."""
    from generator.products.kinds import bundled

    runs, pages = [], []
    for _, section in bundled(request.game):
        runs += section.runs(request, kit, paper) if section.runs else []
        found = section.pages(request, kit, paper) if section.pages else None
        pages += [found] if found is not None else []
    return runs, pages


def _names(game: Game, pieces: Sequence[Piece]) -> dict[str, str | None]:
    """Each piece's drawing's name, and the item id in it."""
    prefixes = _prefixes(game)
    return {piece.front.name: _item_id(piece.front.name, prefixes) for piece in pieces}


def _prefixes(game: Game) -> list[str]:
    """What a drawing's name starts with before its item's id (`draw.piece.scene_name`):
    a built-in look's name, or piece-<kind> for a declared kind; the longest first."""
    found = [*BUILT_IN, *(f"piece-{kind.name}" for kind in game.pieces)]
    return sorted(found, key=len, reverse=True)


def _item_id(drawing: str, prefixes: list[str]) -> str | None:
    """The item id in a drawing's name (tile-ember-hollow: ember-hollow)."""
    return next((drawing[len(p) + 1:] for p in prefixes if drawing.startswith(f"{p}-")),
                None)


def _once(pieces: Sequence[Piece]) -> list[Piece]:
    """Each piece once (a token printed 30 times is tried once)."""
    return list({piece.front.name: piece for piece in pieces}.values())


def _unknown(unknown: list[str], names: set) -> str:
    said = [f"{name!r}{nearest_aside(name, sorted(names))}" for name in unknown]
    return (f"--pick: no piece of the print-and-play file is named {', '.join(said)}; a "
            "name is a drawing's, as the SVGs in the output are named (tile-ember-hollow, "
            "oink-fire), or an item's id (ember-hollow; fire for every piece of the fire "
            "element)")
