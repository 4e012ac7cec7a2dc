"""A drawing remembered in one copy of a project, moved to another: every file it names
is the other copy's (`generator.draw.anchors`)."""

from __future__ import annotations

import pickle
from pathlib import Path

from generator.core.paths import anchored_name
from generator.draw.anchors import moved_path, moved_scene
from generator.draw.scene import Group, Image, Rect, Scene, Style

MADE = (Path("/projects/seal-bearers/content"), Path("/projects/series/content"))
ASKED = (Path("/home/designer/variant/content"), Path("/home/designer/series/content"))
KEPT = Path("/home/designer/.cache/tkg/pictures/0123.png")  # the user's cache: no folder's


def _image(path: Path) -> Image:
    return Image(0.0, 0.0, 10.0, 10.0, path)


def _tile(folder: Path) -> Scene:
    """A small piece showing a picture of `folder`, with a title font there too."""
    return Scene("tile-mossfen", 69.5, 69.5, 3.0,
                 (Rect(0, 0, 69.5, 69.5, Style(fill="#FFFFFF")),
                  _image(folder / "art" / "mossfen.png")),
                 "Mossfen", (("title", folder / "fonts" / "Title.ttf"),))


def _paths(items: tuple) -> list[Path]:
    """Every file path among the items, inside groups, masks and placed pieces."""
    found: list[Path] = []
    for item in items:
        if isinstance(item, Image):
            found.append(item.path)
        elif isinstance(item, Group):
            found += _paths(item.children) + _paths(item.mask)
            if item.piece is not None:
                found += _paths(item.piece.items) + [p for _, p in item.piece.fonts]
    return found


def test_a_file_is_named_by_its_folders_place_and_its_path_inside():
    assert anchored_name(MADE[0] / "art" / "mossfen.svg", MADE) == "0:art/mossfen.svg"
    assert anchored_name(MADE[1] / "fonts" / "Lato.ttf", MADE) == "1:fonts/Lato.ttf"
    assert anchored_name(KEPT, MADE) == str(KEPT)


def test_every_file_a_scene_names_moves_to_the_folders_asking():
    tile = _tile(MADE[0])
    figure = Scene("figure", 200.0, 100.0, 0.0, (
        Group((_image(MADE[1] / "art" / "ground.png"),),
              mask=(_image(MADE[0] / "art" / "mask.png"),)),
        Group(tile.items, translate=(5.0, 5.0), piece=tile),  # a piece placed whole
        Group((_image(KEPT),), piece=_tile(MADE[1])),  # a piece drawn otherwise
    ), "A figure", (("body", MADE[1] / "fonts" / "Body.ttf"),))
    moved = moved_scene(figure, MADE, ASKED)
    assert _paths(moved.items) == [
        ASKED[1] / "art" / "ground.png", ASKED[0] / "art" / "mask.png",
        ASKED[0] / "art" / "mossfen.png", ASKED[0] / "art" / "mossfen.png",
        ASKED[0] / "fonts" / "Title.ttf", KEPT,
        ASKED[1] / "art" / "mossfen.png", ASKED[1] / "fonts" / "Title.ttf"]
    assert moved.fonts == (("body", ASKED[1] / "fonts" / "Body.ttf"),)
    placed = moved.items[1]
    # Still placed whole (a backend draws it once), its own fonts moved with it.
    assert placed.children is placed.piece.items
    assert (moved.name, moved.title, moved.width, moved.bleed) == \
        (figure.name, figure.title, figure.width, figure.bleed)


def test_a_scene_without_pictures_keeps_its_digest_and_one_with_them_works_it_out_again():
    bare = Scene("token-fire", 20.0, 20.0, 0.0, (Rect(0, 0, 20, 20, Style(fill="#D55E00")),),
                 "Fire", (("title", MADE[0] / "fonts" / "Title.ttf"),))
    bare.digest, bare.pictures, bare.places_pieces  # noqa: B018 - as a drawing has them
    remembered = pickle.loads(pickle.dumps(bare))  # as the memo hands it back: packed
    moved = moved_scene(remembered, MADE, ASKED)
    # Its items name no file: still packed as the memo gave them, not read to be moved.
    assert "_items" not in moved.__dict__ and "_packed" in moved.__dict__
    assert moved.digest == bare.digest and moved.items == bare.items
    assert moved.fonts == (("title", ASKED[0] / "fonts" / "Title.ttf"),)
    tile = _tile(MADE[0])
    assert moved_scene(tile, MADE, ASKED).digest == _tile(ASKED[0]).digest


def test_a_path_outside_the_folders_stays_where_it_is():
    assert moved_path(KEPT, MADE, ASKED) == KEPT
    assert moved_path(MADE[1] / "a.png", MADE, ASKED[:1]) == MADE[1] / "a.png"


def test_a_repr_names_the_content_folders_by_their_places(tmp_path, monkeypatch):
    from generator.core.model import Location
    from generator.core.paths import anchored_text, display_path

    texts = []
    for name in ("seal-bearers", "variant"):
        (tmp_path / name).mkdir()
        folder = (tmp_path / name / "content").resolve()
        monkeypatch.chdir(tmp_path / name)  # where a designer runs tkg: its project
        said = repr((folder / "fonts" / "Title.ttf",
                     Location(display_path(folder / "tiles.yaml"), 16, 5)))
        assert str(folder) in said and "path='content/tiles.yaml'" in said
        texts.append(anchored_text(said, (folder,)))
    assert texts[0] == texts[1] and "content folder 0" in texts[0]
