"""The margin's tags packed along it: each as near its line as the others let it be."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.products.rulebook.margin import GAP, Anchor, MarginTags, lanes, pack


def test_tags_far_apart_stay_where_they_want_to_be():
    assert pack([700.0, 500.0, 300.0], [40.0, 40.0, 40.0], 50.0, 800.0) == [700.0, 500.0,
                                                                            300.0]


def test_two_tags_wanting_one_place_share_the_move():
    top, second = pack([400.0, 400.0], [40.0, 40.0], 50.0, 800.0)
    assert top - 40.0 - GAP == pytest.approx(second)
    assert (top + second) / 2 == pytest.approx(400.0)  # each moves half the way


def test_a_stack_at_the_foot_rises_to_stay_in_the_frame():
    tops = pack([80.0, 80.0, 80.0], [40.0, 40.0, 40.0], 50.0, 800.0)
    assert tops[-1] - 40.0 == pytest.approx(50.0)


@given(st.lists(st.tuples(st.floats(60, 790), st.floats(20, 60)), min_size=1, max_size=9))
def test_packed_tags_never_touch_and_stay_in_order_within_the_frame(tags):
    tags.sort(key=lambda t: -t[0])
    tops = pack([w for w, _ in tags], [n for _, n in tags], 50.0, 800.0)
    lengths = [n for _, n in tags]
    assert all(t <= 800.0 + 1e-6 for t in tops)
    if sum(lengths) + GAP * (len(tags) - 1) <= 750.0:
        assert tops[-1] - lengths[-1] >= 50.0 - 1e-6
    for (a, n), b in zip(zip(tops, lengths, strict=True), tops[1:], strict=False):
        assert b <= a - n - GAP + 1e-6


def test_a_tag_that_would_touch_the_one_above_stands_beside_it():
    # Three marks a line apart: the second goes out a lane, the third back in.
    assert lanes([500.0, 486.0, 440.0], [40.0, 40.0, 40.0], 2) == [0, 1, 0]
    # With every lane taken where it wants to be, the one it is pushed least in.
    assert lanes([500.0, 498.0, 496.0], [40.0, 40.0, 40.0], 2) == [0, 1, 0]


def test_tags_in_two_lanes_are_placed_beside_one_another():
    tags = MarginTags(lambda number: 40.0, page_width=600.0, clear=5.0, lane=12.0)
    for middle in (400.0, 386.0):
        tags.add(Anchor("3", 50.0, 230.0, middle))
    placed = sorted(tags.placed(50.0, 800.0), key=lambda p: -p.edge)
    assert [(p.edge, p.top) for p in placed] == [(45.0, 420.0), (33.0, 406.0)]


def test_each_column_packs_its_own_margin():
    tags = MarginTags(lambda number: 40.0, page_width=600.0, clear=5.0)
    for x in (50.0, 320.0):  # a mark in each column, both on one line
        tags.add(Anchor("7", x, 230.0, 400.0))
    placed = tags.placed(50.0, 800.0)
    assert sorted((p.left, p.edge, round(p.top, 6)) for p in placed) == [
        (False, 555.0, 420.0), (True, 45.0, 420.0)]
    assert tags.placed(50.0, 800.0) == []  # the next page starts afresh
