"""Layouts load from YAML with `extends`, in one dialect: every piece a look under
`pieces:`; every mistake is positioned (TKG303 for the file and its sheets, TKG602 for a
look, TKG605 for a piece no paper holds, TKG608 for a built-in piece without a look)."""

from __future__ import annotations

import pytest

from generator.core.errors import ContentError
from generator.layout import layout_names
from generator.layout.look import DENSEST
from generator.layout.units import parse_length
from tests.conftest import TEMPLATES, load_layout


def _prim(look, name: str):
    return next(p for p in look.front if p.name == name)


def test_shipped_layouts_load_and_cluster_extends_default():
    assert {"default", "cluster", "ink-saver"} <= set(layout_names(TEMPLATES))
    default, cluster = load_layout("default"), load_layout("cluster")
    tile = default.look("tile")
    assert tile.size == pytest.approx((63.5, 63.5)) and tile.gutter == DENSEST
    assert tile.bleed == 3 and tile.safe == 3 and tile.backs == "shared"
    theirs = cluster.look("tile")
    assert _prim(theirs, "name") == _prim(tile, "name")  # inherited
    ours, others = _prim(tile, "insignias"), _prim(theirs, "insignias")
    assert others.children[0].get("badge") > ours.children[0].get("badge")  # overridden
    assert others.get("at")[3] != ours.get("at")[3]
    for name in ("tile", "token", "oink", "aid", "cover"):
        assert default.look(name) is not None


def test_every_slot_count_has_its_points_and_insignias_are_big_enough():
    for name in layout_names(TEMPLATES):
        insignias = _prim(load_layout(name).look("tile"), "insignias")
        assert [len(places) for places in insignias.get("at")] == [1, 2, 3, 4]
        assert insignias.children[0].get("size") >= 8


@pytest.mark.parametrize(("text", "mm"), [(3, 3.0), ("3mm", 3.0), ("1in", 25.4),
                                          ("72pt", 25.4), ("2.5cm", 25.0)])
def test_lengths_are_parsed_once_into_mm(text, mm):
    assert parse_length(text) == pytest.approx(mm)


def _write(project, name, text):
    path = project / "templates" / "layouts" / f"{name}.yaml"
    path.write_text(text)
    return path


def _lines(exc: ContentError) -> list[str]:
    return [d.format() for d in exc.diagnostics]


def test_an_unknown_key_and_a_bad_length_are_reported_with_positions(project):
    _write(project, "broken", "extends: default\npieces:\n  tile:\n    size: huge\n"
           "    bleeed: 3mm\n")
    with pytest.raises(ContentError) as info:
        load_layout("broken", project / "templates")
    lines = _lines(info.value)
    assert any("broken.yaml:4:11: error TKG602" in line and "huge" in line for line in lines)
    assert any("broken.yaml:5:5: error TKG602" in line and "bleeed" in line for line in lines)


def test_the_old_dialect_is_told_where_it_is_and_what_to_write(project):
    _write(project, "old", "extends: default\ntile:\n  trim: 63.5mm\n")
    with pytest.raises(ContentError) as info:
        load_layout("old", project / "templates")
    [problem] = info.value.diagnostics
    assert (problem.code, problem.line, problem.column) == ("TKG303", 2, 1)
    assert "old layout dialect" in problem.message and "docs/pieces.md" in problem.hint


def test_a_layout_without_a_built_in_look_is_told_which(project):
    default = (project / "templates" / "layouts" / "default.yaml").read_text()
    start, end = default.index("  token:\n"), default.index("  oink:\n")
    _write(project, "tokenless", default[:start] + default[end:])
    with pytest.raises(ContentError) as info:
        load_layout("tokenless", project / "templates")
    [problem] = info.value.diagnostics
    assert problem.code == "TKG608" and "life token" in problem.message


def test_extends_cycles_and_unknown_layouts_are_diagnostics(project):
    _write(project, "a", "extends: b\n")
    _write(project, "b", "extends: a\n")
    with pytest.raises(ContentError) as info:
        load_layout("a", project / "templates")
    assert "cycle" in "\n".join(_lines(info.value))
    with pytest.raises(ContentError) as info:
        load_layout("nope", project / "templates")
    assert "known layouts" in "\n".join(_lines(info.value))


