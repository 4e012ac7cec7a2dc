"""The game-length backstop: a draft rule the engine plays and the book states, with the
share of games it ends quoted from the simulator; and the playing time the cover gives,
from the same simulated games."""

from __future__ import annotations

import re
import shutil
import statistics

import pytest
from simkit import book
from test_rules_parity import loaded_with

from generator.core.memo import Memo
from generator.sim.book import BOOK_GAMES, book_games
from generator.sim.game import BACKSTOP, play_game
from generator.sim.greedy import GreedyPlayer
from generator.sim.tables import build_table


def _ended_by_backstop(game, seats: int) -> int:
    table = build_table(game)
    return sum(play_game(table, [GreedyPlayer() for _ in range(seats)], seed).end == BACKSTOP
               for seed in range(BOOK_GAMES))


def test_the_book_quotes_the_share_the_simulator_measures(shipped_game):
    text = book(shipped_game)
    rounds = shipped_game.rules.backstop_rounds
    assert f"If no world is complete when round {rounds} is over, the game ends" in text
    quoted = re.search(r"of (\d+) games the computer played with each number of players, "
                       r"it ended (\d+) with 2 players and (\d+) with 4 players", " ".join(
                           text.split()))
    assert quoted, "the backstop's share is not quoted"
    assert int(quoted.group(1)) == BOOK_GAMES
    assert (int(quoted.group(2)), int(quoted.group(3))) == (
        _ended_by_backstop(shipped_game, 2), _ended_by_backstop(shipped_game, 4))
    assert "![Playtest" in text.split("If no world is complete", 1)[1].split("\n\n")[0]


@pytest.mark.slow
def test_a_sooner_backstop_ends_more_games_and_the_book_says_so(tmp_path, shipped_game):
    game = loaded_with(tmp_path, "backstop.rounds", 30).game
    early = book_games(game, Memo())
    shipped = book_games(shipped_game, Memo())
    assert [p.backstop for p in early] > [p.backstop for p in shipped]
    assert early[-1].backstop == _ended_by_backstop(game, 4) > 0
    text = " ".join(book(game).split())
    assert "when round 30 is over" in text
    assert f"it ended {early[0].backstop} with 2 players and {early[-1].backstop}" in text


@pytest.mark.slow
def test_the_playing_time_is_the_median_game_at_the_set_pace(shipped_game):
    table = build_table(shipped_game)
    turns = [statistics.median(play_game(table, [GreedyPlayer() for _ in range(n)], s).turns
                               for s in range(BOOK_GAMES)) for n in (2, 4)]
    minutes = [max(5, round(t * 30 / 60 / 5) * 5) for t in turns]
    text = " ".join(book(shipped_game).split())
    assert f"A game takes about {minutes[0]}\u2013{minutes[1]} minutes" in text
    assert "ages 10 and up" in text


@pytest.mark.slow
def test_the_cover_gives_players_ages_and_time(tmp_path):
    from tests.conftest import TEMPLATES
    from tests.products.rulebook.rbkit import build_rulebook, by_path, pdf_text, request

    game = loaded_with(tmp_path, "simulation.seconds_per_turn", 60).game
    (tmp_path / "content" / "game.yaml").write_text(
        (tmp_path / "content" / "game.yaml").read_text().replace("age: 10", "age: 12"))
    shutil.copytree(TEMPLATES, tmp_path / "templates")
    built = by_path(build_rulebook(request(tmp_path, ("a4",))))
    cover = pdf_text(built["rulebook/rulebook-a4.pdf"].data).split("Contents")[0]
    low, high = (p.median_turns for p in book_games(game, Memo()))
    want = f"{max(5, round(low / 5) * 5)}\u2013{max(5, round(high / 5) * 5)} minutes"
    assert re.search(rf"2\u20134 players \u00b7 ages 12\+ \u00b7 {want}", cover), cover[:400]
    html = built["rulebook/rulebook.html"].data.decode()
    assert f"ages 12+ \u00b7 {want}" in html
