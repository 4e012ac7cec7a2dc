"""What a kind's files are made from, and the one digest of it that is its fingerprint.

Each kind reads the request and the kit once, in its `inputs` function, into frozen
data: the drawings (scenes), the few values its files print besides them, the files
it copies. Its make step makes its files from that data alone, and its fingerprint is
the digest of the same data (`fingerprint_of`). So a kind cannot depend on a value its
fingerprint leaves out, and a value no file of the kind shows (a rule its drawings do
not print, a sheet margin for a kind with no sheets) does not make it again.

Most kinds are pieces: an SVG per drawing, the fonts those drawings use, perhaps a small
index file and per-paper sheets (`PieceFiles`, made by `piece_files`).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from generator.backends.pdf.document import render_pdf
from generator.backends.svg import scene_svg
from generator.core.artefacts import Artefact
from generator.core.model import Game
from generator.draw.art import picture_digests
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.layout.look import Look
from generator.layout.model import SheetLayout
from generator.load.digests import file_digest, tree_digest
from generator.load.fonts import font_licences, shipped_font
from generator.products.piece_sheets import PiecePages
from generator.products.sheets import Run, draw_runs


def drawn(scene: Scene) -> Iterator[str]:
    """A drawing as a fingerprint sees it: all it draws, and the pictures it shows."""
    fonts = [(role, path.name) for role, path in scene.fonts]
    yield f"scene {scene.name}|{scene.title}|{fonts}|{scene.digest}"
    yield from picture_digests(scene)


def shapes(scene: Scene) -> Iterator[str]:
    """A drawing as a page's layout sees it: its name and size (what it draws is placed
    as a form, linked in after the layout)."""
    yield f"scene {scene.name} {scene.width!r} {scene.height!r} {scene.bleed!r}"


def fingerprint_of(value: object, scenes: Callable[[Scene], Iterator[str]] = drawn) -> str:
    """The digest of a kind's inputs: every value in them, a drawing as `scenes` sees it
    (by default all it draws), a file or folder by its bytes."""
    parts: list[str] = []
    _Parts(scenes, parts).add(value)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


# Values written as their repr, the inputs' leaves (their exact types: a subclass may
# be a dataclass or a tuple, and is looked at as one).
_PLAIN = frozenset({str, int, float, bool, type(None)})


class _Parts:
    """Lists a value's parts in order, each a line of the text the digest is of. (Calls
    on a list, not generators within generators: a kind's inputs hold some ten thousand
    values, and each level of `yield from` cost every value beneath it a step.)"""

    def __init__(self, scenes: Callable[[Scene], Iterator[str]], parts: list[str]) -> None:
        self.scenes = scenes
        self.parts = parts
        self.compared: dict[type, tuple[str, ...]] = {}  # a dataclass's compared fields

    def add(self, value: object) -> None:
        """Append the lines of `value`."""
        parts = self.parts
        if type(value) in _PLAIN:
            parts.append(repr(value))
        elif isinstance(value, Scene):
            parts.extend(self.scenes(value))
        elif isinstance(value, Path):
            parts.append(f"{value.name}:"
                         f"{tree_digest(value) if value.is_dir() else file_digest(value)}")
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            parts.append(type(value).__name__)
            for name in self._fields(value):
                self.add(getattr(value, name))
        elif isinstance(value, (tuple, list)):
            parts.append(f"[{len(value)}")
            for part in value:
                self.add(part)
        elif isinstance(value, dict):
            parts.append(f"{{{len(value)}")
            for key in sorted(value, key=repr):
                parts.append(repr(key))
                self.add(value[key])
        else:
            parts.append(repr(value))

    def _fields(self, value: object) -> tuple[str, ...]:
        kind = type(value)
        names = self.compared.get(kind)
        if names is None:  # what equality leaves out is where a value was written
            names = self.compared[kind] = tuple(
                f.name for f in dataclasses.fields(value) if f.compare)  # type: ignore[arg-type]
        return names


@dataclass(frozen=True)
class Drawing:
    """A piece's SVG: where it goes, what it draws, and the guides the preview shows on
    it (its bleed, its look's safe zone, a round piece's face across; 0: square)."""

    path: str
    scene: Scene
    guides: tuple[float, float, float]


def drawing(path: str, scene: Scene, look: Look) -> Drawing:
    """A piece's SVG at `path`, with its look's guides."""
    face = look.face if look.shape == "round" else 0.0
    return Drawing(path, scene, (scene.bleed, look.safe, face))


@dataclass(frozen=True)
class SheetsFile:
    """A PDF of one paper's sheets of pieces in grids, with crop marks, then the pages
    of pieces no grid holds (a mat: one a page, or over pages glued)."""

    path: str
    paper: str
    title: str
    runs: tuple[Run, ...]
    sheet: SheetLayout
    pages: tuple[PiecePages, ...] = ()


@dataclass(frozen=True)
class PieceFiles:
    """A kind of pieces' own files: its SVGs, small files made beside them (the tiles'
    index), per-paper sheets, and the fonts and licences the SVGs load."""

    kind: str
    drawings: tuple[Drawing, ...]
    fonts: tuple[Path, ...]
    extra: tuple[tuple[str, bytes], ...] = ()
    sheets: tuple[SheetsFile, ...] = ()


def piece_files(made: PieceFiles, kit: Kit) -> list[Artefact]:
    """A kind of pieces' files, from its inputs alone."""
    out = [Artefact(d.path, scene_svg(d.scene, kit.memo, standalone=True).encode(), made.kind,
                    guides=d.guides) for d in made.drawings]
    out += [Artefact(path, data, made.kind) for path, data in made.extra]
    out += [Artefact(f"fonts/{p.name}", shipped_font(p), made.kind) for p in made.fonts]
    for sheets in made.sheets:
        data, pages = render_pdf(kit, sheets.title, partial(_sheets, sheets))
        out.append(Artefact(sheets.path, data, made.kind, pages, paper=sheets.paper))
    return out


def _sheets(sheets: SheetsFile, canvas) -> None:
    draw_runs(canvas, list(sheets.runs), sheets.sheet)
    for pages in sheets.pages:
        pages.draw(canvas)


def font_files(game: Game, scenes: Sequence[Scene]) -> tuple[Path, ...]:
    """The TTFs the scenes set their text in, and the licence files beside them: the
    SVGs load the shipped fonts from output/fonts/, and the licences travel with them."""
    roles = {role for scene in scenes for role, _ in scene.fonts}
    paths = sorted({path for r in roles if (path := game.font(r)) is not None})
    return (*paths, *font_licences(paths))

