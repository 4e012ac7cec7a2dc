"""A kind's print-shop file: one page per distinct face and back, each the piece's trim
plus its bleed, with TrimBox and BleedBox set (what a print shop's upload wants)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.backends.pdf.canvas import place
from generator.backends.pdf.document import layout_key, render_pdf
from generator.core.artefacts import Artefact
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.layout.units import PT
from generator.products.request import BuildRequest


@dataclass(frozen=True)
class PrintShop:
    """What a kind sends to a print shop: a name for the file's title, and its designs."""

    what: str  # e.g. "world tiles"
    scenes: Callable[[BuildRequest, Kit], list[Scene]]  # each distinct face and back


def print_shop_file(kind: str, shop: PrintShop, request: BuildRequest, kit: Kit) -> Artefact:
    """print-shop/<kind>.pdf: a page per design."""
    scenes = shop.scenes(request, kit)
    data, pages = render_pdf(kit, f"{shop.what} for a print shop",
                             lambda canvas: print_shop(canvas, scenes),
                             layout_key("print-shop", kit, scenes), scenes)
    return Artefact(f"print-shop/{kind}.pdf", data, kind, pages)


def print_shop(canvas, scenes: list[Scene]) -> None:
    """One page per design: MediaBox = trim + bleed, with TrimBox and BleedBox set."""
    for scene in scenes:
        w, h, b = scene.width * PT, scene.height * PT, scene.bleed * PT
        canvas.setPageSize((w, h))
        canvas.setBleedBox((0, 0, w, h))
        canvas.setTrimBox((b, b, w - b, h - b))
        place(canvas, scene, 0, 0)
        canvas.showPage()
