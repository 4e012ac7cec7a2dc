"""The layouts' own words in another language.

A look's text primitives hold words (`"Your Oink holds {rules.oink.capacity} life
tokens"`). A language file translates each by its source words (`layout:` in
`content/lang/<language>.yaml`), so one entry serves every look and every layout
that prints the same words.
"""

from __future__ import annotations

from dataclasses import replace

from generator.core.model import Location
from generator.layout.look import Look, Prim
from generator.layout.model import Layout
from generator.load.translations import LAYOUT, Translation, printed

TEXT = "text"  # the setting of a text primitive that holds its words


def layout_texts(layouts: tuple[Layout, ...]) -> dict[str, Location]:
    """Every text of the layouts' looks that holds words, and where it is first written."""
    found: dict[str, Location] = {}
    for layout in layouts:
        for look in layout.pieces:
            for prim in _all(look.front + look.back):
                words = prim.get(TEXT) if prim.op == TEXT else None
                if isinstance(words, str) and printed(words) and words not in found:
                    found[words] = layout.where(f"{prim.entry}.{TEXT}")
    return found


def _all(prims: tuple[Prim, ...]):
    for prim in prims:
        yield prim
        yield from _all(prim.children)


def translated_layout(layout: Layout, translation: Translation) -> Layout:
    """The layout with every look's words in the translation's language."""
    return replace(layout, pieces=tuple(translated_look(look, translation)
                                        for look in layout.pieces))


def translated_look(look: Look, translation: Translation) -> Look:
    """A look with its words translated (a text without a translation stays)."""
    return replace(look, front=_prims(look.front, translation),
                   back=_prims(look.back, translation))


def _prims(prims: tuple[Prim, ...], translation: Translation) -> tuple[Prim, ...]:
    return tuple(_prim(p, translation) for p in prims)


def _prim(prim: Prim, translation: Translation) -> Prim:
    values = prim.values
    if prim.op == TEXT:
        values = tuple((k, translation.text(f"{LAYOUT}{v}", v) if k == TEXT and
                        isinstance(v, str) else v) for k, v in values)
    return replace(prim, values=values, children=_prims(prim.children, translation))
