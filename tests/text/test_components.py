"""The rulebook's components list every piece the content declares, with its count
(issue 26, item 4): the world mats and the table mat were printed and never named."""

from __future__ import annotations

from generator.core.memo import Memo
from generator.load.content import load_content
from generator.products.rulebook.context import with_play
from generator.text.context import build_context
from generator.text.templating import render_rulebook
from tests.conftest import TEMPLATES


def components(game) -> str:
    pages = render_rulebook(TEMPLATES, with_play(game, build_context(game), Memo()))
    return next(page.markdown for page in pages if page.markdown.startswith("# Components"))


def test_the_shipped_mats_are_components(shipped_game):
    text = components(shipped_game)
    assert "| World mats | 4 | 4 mats, one per player: a 3 x 3 world," in text
    assert "| Table mat | 1 | The spaces A, B, O, C, D and the trade zone. |" in text


def test_a_declared_piece_is_a_component_with_its_count(project):
    pieces = project / "content" / "pieces.yaml"
    pieces.write_text(pieces.read_text() + """
first-player:
  name: First-player markers
  about: "{count} markers: whoever holds one plays first"
  items:
    - id: first-player
      copies: 2
""")
    game = load_content(project / "content").game
    assert game is not None
    assert "| First-player markers | 2 | 2 markers: whoever holds one plays first. |" in \
        components(game)


def test_without_declared_pieces_the_list_is_the_built_in_one(project):
    (project / "content" / "pieces.yaml").unlink()
    game = load_content(project / "content").game
    text = components(game)
    assert "| Player aids | 4 |" in text and "mat" not in text.lower()
