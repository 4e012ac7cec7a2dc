"""The kinds of piece declared in YAML: what each makes, its fingerprint, its part of the
bundle and its print-shop designs, for the kinds table (`kinds.kinds_table`).

A declared kind gets what a built-in kind gets: an SVG per item and per back under
`svg/pieces/<kind>/`, its sheets in the bundle on both papers (a grid with crop marks
packed with the other kinds' sheets, one piece a page, or one piece split over pages
and glued), a line on the cover's checklist, a print-shop file with a page per printed
copy, a group in the preview's gallery, and a fingerprint so an unchanged kind is not
made again. Each function takes the kind's name and finds its data in the request's
game and its look in the request's layout.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.core.artefacts import Artefact
from generator.core.digest import digest
from generator.core.model import Item, PieceKind
from generator.draw.art import picture_digests
from generator.draw.kit import Kit
from generator.draw.piece import filled
from generator.draw.scene import Scene, scenes_digest
from generator.layout.imposition import grid_for
from generator.layout.look import Look
from generator.layout.tiling import Tiling, tiling
from generator.products.bundle import Row, Section
from generator.products.designs import Design, disc_of
from generator.products.drawings import Side, printed, scenes, sides, svg_file
from generator.products.fingerprint import common
from generator.products.piece_sheets import draw_split, draw_uncut
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Run

Make = Callable[[BuildRequest, Kit], list[Artefact]]


def declared(request: BuildRequest, name: str) -> tuple[PieceKind, Look]:
    """The kind's data and its look in the request's layout (validated: both exist)."""
    look = request.layout.look(name)
    assert look is not None, f"validation let the kind {name!r} through without a look"
    return request.game.piece_kind(name), look


def kind_sides(request: BuildRequest, kit: Kit, name: str,
               bleed: float | None = None) -> list[Side]:
    """Every item of the kind with its front and back (None: it has no back)."""
    kind, look = declared(request, name)
    return sides(kit, kind, look, bleed)


def folder(name: str) -> str:
    """Where the kind's SVGs go (and the preview's group finds them)."""
    return f"svg/pieces/{name}/"


def produce(name: str) -> Make:
    """The kind's `make`: an SVG for each item's front and for each back."""
    def make(request: BuildRequest, kit: Kit) -> list[Artefact]:
        _, look = declared(request, name)
        out: list[Artefact] = []
        backs: dict[str, tuple[Item, Scene]] = {}
        for s in kind_sides(request, kit, name):
            out.append(svg_file(kit, f"{folder(name)}{s.item.id}.svg", s.front, name, look))
            if s.back is not None and s.back is not s.front:
                backs.setdefault(s.back.name, (s.item, s.back))
        for item, back in backs.values():
            path = f"{folder(name)}back.svg" if look.backs == "shared" else \
                f"{folder(name)}backs/{item.id}.svg"
            out.append(svg_file(kit, path, back, name, look))
        return out
    return make


def fingerprint(name: str) -> Callable[[BuildRequest, Kit], str]:
    """The kind's fingerprint: its data, its look and every drawing (and picture)."""
    def key(request: BuildRequest, kit: Kit) -> str:
        kind, look = declared(request, name)
        drawn = scenes(kind_sides(request, kit, name))
        return digest(*common(request, kit, name), repr(kind), repr(look), scenes_digest(drawn),
                      *(d for scene in drawn for d in picture_digests(scene)))
    return key


def designs(name: str) -> Callable[[BuildRequest, Kit, float | None], list[Design]]:
    """The kind's designs for a print shop: each item's front and back, its copies."""
    def made(request: BuildRequest, kit: Kit, bleed: float | None) -> list[Design]:
        kind, look = declared(request, name)
        return [Design(name, s.item.id, f"{kind.title}: {s.item.id}", s.front, s.back,
                       s.item.copies, disc_of(look)) for s in kind_sides(request, kit, name, bleed)]
    return made


