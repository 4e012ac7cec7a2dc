"""The `aids` kind: one player aid card per Oink, from templates/rulebook/aid.md.j2,
drawn from the layout's `aid` look like any piece (its size, bleed and words there).

`SECTION` is the aids' part of the print-and-play bundle: a grid of cards with crop
marks, printed on one side.
"""

from __future__ import annotations

from generator.core.model import PieceKind
from generator.draw.kit import Kit
from generator.draw.piece import look_of
from generator.layout.imposition import grid_for
from generator.load.builtin import AID
from generator.products.bundle import Row, Section
from generator.products.designs import Design
from generator.products.drawings import Side, printed, scenes, sides
from generator.products.inputs import PieceFiles, SheetsFile, drawing, font_files
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Run
from generator.text.context import game_context
from generator.text.cover import paper_name
from generator.text.pieces import aid_kind

KIND = "aids"
LABEL_SIZE = 2.0  # mm, like the other sheets' labels


def aid_pieces(request: BuildRequest, kit: Kit) -> PieceKind:
    """The aids' items: each Oink with its card's words, rendered once per build (with
    the game's context, as validation renders them: the example of play is the book's)."""
    return kit.memo.per(request.game, "player aids", lambda game: aid_kind(
        game, request.templates_dir, game_context(game, kit.memo), kit.memo))


def aid_sides(request: BuildRequest, kit: Kit, bleed: float | None = None) -> list[Side]:
    """Every card, one-sided, in the request's layout."""
    return sides(kit, aid_pieces(request, kit), look_of(request.layout, AID), bleed)


def _runs(request: BuildRequest, kit: Kit, paper: str) -> list[Run]:
    game, look = request.game, look_of(request.layout, AID)
    # Raised by the font's descent, so the "p" and "y" of "player" stay printable; under
    # the first column: the cards fill the page so far down that the middle cut's marks
    # reach into the bottom margin.
    lift = -kit.fonts.metrics("body").descent * LABEL_SIZE / 1000
    label = Label(f"{game.title} v{game.version}", ("body", game.font_file("body")), LABEL_SIZE,
                  lift, first_column=True, what="aid-label", words=game.words)
    grid = grid_for(request.layout.sheets, paper, look.size, look.bleed, look.gutter,
                    "player aid")
    return [Run(printed(aid_sides(request, kit)), grid, label, game.words.gettext("player aids"))]


def inputs(request: BuildRequest, kit: Kit) -> PieceFiles:
    """An SVG per aid and imposed PDF sheets per paper."""
    look, found = look_of(request.layout, AID), aid_sides(request, kit)
    drawn = tuple(drawing(f"svg/aids/{s.item.id}.svg", s.front, look) for s in found)
    _ = request.game.words
    sheets = tuple(SheetsFile(f"pdf/{paper}/player-aids.pdf", paper,
                              _("player aids, {paper} sheets").format(
                                  paper=paper_name(_, paper).upper()),
                              tuple(_runs(request, kit, paper)), request.layout.sheets)
                   for paper in request.papers)
    return PieceFiles(KIND, drawn, font_files(request.game, scenes(found)), sheets=sheets)


def _rows(request: BuildRequest, kit: Kit, pictures: bool) -> list[Row]:
    count, _ = len(request.game.oinks), request.game.words
    shown = tuple(s.front for s in aid_sides(request, kit)) if pictures else ()
    return [Row(_("Player aids"), _.ngettext(
        "{count} card, one per player, printed on one side",
        "{count} cards, one per player, printed on one side", count).format(count=count),
        shown)]


def designs(request: BuildRequest, kit: Kit, bleed: float | None) -> list[Design]:
    """The player aids, one a player, printed on one side."""
    _ = request.game.words
    return [Design("aids", s.item.id, _("{name} player aid").format(
        name=s.item.value("name")), s.front, None, 1, look=AID)
        for s in aid_sides(request, kit, bleed)]


SECTION = Section(_rows, lambda request, kit: scenes(aid_sides(request, kit)), runs=_runs)
