"""The declared kinds of piece checked as they will print, in every layout asked for.

Each kind needs a look in the layout (TKG608). Every item is then drawn, front and
back, exactly as a build draws it (`generator.draw.declared`), and what the drawing
could not do is told where it is caused: at the look's line (an unknown name, a box
outside the piece, a missing image named there) or at the item's (a field missing, a
value that is no element). The drawings are then preflighted where it is cheap: the
safe zone (inside the disc of a round piece), missing glyphs, small type and small
insignias (TKG501, TKG504, TKG507, TKG513), told once for alike pieces.
"""

from __future__ import annotations

import difflib
import math

from generator.check.preflight_findings import Examined, Finding, Piece, grouped, seen
from generator.check.preflight_glyphs import missing_glyphs
from generator.check.preflight_place import (
    LENIENCY,
    as_box,
    entry,
    inked,
    outside_safe,
)
from generator.check.preflight_sizes import small_insignias, small_text
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.digest import digest
from generator.core.model import NOWHERE, PieceKind
from generator.draw.declared import BACK, FRONT, Drawn, piece_scene
from generator.draw.kit import Kit
from generator.draw.resolve import Problem
from generator.draw.scene import Scene
from generator.layout.look import Look
from generator.layout.model import Layout
from generator.load.digests import code_digest


def check_pieces(kit: Kit, layouts: tuple[Layout, ...]) -> list[Diagnostic]:
    """Every problem of the game's declared pieces in `layouts`."""
    found: list[Diagnostic] = []
    seen_pieces = []
    for layout in layouts:
        for kind in kit.game.pieces:
            look = layout.look(kind.name)
            if look is None:
                found.append(_no_look(kind, layout))
                continue
            bound = _bound_fields(look)
            for drawn, item_id in _drawings(kit, kind, look):
                found += [_told(p, kind, layout, bound) for p in drawn.problems]
                piece = _piece(kind, item_id)
                seen_pieces += seen(_examined(kit, look, drawn.scene), piece, layout)
    return list(dict.fromkeys(found)) + grouped(seen_pieces)


def _no_look(kind: PieceKind, layout: Layout) -> Diagnostic:
    looks = [look.kind for look in layout.pieces]
    close = difflib.get_close_matches(kind.name, looks, n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}?" if close else (
        f"its looks: {', '.join(looks)}" if looks else None)
    return diagnostic("TKG608", kind.where, f"the kind {kind.name!r} has no look under "
                      f"pieces: in the {layout.name!r} layout", hint)


def _drawings(kit: Kit, kind: PieceKind, look: Look) -> list[tuple[Drawn, str]]:
    """Each item's front and back (a shared back once), with the item it shows."""
    found = []
    for item in kind.items:
        found.append((piece_scene(kit, kind, look, item, FRONT), item.id))
        if look.backs == "per-item":
            found.append((piece_scene(kit, kind, look, item, BACK), item.id))
    if look.backs == "shared":
        found.append((piece_scene(kit, kind, look, None, BACK), ""))
    return found


def _bound_fields(look: Look) -> dict[str, str]:
    """The item field each `field:` of the look names, by the entry of that `field:`."""
    found, todo = {}, [*look.front, *look.back]
    while todo:
        prim = todo.pop()
        todo += prim.children
        if isinstance(prim.get("field"), str):
            found[f"{prim.entry}.field"] = prim.get("field")
    return found


def _told(problem: Problem, kind: PieceKind, layout: Layout,
          bound: dict[str, str]) -> Diagnostic:
    """A problem at its place: the item's field or line, or the look's entry."""
    where = layout.where(problem.entry) if problem.entry else NOWHERE
    name = bound.get(problem.entry) if problem.code == "TKG604" else None
    if name and "." not in name and not any(name in dict(i.fields) for i in kind.items):
        # `field: x` can only mean an item's field: when no item has it, the items lack it
        # (TKG603), rather than the look naming nothing (TKG604, a format's typo).
        return diagnostic("TKG603", kind.where, f"no item of {kind.name!r} has a field "
                          f"{name!r}, which its look uses at {where}; add '{name}:' to each "
                          "of its items")
    if not problem.item:
        return diagnostic(problem.code, where, problem.message)
    item = next(i for i in kind.items if i.id == problem.item)
    if problem.field:
        return diagnostic(problem.code, item.place(problem.field), problem.message)
    asked = f" at {where}" if problem.entry else ""
    return diagnostic(problem.code, item.where, problem.message + asked)


def _piece(kind: PieceKind, item_id: str) -> Piece:
    """The preflight's name for one drawing (its content's line: the item's)."""
    item = next((i for i in kind.items if i.id == item_id), None)
    label = f"{kind.name} {item_id!r}" if item else f"the back of {kind.name}"
    return Piece(label, f"{kind.name} piece", item.where if item else kind.where)


def _examined(kit: Kit, look: Look, scene: Scene) -> Examined:
    """What the preflight finds on one drawing, remembered by what it reads."""
    key = digest("preflight declared", code_digest(), scene.name, scene.digest,
                 repr(scene.parts), look.shape, repr(look.safe), *kit.assets)

    def examine() -> Examined:
        fonts = kit.fonts
        placed = round_safe(kit, scene, look) if look.shape == "round" else \
            outside_safe(fonts, scene, look.safe)
        findings = [*placed, *missing_glyphs(fonts, scene), *small_text(scene),
                    *small_insignias(scene)]
        return Examined(scene.name, (scene.width, scene.height), tuple(findings))

    return kit.memo.get(key, examine)


def round_safe(kit: Kit, scene: Scene, look: Look) -> list[Finding]:
    """TKG501 for each text, symbol or badge whose ink reaches nearer the disc's edge
    than the safe zone allows (a round piece's corners are cut away)."""
    found = []
    r = look.size[0] / 2
    cx, cy = scene.width / 2, scene.height / 2
    for part, ink in inked(kit.fonts, scene):
        far = max(math.hypot(x - cx, y - cy) for x in (ink[0], ink[2]) for y in (ink[1], ink[3]))
        margin = r - far
        if margin >= look.safe - LENIENCY:
            continue
        told = (f"the {part.name} runs {-margin:.1f} mm past the disc's edge" if margin < 0 else
                f"the {part.name} comes {margin:.1f} mm from the disc's edge, inside the "
                f"{look.safe:g} mm safe zone")
        found.append(Finding("TKG501", part.name, entry(part), told, as_box(ink), margin))
    return found
