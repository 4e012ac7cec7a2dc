"""Files named by the content, resolved and kept inside the content folder."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.limits import FONT_BYTES, IMAGE_BYTES, SVG_BYTES
from generator.core.model import Location
from generator.core.nearest import nearest
from generator.core.paths import display_path
from generator.core.reading import Refused, check_file

SIZE_LIMITS = {".svg": SVG_BYTES, ".ttf": FONT_BYTES, ".otf": FONT_BYTES,
               ".woff": FONT_BYTES, ".woff2": FONT_BYTES}
# TrueType fonts, OpenType ones of either outlines, and either packed for the web
FONT_SUFFIXES = (".ttf", ".otf", ".woff", ".woff2")
ART_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")  # drawn shapes, or pictures
# The names of a folder looked through for the one nearest a missing file's (a folder
# of a million files is not read whole to make a hint).
NEAREST_LOOKED_AT = 4096


def content_file(roots: Path | tuple[Path, ...], raw: str, where: Location,
                 suffixes: tuple[str, ...], diagnostics: list[Diagnostic]) -> Path | None:
    """The absolute path of a file named in the content, or None with a diagnostic.

    `roots` are the content folder and the one it extends (`generator.load.layers`):
    the file is the first folder's that has it. It must lie inside that folder (no
    absolute paths, no `..` escapes, no links out), have one of the suffixes, exist, be
    a regular file and be within its size limit.
    """
    folders = (roots,) if isinstance(roots, Path) else roots
    root = folders[0] if len(folders) == 1 else next(
        (f for f in folders if _has(f, raw)), folders[0])
    candidate = Path(raw)
    base = root.resolve()
    try:
        resolved = (base / candidate).resolve()
        resolved.exists()
    except (OSError, RuntimeError) as exc:  # a name too long, a loop of links
        diagnostics.append(diagnostic(
            "TKG109", where,
            f"{raw[:80]!r} cannot be looked up: {getattr(exc, 'strerror', '') or exc}",
            "give a shorter path to a file under the content folder"))
        return None
    if candidate.is_absolute() or not resolved.is_relative_to(base):
        diagnostics.append(diagnostic(
            "TKG110", where, f"{raw!r} lies outside the content folder {display_path(root)}"))
        return None
    # The type is judged by the name the designer wrote, not where a link leads.
    if candidate.suffix.lower() not in suffixes:
        diagnostics.append(diagnostic(
            "TKG113", where, f"{raw!r} is not one of {', '.join(suffixes)}",
            _instead(candidate.suffix.lower(), suffixes)))
        return None
    if resolved.is_dir():
        diagnostics.append(diagnostic(
            "TKG109", where, f"{raw!r} is a folder, not a file",
            "name the file inside it, or put the file at this path"))
        return None
    if not resolved.exists():
        under = " or ".join(display_path(f) for f in folders)
        diagnostics.append(diagnostic("TKG109", where, f"{raw!r} does not exist under {under}",
                                      _nearest_to(base, raw, suffixes)))
        return None
    try:
        check_file(resolved, SIZE_LIMITS.get(candidate.suffix.lower(), IMAGE_BYTES))
    except Refused as refused:
        diagnostics.append(diagnostic(refused.code, where, f"{raw!r}: {refused.reason}",
                                      refused.hint))
        return None
    return resolved


# What a file of a type tkg does not read is, and what to make of it, by the types a
# designer most often has at hand: (its suffixes, what it is, what to save it as, the
# type tkg reads in its place).
PICTURES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".tif", ".tiff", ".bmp", ".psd",
            ".heic", ".avif")
_OTHER_TYPES = (
    ((".ttc", ".otc", ".dfont"), "a collection of fonts", "save the one face you want "
     "as a .ttf or an .otf (FontForge opens the collection and saves a face)", ".ttf"),
    ((".pfb", ".pfa", ".afm", ".pfm"), "a Type 1 font, which print programs have left "
     "behind", "use the OpenType (.otf) or TrueType (.ttf) version of the font", ".ttf"),
    (PICTURES, "a picture", "export it as PNG or JPEG, at 300 pixels an inch of the size "
     "it prints at", ".png"),
    ((".ai", ".eps", ".pdf", ".cdr"), "a drawing", "export it as SVG (Illustrator: "
     "File > Export > Export As > SVG; Inkscape opens it and saves it as Plain SVG)",
     ".svg"),
)


def _instead(suffix: str, suffixes: tuple[str, ...]) -> str | None:
    """What to do with a file of a type tkg does not read where one of `suffixes` goes."""
    if suffixes == (".svg",) and suffix in PICTURES:  # an insignia: a silhouette
        return (f"{suffix} is a picture, and this is drawn as a silhouette of shapes: an "
                "SVG (Inkscape traces a picture into shapes: Path > Trace Bitmap)")
    return next((f"{suffix} is {what}: {then}" for types, what, then, read in _OTHER_TYPES
                 if suffix in types and read in suffixes), None)


def _nearest_to(base: Path, raw: str, suffixes: tuple[str, ...]) -> str | None:
    """The hint for a missing file: the nearest file of its folder; a path written with
    Windows' \\ is looked up as the / every system takes in content files."""
    written = Path(raw.replace("\\", "/"))
    if written.as_posix() != raw and (base / written).is_file():
        return f"did you mean {written.as_posix()!r}?"
    return _nearest((base / written).parent, written, suffixes)


def _nearest(folder: Path, written: Path, suffixes: tuple[str, ...]) -> str | None:
    """"did you mean 'art/tidewell.svg'?" for the file of the folder the missing one is
    named in whose name is nearest the one written (a letter left out, or its case);
    None (the code's own hint) when the folder is not there or holds nothing like it."""
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in itertools.islice(entries, NEAREST_LOOKED_AT)
                     if Path(e.name).suffix.lower() in suffixes]
    except OSError:
        return None
    close = nearest(written.name, names)
    return f"did you mean {(written.parent / close).as_posix()!r}?" if close else None


def _has(folder: Path, raw: str) -> bool:
    """Whether `raw` names something in `folder` (a link counts, wherever it leads)."""
    path = folder / raw
    try:
        return path.exists() or path.is_symlink()
    except (OSError, ValueError):  # a name too long: told where it is judged
        return False
