"""Drawings as data: the one description both the SVG and the PDF backends draw.

A `Scene` is a list of primitives in millimetres, y pointing down, origin at the
top-left of the piece's bleed. `generator.draw.piece` builds scenes from the model and
a layout's looks; `svg` turns a scene into SVG text and `pdf` draws it on a reportlab
canvas, so the two outputs come from the same geometry and cannot disagree.
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path as FilePath


@dataclass(frozen=True)
class Gradient:
    """A gradient: linear, from (x1, y1) to (x2, y2); or radial, with a `radius`:
    circles round (x1, y1) out to it, from its `focus`. Its coordinates are fractions of
    the shape's box (SVG's objectBoundingBox: a box that is not square stretches its
    circles into ellipses), or, `user`, the drawing's own; `matrix` maps them first
    (SVG's gradientTransform, and the shape's own transform). `generator.draw.gradients`
    places it."""

    x1: float
    y1: float
    x2: float
    y2: float
    stops: tuple[tuple[float, str, float], ...]  # offset, colour, opacity
    radius: float = 0.0  # more than 0: radial, centred at (x1, y1)
    user: bool = False  # in the drawing's coordinates, not the box's
    matrix: tuple[float, float, float, float, float, float] | None = None  # a b c d e f
    focus: tuple[float, float] | None = None  # a radial gradient's; None: its centre
    spread: str = "pad"  # beyond its ends: pad, reflect or repeat (SVG's spreadMethod)


Paint = str | Gradient | None  # "#rrggbb", a gradient, or nothing
MITER_LIMIT = 4.0  # SVG's default stroke-miterlimit: what art, browsers and the SVG show


@dataclass(frozen=True)
class Style:
    """Fill and stroke of a shape."""

    fill: Paint = None
    stroke: str | None = None
    stroke_width: float = 0.0
    opacity: float = 1.0  # applies to fill and stroke alike
    evenodd: bool = False  # fill rule, for silhouettes with holes
    cap: str = "butt"  # a stroke's ends: butt, round or square
    join: str = "miter"  # a stroke's corners: miter, round or bevel
    # How far a mitred corner's point may reach, in stroke widths: past it, the corner
    # is bevelled (SVG's stroke-miterlimit; PDF's `M`, whose own default is 10).
    miter: float = MITER_LIMIT
    # A dashed stroke: the lengths of its dashes and gaps in turn (an even count) and how
    # far into them the stroke starts (SVG's stroke-dasharray and -dashoffset; PDF's `d`).
    dashes: tuple[float, ...] = ()
    dash_offset: float = 0.0

    def __repr__(self) -> str:
        # The digests of scenes are their items' reprs (and some forms' names hold
        # them): a style at SVG's miter limit, not dashed, shows as styles did before
        # they had either, so no drawing is keyed or named anew.
        text = (f"Style(fill={self.fill!r}, stroke={self.stroke!r}, "
                f"stroke_width={self.stroke_width!r}, opacity={self.opacity!r}, "
                f"evenodd={self.evenodd!r}, cap={self.cap!r}, join={self.join!r}")
        if self.miter != MITER_LIMIT:
            text += f", miter={self.miter!r}"
        if self.dashes:
            text += f", dashes={self.dashes!r}, dash_offset={self.dash_offset!r}"
        return text + ")"

    def __reduce__(self) -> tuple:
        # Drawings hold a style a shape and travel pickled (between a build's processes,
        # in the memo): a style at SVG's miter limit, not dashed, travels as its first
        # seven values alone, smaller than the dictionary of its fields.
        if self.miter == MITER_LIMIT and not self.dashes:
            return _solid_style, (self.fill, self.stroke, self.stroke_width, self.opacity,
                                  self.evenodd, self.cap, self.join)
        return _style, (self.__dict__,)


def _solid_style(fill: Paint, stroke: str | None, stroke_width: float, opacity: float,
                 evenodd: bool, cap: str, join: str) -> Style:
    return _style({"fill": fill, "stroke": stroke, "stroke_width": stroke_width,
                   "opacity": opacity, "evenodd": evenodd, "cap": cap, "join": join,
                   "miter": MITER_LIMIT, "dashes": (), "dash_offset": 0.0})


def _style(fields: dict) -> Style:
    style = object.__new__(Style)
    style.__dict__.update(fields)
    return style


@dataclass(frozen=True)
class Rect:
    """A rectangle, optionally with rounded corners."""

    x: float
    y: float
    w: float
    h: float
    style: Style
    r: float = 0.0


@dataclass(frozen=True)
class Ellipse:
    """An ellipse (a circle when rx == ry)."""

    cx: float
    cy: float
    rx: float
    ry: float
    style: Style


@dataclass(frozen=True)
class Path:
    """An outline from absolute commands: ("M", x, y), ("L", x, y), ("C", 6 values), ("Z",)."""

    commands: tuple[tuple, ...]
    style: Style


@dataclass(frozen=True)
class Text:
    """One line of text; `anchor` is start, middle or end; size in mm."""

    x: float
    y: float  # baseline
    text: str
    font: str  # font role, e.g. "title"
    size: float
    fill: str
    anchor: str = "start"


@dataclass(frozen=True)
class Image:
    """A PNG or JPEG picture in a box: covering it, cropped, unless `fit` says otherwise
    (SVG's preserveAspectRatio: "none" stretches it, "xMidYMid meet" shows it whole,
    centred; a picture inside SVG art is placed as its file says)."""

    x: float
    y: float
    w: float
    h: float
    path: FilePath
    fit: str = field(default="xMidYMid slice", repr=False)

    def __repr__(self) -> str:
        # The digests of scenes are their items' reprs: a picture that covers its box
        # shows as it did before pictures had a fit, so no drawing is keyed anew.
        text = (f"Image(x={self.x!r}, y={self.y!r}, w={self.w!r}, h={self.h!r}, "
                f"path={self.path!r})")
        return text if self.fit == "xMidYMid slice" else f"{text[:-1]}, fit={self.fit!r})"


@dataclass(frozen=True)
class Blur:
    """A Gaussian blur: its standard deviations across and down (in the parent's units,
    as a group's clip), in linear light (SVG's default) or in the colours' own values."""

    x: float
    y: float
    linear: bool = True


