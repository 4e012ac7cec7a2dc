"""A declared kind of piece drawn for one item: its look's primitives filled in with the
item's fields, the game's names and the rule numbers (`generator.draw.names`).

Drawing never stops at a mistake: what cannot be drawn is left out and becomes a
`Problem` saying what is wrong and where it is caused (a layout entry or an item's
field), so `tkg validate` reports every mistake of a look at once and a build, which
draws only what validated, draws exactly what was checked. A drawing is remembered in
the build's memo under everything it depends on, the image files it shows included.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.core.digest import digest
from generator.core.model import Item, PieceKind
from generator.draw.kit import Kit
from generator.draw.names import Names, game_names
from generator.draw.paint import Painter
from generator.draw.resolve import Problem
from generator.draw.scene import Ellipse, Rect, Scene, Style
from generator.layout.look import Look
from generator.load.digests import code_digest, file_digest

FRONT, BACK = "front", "back"


@dataclass(frozen=True)
class Drawn:
    """One side of one item, drawn, with what was wrong and the image files it shows."""

    scene: Scene
    problems: tuple[Problem, ...]
    images: tuple[Path, ...]


def scene_name(kind: str, item: Item | None, side: str) -> str:
    """The drawing's name: piece-<kind>-<item>, its back -<item>-back or piece-<kind>-back."""
    if item is None:
        return f"piece-{kind}-back"
    return f"piece-{kind}-{item.id}" + ("-back" if side == BACK else "")


def piece_scene(kit: Kit, kind: PieceKind, look: Look, item: Item | None, side: str,
                bleed: float | None = None) -> Drawn:
    """One side of a piece: the front of `item`, or its back (None: the shared back),
    at the look's bleed or at `bleed` mm (a print shop's), remembered in the memo."""
    bleed = look.bleed if bleed is None else bleed
    game = kit.memo.per(kit.game, "declared names' key",
                        lambda g: repr((sorted(game_names(g).items()), g.elements)))
    # The other items count too: a field missing here is TKG603 if they have it.
    base = digest("declared piece", code_digest(), kind.name, repr(look), repr(item),
                  repr(kind.items), side, repr(bleed), game, str(kit.game.content_dir),
                  *kit.assets)
    made: list[Drawn] = []

    def draw() -> Drawn:
        if not made:
            made.append(_draw(kit, kind, look, item, side, bleed))
        return made[0]

    images = kit.memo.get(f"{base}:images", lambda: draw().images)
    return kit.memo.get(digest(base, *(_digest(p) for p in images)), draw)


def _digest(path: Path) -> str:
    return file_digest(path) if path.is_file() else f"missing {path}"


def _draw(kit: Kit, kind: PieceKind, look: Look, item: Item | None, side: str,
          bleed: float) -> Drawn:
    names = Names(kit.game, kit.memo.per(kit.game, "declared names", game_names), item)
    painter = Painter(kit, kind, look, item, bleed)
    _ground(painter, look, names, bleed)
    painter.draw(look.front if side == FRONT else look.back, names, 0.0, 0.0)
    w, h = look.size[0] + 2 * bleed, look.size[1] + 2 * bleed
    what = item.id if item is not None else "the back"
    title = f"{kind.title}: {what}" + (" (back)" if side == BACK and item is not None else "")
    scene = Scene(scene_name(kind.name, item, side), w, h, bleed, tuple(painter.sketch.items),
                  title, painter.fonts(), tuple(painter.sketch.parts))
    scene.digest  # noqa: B018 - worked out now, so the memo keeps it with the scene
    return Drawn(scene, tuple(dict.fromkeys(painter.problems)), tuple(painter.images))


def _ground(painter: Painter, look: Look, names: Names, bleed: float) -> None:
    """The background over the whole piece, bleed included; on a round piece the
    surround fills the square and the background the disc."""
    w, h = look.size[0] + 2 * bleed, look.size[1] + 2 * bleed
    whole = (0.0, 0.0, w, h)
    entry = look.entry
    if look.shape == "round":
        surround = painter.colour(look.surround, names, f"{entry}.surround")
        if surround:
            painter.sketch.add("decor", "surround", f"{entry}.surround", whole,
                               [Rect(0, 0, w, h, Style(fill=surround))], layer=True)
        ground = painter.colour(look.background, names, f"{entry}.background")
        if ground:
            r = look.size[0] / 2
            painter.sketch.add("decor", "background", f"{entry}.background",
                               (bleed, bleed, 2 * r, 2 * r),
                               [Ellipse(w / 2, h / 2, r, r, Style(fill=ground))], layer=True)
        return
    ground = painter.colour(look.background, names, f"{entry}.background")
    if ground:
        painter.sketch.add("decor", "background", f"{entry}.background", whole,
                           [Rect(0, 0, w, h, Style(fill=ground))], layer=True)
