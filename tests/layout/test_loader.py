"""Layouts load from YAML with `extends`, and every mistake is a positioned TKG303."""

from __future__ import annotations

import pytest

from generator.core.errors import ContentError
from generator.layout import layout_names
from generator.layout.units import parse_length
from tests.conftest import TEMPLATES, load_layout


def test_shipped_layouts_load_and_cluster_extends_default():
    assert {"default", "cluster"} <= set(layout_names(TEMPLATES))
    default, cluster = load_layout("default"), load_layout("cluster")
    assert default.tile.trim == pytest.approx(63.5)
    assert default.tile.bleed == 3 and default.tile.safe == 3
    assert cluster.tile.name == default.tile.name  # inherited
    assert cluster.tile.insignias.badge > default.tile.insignias.badge  # overridden
    assert cluster.tile.insignias.centres(4) != default.tile.insignias.centres(4)


def test_every_slot_count_has_its_points_and_insignias_are_big_enough():
    for name in layout_names(TEMPLATES):
        ins = load_layout(name).tile.insignias
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
        load_layout("broken", project / "templates")
    lines = _codes(info.value)
    assert any("broken.yaml:3:9: error TKG303" in line and "huge" in line for line in lines)
    assert any("broken.yaml:4:3: error TKG303" in line and "bleeed" in line for line in lines)


def test_a_small_insignia_is_refused(project):
    _write(project, "tiny", "extends: default\ntile:\n  insignias:\n    symbol: 6mm\n")
    with pytest.raises(ContentError) as info:
        load_layout("tiny", project / "templates")
    assert "at least 8 mm" in "\n".join(_codes(info.value))


def test_extends_cycles_and_unknown_layouts_are_diagnostics(project):
    _write(project, "a", "extends: b\n")
    _write(project, "b", "extends: a\n")
    with pytest.raises(ContentError) as info:
        load_layout("a", project / "templates")
    assert "cycle" in "\n".join(_codes(info.value))
    with pytest.raises(ContentError) as info:
        load_layout("nope", project / "templates")
    assert "known layouts" in "\n".join(_codes(info.value))


def test_yaml_syntax_errors_in_a_layout_carry_the_layout_code(project):
    _write(project, "bad", "tile: [unclosed\n")
    with pytest.raises(ContentError) as info:
        load_layout("bad", project / "templates")
    assert all(d.code == "TKG303" for d in info.value.diagnostics)


# Each broken layout (extending the default) and where and what its TKG303 says.
OUT_OF_RANGE = [
    ("tile:\n  trim: 0\n", "3:9", "trim must be more than 0 mm"),
    ("tile:\n  trim: -63.5mm\n", "3:9", "trim must be more than 0 mm"),
    ("tile:\n  bleed: 0\n", "3:10", "bleed must be more than 0 mm"),
    ("tile:\n  safe: -1\n", "3:9", "safe must not be negative"),
    ("tile:\n  insignias:\n    badge: -11.5mm\n", "4:12", "badge must be more than 0 mm"),
    ("tile:\n  art: {x: -3, y: -3, w: 0, h: 69.5}\n", "3:26", "w must be more than 0 mm"),
    ("tile:\n  name:\n    size: 0pt\n", "4:11", "size must be more than 0 mm"),
    ("tile:\n  name:\n    min_size: 20pt\n", "4:15", "must not be larger than size"),
    ("tile:\n  name:\n    plate_opacity: 1.5\n", "4:20", "between 0 and 1"),
    ("tile:\n  name:\n    plate_opacity: .nan\n", "4:20", "between 0 and 1"),
    ("token:\n  disc: 18mm\n", "3:9", "disc must be at least 19 mm"),
    ("oink:\n  bleed: -2mm\n", "3:10", "bleed must be more than 0 mm"),
    ("sheets:\n  margin: .nan\n", "3:11", "must be a finite number"),
    ("sheets:\n  margin: .inf\n", "3:11", "must be a finite number"),
    ("sheets:\n  margin: 5mm\n", "3:11", "margin must be at least 6.35 mm"),
    ("sheets:\n  marks:\n    width: 0.5mm\n", "4:12", "0.15-0.25 mm wide"),
    ("sheets:\n  marks:\n    width: 0.1mm\n", "4:12", "0.15-0.25 mm wide"),
    ("sheets:\n  marks:\n    offset: -1mm\n", "4:13", "offset must not be negative"),
    ("sheets:\n  gutter:\n    tile: -4mm\n", "4:11", "tile must not be negative"),
    ("sheets:\n  papers:\n    a4: [0, 297mm]\n", "4:9", "a4 must be more than 0 mm"),
    ("sheets:\n  margin: 80mm\n", "2:1", "a tile of 63.5 x 63.5 mm does not fit on a4 paper"),
]


