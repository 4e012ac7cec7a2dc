"""Every drawing of one kind of piece in one layout: each item's front and its back.

The kinds' files, their sheets in the bundle, their print-shop pages, the PNGs and the
Tabletop Simulator export all take a kind's pieces from here, so they agree on what
each item looks like and on which back it has (`backs:` in its look).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.model import Item, PieceKind
from generator.draw.kit import Kit
from generator.draw.piece import BACK, FRONT, drawn
from generator.draw.scene import Scene
from generator.layout.look import Look
from generator.products.sheets import Piece


@dataclass(frozen=True)
class Side:
    """An item with its front and its back (None: printed on one side)."""

    item: Item
    front: Scene
    back: Scene | None


def sides(kit: Kit, kind: PieceKind, look: Look, bleed: float | None = None) -> list[Side]:
    """Every item of the kind with its front and back, at the look's bleed or `bleed`."""
    shared = drawn(kit, kind, look, None, BACK, bleed).scene if look.backs == "shared" \
        else None
    found = []
    for item in kind.items:
        front = drawn(kit, kind, look, item, FRONT, bleed).scene
        back = {"shared": shared, "face": front, "none": None}.get(look.backs) \
            if look.backs != "per-item" else drawn(kit, kind, look, item, BACK, bleed).scene
        found.append(Side(item, front, back))
    return found


def scenes(found: list[Side]) -> list[Scene]:
    """Each distinct drawing: every front, then each back that is not a front."""
    fronts = [s.front for s in found]
    names = {s.name for s in fronts}
    backs = {s.back.name: s.back for s in found if s.back is not None
             and s.back.name not in names}
    return fronts + list(backs.values())


def printed(found: list[Side]) -> list[Piece]:
    """Every printed piece: each item as many times as its copies."""
    return [Piece(s.front, s.back) for s in found for _ in range(s.item.copies)]
