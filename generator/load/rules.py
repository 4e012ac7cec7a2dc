"""Turn the checked rule sections of game.yaml into `Rules`, and check they agree."""

from __future__ import annotations

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Game, Rule, Rules
from generator.core.words import SOURCE_WORDS, Words


def edition(rules: Rules, words: Words = SOURCE_WORDS) -> str:
    """What the printed pieces call this edition: a playtest one while a rule is a draft."""
    return words("Playtest edition") if rules.is_draft else words("Edition")


def game_names(game: Game) -> dict[str, object]:
    """What every piece of the game may name: its title, version and rule numbers (the
    formats of declared pieces, their checklist lines and the rulebook's components)."""
    names: dict[str, object] = {"game.title": game.title, "game.version": game.version,
                                "game.designer": game.designer,
                                "game.edition": edition(game.rules, game.words),
                                "game.tiles": len(game.tiles)}
    for section in game.rules.sections:
        for key, value in section.values:
            names[f"rules.{section.name}.{key}"] = value
    names["rules.spaces.row"] = game.rules.space_row
    return names


def rules_from_sections(sections: tuple[Rule, ...], diagnostics: list[Diagnostic]) -> Rules:
    """The `Rules` the sections describe; contradictions become TKG212 diagnostics."""
    s = {rule.name: rule for rule in sections}

    def number(section: str, key: str) -> int:
        return _whole(s[section], key)

    rules = Rules(
        players_min=number("players", "min"), players_max=number("players", "max"),
        tiles_dealt=number("setup", "tiles_dealt"),
        starting_tokens=number("setup", "starting_tokens"),
        trade_zone_start=number("setup", "trade_zone_per_element"),
        oink_capacity=number("oink", "capacity"), draw_count=number("draw", "tokens"),
        trade_give=number("trade", "give"), trade_get=number("trade", "get"),
        blind_cost=number("procure", "blind_cost"),
        grid_rows=number("world", "rows"), grid_columns=number("world", "columns"),
        end_tiles=number("world", "end_tiles"),
        face_up_spaces=_names(s["spaces"], "face_up"), blind_space=_name(s["spaces"], "blind"),
        score_match=number("scoring", "match"), score_other=number("scoring", "other"),
        score_unsealed=number("scoring", "unsealed"),
        turn_cap=number("simulation", "turn_cap"),
        backstop_rounds=number("backstop", "rounds"),
        actions=_names(s["turn"], "actions"), trade_back=s["trade_back"]["allowed"] is True,
        seal_tokens=_name(s["seal"], "tokens"),
        drafts=tuple(rule.name for rule in sections if rule.draft),
        sections=sections,
    )
    diagnostics.extend(_contradictions(rules, s))
    return rules


# The schema has checked each value's kind (generator.load.content_schema); these only
# tell the type checker so, and fail loudly should a value ever get past it.
def _whole(rule: Rule, key: str) -> int:
    value = rule[key]
    if not isinstance(value, int):
        raise TypeError(f"rules.{rule.name}.{key} is {value!r}, not a whole number")
    return value


def _name(rule: Rule, key: str) -> str:
    value = rule[key]
    if not isinstance(value, str):
        raise TypeError(f"rules.{rule.name}.{key} is {value!r}, not text")
    return value


def _names(rule: Rule, key: str) -> tuple[str, ...]:
    value = rule[key]
    if not isinstance(value, tuple | list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"rules.{rule.name}.{key} is {value!r}, not a list of text")
    return tuple(v for v in value if isinstance(v, str))


def _contradictions(rules: Rules, s: dict[str, Rule]) -> list[Diagnostic]:
    found = []

    def problem(section: str, key: str, message: str) -> None:
        # At the value the message names first (the section's first line, if unknown).
        found.append(diagnostic("TKG212", s[section].place(key), message))

    if rules.players_min > rules.players_max:
        problem("players", "min", f"players.min {rules.players_min} is above players.max "
                                  f"{rules.players_max}")
    if rules.end_tiles > rules.world_size:
        problem("world", "end_tiles", f"end_tiles {rules.end_tiles} cannot fit a "
                                      f"{rules.grid_rows} x {rules.grid_columns} world")
    if rules.starting_tokens > rules.oink_capacity:
        problem("setup", "starting_tokens", f"starting_tokens {rules.starting_tokens} exceed "
                                            f"the Oink capacity {rules.oink_capacity}")
    if rules.blind_cost > rules.oink_capacity:
        problem("procure", "blind_cost", f"blind_cost {rules.blind_cost} exceeds the Oink "
                                         f"capacity {rules.oink_capacity}")
    if rules.trade_give > rules.oink_capacity:
        problem("trade", "give", f"trade.give {rules.trade_give} exceeds the Oink capacity "
                                 f"{rules.oink_capacity}")
    spaces = (*rules.face_up_spaces, rules.blind_space)
    if not rules.face_up_spaces or len(set(spaces)) != len(spaces):
        problem("spaces", "face_up", "the face-up spaces and the blind stack need distinct, "
                                     "non-empty names")
    return found