@pytest.mark.parametrize(("override", "where", "message"), OUT_OF_RANGE)
def test_lengths_out_of_range_and_print_conventions_are_positioned_errors(
        project, override, where, message):
    _write(project, "broken", "extends: default\n" + override)
    with pytest.raises(ContentError) as info:
        load_layout("broken", project / "templates")
    found = [d for d in info.value.diagnostics if message in d.message]
    assert found, _codes(info.value)
    assert found[0].code == "TKG303"
    assert found[0].path.endswith("broken.yaml")
    assert f"{found[0].line}:{found[0].column}" == where


def test_a_layout_must_give_every_paper(project):
    default = (project / "templates" / "layouts" / "default.yaml").read_text()
    _write(project, "no-a4", default.replace("    a4: [210mm, 297mm]\n", ""))
    with pytest.raises(ContentError) as info:
        load_layout("no-a4", project / "templates")
    [problem] = info.value.diagnostics
    assert "missing: a4" in problem.message and problem.path.endswith("no-a4.yaml")
    assert default.splitlines()[problem.line - 1].strip() == "papers:"


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", "1" + "0" * 400, "nan mm"],
                         ids=["nan", "inf", "-inf", "huge", "nan-mm"])
def test_a_length_must_be_a_finite_number(value):
    import yaml

    with pytest.raises(ValueError):
        parse_length(yaml.safe_load(value))


@pytest.mark.parametrize("override", ["tile:\n  trim: 0\n", "sheets:\n  margin: .nan\n",
                                      "sheets:\n  margin: 80mm\n"])
def test_tkg_build_reports_a_broken_layout_with_exit_1_and_no_traceback(
        project, monkeypatch, override):
    from click.testing import CliRunner

    from generator.cli import cli

    _write(project, "broken", "extends: default\n" + override)
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "tiles", "--paper", "a4",
                                      "--layout", "broken"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    assert "broken.yaml:" in result.output and "TKG303" in result.output


@pytest.mark.parametrize(("section", "text", "message"), [
    ("tile:\n  number:\n", "{number}/{total}", "{total} is not a name it can use"),
    ("tile:\n  number:\n", "{number.__class__}", "no attribute or index access"),
    ("tile:\n  number:\n", "{id[0]}", "no attribute or index access"),
    ("tile:\n  number:\n", "{id!r}", "no conversions"),
    ("tile:\n  number:\n", "{0}", "{0} is not a name"),
    ("tile:\n  number:\n", "{}", "{} needs a name"),
    ("tile:\n  number:\n", "{number:{count}}", "no fields inside a format spec"),
    ("tile:\n  number:\n", "{id:d}", "Unknown format code"),
    ("tile:\n  number:\n", "{number", "literal brace"),
    ("oink:\n  capacity:\n", "holds {capacity.__class__}", "no attribute or index access"),
    ("oink:\n  capacity:\n", "holds {number}", "{number} is not a name"),
    ("tile:\n  flavour:\n", "{flavour}", "tile.flavour takes no format"),
])
def test_text_formats_use_only_the_known_names(project, section, text, message):
    _write(project, "broken", f"extends: default\n{section}    format: \"{text}\"\n")
    with pytest.raises(ContentError) as info:
        load_layout("broken", project / "templates")
    [problem] = info.value.diagnostics
    assert problem.code == "TKG303" and message in problem.message, problem.format()
    assert (problem.path.endswith("broken.yaml"), problem.line, problem.column) == (True, 4, 13)


@pytest.mark.parametrize("text", ["{number}/{count}", "#{number:02d} {id}", "{{{number}}}"])
def test_plain_formats_are_accepted(project, text):
    _write(project, "fine", f"extends: default\ntile:\n  number:\n    format: \"{text}\"\n")
    assert load_layout("fine", project / "templates").tile.number.format == text


def test_a_bad_format_stops_tkg_build_with_exit_1(project, monkeypatch):
    from click.testing import CliRunner

    from generator.cli import cli

    _write(project, "broken", "extends: default\noink:\n  capacity:\n    format: \"{cap}\"\n")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "tokens", "--paper", "a4",
                                      "--layout", "broken"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "broken.yaml:4:13: error TKG303" in result.output
