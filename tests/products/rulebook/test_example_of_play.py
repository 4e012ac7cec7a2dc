"""The example of play is a real seeded game: the engine's own loop plays the same
turns, and the book tells and pictures each of them."""

from __future__ import annotations

import re

import pytest
from rbkit import pdf_text

from generator.sim.game import play_game
from generator.sim.greedy import GreedyPlayer
from generator.sim.playlog import board_of, seat_of, turn_log
from generator.sim.tables import build_table


class _Watched(GreedyPlayer):
    """A greedy player that notes each action it chooses, and the table before it."""

    def __init__(self, seen: list):
        self.seen = seen

    def choose(self, state, legal, rng):
        action = super().choose(state, legal, rng)
        self.seen.append((state.current, action, seat_of(state, state.current),
                          board_of(state)))
        return action


def test_the_log_is_the_engines_game(shipped_game):
    seed = shipped_game.rules.section("simulation")["example_seed"]
    log = turn_log(shipped_game, seed)
    assert len(log.turns) == 4 and {t.seat for t in log.turns} == {0, 1}
    seen: list = []
    play_game(build_table(shipped_game), [_Watched(seen), _Watched(seen)], seed)
    boards = [log.board] + [t.board for t in log.turns]
    for turn, (seat, action, before, board) in zip(log.turns, seen, strict=False):
        assert (turn.seat, turn.action, turn.before) == (seat, action, before)
        assert boards[turn.number - 1] == board
    # What one turn leaves is what the next one starts from.
    for turn, (_, _, before, _board) in zip(log.turns[2:], seen[2:], strict=False):
        assert log.turns[turn.number - 3].after == before


@pytest.mark.slow
def test_the_book_tells_each_turn(markdown, rulebook, shipped_game):
    seed = shipped_game.rules.section("simulation")["example_seed"]
    log = turn_log(shipped_game, seed)
    example = next(md for md in markdown if md.lstrip().startswith("# An example of play"))
    text = pdf_text(rulebook["rulebook/rulebook-a4.pdf"].data)
    for turn in log.turns:
        assert f"(figure:play-{turn.number})" in example
        oink = next(o for o in shipped_game.oinks
                    if o.element == log.table.elements[turn.before.oink])
        assert re.search(rf"Turn {turn.number}\b.*{oink.name}", example)
        for cell, tile in enumerate(turn.after.grid):
            if tile >= 0 and turn.before.grid[cell] < 0:  # a tile placed this turn
                assert shipped_game.tiles[tile].name in example
    assert "An example of play" in text
    html = rulebook["rulebook/rulebook.html"].data.decode("utf-8")
    assert html.count('id="figure-play-') >= len(log.turns)
