"""Sizes that matter at the table: no text under 6 pt (TKG507), no insignia silhouette
under 8 mm (TKG513), and font sizes written without a unit said back as points
(TKG514)."""

from __future__ import annotations

from generator.check.preflight_findings import Finding
from generator.check.preflight_place import as_box
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.draw.geometry import bounds
from generator.draw.scene import Group, Scene, Text
from generator.layout.model import Layout
from generator.layout.units import PT

SMALLEST_PT = 6.0  # DESIGN.md: type a player can read at arm's length
INSIGNIA_MM = 8.0  # DESIGN.md: insignias at least 8 mm


def small_text(scene: Scene) -> list[Finding]:
    """TKG507 for each text set smaller than 6 pt (after shrinking to fit its box)."""
    found = []
    for part in scene.parts:
        sizes = [t.size for t in scene.items_of(part) if isinstance(t, Text)]
        if part.kind != "text" or not sizes or min(sizes) * PT >= SMALLEST_PT - 1e-6:
            continue
        pt = min(sizes) * PT
        found.append(Finding("TKG507", part.name, f"{part.source}.size",
                             f"the {part.name} is set at {pt:.1f} pt; text on a piece needs "
                             f"at least {SMALLEST_PT:g} pt", part.box, pt))
    return found


def small_insignias(scene: Scene) -> list[Finding]:
    """TKG513 for each insignia silhouette that inks less than 8 mm on its longer side
    (the drawn shape, not the box it is scaled into)."""
    found = []
    for part in scene.parts:
        if part.kind not in ("badge", "symbol"):
            continue
        for symbol, element in _silhouettes(part.kind, scene.items_of(part), part.name):
            ink = bounds([symbol])
            longer = max(ink[2] - ink[0], ink[3] - ink[1]) if ink else 0.0
            if longer >= INSIGNIA_MM - 1e-6:
                continue
            found.append(Finding("TKG513", f"{element} silhouette", f"{part.source}.size",
                                 f"the {element} silhouette inks {longer:.2f} mm on its longer "
                                 f"side; insignias need {INSIGNIA_MM:g} mm",
                                 as_box(ink) if ink else part.box, longer))
    return found


def _silhouettes(kind: str, items: tuple, name: str) -> list[tuple[Group, str]]:
    """The silhouettes in a part, each with its element's name: inside a badge, the group
    among its shapes (the badge's label names the element); a symbol part is one."""
    if kind == "symbol":
        return [(items[0], items[0].label.split()[-1] if items[0].label else name)]
    return [(child, badge.label.split()[-1]) for badge in items
            for child in badge.children if isinstance(child, Group)]


def bare_sizes(layout: Layout) -> list[Diagnostic]:
    """TKG514 for each font size written as a bare number, saying how it was read."""
    return [diagnostic("TKG514", where, f"{entry.rpartition('.')[2]}: {number:g} has no unit, "
                       f"so it is read as {number:g} pt ({number / PT:.1f} mm): font sizes "
                       "are points unless they say otherwise, never millimetres")
            for entry, number, where in layout.bare_sizes]
