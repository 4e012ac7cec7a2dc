"""Every piece as a print shop sees it: its face, its back, how many, at any bleed.

Each kind lists its designs (`tiles.designs`, `declared.designs`...); the print-shop
files (a page per distinct face and back), the PNG export (a picture per face and
back, and a manifest pairing them) and the Tabletop Simulator export all read them, so
they agree on what the game is made of.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw.scene import Group, Scene
from generator.layout.look import Look


@dataclass(frozen=True)
class Design:
    """One printed piece: what is on each side and how many the game holds."""

    group: str  # the folder its pictures go in: tiles, tokens, oinks, aids
    key: str  # its file name: the tile's id, the element's id
    name: str  # in words, for manifests and tables
    face: Scene
    back: Scene | None  # None: printed on one side only
    count: int
    disc: float = 0.0  # mm across the round face (ring included); 0: a square piece
    look: str = ""  # the layout's look it is drawn in ("tile", "token", "world-mats")


def distinct(designs: list[Design]) -> list[Scene]:
    """Each different face, then each different back, in the designs' order."""
    found: dict[str, Scene] = {}
    for scene in [*(d.face for d in designs), *(d.back for d in designs if d.back)]:
        found.setdefault(scene.name, scene)
    return list(found.values())


def disc_of(look: Look) -> float:
    """A design's round face across, mm (0: a square piece)."""
    return look.face if look.shape == "round" else 0.0


def round_scene(design: Design) -> Scene:
    """A round piece's face alone: the square around it not painted, cut to the disc.

    The surround exists to be cut away; without it, and on a transparent ground, the
    face is what a screen or a tabletop program shows of the piece.
    """
    face = design.face
    drop = {i for p in face.parts if p.source.endswith(".surround") for i in range(*p.span)}
    kept = tuple(item for i, item in enumerate(face.items) if i not in drop)
    side = design.disc
    offset = face.width / 2 - side / 2  # the disc is centred on the piece
    return Scene(f"{face.name}-round", side, side, 0.0,
                 (Group(kept, translate=(-offset, -offset)),), f"{face.title} (round)",
                 face.fonts)
