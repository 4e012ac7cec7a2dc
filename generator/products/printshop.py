"""A kind's print-shop file: one page per distinct face and back, each the piece's trim
plus the preset's bleed, with TrimBox and BleedBox set (what a print shop's upload wants),
made PDF/X-4 for the printing condition of `content/colour/` (`pdfx.press_ready`): its
colours ICC-based, round pieces with a CutContour die line, and its subject saying how
many of each page to make.

The bleed is the layout's own unless `tkg build --preset` names another (`presets.py`);
the pieces are then drawn at that bleed (`generator.draw.paint`), full-bleed art and grounds
running to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.backends.pdf.canvas import place
from generator.backends.pdf.document import document_titles, layout_key, render_pdf
from generator.backends.pdf.pdfx import Finish, Press, press_of, press_ready
from generator.core.artefacts import Artefact
from generator.core.words import N_, SOURCE_WORDS, Words
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.layout.units import PT
from generator.products.designs import Design
from generator.products.presets import PRINT_SHOP_DEFAULT, preset
from generator.products.request import BuildRequest

Designs = Callable[[BuildRequest, Kit, float | None], list[Design]]


@dataclass(frozen=True)
class PrintShop:
    """What a kind sends to a print shop: a name for the file's title, and its designs."""

    what: str  # e.g. "world tiles"
    designs: Designs  # its pieces at a bleed (None: the layout's)
    # A page per printed copy of each face (tiles, declared pieces: `copies:`), not
    # per distinct face: the file then prints as it is, one page a piece.
    copies: bool = False


def shop_bleed(request: BuildRequest) -> float | None:
    """The bleed of the print-shop files: the preset's (None: each piece's in the layout)."""
    return preset(request.export.preset, PRINT_SHOP_DEFAULT).bleed


@dataclass(frozen=True)
class ShopPage:
    """A page of a print-shop file: the drawing, how many to make, its round cut."""

    scene: Scene
    count: int  # copies to make of this page
    group: str  # the design's group, for the subject ("tokens", "tiles")
    disc: float = 0.0  # mm across a round piece's cut (0: square)
    side: str = "face"  # "face", "back", or "alike": a face printed on both sides


@dataclass(frozen=True)
class ShopFile:
    """What a print-shop file is made from: its title, its pages, its colour."""

    path: str
    kind: str
    what: str
    pages: tuple[ShopPage, ...]
    press: Press


def shop_file(kind: str, shop: PrintShop, request: BuildRequest, kit: Kit) -> ShopFile:
    """print-shop/<kind>.pdf's inputs: a page per distinct face, then per distinct back
    (per printed copy of a face when the shop says so), at the preset's bleed."""
    designs = shop.designs(request, kit, shop_bleed(request))
    pages = printed(designs) if shop.copies else distinct_pages(designs)
    return ShopFile(f"print-shop/{kind}.pdf", kind, shop.what, tuple(pages),
                    press_of(request.game))


def print_shop_file(made: ShopFile, kit: Kit) -> Artefact:
    """A print-shop file, from its inputs alone."""
    pages, _ = list(made.pages), kit.game.words
    scenes = [p.scene for p in pages]
    what = _("{what} for a print shop").format(what=_.gettext(made.what))
    discs = repr([p.disc for p in pages])
    data, count = render_pdf(kit, what, lambda canvas: print_shop(canvas, scenes),
                             layout_key("print-shop", kit, scenes, discs), scenes)
    title, subject = document_titles(kit.game, what)
    finish = Finish(title, f"{subject}. {quantities(pages, _)}", kit.game.author,
                    _("version {version}").format(version=kit.game.version),
                    [p.disc for p in pages],
                    [(s.width, s.height) for s in scenes])
    return Artefact(made.path, press_ready(data, made.press, finish, kit.memo), made.kind, count)


def printed(designs: list[Design]) -> list[ShopPage]:
    """Each face once per copy, in the designs' order, then each distinct back."""
    faces = [ShopPage(d.face, 1, d.group, d.disc) for d in designs for _ in range(d.count)]
    return faces + _backs(designs)


def distinct_pages(designs: list[Design]) -> list[ShopPage]:
    """Each different face (with the copies of every design showing it), then each
    different back; a piece printed alike on both sides (a token) has one page, said so."""
    faces: dict[str, ShopPage] = {}
    alike = {d.face.name for d in designs if d.back is not None and d.back.name == d.face.name}
    for d in designs:
        page = faces.get(d.face.name)
        count = d.count + (page.count if page else 0)
        side = "alike" if d.face.name in alike else "face"
        faces[d.face.name] = ShopPage(d.face, count, d.group, d.disc, side)
    return list(faces.values()) + [p for p in _backs(designs) if p.scene.name not in faces]


def _backs(designs: list[Design]) -> list[ShopPage]:
    """Each different back, with the copies of every design printed on it."""
    backs: dict[str, ShopPage] = {}
    for d in designs:
        if d.back is not None:
            page = backs.get(d.back.name)
            count = d.count + (page.count if page else 0)
            backs[d.back.name] = ShopPage(d.back, count, d.group, side="back")
    return list(backs.values())


def quantities(pages: list[ShopPage], words: Words = SOURCE_WORDS) -> str:
    """How many to make of each page, as runs: "Make pages 1-4: 30 of each (tokens); ..."."""
    runs: list[list] = []  # [first page, last page, the run's first ShopPage]
    for number, page in enumerate(pages, start=1):
        if runs and _said_together(runs[-1][2], page):
            runs[-1][1] = number
        else:
            runs.append([number, number, page])
    _ = words
    parts = [(_("page {first}: {count} ({what})") if a == b else
              _("pages {first}-{last}: {count} of each ({what})")).format(
                  first=a, last=b, count=page.count, what=_group(_, page))
             for a, b, page in runs]
    return _("Make {runs}.").format(runs=_.pgettext("between clauses", "; ").join(parts))


def _said_together(page: ShopPage, other: ShopPage) -> bool:
    """Whether two pages are said as one run: as many of each, of one group and side."""
    return (page.count, page.group, page.side) == (other.count, other.group, other.side)


# What each kind's pages are, as the subject names them (a declared kind's: its name).
GROUPS = {"tiles": N_("tiles"), "tokens": N_("tokens"), "oinks": N_("oinks"),
          "aids": N_("aids")}


def _group(_: Words, page: ShopPage) -> str:
    """A page's group in words: "tokens", "tokens, the same on both sides", "backs of
    tiles"."""
    what = _.gettext(GROUPS.get(page.group, page.group))
    if page.side == "back":
        return _("backs of {what}").format(what=what)
    if page.side == "alike":
        return _("{what}, the same on both sides").format(what=what)
    return what


def print_shop(canvas, scenes: list[Scene]) -> None:
    """One page per design: MediaBox = trim + bleed, with TrimBox and BleedBox set."""
    for scene in scenes:
        w, h, b = scene.width * PT, scene.height * PT, scene.bleed * PT
        canvas.setPageSize((w, h))
        canvas.setBleedBox((0, 0, w, h))
        canvas.setTrimBox((b, b, w - b, h - b))
        place(canvas, scene, 0, 0)
        canvas.showPage()
