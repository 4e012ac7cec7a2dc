"""Whether text and symbols stand out from what lies behind them (TKG505, TKG506).

The piece is painted part by part, in drawing order, into a coarse picture
(`generator.draw.raster`); just before a text is drawn, the colour behind it is the
average of its box (the plate with its opacity over the art, say), and just before a
silhouette is drawn, the average under the silhouette itself. The contrast is WCAG's
ratio. Text needs 4.5:1 (a warning below) and at least 3:1 (an error below); a symbol,
a graphic, needs 3:1 (WCAG 2.1, 1.4.11), so it has no warning tier.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.check.preflight_findings import Finding
from generator.draw.colour import contrast
from generator.draw.scene import Group, Part, Scene, Text

if TYPE_CHECKING:  # Pillow, under the canvas, loads only when a piece is painted
    from generator.draw.raster import Canvas

TEXT_GOOD, LEAST = 4.5, 3.0
LOOKED_AT = ("text", "badge", "symbol")  # the parts whose backgrounds are measured
PPM = 2.0  # pixels a millimetre: plenty for an average
MAX_PIXELS = 60_000  # a mat or a page is painted coarser: its averages need no more


def contrasts(scene: Scene) -> list[Finding]:
    """TKG505 and TKG506 for each text and symbol of the scene that reads poorly."""
    from generator.draw.raster import Canvas

    watched = tuple((x, y, x + w, y + h) for p in scene.parts if p.kind in LOOKED_AT
                    for x, y, w, h in (p.box,))
    ppm = min(PPM, (MAX_PIXELS / (scene.width * scene.height)) ** 0.5)
    canvas = Canvas(scene.width, scene.height, ppm, watched)
    found: list[Finding] = []
    for part in scene.parts:
        items = scene.items_of(part)
        if part.kind == "text":
            found += _text(part, items, canvas.mean(part.box))
        elif part.kind in ("badge", "symbol"):
            found += _symbols(part, items, canvas)
        else:
            canvas.paint(items)
    return found


def _text(part: Part, items: tuple, behind: str) -> list[Finding]:
    ink = next(t.fill for t in items if isinstance(t, Text))
    ratio = contrast(ink, behind)
    if ratio >= TEXT_GOOD:
        return []
    code = "TKG505" if ratio < LEAST else "TKG506"
    need = TEXT_GOOD if ratio >= LEAST else LEAST
    return [Finding(code, part.name, f"{part.source}.colour",
                    f"the {part.name}, {ink} on {behind} (the average behind it), contrasts "
                    f"{ratio:.2f}:1; text needs {need:g}:1", part.box, ratio)]


def _symbols(part: Part, items: tuple, canvas: Canvas) -> list[Finding]:
    """Each silhouette (a group inside a badge, or the part itself) against what is
    drawn under it; the rest of the part (a badge's disc) is painted first."""
    found = []
    for item in items:
        shapes = item.children if part.kind == "badge" else (item,)
        canvas.paint([s for s in shapes if not isinstance(s, Group)])
        for symbol in (s for s in shapes if isinstance(s, Group)):
            found += _symbol(part, symbol, canvas)
            canvas.paint([symbol])
    return found


def _symbol(part: Part, symbol: Group, canvas: Canvas) -> list[Finding]:
    ink = _ink(symbol)
    if ink is None:
        return []
    behind = canvas.mean(mask=canvas.coverage([symbol]))
    ratio = contrast(ink, behind)
    if ratio >= LEAST:
        return []
    return [Finding("TKG505", f"{part.name} symbol", f"{part.source}.colour",
                    f"the symbol of the {part.name}, {ink} on {behind}, contrasts "
                    f"{ratio:.2f}:1; a symbol needs {LEAST:g}:1", part.box, ratio)]


def _ink(group: Group) -> str | None:
    """The one colour a silhouette is painted in (symbols are recoloured whole)."""
    for item in group.children:
        if isinstance(item, Group):
            found = _ink(item)
            if found:
                return found
        elif hasattr(item, "style"):
            paint = item.style.fill or item.style.stroke
            if isinstance(paint, str):
                return paint
    return None
