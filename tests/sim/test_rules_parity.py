"""Every rule the content states is one the rulebook prints and the simulator plays
(issue 24, items 1 and 2).

`PARITY` has an entry for every key of the rules schema (`RULE_SECTIONS`), read from the
schema itself, so a new rule key without an entry fails here. Each entry says what
changing the key must do:

- `Both(value)`: the book's text and the simulator's games both change;
- `BookOnly(value, why)`: the book changes and the games stay exactly the same (a name,
  the seed of the example of play): it is no rule of play;
- `SimulatorOnly(value, why)`: the games change and the book stays: a setting of the
  simulator, not a rule a table plays;
- `OneWay()`: the game has one way of playing it (its only word): any other word is
  TKG117, so the simulator can never be handed a rule it does not play.

The games are played by seed, so "the same" is exact and "changed" is a real difference.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from simkit import book

from generator.core.model import Game
from generator.load.content import load_content
from generator.load.content_schema import ACTIONS, RULE_SECTIONS
from generator.sim.runner import simulate
from tests.conftest import CONTENT, few_book_games


@dataclass(frozen=True)
class Both:
    """Changing the key to `value` changes the book and the games (played by `lineup`)."""

    value: object
    lineup: tuple[str, ...] = ("greedy",)


@dataclass(frozen=True)
class BookOnly:
    """Changing the key to `value` changes the book, never a game: `why`."""

    value: object
    why: str


@dataclass(frozen=True)
class SimulatorOnly:
    """Changing the key to `value` changes the games, never the book: `why`."""

    value: object
    why: str


@dataclass(frozen=True)
class OneWay:
    """The key takes one word: the game has one way of playing that rule."""


PARITY: dict[str, Both | BookOnly | SimulatorOnly | OneWay] = {
    "players.min": Both(3),  # a 2-player game is then refused
    "players.max": Both(3),  # a 4-player game is then refused
    "setup.tiles_dealt": Both(4),
    "setup.starting_tokens": Both(1),
    "setup.trade_zone_per_element": Both(1),
    "oink.capacity": Both(5),
    "draw.tokens": Both(2),
    "trade.give": Both(3),
    "trade.get": Both(2),
    "procure.blind_cost": Both(3),
    "world.rows": Both(4),
    "world.columns": Both(4),
    "world.end_tiles": Both(8),
    "spaces.face_up": Both(["A", "B", "C"]),
    "spaces.blind": BookOnly("Z", "the name of stack O: the same stack by another name"),
    "turn.actions": Both(["draw", "procure", "move"]),
    "simulation.turn_cap": SimulatorOnly(60, "when the simulator gives up on a game"),
    "simulation.example_seed": BookOnly(22, "the seed of the book's example of play"),
    "simulation.seconds_per_turn": BookOnly(60, "a table's time a turn: the cover's "
                                            "playing time, no rule of play"),
    "trade_zone.source": OneWay(),
    "split.extra": OneWay(),
    "grid.anchor": OneWay(),
    "tiles.insignias": OneWay(),
    "passing.allowed": OneWay(),
    "discards.to": OneWay(),
    "bag.refill": OneWay(),
    # Only a player who tries any legal trade takes an element back; the heuristic
    # players never want to.
    "trade_back.allowed": Both(True, ("random",)),
    "taking.face_up": OneWay(),
    "placement.connect_to": OneWay(),
    "placement.oink": OneWay(),
    "blind_choice.unplaced": OneWay(),
    "move.reach": OneWay(),
    "refresh.refill_from": OneWay(),
    "seal.cost": OneWay(),
    "seal.tokens": Both("trade_zone"),
    "ending.round": OneWay(),
    "scoring.match": Both(3),
    "scoring.other": Both(2),
    "scoring.unsealed": Both(1),
    "backstop.rounds": Both(20),
}

SCHEMA_KEYS = sorted(f"{section}.{field.name}" for section, fields in RULE_SECTIONS.items()
                     for field in fields if field.name != "draft")
GAMES = 30


def loaded_with(tmp_path: Path, key: str, value: object):
    """The shipped content loaded with one rule `section.key` set to `value` (None:
    unchanged; a callable: given the old value, gives the new)."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    if value is not None:
        data = yaml.safe_load((folder / "game.yaml").read_text())
        section, name = key.split(".")
        rule = data["rules"].setdefault(section, {})
        rule[name] = value(rule.get(name)) if callable(value) else value
        (folder / "game.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return load_content(folder)


def game_with(tmp_path: Path, key: str, value: object) -> Game:
    """The shipped game with one rule changed (`value` None: unchanged)."""
    loaded = loaded_with(tmp_path, key, value)
    assert loaded.game is not None, [d.format() for d in loaded.diagnostics]
    return loaded.game


def games(game: Game, lineup: tuple[str, ...]) -> list[object]:
    """What seeded games of 2 and of 4 players do under this game's rules (or why the
    rules refuse that many players)."""
    found: list[object] = []
    for seats in (2, 4):
        try:
            s = simulate(game, GAMES, seats, seed=3, lineup=lineup)
        except ValueError as refused:
            found.append(str(refused))
            continue
        found.append((s.action_mix, s.turns.mean, s.winning_score.mean, s.endings,
                      s.discards_per_game, s.sealed_tokens, s.take_rate))
    return found


@pytest.fixture(scope="module", autouse=True)
def _few_book_games():
    """Every test plays the book's games again for its own rules: a few of them show a
    rule that moves them, or one that must not, as well as fifty."""
    with pytest.MonkeyPatch.context() as patch:
        few_book_games(patch)
        yield


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> tuple[str, dict[tuple[str, ...], list[object]]]:
    """The shipped rules' book, and their games by line-up."""
    game = game_with(tmp_path_factory.mktemp("shipped"), "", None)
    lineups = {entry.lineup for entry in PARITY.values() if isinstance(entry, Both)}
    return book(game), {lineup: games(game, lineup) for lineup in lineups}


def test_every_key_of_the_rules_schema_has_a_parity_entry():
    assert sorted(PARITY) == SCHEMA_KEYS


@pytest.mark.slow
@pytest.mark.parametrize("key", [k for k, v in PARITY.items() if isinstance(v, Both)])
def test_a_rule_of_play_moves_the_book_and_the_games(key, tmp_path, shipped):
    entry = PARITY[key]
    assert isinstance(entry, Both)
    game = game_with(tmp_path, key, entry.value)
    shipped_book, shipped_games = shipped
    assert book(game) != shipped_book, f"{key}: the book does not say the new rule"
    assert games(game, entry.lineup) != shipped_games[entry.lineup], \
        f"{key}: the simulator plays the same games under the new rule"


@pytest.mark.slow
@pytest.mark.parametrize("key", [k for k, v in PARITY.items() if isinstance(v, BookOnly)])
def test_a_name_or_a_seed_moves_the_book_only(key, tmp_path, shipped):
    entry = PARITY[key]
    assert isinstance(entry, BookOnly)
    game = game_with(tmp_path, key, entry.value)
    shipped_book, shipped_games = shipped
    assert book(game) != shipped_book, f"{key}: the book does not print it"
    assert games(game, ("greedy",)) == shipped_games[("greedy",)], \
        f"{key} is no rule of play ({entry.why}), yet the games changed"


@pytest.mark.slow
@pytest.mark.parametrize("key", [k for k, v in PARITY.items()
                                 if isinstance(v, SimulatorOnly)])
def test_a_setting_of_the_simulator_moves_the_games_only(key, tmp_path, shipped):
    entry = PARITY[key]
    assert isinstance(entry, SimulatorOnly)
    game = game_with(tmp_path, key, entry.value)
    shipped_book, shipped_games = shipped
    assert book(game) == shipped_book, f"{key} is the simulator's ({entry.why})"
    assert games(game, ("greedy",)) != shipped_games[("greedy",)], \
        f"{key}: the simulator ignores it"


@pytest.mark.parametrize("key", [k for k, v in PARITY.items() if isinstance(v, OneWay)])
def test_a_rule_with_one_way_of_playing_refuses_any_other(key, tmp_path):
    section, name = key.split(".")
    field = next(f for f in RULE_SECTIONS[section] if f.name == name)
    # A second word must come with a Both entry: the book and the games must show it.
    assert len(field.choices) == 1, f"{key} now takes {field.choices}: give it a Both entry"
    loaded = loaded_with(tmp_path, key, "something_else")
    told = [d for d in loaded.diagnostics if d.code == "TKG117"]
    assert loaded.game is None and len(told) == 1, [d.format() for d in loaded.diagnostics]
    assert f"rules.{key} is 'something_else'" in told[0].message
    assert field.choices[0] in told[0].message


def test_a_misspelt_rule_word_is_told_the_word_it_is_nearest_once(tmp_path):
    loaded = loaded_with(tmp_path, "split.extra", "face_up_frist")
    [told] = [d for d in loaded.diagnostics if d.code == "TKG117"]
    assert told.format().endswith("rules.split.extra is 'face_up_frist', which the game "
                                  "does not have: it takes face_up_first (did you mean "
                                  "'face_up_first'?)"), told.format()


def test_every_word_a_rule_takes_is_a_word_the_book_and_the_simulator_know():
    # The Both entries above show each second word is played; none is left unshown.
    shown = {key: entry.value for key, entry in PARITY.items() if isinstance(entry, Both)}
    for section, fields in RULE_SECTIONS.items():
        for field in fields:
            key = f"{section}.{field.name}"
            if field.kind == "str" and len(field.choices) > 1:
                assert shown.get(key) in field.choices and shown[key] != field.default, key
    assert set(ACTIONS) == {"draw", "trade", "procure", "move", "refresh", "seal"}


@pytest.mark.slow
@pytest.mark.parametrize("section", sorted(RULE_SECTIONS))
def test_a_draft_flag_moves_the_book_only(section, tmp_path, shipped):
    # `draft:` is a key of every section: the book tags the rule "Playtest" (or stops),
    # and no game changes.
    loaded = loaded_with(tmp_path, f"{section}.draft", lambda draft: not draft)
    assert loaded.game is not None, [d.format() for d in loaded.diagnostics]
    shipped_book, shipped_games = shipped
    assert book(loaded.game) != shipped_book, f"{section}.draft: the book does not show it"
    assert games(loaded.game, ("greedy",)) == shipped_games[("greedy",)]
