"""Whether text and symbols stand out from what lies behind them (TKG505, TKG506).

What lies under a thing is worked out from the scene's shapes drawn before it
(`generator.draw.beneath`); nothing is rasterised. Text is judged glyph by glyph
against what lies under each glyph's box: a ring that crosses a letter counts where
it crosses it, not averaged away over the whole box, and the worst glyph of a text
speaks for it (a colour under less than a sliver of a glyph's box, `SLIVER`, is not
held against it). Another part's words and labels are no background: a text over them
overlaps them (TKG503). A silhouette is judged against the average of what lies under
the silhouette itself (a badge's disc included). The contrast is WCAG's ratio. Text
needs 4.5:1 (a warning below) and at least 3:1 (an error below); a symbol, a graphic,
needs 3:1 (WCAG 2.1, 1.4.11), so it has no warning tier.
"""

from __future__ import annotations

from generator.check.preflight_findings import Finding
from generator.core.digest import digest
from generator.core.memo import Memo
from generator.draw.beneath import Beneath, Layer, hexed, mean_colour, worst_colour
from generator.draw.colour import contrast
from generator.draw.fonts import FontBook
from generator.draw.geometry import Bounds, leaves, subpaths
from generator.draw.ink import glyph_boxes, line_reach
from generator.draw.scene import Group, Image, Part, Path, Scene, Text
from generator.load.digests import code_digest, file_digest

TEXT_GOOD, LEAST = 4.5, 3.0
SYMBOLS = ("badge", "symbol")  # the parts whose silhouettes are judged
SLIVER = 0.15  # a colour under less of a glyph's box than this does not count


def contrasts(fonts: FontBook, scene: Scene, memo: Memo | None = None) -> list[Finding]:
    """TKG505 and TKG506 for each text and symbol of the scene that reads poorly. A
    symbol looked at point by point is remembered in `memo` by what it and its ground
    are: the same badge over the same ground (another language's side of the piece,
    whose words are no ground) is looked at once."""
    memo = Memo() if memo is None else memo
    found: list[Finding] = []
    looked_at = [p for p in scene.parts if p.kind == "text" or p.kind in SYMBOLS]
    words = frozenset(n for p in scene.parts if p.kind == "text" for n in range(*p.span))
    beneath = Beneath(scene, words) if looked_at else None
    for part in looked_at:
        assert beneath is not None
        items = scene.items_of(part)
        found += (_text(part, items, beneath, fonts) if part.kind == "text" else
                  _symbols(part, items, part.span[0], beneath, memo))
    return found


def _text(part: Part, items: tuple, beneath: Beneath, fonts: FontBook) -> list[Finding]:
    worst: tuple[float, str, str, str, tuple] | None = None
    own = range(*part.span)  # what the part drew first counts too (a label's ground)
    lines = [(order, item) for order, item in enumerate(items, part.span[0])
             if isinstance(item, Text)]
    settled = _reading_well(lines, beneath, fonts, own)
    for order, text in lines:
        if text.fill in settled:
            continue
        glyphs, seq = glyph_boxes(text, fonts), beneath.start(order)
        line = beneath.colour_range(_union(glyphs), seq, own=own) if glyphs else None
        if line is None or line.worst(text.fill) >= TEXT_GOOD:
            continue  # nothing under the line can make it read poorly
        for char, box in glyphs:
            seen = _glyph(text.fill, box, seq, beneath, own)
            if seen is not None and (worst is None or seen[0] < worst[0]):
                worst = (seen[0], text.fill, seen[1], char, box)
    if worst is None or worst[0] >= TEXT_GOOD:
        return []
    ratio, ink, behind, char, (x0, y0, x1, y1) = worst
    code = "TKG505" if ratio < LEAST else "TKG506"
    need = TEXT_GOOD if ratio >= LEAST else LEAST
    return [Finding(code, part.name, f"{part.source}.colour",
                    f"the {part.name}, {ink} on {behind} (under its letter {char!r}), "
                    f"contrasts {ratio:.2f}:1; text needs {need:g}:1",
                    (x0, y0, x1 - x0, y1 - y0), ratio)]


