"""Drawings remembered from the last build, so an edit redraws only what it touched.

Two memos, both keyed on content hashes of everything the drawing depends on:
tile scenes (keyed on the tile, its art file, the layout and the rest of the game)
and SVG documents (keyed on the scene, the font folder and any embedded pictures).
`build` loads the last build's memo from its cache before rendering and hands the
memo of this build to the writer afterwards; nothing here touches the disk.
A memo entry that is missing or unreadable just means drawing it again.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import TypeVar

from generator.cache import code_digest, digest, file_digest
from generator.layout.model import Layout
from generator.model import Game, Tile
from generator.render.scene import Group, Image, Scene

T = TypeVar("T")
MEMO_FILE = "drawings.pickle"


class DrawingMemo:
    """Values by key: those remembered from the last build, and those used in this one."""

    def __init__(self) -> None:
        self.remembered: dict[str, object] = {}
        self.used: dict[str, object] = {}

    def get(self, key: str, make: Callable[[], T]) -> T:
        """The remembered value for `key`, or `make()`; either way it is kept for next time."""
        value = self.remembered.get(key)
        if value is None:
            value = make()
        self.used[key] = value
        return value

    def load(self, data: bytes | None) -> None:
        """Remember the values of an earlier build (ignore anything unreadable)."""
        self.used = {}
        try:
            loaded = pickle.loads(data) if data else {}
        except Exception:  # a damaged or foreign cache file: start afresh
            loaded = {}
        self.remembered = loaded if isinstance(loaded, dict) else {}

    def dump(self) -> bytes:
        """This build's values, for the next build (sorted, so equal memos give equal bytes)."""
        return pickle.dumps(dict(sorted(self.used.items())), protocol=4)


MEMO = DrawingMemo()  # one per process: builds run one at a time


def tile_scene_key(game: Game, tile: Tile, layout: Layout) -> str:
    """Everything a tile's face depends on: the tile, its art, the layout, the rest of the game."""
    return digest("tile", _shared_key(game, layout), repr(tile), file_digest(tile.art))


@lru_cache(maxsize=4)
def _shared_key(game: Game, layout: Layout) -> str:
    # The part every tile shares, hashed once per build rather than once per tile.
    rest = replace(game, tiles=())  # the other tiles only matter through their count
    fonts = [file_digest(path) for _, path in game.fonts]
    symbols = [file_digest(e.symbol_file) for e in game.elements]
    return digest(code_digest(), repr(layout), repr(rest), str(len(game.tiles)), *fonts,
                  *symbols)


def _images(items) -> list[Image]:
    found = []
    for item in items:
        if isinstance(item, Image):
            found.append(item)
        elif isinstance(item, Group):
            found += _images(item.children)
    return found


def svg_key(scene: Scene, font_dir: str | None) -> str:
    """Everything an SVG document depends on: the scene, the font folder, embedded files."""
    pictures = [file_digest(i.path) for i in _images(scene.items)]
    return digest("svg", code_digest(), repr(scene), repr(font_dir), *pictures)
