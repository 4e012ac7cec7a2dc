"""The playtest completions in the template context: numbered from the draft flags,
marked by `playtest(name)` only where a rule is still a draft."""

from __future__ import annotations

import pytest

from generator.core.errors import ContentError
from generator.load.content_schema import OPTIONAL, RULE_SECTIONS, TITLES
from generator.text.context import build_context
from generator.text.templating import make_environment, render_template


def _render(tmp_path, text: str, context) -> str:
    (tmp_path / "x.md.j2").write_text(text)
    env = make_environment(tmp_path, frozenset())
    return render_template(env, tmp_path, "x.md.j2", context).markdown


def test_completions_are_the_drafts_in_order(shipped_game):
    context = build_context(shipped_game)
    drafts = shipped_game.rules.drafts
    assert [c.name for c in context["completions"]] == list(drafts)
    assert [c.number for c in context["completions"]] == list(range(1, len(drafts) + 1))
    for c in context["completions"]:
        assert c.key == f"rules.{c.name}" and c.title == TITLES[c.name]


def test_every_section_has_a_title_and_optional_ones_exist():
    assert set(TITLES) == set(RULE_SECTIONS)
    assert set(OPTIONAL) <= set(RULE_SECTIONS)


def test_playtest_marks_a_draft_with_its_number(shipped_game, tmp_path):
    context = build_context(shipped_game)
    number = shipped_game.rules.drafts.index("seal") + 1
    text = _render(tmp_path, 'Seal it.{{ playtest("seal") }}\n', context)
    assert text == f"Seal it. ![Playtest {number}](playtest:seal)\n"


def test_playtest_is_silent_for_a_confirmed_rule(shipped_game, tmp_path):
    context = build_context(shipped_game)
    assert _render(tmp_path, 'Draw.{{ playtest("draw") }}\n', context) == "Draw.\n"


def test_playtest_of_an_unknown_rule_is_a_positioned_error(shipped_game, tmp_path):
    context = build_context(shipped_game)
    with pytest.raises(ContentError) as caught:
        _render(tmp_path, 'line one\nSeal it.{{ playtest("seel") }}\n', context)
    [d] = caught.value.diagnostics
    assert (d.code, d.line) == ("TKG302", 2)
    assert "seel" in d.message and "seal" in d.message


def test_split_follows_the_engine(shipped_game):
    """The book's split table is what the simulator's setup deals."""
    import random

    from generator.sim.game import setup
    from generator.sim.greedy import GreedyPlayer
    from generator.sim.tables import build_table

    context = build_context(shipped_game)
    table = build_table(shipped_game)
    r = shipped_game.rules
    rows = {row.players: row for row in context["split"]}
    assert sorted(rows) == list(range(r.players_min, r.players_max + 1))
    for players, row in rows.items():
        state = setup(table, [GreedyPlayer() for _ in range(players)], random.Random(1),
                      random.Random(2))
        dealt = {name: len(pile) for name, pile in zip(r.face_up_spaces, state.spaces,
                                                       strict=True)}
        dealt[r.blind_space] = len(state.stack)
        assert [c.count for c in row.spaces] == [dealt[n] for n in r.space_row]
        assert [c.space for c in row.spaces] == list(r.space_row)
        assert row.total == sum(dealt.values())
    assert [c.count for c in rows[2].spaces] == [10, 9, 9, 9, 9]


def test_action_count_comes_from_the_content(shipped_game):
    rules = build_context(shipped_game)["rules"]
    assert rules.action_count == len(shipped_game.rules.section("turn")["actions"]) == 6
    assert rules.action_names == ("Draw", "Trade", "Procure", "Move", "Refresh", "Seal")
