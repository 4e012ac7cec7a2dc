"""content/pieces.yaml read into kinds of piece and their items (issue 11)."""

from __future__ import annotations

from generator.load.content import load_content
from generator.load.pieces import RESERVED, declared_names
from generator.products.kinds import chosen_kinds
from tests.conftest import CONTENT


def test_the_shipped_mats_are_declared_one_per_oink_and_one_table(shipped_game):
    mats, table = shipped_game.piece_kind("world-mats"), shipped_game.piece_kind("table-mat")
    assert [i.id for i in mats.items] == [o.element for o in shipped_game.oinks]
    fire = mats.items[0]
    assert fire.value("name") == "Cinder Oink" and fire.value("element") == "fire"
    # A generated item stands where its Oink is written, its name where the Oink's name
    # is: what its words cause is told there.
    assert fire.where == shipped_game.oinks[0].where
    assert fire.place("name") == shipped_game.oinks[0].name_where != fire.where
    assert mats.count == 4 and [i.id for i in table.items] == ["table"]
    assert declared_names(CONTENT) == ("world-mats", "table-mat")


def test_a_kind_may_not_take_a_name_of_tkgs_own_kinds():
    assert set(chosen_kinds()) | {"pnp"} <= set(RESERVED)


def test_without_pieces_yaml_nothing_is_declared(project):
    (project / "content" / "pieces.yaml").unlink()
    loaded = load_content(project / "content")
    assert loaded.ok and loaded.game.pieces == ()
    assert declared_names(project / "content") == ()


def test_fields_keep_their_kind_and_lists_become_tuples(project):
    (project / "content" / "pieces.yaml").write_text(
        "track:\n  name: Score track\n  items:\n"
        "    - {id: a, copies: 2, steps: [1, 2, 3], note: \" Go\\n \", big: true, r: 1.5}\n")
    game = load_content(project / "content").game
    [item] = game.piece_kind("track").items
    assert item.copies == 2 and item.value("steps") == (1, 2, 3)
    assert item.value("note") == "Go" and item.value("big") is True and item.value("r") == 1.5
