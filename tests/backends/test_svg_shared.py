"""Pieces shared by the figures of one HTML page: defined once, used by each figure."""

from __future__ import annotations

import re

from generator.backends.svg import page_scene_svg, pieces_svg, shared_pieces
from generator.draw.scene import Group, Rect, Scene, Style


def _scenes():
    piece = (Rect(0, 0, 10, 10, Style(fill="#D55E00")), Rect(2, 2, 3, 3, Style(fill="#0072B2")))
    once = (Rect(0, 0, 5, 5, Style(fill="#009E73")),)
    first = Scene("a", 40, 20, 0.0, (Group(piece, (1, 1), 0.5, label="tile:x"),
                                      Group(once, label="token")), "A", ())
    second = Scene("b", 40, 20, 0.0, (Group(piece, (9, 3), 0.25, label="tile:x"),), "B", ())
    return first, second


def test_a_piece_drawn_twice_is_defined_once_and_used_by_each():
    scenes = list(_scenes())
    shared = shared_pieces(scenes)
    assert list(shared.values()) == ["piece1"]  # the token is drawn once: inline
    defs = pieces_svg(scenes, shared)
    assert defs.count('id="piece1"') == 1 and defs.count("#D55E00") == 1
    for scene in scenes:
        svg = page_scene_svg(scene, shared)
        assert '<use href="#piece1" />' in svg and "#D55E00" not in svg
    assert "#009E73" in page_scene_svg(scenes[0], shared)


def test_each_use_keeps_its_own_place_and_scale():
    scenes = list(_scenes())
    shared = shared_pieces(scenes)
    moves = [re.search(r'<g class="tile:x" transform="([^"]+)"><use', page_scene_svg(s, shared))
             .group(1) for s in scenes]
    assert moves == ["translate(1 1) scale(0.5)", "translate(9 3) scale(0.25)"]


def test_the_same_scenes_give_the_same_ids():
    assert shared_pieces(list(_scenes())) != {}
    first = [page_scene_svg(s, shared_pieces(list(_scenes()))) for s in _scenes()]
    again = [page_scene_svg(s, shared_pieces(list(_scenes()))) for s in _scenes()]
    assert first == again