@dataclass(frozen=True)
class Group:
    """Children mapped by `scale` then `translate`, optionally clipped to a rectangle or
    an outline, masked, and laid at an opacity as one."""

    children: tuple
    translate: tuple[float, float] = (0.0, 0.0)
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None  # x, y, w, h in the parent
    label: str = ""  # a class for the SVG group, e.g. "insignia fire" (tests, stylesheets)
    # The whole piece whose items the children are, when the group places one (a figure's
    # tile): a backend may draw that piece once and place it (the PDF's nested forms).
    # It draws nothing the children do not, so it is left out of the digest.
    piece: Scene | None = field(default=None, compare=False, repr=False)
    # Below 1, the children are laid together first and the whole is laid at this
    # opacity, as SVG lays a see-through group (an Inkscape layer at 50 %): where they
    # overlap, only the top one shows through.
    opacity: float = field(default=1.0, repr=False)
    # An outline (M/L/C/Z commands, in the parent's coordinates, as `clip`) the children
    # are clipped to besides (SVG art's clipping path), filled by the even-odd rule or not.
    clip_path: tuple[tuple, ...] = field(default=(), repr=False)
    clip_evenodd: bool = field(default=False, repr=False)
    # Items (in the parent's coordinates) whose luminance says how much of the children
    # shows at each point (SVG art's mask): white shows them, black hides them.
    mask: tuple = field(default=(), repr=False)
    # The children laid whole and blurred (SVG art's filter), before the group's clip,
    # mask and opacity: a build bakes such a group into a picture at its print size
    # (`generator.draw.blur`), so no backend meets one.
    blur: Blur | None = field(default=None, repr=False)
    # Not "normal": the children are laid together first and the whole is blended with
    # what lies under it by this mode (SVG art's mix-blend-mode, `generator.draw.blend`).
    blend: str = field(default="normal", repr=False)
    # The children's blends mix with one another alone, not with what lies under the
    # group (SVG art's isolation: isolate; Inkscape's Isolate).
    isolate: bool = field(default=False, repr=False)

    def __repr__(self) -> str:
        # The digests of scenes are their items' reprs: a group with no opacity, clipping
        # path or mask shows as it did before groups had them, so no drawing is keyed
        # anew for them.
        text = (f"Group(children={self.children!r}, translate={self.translate!r}, "
                f"scale={self.scale!r}, clip={self.clip!r}, label={self.label!r})")
        extra = "".join(f", {name}={value!r}" for name, value in self._extra().items())
        return f"{text[:-1]}{extra})" if extra else text

    def _extra(self) -> dict[str, object]:
        """The fields set away from their defaults, of those the repr shows only then."""
        extra: dict[str, object] = {}
        if self.opacity != 1:
            extra["opacity"] = self.opacity
        if self.clip_path:
            extra["clip_path"], extra["clip_evenodd"] = self.clip_path, self.clip_evenodd
        if self.mask:
            extra["mask"] = self.mask
        if self.blur is not None:
            extra["blur"] = self.blur
        if self.blend != "normal":
            extra["blend"] = self.blend
        if self.isolate:
            extra["isolate"] = self.isolate
        return extra

    def __reduce__(self) -> tuple:
        # A group placing a whole piece holds the piece's own items (backends and digests
        # test `children is piece.items`); the piece's items travel packed (see Scene),
        # so the group is rebuilt from the piece, the same tuple again.
        if self.piece is not None and self.children is self.piece.items:
            return _placing, (self.piece, self.translate, self.scale, self.clip, self.label)
        tail: tuple = (self.opacity, self.clip_path, self.clip_evenodd, self.mask, self.blur,
                       self.blend, self.isolate)
        while tail and tail[-1] == _UNSET[len(tail) - 1]:  # most groups set none of them
            tail = tail[:-1]
        return Group, (self.children, self.translate, self.scale, self.clip, self.label,
                       self.piece, *tail)


