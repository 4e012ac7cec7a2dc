"""Turn the checked rule sections of game.yaml into `Rules`, and check they agree."""

from __future__ import annotations

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Rule, Rules


def rules_from_sections(sections: tuple[Rule, ...], diagnostics: list[Diagnostic]) -> Rules:
    """The `Rules` the sections describe; contradictions become TKG212 diagnostics."""
    s = {rule.name: rule for rule in sections}
    rules = Rules(
        players_min=s["players"]["min"], players_max=s["players"]["max"],
        tiles_dealt=s["setup"]["tiles_dealt"], starting_tokens=s["setup"]["starting_tokens"],
        trade_zone_start=s["setup"]["trade_zone_per_element"],
        oink_capacity=s["oink"]["capacity"], draw_count=s["draw"]["tokens"],
        trade_give=s["trade"]["give"], trade_get=s["trade"]["get"],
        blind_cost=s["procure"]["blind_cost"],
        grid_rows=s["world"]["rows"], grid_columns=s["world"]["columns"],
        end_tiles=s["world"]["end_tiles"],
        face_up_spaces=tuple(s["spaces"]["face_up"]), blind_space=s["spaces"]["blind"],
        score_match=s["scoring"]["match"], score_other=s["scoring"]["other"],
        score_unsealed=s["scoring"]["unsealed"],
        turn_cap=s["simulation"]["turn_cap"],
        drafts=tuple(rule.name for rule in sections if rule.draft),
        sections=sections,
    )
    diagnostics.extend(_contradictions(rules, s))
    return rules


def _contradictions(rules: Rules, s: dict[str, Rule]) -> list[Diagnostic]:
    found = []

    def problem(section: str, message: str) -> None:
        found.append(diagnostic("TKG212", s[section].where, message))

    if rules.players_min > rules.players_max:
        problem("players", f"players.min {rules.players_min} is above players.max "
                           f"{rules.players_max}")
    if rules.end_tiles > rules.world_size:
        problem("world", f"end_tiles {rules.end_tiles} cannot fit a "
                         f"{rules.grid_rows} x {rules.grid_columns} world")
    if rules.starting_tokens > rules.oink_capacity:
        problem("setup", f"starting_tokens {rules.starting_tokens} exceed the Oink capacity "
                         f"{rules.oink_capacity}")
    if rules.blind_cost > rules.oink_capacity:
        problem("procure", f"blind_cost {rules.blind_cost} exceeds the Oink capacity "
                           f"{rules.oink_capacity}")
    if rules.trade_give > rules.oink_capacity:
        problem("trade", f"trade.give {rules.trade_give} exceeds the Oink capacity "
                         f"{rules.oink_capacity}")
    spaces = (*rules.face_up_spaces, rules.blind_space)
    if not rules.face_up_spaces or len(set(spaces)) != len(spaces):
        problem("spaces", "the face-up spaces and the blind stack need distinct, non-empty names")
    return found
