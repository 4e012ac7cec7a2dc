"""Place scenes on a reportlab canvas: each distinct drawing once, as a form XObject.

reportlab lays out the pages only. Where a scene goes it gets an empty form, a
*slot*, named after the scene; `generator.backends.pdf.forms.link_drawings` fills the
slots with the compiled drawings once the document is saved. So the laid-out
document depends on the drawings' names and sizes, not on what they look like.
Coordinates: scenes are mm with y down; `place` takes the lower-left corner of the
scene in points. The canvas is a `generator.backends.pdf.slotcanvas.SlotCanvas`, which
keeps the slots it was given.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from generator.draw.scene import Scene
from generator.layout.units import PT


@functools.lru_cache(maxsize=64)
def colour(hex_colour: str):
    """A reportlab colour for #rrggbb (the same few colours recur everywhere)."""
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)


def ensure_form(canvas, scene: Scene) -> str:
    """The scene's slot on this canvas, made (empty, at the scene's size) the first time.

    A slot is named after the scene; a second, different drawing under the same name
    (a tile in two layouts, side by side in the comparison) gets `<name>.2`, and so on.
    """
    names = canvas.slot_names
    key = (scene.name, scene.digest)
    slot = names.get(key)
    if slot is None:
        same = sum(1 for name, _ in names if name == scene.name)
        slot = scene.name if same == 0 else f"{scene.name}.{same + 1}"
        names[key] = slot
        canvas.slots[slot] = scene
        canvas.beginForm(slot, 0, 0, scene.width * PT, scene.height * PT)
        canvas.endForm()
    return slot


def place(canvas, scene: Scene, x: float, y: float, scale: float = 1.0,
          clip: tuple[float, float, float, float] | None = None) -> None:
    """Draw the scene with its lower-left corner at (x, y) points, optionally clipped.

    `clip` is (x, y, w, h) in points on the page: what shows of the bleed on a sheet.
    """
    name = ensure_form(canvas, scene)
    canvas.saveState()
    if clip is not None:
        path = canvas.beginPath()
        path.rect(*clip)
        canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(x, y)
    if scale != 1.0:
        canvas.scale(scale, scale)
    canvas.doForm(name)
    canvas.restoreState()


FURNITURE = "page-"  # names of drawings that belong to a page's layout, not to a piece


def place_furniture(canvas, what: str, width: float, height: float, items: Sequence,
                    fonts: Sequence[tuple[str, Path]]) -> None:
    """Draw page text and rules (a cover, a sheet's label) as one page-sized drawing.

    Set like every drawing, in the fonts' glyph ids, so a document embeds one subset
    of each font, not reportlab's too. Such a drawing belongs to the page's layout:
    whatever it shows must be covered by the layout's key (`linked_pdf`), and it is
    remembered with the layout. `width`, `height` are the page's, in mm; items are in
    mm from the page's top-left corner.
    """
    draft = Scene(FURNITURE, width, height, 0.0, tuple(items), fonts=tuple(fonts))
    scene = replace(draft, name=f"{FURNITURE}{what}-{draft.digest[:12]}")
    place(canvas, scene, 0, 0)