# The defaults of the fields a group's pickle leaves out when they are not set.
_UNSET = (1.0, (), False, (), None, "normal", False)


def _placing(piece: Scene, translate: tuple[float, float], scale: float,
             clip: tuple[float, float, float, float] | None, label: str) -> Group:
    return Group(piece.items, translate, scale, clip, label, piece)


@dataclass(frozen=True)
class Part:
    """What a run of a scene's items shows and which layout entry placed it.

    The backends never read parts; the preflight (`generator.check.preflight`) does, to
    judge each drawn thing by what it is: text, a badge, art, a plate.
    """

    kind: str  # "art", "plate", "text", "badge", "symbol" or "decor"
    name: str  # what it shows, in words: "number", "insignia fire", "title"
    source: str  # the layout entry that placed it, e.g. "tile.number", "back.seal"
    box: tuple[float, float, float, float]  # where the layout put it in the scene: x, y, w, h
    span: tuple[int, int]  # its items are scene.items[start:stop]
    layer: bool = False  # other parts may lie over or under it (art, plates, backgrounds)
    content: bool = False  # what it shows comes from the content (a tile's words or art)
    round: bool = False  # the box bounds a circle (a badge)
    placed: str = ""  # the layout entry of its place, when not its own (a repeat's `at:`)
    field: str = ""  # the item's field it shows whole, if one: what it causes is told there