def section(name: str) -> Section:
    """The kind's part of the bundle, however its look says it prints."""
    return Section(lambda request, kit, pictures: _rows(request, kit, name, pictures),
                   lambda request, kit: scenes(kind_sides(request, kit, name)),
                   runs=lambda request, kit, paper: _runs(request, kit, name, paper),
                   pages=lambda request, kit, paper: _pages(request, kit, name, paper),
                   draw=lambda canvas, request, kit, paper: _draw(canvas, request, kit, name,
                                                                  paper),
                   sheets=lambda request, kit, paper: _words(request, kit, name, paper))


def _label(request: BuildRequest, name: str) -> Label:
    game = request.game
    return Label(f"{game.title} v{game.version} · {game.piece_kind(name).title}",
                 ("body", game.font_file("body")))


def _runs(request: BuildRequest, kit: Kit, name: str, paper: str) -> list[Run]:
    """A grid kind's pieces, packed with the other kinds' (none for the others)."""
    kind, look = declared(request, name)
    if look.sheets != "grid":
        return []
    grid = grid_for(request.layout.sheets, paper, look.size, look.bleed, look.gutter,
                    f"{name} piece")
    label = Label(f"{request.game.title} v{request.game.version}",
                  ("body", request.game.font_file("body")))
    return [Run(printed(kind_sides(request, kit, name)), grid, label, kind.title.lower())]


def _split(request: BuildRequest, look: Look, paper: str) -> Tiling:
    found = tiling(request.layout.sheets, paper, look.size, look.bleed, look.overlap)
    assert not isinstance(found, str), "validation let through a piece no page holds"
    return found


def _pages(request: BuildRequest, kit: Kit, name: str, paper: str) -> int:
    """The pages of an uncut or split kind (a grid kind's are its runs')."""
    _, look = declared(request, name)
    count = len(printed(kind_sides(request, kit, name)))
    if look.sheets == "uncut":
        return 2 * count
    if look.sheets == "split":
        return 2 * count * _split(request, look, paper).count
    return 0


def _draw(canvas, request: BuildRequest, kit: Kit, name: str, paper: str) -> int:
    _, look = declared(request, name)
    pieces, sheet, label = printed(kind_sides(request, kit, name)), request.layout.sheets, \
        _label(request, name)
    if look.sheets == "uncut":
        return draw_uncut(canvas, pieces, sheet, paper, label)
    if look.sheets == "split":
        split = _split(request, look, paper)
        return sum(draw_split(canvas, piece.front, split, sheet, label, n, len(pieces))
                   for n, piece in enumerate(pieces, start=1))
    return 0


def _words(request: BuildRequest, kit: Kit, name: str, paper: str) -> list[str]:
    """An uncut or split kind's pages in words, for the build's summary."""
    kind, look = declared(request, name)
    count, what = len(printed(kind_sides(request, kit, name))), kind.title.lower()
    if look.sheets == "uncut":
        return [f"{what} {count} sheet{'s' * (count != 1)} (one a page, nothing to cut)"]
    if look.sheets == "split":
        pages = _split(request, look, paper).count
        glued = "glued into one" if count == 1 else f"{pages} glued into each of {count}"
        return [f"{what} {count * pages} sheets ({glued})"]
    return []


def about(request: BuildRequest, kit: Kit, name: str) -> str:
    """The checklist's detail: the kind's `about:` filled in (and a split piece's size)."""
    kind, look = declared(request, name)
    text = filled(kit, kind.about, {"count": kind.count, "items": len(kind.items)})
    if look.sheets == "split":
        w, h = look.size
        text += f"; assembled {w:g} x {h:g} mm from pages glued on their flaps"
    return text


def _rows(request: BuildRequest, kit: Kit, name: str, pictures: bool) -> list[Row]:
    kind, _ = declared(request, name)
    shown: list[Scene] = []
    if pictures:
        first = kind_sides(request, kit, name)[0]
        shown = [first.front, *([first.back] if first.back not in (None, first.front) else [])]
    return [Row(kind.title, about(request, kit, name), shown)]
