"""SVG art written for a test and read as a build reads it."""

from __future__ import annotations

from pathlib import Path

from generator.draw.svgart import read_art


def art_items(folder: Path, body: str, view_box: str = "0 0 30 10") -> tuple:
    """The scene items of an SVG file holding `body` in a `view_box` as large as its
    width and height (the xlink namespace declared, as Inkscape's files have it)."""
    width, height = view_box.split()[2:]
    path = folder / "art.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" '
                    'xmlns:xlink="http://www.w3.org/1999/xlink" '
                    f'viewBox="{view_box}" width="{width}" height="{height}">{body}</svg>')
    return read_art(path)[1]