@dataclass(frozen=True)
class Scene:
    """A whole piece: its size (bleed included), its trim inset, and what to draw."""

    name: str  # unique per distinct drawing, e.g. "tile-ember-hollow"; forms reuse it
    width: float
    height: float
    bleed: float
    items: tuple
    title: str = ""  # a human label for the SVG <title>
    fonts: tuple[tuple[str, FilePath], ...] = field(default=(), compare=False)
    # What each run of items is, for the checks; no drawing depends on it.
    parts: tuple[Part, ...] = field(default=(), compare=False, repr=False)

    @property
    def trim(self) -> tuple[float, float]:
        """Width and height of the trim (the cut piece)."""
        return self.width - 2 * self.bleed, self.height - 2 * self.bleed

    def items_of(self, part: Part) -> tuple:
        """The items drawn for one of the scene's parts."""
        return self.items[part.span[0]:part.span[1]]

    @cached_property
    def digest(self) -> str:
        """sha1 of what the scene draws (size, bleed, items), worked out once per scene.

        Font files' absolute paths are left out, so the digest does not depend on where
        the content folder is. PDF forms, SVG memo keys and build fingerprints all use
        it, so a large scene's repr is made once, not once per use; a remembered scene
        keeps it (it is pickled with the scene). A whole piece the scene places counts by
        its own digest (`_stand_ins`).
        """
        items, _ = _stand_ins(self.items)
        return hashlib.sha1(repr((self.width, self.height, self.bleed, items)).encode()
                            ).hexdigest()

    @cached_property
    def pictures(self) -> tuple[FilePath, ...]:
        """The files of the pictures the scene shows (its items name them by path), in
        drawing order: worked out once per scene, as fingerprints and memo keys ask."""
        return _pictures(self.items)

    @cached_property
    def places_pieces(self) -> bool:
        """Whether a group places a whole piece (which names its own fonts' files):
        worked out where the scene is drawn, so a remembered scene moved to a copy of
        its project (`generator.draw.anchors`) is not unpacked to find out."""
        return _places_pieces(self.items)

    def with_fonts(self, fonts: tuple[tuple[str, FilePath], ...]) -> Scene:
        """The same drawing naming other font files (a copy of the project elsewhere):
        its items and what was worked out of them kept as they are, packed if they are
        (the fonts are in neither)."""
        moved = object.__new__(Scene)
        moved.__dict__.update(self.__dict__, fonts=fonts)
        return moved

    def __reduce__(self) -> tuple:
        """Pickled with its items packed apart, and unpickled without them: they are
        read when first asked for. Drawings cross between a build's processes and
        through the memo file far more often than anything looks at their shapes (the
        PDF forms and the SVG are made ahead where a piece is drawn, under the digest,
        which travels worked out), and a cold build's parent kept over a thousand
        objects a drawing it never read."""
        packed = self.__dict__.get(PACKED)
        if packed is None:
            packed = pickle.dumps(self.items, protocol=4)
        known = {name: self.__dict__[name] for name in WORKED_OUT if name in self.__dict__}
        return _unpickled_scene, (self.name, self.width, self.height, self.bleed, packed,
                                  self.title, self.fonts, self.parts, known)


ITEMS, PACKED = "_items", "_packed"  # where a scene keeps its items, read or still packed
WORKED_OUT = ("digest", "pictures", "places_pieces")  # cached properties, pickled with it


def _items(scene: Scene) -> tuple:
    found = scene.__dict__.get(ITEMS)
    if found is None:  # (the preview's threads reading one scene at once get one tuple)
        found = scene.__dict__.setdefault(ITEMS, pickle.loads(scene.__dict__[PACKED]))
    return found


def _set_items(scene: Scene, items: tuple) -> None:
    scene.__dict__[ITEMS] = items


# `items` is a field (made by __init__, compared, hashed and shown like the others) that
# reads its value from a scene's packed pickle when it has one (`Scene.__reduce__`). The
# property is set once the class is made: in the class body the dataclass would take it
# for the field's default.
setattr(Scene, "items", property(_items, _set_items))  # noqa: B010


