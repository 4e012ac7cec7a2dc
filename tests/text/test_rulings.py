"""The rulings a table had to make for itself are in the book, tagged as a completion,
and the simulator plays them as the book states them (issue 26, item 1;
tests/sim/test_rulings_played.py holds the simulator's side)."""

from __future__ import annotations

import pytest

from generator.core.memo import Memo
from generator.products.rulebook.context import with_play
from generator.text.context import build_context
from generator.text.templating import render_rulebook
from tests.conftest import TEMPLATES

QUESTIONS = ("Where do the tiles I return at setup go?", "What is secret, and what is open?",
             "Must a Draw take all 3 tokens?",
             "May I procure blind with no free place beside my Oink?",
             "What if O runs out too?")


@pytest.fixture(scope="module")
def clarifications(shipped_game) -> str:
    pages = render_rulebook(TEMPLATES, with_play(shipped_game, build_context(shipped_game), Memo()))
    return next(p.markdown for p in pages if p.markdown.startswith("# Clarifications"))


@pytest.mark.parametrize("question", QUESTIONS)
def test_each_ruling_is_answered_and_tagged(clarifications, question):
    answer = clarifications.split(f"**{question}**", 1)[1].split("\n\n", 1)[0]
    assert "(playtest:rulings)" in answer, answer
