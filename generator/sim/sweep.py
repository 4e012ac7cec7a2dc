"""Rule sweeps: `--set oink.capacity=5,6,7 --set draw.tokens=2,3` plays every combination.

A key is a rule number as content/game.yaml names it under `rules:`, written
`section.key` (`oink.capacity`, `draw.tokens`, `procure.blind_cost`...; a leading
`rules.` is accepted). Only whole-number rules can be swept, within the range the
content schema allows; the player count has its own option (`--players`). Each
combination is turned back into `Rules` by the same code that reads game.yaml, so a
combination the rules contradict (a blind cost above the Oink's capacity) is refused
just as the content would be.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.model import Game, Rule
from generator.core.nearest import nearest_aside
from generator.load.content_schema import RULE_SECTIONS
from generator.load.rules import rules_from_sections
from generator.load.schema import Field

NOT_SWEPT = ("players",)  # --players chooses the player count
MOST_VARIANTS = 64  # combinations a sweep may ask for


class SweepError(ValueError):
    """Raised for a `--set` the simulator cannot play: its message names the valid keys."""


@dataclass(frozen=True)
class Setting:
    """One `--set KEY=V1,V2`: a rule key and the values to try."""

    key: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Variant:
    """One combination of swept values."""

    changes: tuple[tuple[str, int], ...]

    @property
    def label(self) -> str:
        """E.g. "oink.capacity=5 draw.tokens=2" (empty for the content's own rules)."""
        return " ".join(f"{k}={v}" for k, v in self.changes)


def sweep_keys() -> dict[str, Field]:
    """Every rule key a sweep may set, with its schema field."""
    return {f"{section}.{f.name}": f for section, found in RULE_SECTIONS.items()
            if section not in NOT_SWEPT for f in found if f.kind == "int"}


def _refuse(message: str) -> SweepError:
    return SweepError(f"{message}; keys that can be swept: {', '.join(sweep_keys())}")


def parse_setting(text: str) -> Setting:
    """A `KEY=V1,V2,...` option as a Setting (SweepError when it is not one)."""
    key, sep, values = text.partition("=")
    key = key.strip().removeprefix("rules.")
    field = sweep_keys().get(key)
    if not sep or field is None:
        raise _refuse(f"unknown rule key {key!r}{nearest_aside(key, sweep_keys())}" if sep
                      else f"{text!r} is not KEY=V1,V2")
    try:
        numbers = tuple(dict.fromkeys(int(v) for v in values.split(",")))
    except ValueError:
        raise SweepError(f"{key} takes whole numbers, not {values!r}") from None
    # every whole-number rule has both bounds in the schema
    low = -math.inf if field.low is None else field.low
    high = math.inf if field.high is None else field.high
    for v in numbers:
        if not low <= v <= high:
            raise SweepError(f"{key}={v} is outside {low:g}-{high:g}")
    return Setting(key, numbers)


def variants(settings: Sequence[Setting]) -> list[Variant]:
    """Every combination, the first setting varying slowest (one empty variant for none)."""
    keys = [s.key for s in settings]
    if len(set(keys)) != len(keys):
        raise SweepError(f"a key is set twice: {', '.join(keys)}")
    found = [Variant(tuple(zip(keys, combo, strict=True)))
             for combo in itertools.product(*(s.values for s in settings))]
    if len(found) > MOST_VARIANTS:
        raise SweepError(f"{len(found)} combinations; at most {MOST_VARIANTS} in one sweep")
    return found


def _changed(section: Rule, changes: dict[str, int]) -> Rule:
    values = tuple((k, changes.get(f"{section.name}.{k}", v)) for k, v in section.values)
    return dataclasses.replace(section, values=values)


def apply_variant(game: Game, variant: Variant) -> Game:
    """The game under the variant's rules (SweepError when they contradict each other)."""
    if not variant.changes:
        return game
    changes = dict(variant.changes)
    problems: list = []
    sections = tuple(_changed(s, changes) for s in game.rules.sections)
    rules = rules_from_sections(sections, problems)
    if problems:
        raise SweepError(f"{variant.label}: {problems[0].message}")
    return dataclasses.replace(game, rules=rules)


def checked_games(game: Game, found: Sequence[Variant]) -> list[Game]:
    """The game under each variant, all checked before any is played."""
    return [apply_variant(game, v) for v in found]


def with_current(game: Game, found: Sequence[Variant]
                 ) -> tuple[list[Variant], list[Game], int]:
    """The variants, their games, and which is the current rules: a variant whose rules
    are the content's own is marked so; if none is, the current rules are played first,
    as the baseline every variant is compared with."""
    games = checked_games(game, found)
    for number, played in enumerate(games):
        if played.rules == game.rules:
            return list(found), games, number
    return [Variant(()), *found], [game, *games], 0
