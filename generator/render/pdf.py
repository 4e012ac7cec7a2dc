"""Draw scenes on a reportlab canvas, each distinct scene once as a form XObject.

A scene is drawn into a form the first time a canvas needs it and placed with
`doForm` after that, so 120 tokens cost four drawings. A form is named by the scene's
name and a digest of its drawing (`form_name`): two different drawings under one name
(a tile in two layouts, side by side in the comparison) never share a form. Coordinates:
scenes are mm with y down; `place` takes the lower-left corner of the scene in points.
"""

from __future__ import annotations

from generator.errors import RenderError
from generator.layout.units import PT
from generator.render.fonts import register
from generator.render.pdfops import record
from generator.render.scene import Image, PerScene, Scene, drawing_digest

COLOURS: dict[str, object] = {}


def colour(hex_colour: str):
    """A reportlab colour for #rrggbb (cached: the same few colours recur everywhere)."""
    from reportlab.lib.colors import HexColor

    if hex_colour not in COLOURS:
        COLOURS[hex_colour] = HexColor(hex_colour)
    return COLOURS[hex_colour]


def ensure_form(canvas, scene: Scene) -> str:
    """Define the scene as a form on this canvas if it is not yet; return the form name."""
    forms = canvas.__dict__.setdefault("_tkg_forms", set())
    name = form_name(scene)
    if name not in forms:
        for role, path in scene.fonts:
            register(role, path)
        canvas.beginForm(name, 0, 0, scene.width * PT, scene.height * PT)
        canvas.transform(PT, 0, 0, -PT, 0, scene.height * PT)  # mm, y down, like the SVG
        replay(canvas, operators(scene))
        canvas.endForm(Resources=_form_resources(canvas))
        forms.add(name)
    return name


def form_name(scene: Scene) -> str:
    """`<scene name>.<digest of the drawing>`: equal drawings share it, different ones never.

    The digest covers the size and the items, not the font files' absolute paths, so
    the bytes do not depend on where the content folder is. Computed once per scene
    object (`generator.render.scene.drawing_digest`).
    """
    return f"{scene.name}.{drawing_digest(scene)[:12]}"


def _form_resources(canvas):
    # reportlab leaves a form's transparency states and shadings out of its resources
    # (it only wires them for pages), so opacity and gradients in a form would be lost.
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if canvas._formsinuse:
        resources.XObject = canvas._doc.xobjDict(canvas._formsinuse)
    resources.ExtGState = canvas._extgstate.getState()
    resources.setShading(canvas._shadingUsed)
    resources.setColorSpace(canvas._colorsUsed)
    return resources


_OPS = PerScene(limit=1024)


def operators(scene: Scene) -> list:
    """The scene's recorded operators, made once per scene and kept for every canvas."""
    return _OPS.get(scene, lambda s: record(s.items))


def replay(canvas, ops: list) -> None:
    """Append recorded operators to the canvas's current stream, calling the rest."""
    code = canvas._code  # reportlab's own list of content-stream chunks
    for op in ops:
        if isinstance(op, str):
            code.append(op)
        else:
            op(canvas)
            code = canvas._code


def place(canvas, scene: Scene, x: float, y: float, scale: float = 1.0,
          clip: tuple[float, float, float, float] | None = None) -> None:
    """Draw the scene with its lower-left corner at (x, y) points, optionally clipped.

    `clip` is (x, y, w, h) in points on the page: what shows of the bleed on a sheet.
    """
    name = ensure_form(canvas, scene)
    canvas.saveState()
    if clip is not None:
        path = canvas.beginPath()
        path.rect(*clip)
        canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(x, y)
    if scale != 1.0:
        canvas.scale(scale, scale)
    canvas.doForm(name)
    canvas.restoreState()


def foreign_svg(c, i: Image) -> None:
    """Place art the simple reader cannot take through svglib, scaled to cover its box."""
    # Art that the simple reader cannot take goes through svglib, scaled to cover.
    from reportlab.graphics import renderPDF
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(str(i.path))
    if drawing is None or not drawing.width or not drawing.height:
        raise RenderError(f"svglib cannot read {i.path}")
    scale = max(i.w / drawing.width, i.h / drawing.height)
    c.translate((i.w - drawing.width * scale) / 2, (i.h - drawing.height * scale) / 2)
    c.scale(scale, scale)
    renderPDF.draw(drawing, c, 0, 0)
