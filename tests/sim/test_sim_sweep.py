"""Rule sweeps: keys are the content's own rule keys, values stay within the schema."""

from __future__ import annotations

import pytest

from generator.sim.runner import simulate
from generator.sim.sweep import (
    SweepError,
    apply_variant,
    checked_games,
    parse_setting,
    sweep_keys,
    variants,
)


def test_sweep_keys_are_the_whole_number_rules_of_game_yaml():
    keys = sweep_keys()
    assert {"oink.capacity", "draw.tokens", "procure.blind_cost", "trade.give"} <= keys.keys()
    assert not any(k.startswith("players.") for k in keys)  # --players does that
    assert "discards.to" not in keys  # the engine knows one way only


def test_every_combination_in_order():
    found = variants([parse_setting("oink.capacity=5,6,7"), parse_setting("draw.tokens=2,3")])
    assert [v.label for v in found][:3] == ["oink.capacity=5 draw.tokens=2",
                                            "oink.capacity=5 draw.tokens=3",
                                            "oink.capacity=6 draw.tokens=2"]
    assert len(found) == 6
    assert [v.label for v in variants([])] == [""]  # no sweep: the content's own rules


def test_a_variant_changes_only_its_rules(shipped_game):
    variant = variants([parse_setting("oink.capacity=5"), parse_setting("draw.tokens=2")])[0]
    game = apply_variant(shipped_game, variant)
    assert (game.rules.oink_capacity, game.rules.draw_count) == (5, 2)
    assert game.rules.trade_give == shipped_game.rules.trade_give
    assert game.rules.section("oink")["capacity"] == 5  # the rulebook would print it too
    assert shipped_game.rules.oink_capacity == 6  # the content itself is untouched


def test_a_swept_rule_changes_the_games(shipped_game):
    roomy, tight = checked_games(shipped_game, variants([parse_setting("draw.tokens=1,4")]))
    slow, fast = (simulate(g, 20, 2, seed=3) for g in (roomy, tight))
    assert slow.turns.mean > fast.turns.mean  # drawing one token a turn drags the game out


@pytest.mark.parametrize(("text", "says"), [
    ("oink.size=3", "unknown rule key 'oink.size'; keys that can be swept: setup.tiles_dealt"),
    ("oink.capacty=5", "unknown rule key 'oink.capacty' (did you mean 'oink.capacity'?); "
                       "keys that can be swept: "),
    ("players.max=3", "unknown rule key"),
    ("draw.tokens=0", "draw.tokens=0 is outside 1-20"),
    ("draw.tokens=2,x", "whole numbers"),
    ("draw.tokens", "is not KEY=V1,V2"),
])
def test_bad_settings_name_what_is_allowed(text, says):
    with pytest.raises(SweepError, match=None) as caught:
        parse_setting(text)
    assert says in str(caught.value)


def test_contradictions_and_repeats_are_refused(shipped_game):
    with pytest.raises(SweepError, match="set twice"):
        variants([parse_setting("draw.tokens=2"), parse_setting("draw.tokens=3")])
    with pytest.raises(SweepError, match="starting_tokens 3 exceed the Oink capacity 2"):
        checked_games(shipped_game, variants([parse_setting("oink.capacity=2")]))
    with pytest.raises(SweepError, match="at most 64"):
        variants([parse_setting(f"{k}=1,2,3") for k in ("draw.tokens", "trade.give",
                                                          "trade.get", "scoring.match")])
