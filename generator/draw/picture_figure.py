"""A picture a rulebook template shows (`![Setting up for three](art/setup.jpg)`): a PNG,
JPEG or SVG from the content folder as a figure of the rulebook, as wide as a column,
never taller than `MOST_HEIGHT`, its proportions kept.

The PDF and the HTML show it as they show the drawn figures (the same scene), so a
photograph of the table or a diagram drawn elsewhere prints and reads alike.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.core.memo import Memo
from generator.draw.art import covering, picture_art, svg_art
from generator.draw.scene import Scene

COLUMN = 84.0  # mm: one column of the A4 rulebook, the drawn figures' width too
MOST_HEIGHT = 110.0  # mm: a tall picture is narrowed to this, to sit in a column


def picture_box(memo: Memo, path: Path) -> tuple[float, float]:
    """The width and height (mm) the picture is shown at (ValueError or OSError for a
    file that cannot be drawn)."""
    if path.suffix.lower() == ".svg":
        _, _, width, height = svg_art(memo, path)[0]
    else:
        width, height = picture_art(memo, path)
    shown = min(COLUMN, MOST_HEIGHT * width / height)
    return shown, shown * height / width


def picture_figure(memo: Memo, src: str, path: Path, caption: str = "") -> Scene:
    """The picture at `path` (as the template names it, `src`) as a figure's scene."""
    width, height = picture_box(memo, path)
    name = "picture-" + re.sub(r"[^a-z0-9]+", "-", src.lower()).strip("-")
    return Scene(name, width, height, 0.0, covering(memo, path, (0.0, 0.0, width, height)),
                 caption or src)
