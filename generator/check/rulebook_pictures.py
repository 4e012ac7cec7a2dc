"""The pictures the rulebook's templates show (`![Setting up](art/setup.jpg)`), each told
at the line of the template that names it: a file that is missing or of another type
(TKG109-TKG116, as a tile's art), one that cannot be drawn (TKG307), one with too few
pixels for the size it prints at (TKG508 under 150 ppi, TKG509 under 300 ppi)."""

from __future__ import annotations

from pathlib import Path

from generator.check.preflight_pictures import GOOD_PPI, LEAST_PPI, MM_PER_INCH
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.memo import Memo
from generator.core.model import Game, Location
from generator.core.paths import display_path
from generator.draw.art import picture_art, reason
from generator.draw.picture_figure import picture_box
from generator.load.files import ART_SUFFIXES, content_file
from generator.text.context import Rendered, rulebook_layers
from generator.text.images import shown_pictures


def rulebook_pictures(sections: tuple[Rendered, ...], templates_dir: Path, language: str,
                      game: Game, memo: Memo) -> list[Diagnostic]:
    """The problems of each picture the rendered sections show, once a picture."""
    folders = rulebook_layers(templates_dir, language).folders
    found: list[Diagnostic] = []
    told: set[str] = set()
    for section in sections:
        for src, _ in shown_pictures(section.markdown):
            if src not in told:
                told.add(src)
                found += picture_problems(memo, game, src, _named_at(folders, section.name,
                                                                     src))
    return found


def picture_problems(memo: Memo, game: Game, src: str, where: Location) -> list[Diagnostic]:
    """What is wrong with the picture `src` names, told at `where`."""
    found: list[Diagnostic] = []
    path = content_file(game.content_dirs, src, where, ART_SUFFIXES, found)
    if path is None:
        return found
    try:
        width, height = picture_box(memo, path)
    except (ValueError, OSError) as exc:  # ArtError is a ValueError
        return [diagnostic("TKG307", where, f"the picture {display_path(path)} cannot be "
                           f"shown: {reason(exc)}", "Re-export it as plain SVG, PNG or JPEG.")]
    if path.suffix.lower() == ".svg":
        return []
    pixels_w, pixels_h = picture_art(memo, path)
    ppi = pixels_w / (width / MM_PER_INCH)
    if ppi >= GOOD_PPI:
        return []
    need = round(GOOD_PPI / ppi * max(pixels_w, pixels_h))
    return [diagnostic("TKG508" if ppi < LEAST_PPI else "TKG509", where,
                       f"the picture {display_path(path)}, {pixels_w} x {pixels_h} px over "
                       f"{width:.0f} x {height:.0f} mm in the rulebook, prints at {ppi:.0f} "
                       f"ppi; print wants {GOOD_PPI:g} ppi (about {need} px on its longer "
                       "side)")]


def _named_at(folders: tuple[Path, ...], name: str, src: str) -> Location:
    """Where the template `name` names the picture: the first folder's file that has the
    template, at the picture's address (its first line when a template computes it)."""
    path = next((f / name for f in folders if (f / name).is_file()), folders[0] / name)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    at = text.find(f"]({src})")
    if at < 0:
        return Location(display_path(path), 1, 1)
    line = text.count("\n", 0, at) + 1
    return Location(display_path(path), line, at - (text.rfind("\n", 0, at) + 1) + 3)
