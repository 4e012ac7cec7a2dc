"""Drawings compiled once into PDF form XObjects, and linked into documents.

A scene compiles to a `CompiledForm`: its compressed content stream and the fonts,
states, gradients and pictures that stream names. The compiled form depends only on
the drawing and the files it uses, so it is remembered between builds (the memo) and
shared by every document that places the scene. `link_drawings` puts the forms into
a laid-out document (`generator.backends.pdf.link.Base`) with one embedded subset per
font file, holding exactly the glyphs its drawings use.
"""

from __future__ import annotations

import functools
import itertools
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from generator.backends.numbers import fmt as num
from generator.backends.pdf.link import Base, link
from generator.backends.pdf.ops import FORM_MARK, MASK_MARK, record
from generator.core.digest import digest
from generator.core.errors import RenderError
from generator.draw.art import picture_digests
from generator.draw.kit import Kit
from generator.draw.pictures import jpeg_as_stored, picture_size, upright
from generator.draw.scene import Scene
from generator.layout.units import PT
from generator.load.digests import code_digest, file_digest

LEVEL = 6  # zlib level: fixed, so the bytes are reproducible


@dataclass(frozen=True)
class CompiledForm:
    """A scene as a form XObject's stream (Flate), and the resources the stream names."""

    width: float  # points
    height: float
    stream: bytes
    glyphs: tuple[tuple[str, frozenset[int]], ...]  # font role -> glyph ids
    states: tuple[tuple[str, str], ...]
    shadings: tuple[tuple[str, str], ...]
    images: tuple[tuple[str, str], ...]  # XObject name -> picture file (see `images`)
    # XObject name -> the form of a piece the drawing places whole (a figure's tile),
    # whose fonts are the drawing's own: each is one object in a document however many
    # drawings place it.
    forms: tuple[tuple[str, CompiledForm], ...] = ()
    key: str = ""  # the memo key it was compiled under: one per drawing
    masks: tuple[tuple[str, bytes], ...] = ()  # state name -> a soft mask's group object
    # A group of the drawing's own (a see-through group's children, `Group.opacity`, or
    # a mask's shapes, `Group.mask`): a transparency group over this box (x0, y0, x1, y1)
    # of the coordinates the drawing places it in, not a piece.
    box: tuple[float, float, float, float] | None = None
    soft: bool = False  # a mask's group: in RGB, so its luminosity can mask (`box` set)
    # A group whose children blend with one another alone, not with what lies under it
    # (`box` set): SVG's isolated group, where art's blends mix.
    isolated: bool = False

    def nested(self) -> list[CompiledForm]:
        """The forms this one places, theirs too, each once, in the order they are met."""
        found: dict[str, CompiledForm] = {}
        for _, form in self.forms:
            for inner in (*form.nested(), form):
                found.setdefault(inner.key, inner)
        return list(found.values())


def compiled(scene: Scene, kit: Kit) -> CompiledForm:
    """The scene's compiled form: once per scene object, remembered between builds."""
    def remembered(s: Scene) -> CompiledForm:
        key = _form_key(s)
        return kit.memo.get(key, lambda: _compile(s, kit, key))

    return kit.memo.per(scene, "compiled form", remembered)


def _form_key(scene: Scene) -> str:
    # A PNG is named in the form by its path: its bytes are part of what the form shows.
    files = [f"{role}:{file_digest(path)}" for role, path in scene.fonts]
    return digest("form", code_digest(), scene.digest, *files,
                  *picture_digests(scene))


def _compile(scene: Scene, kit: Kit, key: str) -> CompiledForm:
    fonts = dict(scene.fonts)

    def metrics(role: str):
        if role not in fonts:
            raise RenderError(f"the drawing {scene.name} sets text in font role {role!r}, "
                              "which it does not list")
        return kit.fonts.metrics_of(fonts[role])

    def form_of(piece: Scene) -> CompiledForm | None:
        # A placed piece set in other font files than the drawing's is drawn inline:
        # a nested form takes its fonts from the drawing that places it.
        if any(fonts.get(role) != path for role, path in piece.fonts):
            return None
        return compiled(piece, kit)

    groups = itertools.count()

    def group_of(children: tuple, box, soft: bool = False,
                 isolated: bool = False) -> CompiledForm:
        # Keyed by the drawing's key and its place among the drawing's groups.
        inner = record(children, metrics, form_of, group_of)
        return _form(0.0, 0.0, inner.code, inner, digest("group", key, str(next(groups))),
                     box, soft, isolated)

    recorded = record(scene.items, metrics, form_of, group_of)
    height = scene.height * PT
    # The scene is in mm with y down; the form's own space is points with y up.
    code = f"{num(PT)} 0 0 {num(-PT)} 0 {num(height)} cm\n{recorded.code}"
    return _form(scene.width * PT, height, code, recorded, key)


