"""A kind's print-shop file: one page per distinct face and back, each the piece's trim
plus the preset's bleed, with TrimBox and BleedBox set (what a print shop's upload wants).

The bleed is the layout's own unless `tkg build --preset` names another (`presets.py`);
the pieces are then drawn at that bleed (`generator.draw.paint`), full-bleed art and grounds
running to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.backends.pdf.canvas import place
from generator.backends.pdf.document import layout_key, render_pdf
from generator.core.artefacts import Artefact
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.layout.units import PT
from generator.products.designs import Design, distinct
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
class ShopFile:
    """What a print-shop file is made from: its title and its pages' drawings."""

    path: str
    kind: str
    what: str
    scenes: tuple[Scene, ...]


def shop_file(kind: str, shop: PrintShop, request: BuildRequest, kit: Kit) -> ShopFile:
    """print-shop/<kind>.pdf's inputs: a page per distinct face, then per distinct back
    (per printed copy of a face when the shop says so), at the preset's bleed."""
    designs = shop.designs(request, kit, shop_bleed(request))
    scenes = printed(designs) if shop.copies else distinct(designs)
    return ShopFile(f"print-shop/{kind}.pdf", kind, shop.what, tuple(scenes))


def print_shop_file(made: ShopFile, kit: Kit) -> Artefact:
    """A print-shop file, from its inputs alone."""
    scenes = list(made.scenes)
    data, pages = render_pdf(kit, f"{made.what} for a print shop",
                             lambda canvas: print_shop(canvas, scenes),
                             layout_key("print-shop", kit, scenes), scenes)
    return Artefact(made.path, data, made.kind, pages)


def printed(designs: list[Design]) -> list[Scene]:
    """Each face once per copy, in the designs' order, then each distinct back."""
    backs: dict[str, Scene] = {}
    for d in designs:
        if d.back is not None:
            backs.setdefault(d.back.name, d.back)
    return [d.face for d in designs for _ in range(d.count)] + list(backs.values())


def print_shop(canvas, scenes: list[Scene]) -> None:
    """One page per design: MediaBox = trim + bleed, with TrimBox and BleedBox set."""
    for scene in scenes:
        w, h, b = scene.width * PT, scene.height * PT, scene.bleed * PT
        canvas.setPageSize((w, h))
        canvas.setBleedBox((0, 0, w, h))
        canvas.setTrimBox((b, b, w - b, h - b))
        place(canvas, scene, 0, 0)
        canvas.showPage()
