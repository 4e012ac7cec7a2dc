"""The simulator plays the rules the content states, and the book prints the same rules
(issue 24, item 1): `turn.actions`, `trade_back.allowed` and `seal.tokens` were printed
by the book and ignored by the engine; any word was accepted for a word-valued rule."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace

import pytest
from simkit import Chooser, bare_state, book, tile_with, tup

from generator.load.content import load_content
from generator.sim.actions import SEAL, Legal, Refresh, Trade
from generator.sim.engine import IllegalAction, apply
from generator.sim.runner import simulate
from generator.sim.tables import build_table

FEWER = "actions: [draw, procure, move]"
SHIPPED = "actions: [draw, trade, procure, move, refresh, seal]"


def edited(project, old: str, new: str):
    """The project's game with one line of game.yaml changed."""
    path = project / "content" / "game.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    loaded = load_content(project / "content")
    return loaded


@pytest.mark.slow
@pytest.mark.parametrize("lineup", [("greedy",), ("random",), ("search", "greedy")])
def test_a_turn_of_three_actions_never_trades_seals_or_refreshes(project, lineup):
    game = edited(project, SHIPPED, FEWER).game
    summary = simulate(game, 40 if lineup != ("search", "greedy") else 6, 2, seed=5,
                       lineup=lineup)
    mix = summary.action_mix
    assert mix["trade"] == mix["seal"] == mix["refresh"] == 0, mix
    assert mix["draw"] > 0 and mix["procure"] + mix["blind"] > 0 and mix["move"] > 0, mix
    assert summary.finished > 0


@pytest.mark.slow
def test_the_book_of_three_actions_describes_three(project):
    text = book(edited(project, SHIPPED, FEWER).game)
    assert "one of the 3 actions\nbelow: Draw, Procure and Move." in text
    assert "## Draw" in text and "## Procure" in text and "## Move" in text
    for gone in ("## Trade", "## Refresh", "## Seal", "- **Refresh:**", "| Refresh |",
                 "- **Trade:**", "| Seal |", "take back a token"):
        assert gone not in text, gone


def test_an_action_a_turn_does_not_offer_is_illegal(table):
    fewer = replace(table, rules=replace(table.rules, actions=("draw", "procure", "move")))
    state = bare_state(fewer)
    me = state.me
    me.tokens[:] = tup(fewer, fire=3, water=2)
    state.spaces[0].append(tile_with(fewer, "fire", "water"))
    state.zone[:] = tup(fewer, earth=2)
    legal = Legal(state)
    assert legal.trades() == [] and legal.refreshes() == [] and legal.seal() is None
    assert set(legal.by_kind()) <= {"draw", "procure", "blind", "move"}
    give, get = tup(fewer, fire=2), tup(fewer, earth=1)
    for action in (Trade(((give, get),)), Refresh(0), SEAL):
        with pytest.raises(IllegalAction, match="does not offer"):
            apply(state, action, Chooser(), None)


def test_trade_back_allowed_lets_one_trade_take_an_element_it_gives(table):
    give, get = tup(table, fire=2), tup(table, fire=1)
    for allowed in (False, True):
        rules = replace(table.rules, trade_back=allowed)
        state = bare_state(replace(table, rules=rules))
        state.me.tokens[:] = tup(table, fire=2)
        state.zone[:] = tup(table, fire=1)
        offered = Trade(((give, get),)) in Legal(state).trades()
        assert offered is allowed
        if allowed:
            apply(state, Trade(((give, get),)), Chooser(), None)
            assert list(state.me.tokens) == list(tup(table, fire=1))
        else:
            with pytest.raises(IllegalAction, match="take back"):
                apply(state, Trade(((give, get),)), Chooser(), None)


@pytest.mark.parametrize("where", ["on_tile", "trade_zone"])
def test_seal_tokens_go_where_the_rule_says(table, where):
    sealing = replace(table, rules=replace(table.rules, seal_tokens=where))
    state = bare_state(sealing)
    me = state.me
    me.tokens[:] = tup(sealing, fire=1)
    apply(state, SEAL, Chooser(), None)
    on_seals, zone = list(state.sealed_tokens), list(state.zone)
    one_fire = list(tup(sealing, fire=1))
    assert (on_seals, zone) == ((one_fire, [0] * 4) if where == "on_tile" else
                                ([0] * 4, one_fire))


def tkg(project, *args):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True,
                          text=True, timeout=300, cwd=project,
                          env={**os.environ, "XDG_CACHE_HOME": str(project / "cache")})


@pytest.mark.slow
@pytest.mark.parametrize("old, new, key, line_of", [
    ("reach: connected ", "reach: adjacent  ", "rules.move.reach is 'adjacent'", "reach:"),
    (SHIPPED, "actions: [draw, procure, move, sail]", "rules.turn.actions is 'sail'",
     "actions:"),
    ("tokens: on_tile ", "tokens: bag     ", "rules.seal.tokens is 'bag'", "tokens: bag"),
])
def test_a_rule_word_the_game_does_not_have_is_a_positioned_error(project, old, new, key,
                                                                  line_of):
    edited(project, old, new)
    lines = (project / "content" / "game.yaml").read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if line_of in text and "#" in text)
    for command in (["validate"], ["simulate", "--games", "2"],
                    ["validate", "--balance"], ["build", "--only", "tiles"]):
        result = tkg(project, *command)
        said = result.stdout + result.stderr
        assert result.returncode == 1, (command, said)
        assert f"content/game.yaml:{line}:" in said and "error TKG117" in said, said
        assert key in said and "Traceback" not in said


def test_the_shipped_rules_offer_every_action(shipped_game):
    table = build_table(shipped_game)
    assert table.rules.actions == ("draw", "trade", "procure", "move", "refresh", "seal")
    assert table.rules.trade_back is False and table.rules.seal_tokens == "on_tile"


def test_games_cut_at_the_turn_cap_are_said_to_count_in_no_share(project):
    from generator.sim.headline import headline

    game = edited(project, "turn_cap: 400", "turn_cap: 60").game
    summary = simulate(game, 20, 2, seed=1)
    assert 0 < summary.stalled < 20  # some games end within 60 turns, some do not
    said = next(line for line in headline(summary) if "could not finish" in line)
    assert f"{summary.stalled} stopped at the turn cap (simulation.turn_cap)" in said
    assert f"count the {summary.finished} finished games only" in said
