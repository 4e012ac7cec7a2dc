"""A drawing's files named apart from where its project lies, and a remembered drawing
moved to the project that asks for it.

A drawing is remembered by what it depends on (`generator.draw.piece`), and a copy of
the project elsewhere (a variant to try, a folder renamed or moved) depends on the same:
its key names each content file by its folder's place in the content folders and its
path inside (`generator.core.paths.anchored_name`), never by where it lies. Its scene
still names the files it shows by their whole path (the renderers read them there), so
a drawing made in one folder and asked for in another has those paths moved to the
folders asking (`moved_scene`), before anything reads a file of the folder it was made
in, which may have been edited or deleted since.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.draw.scene import Group, Image, Scene


def moved_path(path: Path, made: tuple[Path, ...], asked: tuple[Path, ...]) -> Path:
    """`path`, under the content folders a drawing was `made` in, in the same place
    under the folders `asked` for it (a path under none of them stays)."""
    # (Folders beyond the shorter list hold none of the drawing's files: which folder
    # each file lies in is part of the drawing's key.)
    for was, now in zip(made, asked, strict=False):
        if path.is_relative_to(was):
            return now / path.relative_to(was)
    return path


def moved_scene(scene: Scene, made: tuple[Path, ...], asked: tuple[Path, ...]) -> Scene:
    """The scene with every file it names (pictures, fonts) moved from the folders it
    was `made` in to those `asked`. A scene whose items name no file (most: no picture,
    no piece placed) keeps them as they are, with its digest."""
    fonts = tuple((role, moved_path(path, made, asked)) for role, path in scene.fonts)
    if not scene.pictures and not scene.places_pieces:
        return scene.with_fonts(fonts)
    return Scene(scene.name, scene.width, scene.height, scene.bleed,
                 _moved_items(scene.items, made, asked), scene.title, fonts, scene.parts)


def _moved_items(items: tuple, made: tuple[Path, ...], asked: tuple[Path, ...]) -> tuple:
    return tuple(_moved_item(item, made, asked) for item in items)


def _moved_item(item: object, made: tuple[Path, ...], asked: tuple[Path, ...]) -> object:
    if isinstance(item, Image):
        return replace(item, path=moved_path(item.path, made, asked))
    if not isinstance(item, Group):
        return item
    if item.piece is not None and item.children is item.piece.items:
        piece = moved_scene(item.piece, made, asked)  # placed whole: the same items
        return replace(item, children=piece.items, piece=piece,
                       mask=_moved_items(item.mask, made, asked))
    return replace(item, children=_moved_items(item.children, made, asked),
                   mask=_moved_items(item.mask, made, asked),
                   piece=None if item.piece is None else
                   moved_scene(item.piece, made, asked))