def _form(width: float, height: float, code: str, recorded, key: str,
          box: tuple[float, float, float, float] | None = None, soft: bool = False,
          isolated: bool = False) -> CompiledForm:
    return CompiledForm(width, height, zlib.compress(code.encode("latin-1"), LEVEL),
                        recorded.glyphs, recorded.states, recorded.shadings,
                        tuple((name, str(path)) for name, path in recorded.images),
                        tuple((name, form) for name, form in recorded.forms
                              if isinstance(form, CompiledForm)),
                        key, recorded.masks, box, soft, isolated)


def link_drawings(base: Base, scenes: Mapping[str, Scene], kit: Kit) -> bytes:
    """The base document with every slot filled by the drawing of that name in `scenes`."""
    forms = {}
    for slot, _ in base.slots:
        if slot not in scenes:
            raise RenderError(f"internal error: no drawing for the slot {slot!r}")
        forms[slot] = compiled(scenes[slot], kit)
    plan = _Resources(base.size, kit)
    font_refs = plan.fonts(base.slots, scenes, forms)
    every = [f for form in forms.values() for f in (form, *form.nested())]
    image_refs, mask_refs = plan.images(every), plan.masks(every)
    placed = plan.placed(base.slots, forms, font_refs, image_refs, mask_refs)
    bodies = {number: _form_object(forms[slot], font_refs[slot], image_refs, placed, mask_refs)
              for slot, number in base.slots}
    return link(base, bodies, plan.appended)


class _Resources:
    """Numbers and bodies of the objects appended after the base's own."""

    def __init__(self, first: int, kit: Kit):
        self.next = first
        self.appended: list[bytes] = []
        self.memo, self.fonts_of = kit.memo, kit.fonts.metrics_of

    def add(self, bodies: list[bytes]) -> int:
        number = self.next
        self.appended += bodies
        self.next += len(bodies)
        return number

    def fonts(self, slots, scenes, forms) -> dict[str, dict[str, int]]:
        """One subset per font file with every glyph the drawings use; role refs per slot."""
        used: dict[Path, set[int]] = {}
        for slot, _ in slots:
            paths = dict(scenes[slot].fonts)
            for form in (forms[slot], *forms[slot].nested()):
                for role, gids in form.glyphs:
                    used.setdefault(paths[role], set()).update(gids)
        numbers = {}
        for path in sorted(used, key=lambda p: (p.name, str(p))):
            gids = frozenset(used[path]) | _everyday_glyphs(self.fonts_of(path))
            glyphs = digest(code_digest(), file_digest(path), repr(sorted(gids)))
            key = digest("font", glyphs, str(self.next))
            numbers[path] = self.add(self.memo.get(
                key, functools.partial(self.font, path, gids, self.next, glyphs)))
        # (a scene's fonts are Paths already: thousands of slots, no new Path each)
        return {slot: {role: numbers[path] for role, path in scenes[slot].fonts
                       if path in numbers} for slot, _ in slots}

    def font(self, path: Path, gids: frozenset[int], first: int, glyphs: str) -> list[bytes]:
        """The objects of the font's subset of `gids`, numbered from `first`."""
        from generator.backends.pdf.fonts import font_objects

        return font_objects(path, self.fonts_of(path), gids, first,
                            self.subset(path, gids, glyphs))

    def subset(self, path: Path, gids: frozenset[int], glyphs: str) -> tuple[bytes, dict]:
        """The font's subset of `gids`, made once whatever documents embed it (the
        subsetting is the slow part of a font's objects)."""
        from generator.backends.pdf.subset import subset_program

        return self.memo.get(digest("subset", glyphs),
                             lambda: subset_program(path, sorted(g for g in gids if g),
                                                    glyph_of=self.fonts_of(path).glyph_of))

    def placed(self, slots, forms, font_refs, image_refs, mask_refs) -> dict[str, int]:
        """One object per form a slot's drawing places (`CompiledForm.forms`), added
        innermost first so each refers to numbers already given; its fonts are those of
        the first slot that places it (every slot names them alike: see `_compile`)."""
        numbers: dict[str, int] = {}
        for slot, _ in slots:
            for form in forms[slot].nested():
                if form.key not in numbers:
                    body = _form_object(form, font_refs[slot], image_refs, numbers,
                                        mask_refs)
                    numbers[form.key] = self.add([body])
        return numbers

    def masks(self, forms) -> dict[tuple[str, str], int]:
        """One object per soft mask of a fading gradient, by its form and state name."""
        numbers: dict[tuple[str, str], int] = {}
        for form in forms:
            for name, body in form.masks:
                if (form.key, name) not in numbers:
                    numbers[form.key, name] = self.add([body])
        return numbers

    def images(self, forms) -> dict[str, int]:
        """One image XObject (and its soft mask) per picture file."""
        numbers = {}
        for path in sorted({p for form in forms for _, p in form.images}):
            key = digest("image", code_digest(), file_digest(Path(path)), str(self.next))
            numbers[path] = self.add(self.memo.get(
                key, functools.partial(image_objects, Path(path), self.next)))
        return numbers


