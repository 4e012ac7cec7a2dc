"""Art files read once per content, and what is wrong with them as diagnostics.

SVG art is read into shapes by `generator.draw.svgart`; a PNG is checked by
`generator.draw.pictures`, by its signature and by decoding it with Pillow (the library
the PDF backend reads it with).
Either is kept in the build's memo under the file's digest, so validation and drawing
read a file once, and a later build not at all. A file that fails is a TKG304
diagnostic at the tile's `art:` value, so a broken picture never ends a build with a
traceback or with a half-written PDF.
"""

from __future__ import annotations

from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.digest import digest
from generator.core.memo import Memo
from generator.core.model import Tile
from generator.core.paths import display_path
from generator.draw.pictures import picture_size
from generator.draw.scene import Group, Image, Scene, has_blur
from generator.load.digests import code_digest, file_digest


def svg_art(memo: Memo, path: Path) -> tuple[tuple[float, float, float, float], tuple]:
    """An SVG file's viewBox and shapes (`svgart.read_art`), kept under its digest.

    Raises ArtError (a ValueError) or OSError for a file that cannot be drawn.
    """
    box, items, _ = _svg_art(memo, path)
    return box, items


def _svg_art(memo: Memo, path: Path) -> tuple[tuple[float, float, float, float], tuple, bool]:
    """`svg_art`, and whether the shapes hold a blur (to bake where they are placed)."""
    def read(again: bool = False):
        from generator.draw.svgart import read_art  # svgelements loads only to read a file

        box, items = read_art(path, again=True) if again else read_art(path)
        # (the pictures it embeds and whether it blurs, found once: most art has neither)
        return box, items, tuple(image.path for image in images(items)), has_blur(items)

    box, items, pictures, blurred = memo.get(
        digest("svg art", code_digest(), file_digest(path)), read)
    if any(not picture.is_file() for picture in pictures):
        # A picture the file embeds is kept in the user's cache, which may have been
        # emptied since this was remembered: read the file again, which keeps it anew.
        box, items, _, blurred = read(again=True)
    return box, items, blurred


def picture_art(memo: Memo, path: Path) -> tuple[int, int]:
    """A PNG file's size in pixels, checked once under its digest (ValueError if broken)."""
    return memo.get(digest("png art", code_digest(), file_digest(path)),
                    lambda: picture_size(path))


def art_fault(memo: Memo, tile: Tile) -> str:
    """Why the tile's art cannot be drawn ("" when it can, or it has none).

    The file is read as the drawing reads it. The verdict is kept apart from the shapes,
    so checking an unchanged file again unpickles no drawing.
    """
    art = tile.art
    if art is None:
        return ""

    def judge() -> str:
        try:
            if art.suffix.lower() == ".svg":
                svg_art(memo, art)
            else:
                picture_art(memo, art)
        except (ValueError, OSError) as exc:  # ArtError is a ValueError
            return reason(exc)
        return ""

    return memo.get(digest("art verdict", code_digest(), file_digest(art)), judge)


def covering(memo: Memo, path: Path, box: tuple[float, float, float, float]) -> tuple:
    """A picture or an SVG's shapes covering the box (x, y, w, h mm), centred, cropped
    and never stretched, like a tile's art, its blurs baked at that size (ValueError or
    OSError for a file that cannot be drawn)."""
    if path.suffix.lower() != ".svg":
        picture_art(memo, path)
        return (Group((Image(*box, path),), clip=box),)
    (vx, vy, vw, vh), shapes, blurred = _svg_art(memo, path)
    scale = max(box[2] / vw, box[3] / vh)
    tx = box[0] + (box[2] - vw * scale) / 2 - vx * scale
    ty = box[1] + (box[3] - vh * scale) / 2 - vy * scale
    if blurred:  # painted now, at the size it prints (mm), as far as the box shows it
        from generator.draw.blur import baked  # numpy, only for art that blurs

        seen = ((box[0] - tx) / scale, (box[1] - ty) / scale,
                (box[0] + box[2] - tx) / scale, (box[1] + box[3] - ty) / scale)
        shapes = baked(memo, shapes, scale, seen)
    return (Group((Group(shapes, translate=(tx, ty), scale=scale),), clip=box),)


def reason(exc: Exception) -> str:
    """What went wrong reading a file, in words (an OSError's without its errno)."""
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def art_problem(tile: Tile, why: str) -> Diagnostic:
    """TKG304 at the tile's `art:`: which file, and why it cannot be drawn."""
    if tile.art is None:
        raise ValueError(f"the tile {tile.id!r} has no art file to find fault with")
    return diagnostic("TKG304", tile.art_where, f"the art of {tile.id!r}, "
                      f"{display_path(tile.art)}, cannot be drawn: {why}")


def images(items) -> list[Image]:
    """The pictures among items, groups (and their masks) opened."""
    found = []
    for item in items:
        if isinstance(item, Image):
            found.append(item)
        elif isinstance(item, Group):
            found += images(item.children) + images(item.mask)
    return found


def picture_digests(scene: Scene) -> list[str]:
    """Digests of the picture files a scene shows (its items name them only by path)."""
    return [file_digest(path) for path in scene.pictures]
