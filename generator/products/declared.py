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

from generator.core.model import Item, PieceKind
from generator.core.words import Words
from generator.draw.kit import Kit
from generator.draw.piece import about_text
from generator.draw.scene import Scene
from generator.layout.imposition import grid_for
from generator.layout.look import Look
from generator.layout.tiling import Tiling, tiling
from generator.products.bundle import Row, Section
from generator.products.designs import Design, disc_of
from generator.products.drawings import Side, printed, scenes, sides
from generator.products.inputs import Drawing, PieceFiles, drawing
from generator.products.piece_sheets import PiecePages
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Run


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


def inputs(name: str) -> Callable[[BuildRequest, Kit], PieceFiles]:
    """The kind's inputs: an SVG for each item's front and for each back."""
    def made(request: BuildRequest, kit: Kit) -> PieceFiles:
        _, look = declared(request, name)
        drawn: list[Drawing] = []
        backs: dict[str, tuple[Item, Scene]] = {}
        for s in kind_sides(request, kit, name):
            drawn.append(drawing(f"{folder(name)}{s.item.id}.svg", s.front, look))
            if s.back is not None and s.back is not s.front:
                backs.setdefault(s.back.name, (s.item, s.back))
        for item, back in backs.values():
            path = f"{folder(name)}back.svg" if look.backs == "shared" else \
                f"{folder(name)}backs/{item.id}.svg"
            drawn.append(drawing(path, back, look))
        return PieceFiles(name, tuple(drawn), ())
    return made


def designs(name: str) -> Callable[[BuildRequest, Kit, float | None], list[Design]]:
    """The kind's designs for a print shop: each item's front and back, its copies."""
    def made(request: BuildRequest, kit: Kit, bleed: float | None) -> list[Design]:
        kind, look = declared(request, name)
        words = request.game.words
        return [Design(name, s.item.id, label(kind, s.item, words), s.front, s.back,
                       s.item.copies, disc_of(look), name)
                for s in kind_sides(request, kit, name, bleed)]
    return made


def label(kind: PieceKind, item: Item, words: Words) -> str:
    """An item's name for a player: the kind's title, and the item's own name when the
    kind has several ("World mats: Cinder Oink"; a kind of one item: "Table mat")."""
    if len(kind.items) == 1:
        return kind.title
    return words.gettext("{kind}: {name}").format(
        kind=kind.title, name=dict(item.fields).get("name") or item.id)


def section(name: str) -> Section:
    """The kind's part of the bundle, however its look says it prints."""
    return Section(lambda request, kit, pictures: _rows(request, kit, name, pictures),
                   lambda request, kit: scenes(kind_sides(request, kit, name)),
                   runs=lambda request, kit, paper: _runs(request, kit, name, paper),
                   pages=lambda request, kit, paper: _pages(request, kit, name, paper))


def _label(request: BuildRequest, name: str) -> Label:
    game = request.game
    return Label(f"{game.title} v{game.version} · {game.piece_kind(name).title}",
                 ("body", game.font_file("body")), words=game.words)


def _runs(request: BuildRequest, kit: Kit, name: str, paper: str) -> list[Run]:
    """A grid kind's pieces, packed with the other kinds' (none for the others)."""
    kind, look = declared(request, name)
    if look.sheets != "grid":
        return []
    grid = grid_for(request.layout.sheets, paper, look.size, look.bleed, look.gutter,
                    f"{name} piece")
    label = Label(f"{request.game.title} v{request.game.version}",
                  ("body", request.game.font_file("body")), words=request.game.words)
    return [Run(printed(kind_sides(request, kit, name)), grid, label, kind.title.lower())]


def _split(request: BuildRequest, look: Look, paper: str) -> Tiling:
    found = tiling(request.layout.sheets, paper, look.size, look.bleed, look.overlap)
    assert not isinstance(found, str), "validation let through a piece no page holds"
    return found


def _pages(request: BuildRequest, kit: Kit, name: str, paper: str) -> PiecePages | None:
    """An uncut or split kind's pages on `paper` (a grid kind's are its runs')."""
    kind, look = declared(request, name)
    if look.sheets not in ("uncut", "split"):
        return None
    split = _split(request, look, paper) if look.sheets == "split" else None
    pieces = tuple(printed(kind_sides(request, kit, name)))
    return PiecePages(look.sheets, kind.title.lower(), pieces, request.layout.sheets, paper,
                      _label(request, name), split)


def about(request: BuildRequest, kit: Kit, name: str) -> str:
    """The checklist's detail: the kind's `about:` filled in (and a split piece's size)."""
    kind, look = declared(request, name)
    text = about_text(kit, kind)
    if look.sheets == "split":
        w, h = look.size
        text += kit.game.words.gettext("; assembled {width} x {height} mm from pages glued "
                                       "on their flaps").format(width=f"{w:g}", height=f"{h:g}")
    return text


def _rows(request: BuildRequest, kit: Kit, name: str, pictures: bool) -> list[Row]:
    kind, _ = declared(request, name)
    shown: list[Scene] = []
    if pictures:
        first = kind_sides(request, kit, name)[0]
        shown = [first.front, *([first.back] if first.back not in (None, first.front) else [])]
    return [Row(kind.title, about(request, kit, name), shown)]
