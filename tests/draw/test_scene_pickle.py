"""A scene through a pickle (the memo, a worker's hand-back): the same scene, its items
read only when asked for, a placed piece's items still the group's own."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from generator.draw.piece import tile_face
from generator.draw.scene import ITEMS, Group, Rect, Scene, Style
from tests.conftest import load_layout


@pytest.fixture(scope="module")
def tile(shipped_game):
    from generator.draw.kit import Kit

    return tile_face(Kit(shipped_game), load_layout("default"), shipped_game.tiles[0])


def _read(scene: Scene) -> bool:
    return ITEMS in scene.__dict__


def test_a_scene_comes_back_equal_its_items_unread_until_asked_for(tile):
    digest = tile.digest  # worked out before it travels, as the build does
    back = pickle.loads(pickle.dumps(tile, protocol=4))
    assert not _read(back)
    assert (back.name, back.width, back.height, back.bleed, back.title) == \
        (tile.name, tile.width, tile.height, tile.bleed, tile.title)
    assert back.parts == tile.parts and back.fonts == tile.fonts
    assert back.digest == digest and not _read(back)  # the digest travelled with it
    assert back.items == tile.items and _read(back)
    assert back == tile and hash(back) == hash(tile)


def test_a_scene_unread_travels_again_as_it_came(tile):
    once = pickle.loads(pickle.dumps(tile, protocol=4))
    twice = pickle.loads(pickle.dumps(once, protocol=4))
    assert not _read(once)  # passed on without being read
    assert twice == tile


def test_a_scene_made_from_an_unpickled_one_holds_its_own_items(tile):
    back = pickle.loads(pickle.dumps(tile, protocol=4))
    renamed = replace(back, name="tile-renamed")
    assert renamed.items == tile.items and renamed.name == "tile-renamed"
    emptied = replace(back, items=())
    assert emptied.items == () and back.items == tile.items


def test_a_group_placing_a_piece_keeps_the_piece_s_own_items():
    # Backends and digests stand a placed piece in by its own digest when the group's
    # children are the piece's items themselves.
    piece = Scene("tile-a", 30.0, 30.0, 2.0, (Rect(0, 0, 30, 30, Style(fill="#112233")),))
    placed = Group(piece.items, translate=(5.0, 5.0), piece=piece)
    loose = Group((Rect(1, 1, 2, 2, Style(fill="#445566")),))
    figure = Scene("figure", 100.0, 100.0, 0.0, (placed, loose))
    back = pickle.loads(pickle.dumps(figure, protocol=4))
    group = back.items[0]
    assert group.children is group.piece.items
    assert back.items[1] == loose and back.items[1].piece is None
    assert back.digest == figure.digest
