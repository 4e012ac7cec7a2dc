"""The gallery's pieces: the manifest's SVGs named, numbered, ordered and tagged with
their elements from the build's tile index (`svg/tiles.json`), and without it."""

from __future__ import annotations

import pytest

from generator.live.pieces import Guides, gallery


def manifest(*paths: str) -> dict:
    return {"files": [{"path": p, "kind": "tiles", "pages": 0, "sha256": f"{i:02d}" * 32}
                      for i, p in enumerate(paths)]}


FILES = manifest("svg/back.svg", "svg/tiles/ash.svg", "svg/tiles/ember.svg",
                 "svg/tiles/tide.svg", "svg/tokens/air.svg", "svg/tokens/fire.svg",
                 "svg/tokens/water.svg", "pnp-a4.pdf")
INDEX = {"tiles": [
    {"id": "ember", "name": "Ember Hollow", "number": 1, "elements": ["fire"],
     "svg": "svg/tiles/ember.svg"},
    {"id": "tide", "name": "Tidewell", "number": 2, "elements": ["water"],
     "svg": "svg/tiles/tide.svg"},
    {"id": "ash", "name": "Ash Plain", "number": 3, "elements": ["fire", "air"],
     "svg": "svg/tiles/ash.svg"}], "back": "svg/back.svg", "trim": 63.5, "bleed": 3.0,
    "safe": 2.5}


def group(shown, key: str):
    return next(g for g in shown.groups if g.key == key)


def test_tiles_follow_the_content_with_their_numbers_names_and_elements():
    shown = gallery(FILES, INDEX)
    tiles = group(shown, "tiles").items
    assert [(t.path, t.number, t.name, t.elements) for t in tiles] == [
        ("svg/tiles/ember.svg", 1, "Ember Hollow", ("fire",)),
        ("svg/tiles/tide.svg", 2, "Tidewell", ("water",)),
        ("svg/tiles/ash.svg", 3, "Ash Plain", ("fire", "air"))]
    assert tiles[0].version == "02" * 6  # the manifest's hash, for the URL
    assert all(t.guides == Guides(3.0, 2.5) for t in tiles)
    (back,) = group(shown, "backs").items
    assert back.guides == Guides(3.0, 2.5) and back.elements == () and back.number is None


def test_other_pieces_are_named_by_the_element_their_file_is_named_after():
    shown = gallery(FILES, INDEX)
    assert shown.elements == ("fire", "water", "air")  # as the tiles first show them
    tokens = group(shown, "tokens").items
    assert [(t.path, t.name, t.elements, t.guides) for t in tokens] == [
        ("svg/tokens/fire.svg", "Fire", ("fire",), None),
        ("svg/tokens/water.svg", "Water", ("water",), None),
        ("svg/tokens/air.svg", "Air", ("air",), None)]


def test_a_piece_the_index_does_not_know_comes_last_by_its_file_name():
    files = manifest("svg/tiles/ember.svg", "svg/tiles/new-world.svg", "svg/tiles/tide.svg",
                     "svg/tiles/ash.svg")
    tiles = group(gallery(files, INDEX), "tiles").items
    assert [t.name for t in tiles] == ["Ember Hollow", "Tidewell", "Ash Plain", "new world"]


@pytest.mark.parametrize("index", [
    None, [], "tiles", {"tiles": "ember"}, {"tiles": [{"svg": "svg/tiles/ember.svg"}]},
    {"tiles": [{**INDEX["tiles"][0], "number": "1"}]},
    {"tiles": [{**INDEX["tiles"][0], "elements": "fire"}]},
    {"tiles": [{**INDEX["tiles"][0], "name": 7}]},
    {**INDEX, "bleed": -1}, {**INDEX, "safe": float("nan")}, {**INDEX, "bleed": True},
], ids=["none", "list", "text", "tiles-text", "no-name", "number-text", "elements-text",
        "name-number", "negative-bleed", "nan-safe", "bool-bleed"])
def test_a_missing_or_damaged_index_leaves_file_names_and_the_manifest_order(index):
    shown = gallery(FILES, index)
    tiles = group(shown, "tiles").items
    assert [(t.name, t.number, t.elements, t.guides) for t in tiles] == [
        ("ash", None, (), None), ("ember", None, (), None), ("tide", None, (), None)]
    assert shown.elements == ()
    assert [t.name for t in group(shown, "tokens").items] == ["air", "fire", "water"]


def test_only_svgs_are_pieces():
    shown = gallery(FILES, INDEX)
    assert all(p.path.endswith(".svg") for g in shown.groups for p in g.items)
    assert sum(len(g.items) for g in shown.groups) == 7


def test_every_piece_has_the_guides_of_its_own_look():
    # The manifest carries each piece's bleed, safe zone and (round) face: a declared
    # marker's guides are its look's, not the tiles'.
    files = {"files": [
        {"path": "svg/pieces/first-player/first-player.svg", "kind": "first-player",
         "pages": 0, "sha256": "aa" * 32, "guides": [2.0, 2.5, 30.0]},
        {"path": "svg/tiles/ember.svg", "kind": "tiles", "pages": 0, "sha256": "bb" * 32,
         "guides": [3.0, 3.0, 0.0]},
        {"path": "svg/tokens/fire.svg", "kind": "tokens", "pages": 0, "sha256": "cc" * 32,
         "guides": [2.0, 2.0, 20.1]}]}
    shown = gallery(files, None)
    [marker] = group(shown, "first-player").items
    assert marker.guides == Guides(2.0, 2.5, 30.0)
    assert group(shown, "tiles").items[0].guides == Guides(3.0, 3.0, 0.0)
    assert group(shown, "tokens").items[0].guides == Guides(2.0, 2.0, 20.1)
    broken = {"files": [{**files["files"][0], "guides": ["wide", 2, 3]}]}
    [marker] = group(gallery(broken, None), "first-player").items
    assert marker.guides is None  # a damaged entry gives none rather than wrong ones