def test_a_misspelt_layout_is_told_the_nearest_known_name(project):
    with pytest.raises(ContentError) as info:
        load_layout("clustr", project / "templates")
    said = "\n".join(_lines(info.value))
    assert "there is no layout named 'clustr'" in said
    assert "did you mean 'cluster'? known layouts: cluster, default, ink-saver" in said


def test_yaml_syntax_errors_in_a_layout_carry_the_layout_code(project):
    _write(project, "bad", "pieces: [unclosed\n")
    with pytest.raises(ContentError) as info:
        load_layout("bad", project / "templates")
    assert all(d.code == "TKG303" for d in info.value.diagnostics)


def test_a_layout_colour_left_unquoted_is_told_that_its_hash_starts_a_comment(project):
    _write(project, "unquoted", "extends: default\npieces:\n  tile:\n    front:\n"
           "      name:\n        text:\n          colour: #FFFFFF\n")
    with pytest.raises(ContentError) as info:
        load_layout("unquoted", project / "templates")
    [found] = info.value.diagnostics
    assert (found.code, found.line) == ("TKG602", 7), found
    assert found.hint == ('a # starts a comment in YAML, so nothing is written here: put '
                          'the value in quotes (colour: "#FFFFFF")'), found


TILE = "pieces:\n  tile:\n"
NAME = TILE + "    front:\n      name:\n        text:\n"
# Each broken layout (extending the default) and where and what its diagnostic says.
OUT_OF_RANGE = [
    (TILE + "    size: 0\n", "4:11", "TKG602", "size must be more than 0 mm"),
    (TILE + "    size: -63.5mm\n", "4:11", "TKG602", "size must be more than 0 mm"),
    (TILE + "    bleed: 0\n", "4:12", "TKG602", "world tile needs a bleed of more than 0 mm"),
    (TILE + "    safe: -1\n", "4:11", "TKG602", "safe must not be negative"),
    (TILE + "    front:\n      insignias:\n        repeat:\n          draw:\n"
     "            - symbol: {element: \"{each}\", cx: 0, cy: 0, size: 9, badge: -11.5mm}\n",
     "8:73", "TKG602", "badge must not be negative"),
    (TILE + "    front:\n      art:\n        image: {box: {x: -3, y: -3, w: 0, h: 69.5}}\n",
     "6:40", "TKG602", "w must be more than 0 mm"),
    (NAME + "          size: 0pt\n", "7:17", "TKG602", "size must be more than 0 mm"),
    (NAME + "          min_size: 20pt\n", "7:21", "TKG602", "must not be larger than size"),
    (NAME + "          plate_opacity: 1.5\n", "7:26", "TKG602", "between 0 and 1"),
    (NAME + "          plate_opacity: .nan\n", "7:26", "TKG602", "between 0 and 1"),
    ("pieces:\n  token:\n    disc: 18mm\n", "4:11", "TKG602",
     "life token must be at least 19 mm across"),
    ("pieces:\n  oink:\n    bleed: -2mm\n", "4:12", "TKG602", "bleed must not be negative"),
    ("sheets:\n  margin: .nan\n", "3:11", "TKG303", "must be a finite number"),
    ("sheets:\n  margin: .inf\n", "3:11", "TKG303", "must be a finite number"),
    ("sheets:\n  margin: 5mm\n", "3:11", "TKG303", "margin must be at least 6.35 mm"),
    ("sheets:\n  marks:\n    width: 0.5mm\n", "4:12", "TKG303", "0.15-0.25 mm wide"),
    ("sheets:\n  marks:\n    width: 0.1mm\n", "4:12", "TKG303", "0.15-0.25 mm wide"),
    ("sheets:\n  marks:\n    offset: -1mm\n", "4:13", "TKG303", "offset must not be negative"),
    (TILE + "    gutter: -4mm\n", "4:13", "TKG602", "gutter must not be negative"),
    ("sheets:\n  papers:\n    a4: [0, 297mm]\n", "4:9", "TKG303", "a4 must be more than 0 mm"),
    ("sheets:\n  margin: 80mm\n", "16:11", "TKG605",
     "a tile piece of 63.5 x 63.5 mm does not fit on a4 paper"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("override", "where", "code", "message"), OUT_OF_RANGE)
def test_lengths_out_of_range_and_print_conventions_are_positioned_errors(
        project, override, where, code, message):
    _write(project, "broken", "extends: default\n" + override)
    with pytest.raises(ContentError) as info:
        load_layout("broken", project / "templates")
    found = [d for d in info.value.diagnostics if message in d.message]
    assert found, _lines(info.value)
    assert found[0].code == code
    if code == "TKG605":  # at the look's size, in the default layout it extends
        assert found[0].path.endswith("default.yaml")
        return
    assert found[0].path.endswith("broken.yaml")
    assert f"{found[0].line}:{found[0].column}" == where


@pytest.mark.parametrize("override", ["sheets:\n  margin: 6.35 mn\n",
                                      "sheets:\n  marks:\n    width: 0.2 mn\n",
                                      "sheets:\n  margin: .nan\n"])
def test_a_length_that_cannot_be_read_is_one_problem_not_two(project, override):
    # Read as no length at all, it was also told as too small ("not 0 mm").
    _write(project, "broken", "extends: default\n" + override)
    with pytest.raises(ContentError) as info:
        load_layout("broken", project / "templates")
    assert len(info.value.diagnostics) == 1, _lines(info.value)


def test_a_misspelt_font_role_is_told_the_nearest_role(project):
    _write(project, "broken", "extends: default\n" + NAME + "          font: tittle\n")
    with pytest.raises(ContentError) as info:
        load_layout("broken", project / "templates")
    [problem] = info.value.diagnostics
    assert problem.message.startswith(
        "font 'tittle' is not a font role (did you mean 'title'?): title, heading, ")


def test_two_lengths_missing_from_one_mapping_are_both_told():
    # Both are told at the mapping's own line: one problem a value, not one a line.
    from generator.core.model import Location
    from generator.layout.values import ValueReader
    from generator.load.yamlsource import YMap

    reader = ValueReader([])
    marks = YMap(Location("layouts/broken.yaml", 3, 1))
    reader.length(marks, "length")
    reader.length(marks, "offset")
    assert [d.message for d in reader.problems] == ["missing length 'length'",
                                                     "missing length 'offset'"]


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


@pytest.mark.slow
@pytest.mark.parametrize(("override", "code"), [(TILE + "    size: 0\n", "TKG602"),
                                                ("sheets:\n  margin: .nan\n", "TKG303"),
                                                ("sheets:\n  margin: 80mm\n", "TKG605")])
def test_tkg_build_reports_a_broken_layout_with_exit_1_and_no_traceback(
        project, monkeypatch, override, code):
    from click.testing import CliRunner

    from generator.cli import cli

    _write(project, "broken", "extends: default\n" + override)
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "tiles", "--paper", "a4",
                                      "--layout", "broken"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    assert ".yaml:" in result.output and code in result.output


NUMBER = TILE + "    front:\n      number:\n        text:\n          text: "


@pytest.mark.parametrize(("text", "message"), [
    ("{id[0]}", "is not a name"),
    ("{id!r}", "no conversions"),
    ("{0}", "{0} is not a name"),
    ("{}", "{} needs a name"),
    ("{number:{n}}", "no fields inside a format spec"),
    ("{number", "literal brace"),
])
def test_text_formats_are_plain_names(project, text, message):
    _write(project, "broken", f"extends: default\n{NUMBER}\"{text}\"\n")
    with pytest.raises(ContentError) as info:
        load_layout("broken", project / "templates")
    [problem] = info.value.diagnostics
    assert problem.code == "TKG602" and message in problem.message, problem.format()
    assert (problem.path.endswith("broken.yaml"), problem.line, problem.column) == (True, 7, 17)


@pytest.mark.parametrize("text", ["{number}/{game.tiles}", "#{number:02d} {id}",
                                  "{{{number}}}"])
def test_plain_formats_are_accepted(project, text):
    _write(project, "fine", f"extends: default\n{NUMBER}\"{text}\"\n")
    number = _prim(load_layout("fine", project / "templates").look("tile"), "number")
    assert number.get("text") == text


@pytest.mark.slow
def test_a_format_over_an_unknown_name_stops_tkg_build_at_its_line(project, monkeypatch):
    from click.testing import CliRunner

    from generator.cli import cli

    _write(project, "broken", "extends: default\npieces:\n  oink:\n    front:\n"
           "      capacity:\n        text:\n          text: \"holds {cap}\"\n")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "tokens", "--paper", "a4",
                                      "--layout", "broken"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "broken.yaml:7:11: error TKG604" in result.output and "{cap}" in result.output