def _unpickled_scene(name: str, width: float, height: float, bleed: float, packed: bytes,
                     title: str, fonts: tuple, parts: tuple, known: dict) -> Scene:
    scene = object.__new__(Scene)
    scene.__dict__.update(name=name, width=width, height=height, bleed=bleed, title=title,
                          fonts=fonts, parts=parts, **{PACKED: packed}, **known)
    return scene


def _pictures(items: tuple) -> tuple[FilePath, ...]:
    """The files of the pictures among `items`, groups opened (a whole piece a group
    places by the piece's own `pictures`, worked out once for all its places)."""
    found: list[FilePath] = []
    for item in items:
        if isinstance(item, Image):
            found.append(item.path)
        elif isinstance(item, Group) and item.piece is not None \
                and item.children is item.piece.items:
            found += item.piece.pictures
        elif isinstance(item, Group):
            found += _pictures(item.children) + _pictures(item.mask)
    return tuple(found)


def _places_pieces(items: tuple) -> bool:
    return any(isinstance(item, Group) and (item.piece is not None or _places_pieces(
        item.children) or _places_pieces(item.mask)) for item in items)


def _stand_ins(items: tuple) -> tuple[tuple, bool]:
    """The items with each whole piece a group places (`Group.piece`) stood in for by
    the piece's own digest, and whether there was one: a figure's twenty tiles are then
    not written out again for its digest (the items of a scene without one are its own,
    so its digest is the repr's as ever)."""
    out: list[object] = []
    stood_in = False
    for item in items:
        if isinstance(item, Group) and item.piece is not None \
                and item.children is item.piece.items:
            out.append(("piece", item.translate, item.scale, item.clip, item.label,
                        item.piece.digest))
            stood_in = True
        elif isinstance(item, Group):
            children, inner = _stand_ins(item.children)
            out.append(replace(item, children=children) if inner else item)
            stood_in = stood_in or inner
        else:
            out.append(item)
    return tuple(out), stood_in


def faded(shape, opacity: float):
    """The shape (a Rect, an Ellipse or a Path) laid at `opacity` times its own."""
    return replace(shape, style=replace(shape.style, opacity=shape.style.opacity * opacity))


def recolour(items: tuple, colour: str) -> tuple:
    """The same shapes with every fill and stroke set to one colour (for silhouettes),
    inside their groups too (a see-through or clipped group keeps its opacity or clip)."""
    def one(item):
        if isinstance(item, Group):
            return replace(item, children=recolour(item.children, colour))
        style = item.style
        return replace(item, style=replace(style, fill=colour if style.fill else None,
                                           stroke=colour if style.stroke else None))
    return tuple(one(item) for item in items)


def has_blur(items) -> bool:
    """Whether any group among the items (however deep, masks too) is blurred."""
    return any(isinstance(item, Group) and (item.blur is not None or has_blur(item.children)
                                            or has_blur(item.mask))
               for item in items)


def scenes_digest(scenes) -> str:
    """One digest for a sequence of scenes: their names, fonts' roles and drawings."""
    parts = [f"{s.name}|{[(r, p.name) for r, p in s.fonts]}|{s.digest}"
             for s in scenes]
    return hashlib.sha1("\n".join(parts).encode()).hexdigest()


def has_blend(items) -> bool:
    """Whether any group among the items (however deep) blends with what lies under it."""
    return any(isinstance(item, Group) and (item.blend != "normal" or has_blend(item.children))
               for item in items)


def stacks(group: Group) -> bool:
    """Whether the group lays its children together apart from what lies under it
    (SVG's stacking context: a clipped, masked, see-through, blended or isolated
    group): a blend among them mixes with them alone."""
    return group.clip is not None or bool(group.clip_path) or bool(group.mask) or \
        group.opacity < 1 or group.blend != "normal" or group.isolate


def blends_here(items) -> bool:
    """Whether a group among the items blends with what the items' own group lays under
    it: one not inside another group that `stacks` (which keeps its blends to itself)."""
    return any(isinstance(item, Group) and (item.blend != "normal" or (
        not stacks(item) and blends_here(item.children))) for item in items)
