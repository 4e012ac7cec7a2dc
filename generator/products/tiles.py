"""The tiles kind: tile faces and the back as SVG, and the print-shop file."""

from __future__ import annotations

from generator.backends.pdf.document import layout_key, render_pdf
from generator.backends.svg import scene_svg
from generator.core.artefacts import Artefact
from generator.draw.scene import Scene
from generator.layout.units import PT
from generator.products.fontfiles import _fonts
from generator.products.pieceset import piece_set
from generator.products.request import BuildRequest


def produce_tiles(request: BuildRequest) -> list[Artefact]:
    """Tile faces and the back as SVG, and the print-shop file (one page per design).

    The duplex sheets are pages of the print-and-play bundle (`generator.products.bundle`),
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


def print_shop(canvas, scenes: list[Scene]) -> None:
    """One page per design: MediaBox = trim + bleed, with TrimBox and BleedBox set."""
    from generator.backends.pdf.canvas import place

    for scene in scenes:
        w, h, b = scene.width * PT, scene.height * PT, scene.bleed * PT
        canvas.setPageSize((w, h))
        canvas.setBleedBox((0, 0, w, h))
        canvas.setTrimBox((b, b, w - b, h - b))
        place(canvas, scene, 0, 0)
        canvas.showPage()