def _reading_well(lines: list[tuple[int, Text]], beneath: Beneath, fonts: FontBook,
                  own: range) -> set[str]:
    """The inks whose lines all read well whatever lies under a rectangle holding all
    their ink: for a flow of words on a plain ground, one question an ink, not one a
    line. A larger box, and the part's own shapes drawn among those lines counted as
    covering only some of it, can only widen the range of colours under each glyph
    (`Beneath.colour_range`); the shapes drawn after the last of them (a tag's label
    behind its own words) are not under them."""
    by_ink: dict[str, list[tuple[int, Text]]] = {}
    for order, text in lines:
        by_ink.setdefault(text.fill, []).append((order, text))
    settled = set()
    for ink, inked in by_ink.items():
        if len(inked) < 2:  # a line's own question costs as much
            continue
        reaches = [line_reach(text, fonts) for _, text in inked]
        box = (min(b[0] for b in reaches), min(b[1] for b in reaches),
               max(b[2] for b in reaches), max(b[3] for b in reaches))
        seen = beneath.colour_range(box, beneath.start(inked[0][0]), own=own,
                                    until=beneath.start(inked[-1][0]))
        if seen.worst(ink) >= TEXT_GOOD:
            settled.add(ink)
    return settled


def _union(glyphs: list[tuple[str, Bounds]]) -> Bounds:
    return (min(b[0] for _, b in glyphs), min(b[1] for _, b in glyphs),
            max(b[2] for _, b in glyphs), max(b[3] for _, b in glyphs))


def _glyph(ink: str, box, before: int, beneath: Beneath,
           own: range) -> tuple[float, str] | None:
    """The contrast of one glyph with the worst colour under it, and that colour; None
    when the range of what lies there reads well whatever it is."""
    if beneath.colour_range(box, before, own=own).worst(ink) >= TEXT_GOOD:
        return None
    ratio, colour = worst_colour(beneath.colours(box, before, own=own), ink, SLIVER)
    return ratio, hexed(colour)


def _symbols(part: Part, items: tuple, order: int, beneath: Beneath, memo: Memo
             ) -> list[Finding]:
    """Each silhouette (a group inside a badge, or the part itself) against what is
    drawn under it, the rest of the part (a badge's disc) included."""
    found = []
    for number, item in enumerate(items, order):
        seq = beneath.start(number)
        for shape in item.children if part.kind == "badge" else (item,):
            count = sum(1 for _ in leaves((shape,)))
            if isinstance(shape, Group):
                found += _symbol(part, shape, beneath, seq, seq + count, memo)
            seq += count
    return found


def _symbol(part: Part, symbol: Group, beneath: Beneath, first: int,
            stop: int, memo: Memo) -> list[Finding]:
    ink, shapes = _ink(symbol), beneath.shapes(first, stop)
    if ink is None or not shapes:
        return []
    box = (min(s.bounds[0] for s in shapes), min(s.bounds[1] for s in shapes),
           max(s.bounds[2] for s in shapes), max(s.bounds[3] for s in shapes))
    points = [p for s in shapes if isinstance(s.item, Path)
              for outline, _ in subpaths(s.item, s.place) for p in outline]
    if beneath.colour_range(box, first, points).worst(ink) >= LEAST:
        return []
    ground = [layer for layer, _, _ in beneath.under(box, first)]
    key = digest("symbol on its ground", code_digest(), repr((part.name, part.source,
                 part.box, ink)), _drawn(shapes), _drawn(ground))
    return memo.get(key, lambda: _sampled(part, ink, shapes, box, beneath, first))


def _drawn(layers: list[Layer]) -> str:
    """What the layers paint, wherever they come in the drawing order: a picture by its
    file's digest too (the item names it by path only, and a picture saved again in
    its same size is placed as before)."""
    return repr([(layer.item, layer.place,
                  file_digest(layer.item.path) if isinstance(layer.item, Image) else "")
                 for layer in layers])


def _sampled(part: Part, ink: str, shapes: list[Layer], box: Bounds, beneath: Beneath,
             first: int) -> list[Finding]:
    """TKG505 for a symbol whose ink contrasts too little with the average of the
    colours under its silhouette, looked at point by point."""
    under = beneath.colours(box, first, within=[(s.item, s.place) for s in shapes])
    behind = hexed(mean_colour(under))
    ratio = contrast(ink, behind)
    if ratio >= LEAST:
        return []
    return [Finding("TKG505", f"{part.name} symbol", f"{part.source}.colour",
                    f"the symbol of the {part.name}, {ink} on {behind}, contrasts "
                    f"{ratio:.2f}:1; a symbol needs {LEAST:g}:1", part.box, ratio)]


def _ink(group: Group) -> str | None:
    """The one colour a silhouette is painted in (symbols are recoloured whole)."""
    for item in group.children:
        if isinstance(item, Group):
            found = _ink(item)
            if found:
                return found
        elif hasattr(item, "style"):
            paint = item.style.fill or item.style.stroke
            if isinstance(paint, str):
                return paint
    return None
