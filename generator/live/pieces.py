"""The gallery's pieces: each SVG of the manifest with its name, number and elements.

The manifest says which SVGs there are and their hashes; the build's tile index
(`svg/tiles.json`, `generator.products.tileindex`) says each tile's number, real name and
elements in the content's order, and the tile's bleed and safe zone. Another piece is
named after the element its file is named after (`svg/tokens/fire.svg`: Fire), as the
kinds name them. Without a usable index (an older output, a damaged file) every piece
keeps its file name and the manifest's order: the gallery still shows everything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.products.kinds import kinds_table, named, preview_groups


@dataclass(frozen=True)
class Guides:
    """Where to draw the guides on an enlarged piece, mm: the bleed outside the cut,
    the safe zone's margin inside it, and a round piece's face across (0: square)."""

    bleed: float
    safe: float
    face: float = 0.0


@dataclass(frozen=True)
class Piece:
    """One SVG as the gallery shows it."""

    path: str
    version: str  # the start of its hash: part of its URL, so a new version is fetched
    name: str
    number: int | None = None
    elements: tuple[str, ...] = ()
    guides: Guides | None = None


@dataclass(frozen=True)
class Group:
    """A gallery section: the SVG files under one folder prefix."""

    key: str
    title: str
    css: str
    items: tuple[Piece, ...]


@dataclass(frozen=True)
class Gallery:
    """The sections in the kinds table's order, and the elements the filter offers."""

    groups: tuple[Group, ...]
    elements: tuple[str, ...]


@dataclass(frozen=True)
class _Tile:
    path: str
    name: str
    number: int
    elements: tuple[str, ...]


@dataclass(frozen=True)
class _Index:
    tiles: tuple[_Tile, ...] = ()
    back: str = ""
    guides: Guides | None = None


def gallery(manifest: dict, index: object) -> Gallery:
    """The manifest's SVGs as gallery sections, named, numbered and ordered by `index`
    (the parsed tile index, or None)."""
    known = _read_index(index)
    tiles = {t.path: (place, t) for place, t in enumerate(known.tiles)}
    elements = tuple(dict.fromkeys(e for t in known.tiles for e in t.elements))
    files = [(f["path"], str(f.get("sha256", ""))[:12]) for f in manifest.get("files", [])
             if isinstance(f, dict) and str(f.get("path", "")).endswith(".svg")]
    guides = {f["path"]: found for f in manifest.get("files", []) if isinstance(f, dict)
              and (found := _guides(f.get("guides"))) is not None}
    groups = []
    # The page has only the manifest: the kinds it lists beside the table's own are the
    # declared kinds of piece.
    listed = [f.get("kind") for f in manifest.get("files", []) if isinstance(f, dict)]
    for g in preview_groups(kinds_table(named(k for k in dict.fromkeys(listed)
                                              if isinstance(k, str)))):
        items = [_piece(path, version, tiles, elements, known, guides.get(path))
                 for path, version in files if path.startswith(g.prefix)]
        groups.append(Group(g.key, g.title, g.css, tuple(sorted(items, key=_order(
            tiles, elements, [p.path for p in items])))))
    return Gallery(tuple(groups), elements)


def element_name(element: str) -> str:
    """How the gallery names an element (its id, capitalised: "fire" -> "Fire")."""
    return element.capitalize()


def _piece(path: str, version: str, tiles: dict, elements: tuple[str, ...],
           known: _Index, guides: Guides | None) -> Piece:
    # The manifest gives each piece's guides (from its look); an older output's tile
    # index gave the tiles' only.
    if path in tiles:
        tile = tiles[path][1]
        return Piece(path, version, tile.name, tile.number, tile.elements,
                     guides or known.guides)
    stem = _stem(path)
    if stem in elements:
        return Piece(path, version, element_name(stem), elements=(stem,), guides=guides)
    guides = guides or (known.guides if path == known.back else None)
    return Piece(path, version, stem.replace("-", " "), guides=guides)


def _guides(value: object) -> Guides | None:
    """A manifest entry's guides [bleed, safe, face], or None if they are not sound."""
    if not isinstance(value, list) or len(value) != 3:
        return None
    try:
        return Guides(*(_length(v) for v in value))
    except ValueError:
        return None


def _order(tiles: dict, elements: tuple[str, ...], listed: list[str]):
    """Tiles as the content lists them, element pieces as the tiles first show their
    elements, then anything else as the manifest lists it."""
    def key(piece: Piece) -> tuple[int, int]:
        if piece.path in tiles:
            return 0, tiles[piece.path][0]
        if len(piece.elements) == 1 and piece.number is None:
            return 1, elements.index(piece.elements[0])
        return 2, listed.index(piece.path)
    return key


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].rsplit(".", 1)[0]


def _read_index(index: object) -> _Index:
    """The index's tiles and guides, or nothing if any of it is not as the build writes
    it: a half-trusted index could put wrong names on the pieces, no index cannot."""
    try:
        tiles = tuple(_tile(t) for t in index["tiles"])  # type: ignore[index]
        guides = Guides(_length(index["bleed"]), _length(index["safe"]))  # type: ignore[index]
        back = index["back"]  # type: ignore[index]
    except (TypeError, KeyError, ValueError):
        return _Index()
    return _Index(tiles, back if isinstance(back, str) else "", guides)


def _tile(entry: object) -> _Tile:
    if not isinstance(entry, dict):
        raise ValueError("not a tile")
    path, name, number, elements = (entry.get(k) for k in ("svg", "name", "number", "elements"))
    if not (isinstance(path, str) and isinstance(name, str) and type(number) is int
            and isinstance(elements, list) and all(isinstance(e, str) for e in elements)):
        raise ValueError("not a tile")
    return _Tile(path, name, number, tuple(elements))


def _length(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or \
            not math.isfinite(value) or value < 0:
        raise ValueError("not a length")
    return float(value)
