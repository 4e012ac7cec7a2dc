"""The player aid and the quick reference state each rule in the same short form, with
the restriction the book gives it (issue 26, item 7): the aid's Trade carried the
"Playtest" tag but not its restriction, Refresh lacked "face down", Seal "once", the
placement "not diagonally" and "your Oink stays", and neither had the pass or bag rule.
"""

from __future__ import annotations

import re

import pytest

from generator.core.memo import Memo
from generator.products.rulebook.context import with_play
from generator.text.context import build_context
from generator.text.sections import aid_context
from generator.text.templating import render_aid, render_rulebook
from tests.conftest import TEMPLATES

# Each rule's restriction, as the book's own sections state it.
RESTRICTIONS = {
    "trade": "never an element you give",
    "refresh": "face down on top of O",
    "seal": "a tile is sealed once",
    "placement": "(not diagonally)",
    "oink stays": "your Oink stays",
    "passing": "Pass only when no action is legal",
    "bag": "even during a Draw",
    "refill": "refills at once from the bottom of O",
    "blind": "it goes face down on top of O",
}


def bullets(markdown: str) -> set[str]:
    """The bullet lines of a text, without their playtest tags."""
    return {re.sub(r" ?!\[Playtest \d+\]\(playtest:\w+\)", "", line[2:]).strip()
            for line in markdown.splitlines() if line.startswith("- ")}


@pytest.fixture(scope="module")
def texts(shipped_game):
    context = with_play(shipped_game, build_context(shipped_game), Memo())
    book = render_rulebook(TEMPLATES, context)
    quick = next(page.markdown for page in book if "# Quick reference" in page.markdown)
    aid = render_aid(TEMPLATES, aid_context(shipped_game, context,
                                            shipped_game.oinks[0].element)).markdown
    return aid, quick


@pytest.mark.parametrize("rule", sorted(RESTRICTIONS))
def test_the_aid_and_the_quick_reference_both_state_the_restriction(texts, rule):
    aid, quick = texts
    for text in (aid, quick):
        assert RESTRICTIONS[rule] in text, (rule, text)


def test_every_action_is_one_line_in_both_word_for_word(texts):
    aid, quick = bullets(texts[0]), bullets(texts[1])
    actions = {line for line in aid if line.startswith("**") and ":**" in line}
    assert len(actions) == 7  # draw, trade, two procures, move, refresh, seal
    assert actions <= quick
    shared = {line for line in aid if "Pass only" in line or "Bag empty" in line}
    assert len(shared) == 2 and shared <= quick