# Always in a subset, used or not: a text edit rarely needs another character, so the
# subset (and the cached font objects) stay the same from one build to the next.
EVERYDAY = "".join(map(chr, range(0x20, 0x7F))) + "\u2018\u2019\u201c\u201d\u2013\u2014\u00b7\u2026"


def _everyday_glyphs(metrics) -> frozenset[int]:
    glyph_of = metrics.glyph_of
    return frozenset(glyph_of[c] for c in EVERYDAY if c in glyph_of)


def _form_object(form: CompiledForm, fonts: dict[str, int], images: dict[str, int],
                 placed: Mapping[str, int], masks: Mapping[tuple[str, str], int]) -> bytes:
    resources = ["/ProcSet [/PDF /Text /ImageC]"]
    roles = [role for role, _ in form.glyphs]
    if roles:
        resources.append(_dictionary("Font", [(f"F.{r}", f"{fonts[r]} 0 R") for r in roles]))
    if form.states:
        resources.append(_dictionary("ExtGState", [
            (name, _placing(_linked(state, f"{MASK_MARK}{name}{MASK_MARK}",
                                    masks.get((form.key, name))), placed))
            for name, state in form.states]))
    if form.shadings:
        resources.append(_dictionary("Shading", form.shadings))
    pictures = [(n, f"{images[p]} 0 R") for n, p in form.images]
    pieces = [(n, f"{placed[inner.key]} 0 R") for n, inner in form.forms]
    if pictures or pieces:
        resources.append(_dictionary("XObject", pictures + pieces))
    box, group = (0.0, 0.0, form.width, form.height), ""
    if form.box is not None:
        box, group = form.box, (f"/Group << /S /Transparency{' /CS /DeviceRGB' * form.soft}"
                                f"{' /I true' * form.isolated} >> ")
    head = (f"<< /Type /XObject /Subtype /Form /FormType 1 /BBox [{' '.join(map(num, box))}] "
            f"{group}/Resources << {' '.join(resources)} >> "
            f"/Filter /FlateDecode /Length {len(form.stream)} >>\nstream\n")
    return head.encode("latin-1") + form.stream + b"\nendstream"


def _placing(state: str, placed: Mapping[str, int]) -> str:
    """A state naming a form the drawing places (a mask's group) by its object number."""
    if FORM_MARK not in state:
        return state
    head, key, tail = state.split(FORM_MARK)
    return f"{head}{placed[key]} 0 R{tail}"


def _linked(state: str, mark: str, number: int | None) -> str:
    """A state naming its soft mask by the object number the document gave it."""
    return state if number is None else state.replace(mark, f"{number} 0 R")


def _dictionary(name: str, entries) -> str:
    return f"/{name} << " + " ".join(f"/{key} {value}" for key, value in entries) + " >>"


def image_objects(path: Path, first: int) -> list[bytes]:
    """A picture as an image XObject (number `first`): a JPEG that can be, as its own
    bytes; else an RGB image and, if it has alpha, its soft mask."""
    space = jpeg_as_stored(path)
    if space is not None:
        width, height = picture_size(path)
        return [_image(width, height, space, path.read_bytes(), "", "/DCTDecode")]
    if path.suffix.lower() != ".png":
        return _decoded(upright(path), False, first)
    from PIL import Image

    with Image.open(path) as image:
        image.load()
        has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
        return _decoded(image.convert("RGBA"), has_alpha, first)


def _decoded(rgba, has_alpha: bool, first: int) -> list[bytes]:
    width, height = rgba.size
    colour = zlib.compress(rgba.convert("RGB").tobytes(), LEVEL)
    mask = f" /SMask {first + 1} 0 R" if has_alpha else ""
    out = [_image(width, height, "/DeviceRGB", colour, mask)]
    if has_alpha:
        alpha = zlib.compress(rgba.getchannel("A").tobytes(), LEVEL)
        out.append(_image(width, height, "/DeviceGray", alpha, ""))
    return out


def _image(width: int, height: int, space: str, data: bytes, extra: str,
           compressed: str = "/FlateDecode") -> bytes:
    head = (f"<< /Type /XObject /Subtype /Image /Width {width} /Height {height} "
            f"/ColorSpace {space} /BitsPerComponent 8 /Filter {compressed} "
            f"/Length {len(data)}{extra} >>\nstream\n")
    return head.encode("latin-1") + data + b"\nendstream"
