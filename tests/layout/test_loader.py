"""Layouts load from YAML with `extends`, and every mistake is a positioned TKG303."""

from __future__ import annotations

import pytest

from generator.errors import ContentError
from generator.layout import layout_names, load_layout
from generator.layout.units import parse_length
from tests.conftest import TEMPLATES


def test_shipped_layouts_load_and_cluster_extends_default():
    assert {"default", "cluster"} <= set(layout_names(TEMPLATES))
    default, cluster = load_layout(TEMPLATES, "default"), load_layout(TEMPLATES, "cluster")
    assert default.tile.trim == pytest.approx(63.5)
    assert default.tile.bleed == 3 and default.tile.safe == 3
    assert cluster.tile.name == default.tile.name  # inherited
    assert cluster.tile.insignias.badge > default.tile.insignias.badge  # overridden
    assert cluster.tile.insignias.centres(4) != default.tile.insignias.centres(4)


def test_every_slot_count_has_its_points_and_insignias_are_big_enough():
    for name in layout_names(TEMPLATES):
        ins = load_layout(TEMPLATES, name).tile.insignias
        assert ins.symbol >= 8
        assert [len(ins.centres(n)) for n in (1, 2, 3, 4)] == [1, 2, 3, 4]


@pytest.mark.parametrize(("text", "mm"), [(3, 3.0), ("3mm", 3.0), ("1in", 25.4),
                                          ("72pt", 25.4), ("2.5cm", 25.0)])
def test_lengths_are_parsed_once_into_mm(text, mm):
    assert parse_length(text) == pytest.approx(mm)


def _write(project, name, text):
    path = project / "templates" / "layouts" / f"{name}.yaml"
    path.write_text(text)
    return path


def _codes(exc: ContentError) -> list[str]:
    return [d.format() for d in exc.diagnostics]


def test_an_unknown_key_and_a_bad_length_are_reported_with_positions(project):
    _write(project, "broken", "extends: default\ntile:\n  trim: huge\n  bleeed: 3mm\n")
    with pytest.raises(ContentError) as info:
        load_layout(project / "templates", "broken")
    lines = _codes(info.value)
    assert any("broken.yaml:3:9: error TKG303" in line and "huge" in line for line in lines)
    assert any("broken.yaml:4:3: error TKG303" in line and "bleeed" in line for line in lines)


def test_a_small_insignia_is_refused(project):
    _write(project, "tiny", "extends: default\ntile:\n  insignias:\n    symbol: 6mm\n")
    with pytest.raises(ContentError) as info:
        load_layout(project / "templates", "tiny")
    assert "at least 8 mm" in "\n".join(_codes(info.value))


def test_extends_cycles_and_unknown_layouts_are_diagnostics(project):
    _write(project, "a", "extends: b\n")
    _write(project, "b", "extends: a\n")
    with pytest.raises(ContentError) as info:
        load_layout(project / "templates", "a")
    assert "cycle" in "\n".join(_codes(info.value))
    with pytest.raises(ContentError) as info:
        load_layout(project / "templates", "nope")
    assert "known layouts" in "\n".join(_codes(info.value))


def test_yaml_syntax_errors_in_a_layout_carry_the_layout_code(project):
    _write(project, "bad", "tile: [unclosed\n")
    with pytest.raises(ContentError) as info:
        load_layout(project / "templates", "bad")
    assert all(d.code == "TKG303" for d in info.value.diagnostics)
