"""`tkg validate` finds everything a build could find wrong, all in one run, each problem
at its file, line and column: art, insignias, fonts, layouts, templates, text fit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.build.journal import CACHE_DIR
from generator.cli import cli


def run(project: Path, *extra: str) -> tuple[int, list[str]]:
    """`tkg validate` in the project folder; its exit code and output lines."""
    result = CliRunner().invoke(cli, ["validate", "--content", str(project / "content"),
                                      "--templates", str(project / "templates"), *extra])
    assert "Traceback" not in result.output
    return result.exit_code, result.output.splitlines()


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first line of `path` holding `text`."""
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def break_art(project: Path, tile_id: str, data: bytes) -> int:
    """Overwrite a tile's art file with `data`; return the line of its `art:`."""
    (project / "content" / "art" / f"{tile_id}.svg").write_bytes(data)
    return line_of(project / "content" / "tiles.yaml", f"art: art/{tile_id}.svg")


def errors(lines: list[str], code: str) -> list[str]:
    return [line for line in lines if f": error {code}:" in line]


def test_two_unreadable_art_files_are_both_reported_at_their_art_lines(project):
    first = break_art(project, "ember-hollow", b"<svg")
    second = break_art(project, "mossfen", b'<svg xmlns="http://www.w3.org/2000/svg" '
                                           b'viewBox="0 0 9 9"><text>Hi</text></svg>')
    code, lines = run(project)
    assert code == 1
    found = errors(lines, "TKG304")
    tiles = project / "content" / "tiles.yaml"
    assert [line.split(": error")[0] for line in found] == [f"{tiles}:{first}:10",
                                                             f"{tiles}:{second}:10"], lines
    assert "ember-hollow.svg" in found[0] and "not well-formed" in found[0]
    assert "mossfen.svg" in found[1] and "text" in found[1]


def test_a_font_that_is_not_a_font_is_a_tkg306_at_its_role(project):
    game = project / "content" / "game.yaml"
    (project / "content" / "fonts" / "Lato-Black.ttf").write_text("not a font\n")
    code, lines = run(project)
    assert code == 1
    [found] = errors(lines, "TKG306")
    assert found.startswith(f"{game}:{line_of(game, 'Lato-Black.ttf')}:")
    assert "the black font" in found and "Lato-Black.ttf" in found



def _a_font_of_its_own(project: Path) -> tuple[Path, int]:
    """The black role set in a font file that no licence file beside it names (Lato's
    bytes under another family's name); game.yaml and the role's line."""
    game = project / "content" / "game.yaml"
    fonts = project / "content" / "fonts"
    (fonts / "Orbit-Black.ttf").write_bytes((fonts / "Lato-Black.ttf").read_bytes())
    game.write_text(game.read_text().replace("fonts/Lato-Black.ttf", "fonts/Orbit-Black.ttf"))
    return game, line_of(game, "Orbit-Black.ttf")


@pytest.mark.slow
def test_a_font_without_its_licence_beside_it_is_a_warning_at_its_role(project):
    # The SVGs load their fonts from the output's fonts/ and the PDFs embed them: a
    # font's licence (the OFL's, most often) asks to travel with every copy.
    game, line = _a_font_of_its_own(project)
    code, lines = run(project, "--lang", "en")
    assert code == 0, lines
    [found] = [line for line in lines if ": warning TKG313:" in line]
    fonts = project / "content" / "fonts"
    assert found.startswith(f"{game}:{line}:10: warning TKG313: the black font, "
                            f"{fonts / 'Orbit-Black.ttf'}, has no licence file beside it"), found
    assert f"as {fonts / 'LICENSE-Orbit.txt'}, or one licence" in found, found
    assert found.endswith("the font names its licence at http://scripts.sil.org/OFL)"), found


@pytest.mark.slow
def test_a_folder_licence_as_font_makers_name_it_goes_with_every_font_of_it(project):
    # A family downloaded from Google Fonts comes with OFL.txt: it licenses the folder.
    _a_font_of_its_own(project)
    (project / "content" / "fonts" / "OFL.txt").write_text("SIL Open Font License 1.1\n")
    code, lines = run(project, "--lang", "en")
    assert code == 0 and not [line for line in lines if "TKG313" in line], lines
    out = project / "output"
    built = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                     "--templates", str(project / "templates"), "--out",
                                     str(out), "--only", "tokens", "--lang", "en"])
    assert built.exit_code == 0, built.output
    assert (out / "fonts" / "Orbit-Black.ttf").is_file()  # the Oinks' names are set in it
    assert (out / "fonts" / "OFL.txt").read_text() == "SIL Open Font License 1.1\n"



def variable_font(source: Path) -> bytes:
    """`source`'s glyphs with a weight and a width axis (an fvar table), its default
    the named instance "Heavy Black" (wght 900, wdth 100)."""
    import io

    from fontTools.ttLib import TTFont, newTable
    from fontTools.ttLib.tables._f_v_a_r import Axis, NamedInstance

    font = TTFont(source)
    names = font["name"]
    fvar = newTable("fvar")
    fvar.axes, fvar.instances = [], []
    for tag, low, default, high, label in (("wght", 100, 900, 900, "Weight"),
                                           ("wdth", 75, 100, 100, "Width")):
        axis = Axis()
        axis.axisTag, axis.minValue, axis.defaultValue, axis.maxValue = tag, low, default, high
        axis.axisNameID = names.addMultilingualName({"en": label}, font)
        fvar.axes.append(axis)
    for label, weight in (("Thin", 100), ("Heavy Black", 900)):
        instance = NamedInstance()
        instance.subfamilyNameID = names.addMultilingualName({"en": label}, font)
        instance.coordinates = {"wght": weight, "wdth": 100}
        fvar.instances.append(instance)
    font["fvar"] = fvar
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@pytest.mark.slow
def test_a_variable_font_is_told_it_prints_as_its_default_design(project):
    # A family from Google Fonts is one variable file (and its static/ folder): set in
    # it, a role prints at its default, which may not be the weight its name suggests.
    fonts = project / "content" / "fonts"
    (fonts / "Lato-Variable.ttf").write_bytes(variable_font(fonts / "Lato-Black.ttf"))
    game = project / "content" / "game.yaml"
    game.write_text(game.read_text().replace("fonts/Lato-Black.ttf", "fonts/Lato-Variable.ttf"))
    code, lines = run(project, "--lang", "en")
    assert code == 0, lines
    [found] = [line for line in lines if " TKG314: " in line]
    assert found.startswith(f"{game}:{line_of(game, 'Lato-Variable.ttf')}:10: info TKG314: "
                            f"the black font, {fonts / 'Lato-Variable.ttf'}, is a variable "
                            "font: tkg prints it as its default design, Heavy Black (wght "
                            "900, wdth 100), in the PDFs and the SVGs alike"), found
    assert "static/ folder" in found, found


def test_a_broken_layout_is_reported_by_validate(project):
    layouts = project / "templates" / "layouts"
    (layouts / "bad.yaml").write_text("extends: default\npieces:\n  tile:\n    size: -3\n")
    code, lines = run(project, "--layout", "bad")
    assert code == 1
    [found] = errors(lines, "TKG602")
    assert found.startswith(f"{layouts / 'bad.yaml'}:4:11:") and "size" in found


def test_a_template_naming_an_unknown_value_is_reported_at_its_line(project):
    folder = project / "templates" / "rulebook"
    section = sorted(folder.glob("0*.md.j2"))[0]
    section.write_text(section.read_text() + "\nAnd {{ rules.no_such_rule }} more.\n")
    code, lines = run(project)
    assert code == 1
    [found] = errors(lines, "TKG302")
    last = len(section.read_text().splitlines())
    assert found.startswith(f"{section}:{last}:") and "no_such_rule" in found


def _template_errors(project, added: str) -> list[tuple[int, str]]:
    """Each TKG302 of validating the project with `added` at the end of its first
    rulebook section: its line, counted from the section's old end, and its words."""
    section = sorted((project / "templates" / "rulebook").glob("0*.md.j2"))[0]
    before = len(section.read_text().splitlines())
    section.write_text(section.read_text() + added)
    code, lines = run(project)
    assert code == 1
    return [(int(line.split(": error")[0].rsplit(":", 2)[1]) - before, line)
            for line in errors(lines, "TKG302")]


def test_every_name_a_template_misspells_is_told_with_the_name_it_is_nearest(project):
    # Rendering stops at the first; the others are found too, each at its line. A name
    # the template asks about (`is defined`) is none of them.
    found = _template_errors(project, "\nFor {{ elemnt_names }}.\n\n"
                             "{% for t in [1] %}{{ t }} {{ titel }}{% endfor %}\n"
                             "{% if extra is defined %}{{ extra }}{% endif %}\n")
    assert [at for at, _ in found] == [2, 4], found
    assert "'elemnt_names' is undefined (did you mean 'element_names'?)" in found[0][1]
    assert "'titel' is undefined (did you mean 'title'?)" in found[1][1]


def test_every_field_a_template_misspells_in_a_record_is_told_at_its_line(project):
    # `rules.x`: rendering stops at the first; the others are found too, as the names
    # are, each at its line with the record's nearest field. A field asked about
    # (`is defined`), or read from a name a loop sets (`draft`), is none of them.
    found = _template_errors(project, "\nFor {{ rules.playres_min }}.\n\n"
                             "{% for t in [1] %}{{ rules.grid_colums }}{% endfor %}\n"
                             "{% if rules.extra is defined %}{{ rules.extra }}{% endif %}\n"
                             "{{ rules.grid_colums }} {% for draft in [1] %}{{ draft.x }}"
                             "{% endfor %}\n")
    assert [at for at, _ in found] == [2, 4], found
    assert "no variable 'playres_min' here (did you mean 'players_min'?)" in found[0][1]
    assert "no variable 'grid_colums' here (did you mean 'grid_columns'?)" in found[1][1]


@pytest.mark.slow
def test_every_field_a_template_misspells_in_a_loop_s_records_is_told_at_its_line(project):
    # `{% for e in elements %}{{ e.nmae }}`: rendering stops at the first; the others
    # are found too, in the records a loop takes (an outer loop's too: `row.spaces`),
    # each at its line with the nearest field. A field asked about, or read from what
    # is not known before the render (a list written in the template), is none of them.
    found = _template_errors(project, "\n{% for e in elements %}{{ e.nmae }}\n"
                             "{{ e.colr }}{% endfor %}\n"
                             "{% for row in split %}{% for c in row.spaces %}{{ c.cont }}"
                             "{% endfor %}{% endfor %}\n"
                             "{% for e in elements %}{% if e.extra is defined %}{{ e.extra }}"
                             "{% endif %}{{ e.name }}{% endfor %}\n"
                             "{% for k in [1] %}{{ k.x }}{% endfor %}\n")
    assert [at for at, _ in found] == [2, 3, 4], found
    assert "no variable 'nmae' here (did you mean 'name'?)" in found[0][1]
    assert "no variable 'colr' here (did you mean 'colour'?)" in found[1][1]
    assert "no variable 'cont' here (did you mean 'count'?); known: space, count" in found[2][1]


@pytest.mark.slow
def test_text_that_does_not_fit_is_a_warning_and_fails_strict(project):
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Mossfen", "name: " + "Moss " * 30, 1))
    code, lines = run(project)
    assert code == 0
    assert any(": warning TKG305:" in line and "name of tile 'mossfen'" in line for line in lines)
    assert run(project, "--strict")[0] == 1


@pytest.mark.slow
def test_a_look_s_problem_on_every_item_is_told_once_naming_them(project):
    # A layout whose tile name box outgrows the tile: the same mistake on each of the 48
    # tiles, at one line of the layout, is one error naming how many and which.
    layout = project / "templates" / "layouts" / "default.yaml"
    text = layout.read_text()
    name_box = 'box: {x: 4, y: 4, w: "width - 8mm", h: 9}'
    assert name_box in text
    layout.write_text(text.replace(name_box, "box: {x: 4, y: 4, w: 70, h: 9}", 1))
    code, lines = run(project, "--lang", "en")
    assert code == 1
    [found] = errors(lines, "TKG606")
    assert found.startswith(f"{layout}:{line_of(layout, 'w: 70')}:"), found
    assert ("the text's box 4, 4, 70 x 9 mm runs outside the 63.5 x 63.5 mm tile piece "
            "on 48 items ('ember-hollow', 'cinder-throne', 'tidewell' and 45 more)") in found
    assert lines[-1].startswith("48 tiles, 4 elements: 1 error,"), lines[-1]


def test_many_alike_problems_at_one_place_show_three_and_count_the_rest(project):
    # The look names each tile's art with a suffix no image has: a problem of its own on
    # each of 48 tiles (each names its file), all at one line of the layout. The text
    # shows the first three and counts the rest; JSON lists every one.
    layout = project / "templates" / "layouts" / "default.yaml"
    layout.write_text(layout.read_text().replace('file: "{art}"', 'file: "{art}x"', 1))
    code, lines = run(project, "--lang", "en")
    assert code == 1
    found = errors(lines, "TKG607")
    assert len(found) == 4, lines
    assert all("is not one of .svg, .png" in line for line in found[:3])
    assert found[3].startswith(found[0].split(" error ")[0] + " error TKG607: 45 more "
                               "like the 3 above (tkg validate --format json lists each)")
    assert lines[-1].startswith("48 tiles, 4 elements: 48 errors,"), lines[-1]
    code, lines = run(project, "--lang", "en", "--format", "json")
    assert sum('"code": "TKG607"' in line for line in lines) == 48


def test_a_primitive_named_near_one_the_layout_extends_is_told_so(project):
    # 'nme' where the default layout names 'name': a new text, which lacks what the
    # default's gives, when the designer meant to change the default's.
    mine = project / "templates" / "layouts" / "mine.yaml"
    mine.write_text("extends: default\npieces:\n  tile:\n    front:\n      nme:\n"
                    "        text: {box: {x: 4, y: 4, w: 55.5, h: 9}, text: \"{name}\"}\n")
    code, lines = run(project, "--layout", "mine", "--lang", "en")
    assert code == 1
    found = errors(lines, "TKG602")
    assert f"{mine}:5:7: error TKG602: 'nme' names no primitive of the layout this one " \
           "extends, so it adds one (did you mean 'name', to change that one?)" in found, found
    assert any("missing 'colour'" in line for line in found)


def test_a_name_a_look_misspells_is_told_with_the_name_it_is_nearest(project):
    layout = project / "templates" / "layouts" / "default.yaml"
    layout.write_text(layout.read_text().replace('text: "{flavour}"', 'text: "{flavor}"', 1))
    code, lines = run(project, "--lang", "en")
    assert code == 1
    [found] = errors(lines, "TKG604")
    assert "uses {flavor}, which is no field of the 'tile' items ({id}, " in found, found
    assert "no name of the game (did you mean {flavour}?)" in found, found


def test_every_kind_of_problem_comes_out_of_one_run(project):
    break_art(project, "ember-hollow", b"<svg")
    (project / "content" / "fonts" / "Lato-Black.ttf").write_bytes(b"")
    (project / "templates" / "layouts" / "bad.yaml").write_text("tile: 3\n")
    code, lines = run(project, "--layout", "default", "--layout", "bad")
    assert code == 1
    assert {code for code in ("TKG303", "TKG304", "TKG306") if errors(lines, code)} == {
        "TKG303", "TKG304", "TKG306"}, lines
    assert re.search(r"\d+ errors", lines[-1])


@pytest.mark.slow
def test_the_build_stops_on_the_same_problems_and_writes_nothing(project, monkeypatch):
    break_art(project, "ember-hollow", b"<svg")
    break_art(project, "mossfen", b"<svg")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--paper", "a4"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert len(errors(result.output.splitlines(), "TKG304")) == 2
    assert not (project / "output").exists()


@pytest.mark.slow
def test_a_second_validation_reads_no_unchanged_file_again(project, monkeypatch):
    from generator.build.memo import DrawingMemo
    from generator.check.validate import Templates, validate
    from generator.draw import svgart

    templates = Templates(project / "templates", ("default",))
    first = DrawingMemo()
    assert validate(project / "content", templates, memo=first).errors == 0
    again = DrawingMemo()
    again.load(first.dump())

    def unread(path):
        raise AssertionError(f"{path} was read again")

    monkeypatch.setattr(svgart, "read_art", unread)
    assert validate(project / "content", templates, memo=again).errors == 0
    # A changed file is read again: its digest names a verdict not yet known.
    break_art(project, "ember-hollow", b"<svg")
    with pytest.raises(AssertionError, match=r"ember-hollow\.svg was read again"):
        validate(project / "content", templates, memo=again)


def _count_examined(monkeypatch) -> list[str]:
    """The names of the pieces the preflight examines from now on."""
    from generator.check import preflight

    return _scenes_given(monkeypatch, preflight, "examine")


def _scenes_given(monkeypatch, module, function: str) -> list[str]:
    """The names of the scenes `module.function(kit, look, scene, piece)` is called
    with from now on."""
    seen: list[str] = []
    original = getattr(module, function)

    def counted(kit, look, scene, piece):
        seen.append(scene.name)
        return original(kit, look, scene, piece)

    monkeypatch.setattr(module, function, counted)
    # One process: a validation on both cores examines half the pieces in a child.
    monkeypatch.setattr("generator.build.parallel._can_fork", lambda: False)
    return seen


@pytest.mark.slow
def test_validating_after_a_build_examines_no_piece_it_printed_again(project, monkeypatch):
    paths = ["--content", str(project / "content"), "--templates", str(project / "templates")]
    out = project / "out"
    built = CliRunner().invoke(cli, ["build", *paths, "--out", str(out), "--paper", "a4"])
    assert built.exit_code == 0, built.output
    seen = _count_examined(monkeypatch)
    code, lines = run(project, "--out", str(out))
    assert code == 0, lines
    # An A4 build draws no Letter cover (it prints none): validate examines those alone
    # (every page of each language's), and finds every piece the build printed examined.
    assert all(name.startswith("cover-letter") for name in seen), \
        f"the build examined these already: {seen}"
    assert seen.count("cover-letter") == 2  # English and French
    # Without the build's memo, every piece is examined (the count is not trivially 0).
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / "fresh-cache"))
    assert run(project, "--out", str(project / "no-build"))[0] == 0
    assert len(seen) > 48


@pytest.mark.slow
def test_a_first_build_after_validating_examines_no_piece_validation_examined(project,
                                                                              monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / "cache"))
    assert run(project, "--lang", "en")[0] == 0
    seen = _count_examined(monkeypatch)

    def built(out: str) -> dict[str, bytes]:
        result = CliRunner().invoke(cli, [
            "build", "--content", str(project / "content"), "--templates",
            str(project / "templates"), "--out", str(project / out), "--paper", "a4",
            "--only", "tiles,tokens", "--lang", "en"])
        assert result.exit_code == 0, result.output
        return {p.relative_to(project / out).as_posix(): p.read_bytes()
                for p in (project / out).rglob("*") if p.is_file() and CACHE_DIR not in p.parts}

    after_validating = built("out")
    assert seen == [], f"validating examined these already: {seen}"
    # Where nothing was validated, the same build examines every piece, and its files are
    # the same bytes.
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / "fresh-cache"))
    assert built("cold") == after_validating
    assert len(seen) > 48


@pytest.mark.slow
def test_an_unchanged_validation_tells_the_last_verdict_without_validating(project,
                                                                           monkeypatch):
    from generator.check import validate as checks

    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Mossfen\n",
                                               f"name: {'Mossfen ' * 8}\n"))
    first_code, first = run(project)
    assert any("TKG305" in line for line in first) or first_code == 0

    calls = []
    original = checks.validate

    def counted(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(checks, "validate", counted)
    assert run(project) == (first_code, first)
    assert run(project, "--format", "json")[0] == first_code
    assert calls == []  # told from the kept verdict
    # Any change to the content is validated again, and told the same.
    tiles.write_text(tiles.read_text() + "\n")
    assert run(project) == (first_code, first)
    assert calls == [1]


@pytest.mark.slow
def test_a_one_tile_edit_preflights_that_tile_alone(project, monkeypatch):
    assert run(project)[0] == 0
    seen = _count_examined(monkeypatch)
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Tidewell\n", "name: Tidewall\n"))
    assert run(project)[0] == 0
    assert seen == ["tile-tidewell"], seen  # its face: the other 47 and the back are known


@pytest.mark.slow
def test_an_unchanged_piece_is_told_from_its_verdict_without_reading_its_drawing(
        project, monkeypatch):
    # A side whose drawing's key is unchanged is told from the verdict kept under that key:
    # its drawing is not read back from the memo (unpickled) and its examination is not
    # looked up (it was all three, for every piece, each validation).
    from generator.check import pieces

    assert run(project)[0] == 0
    looked_up = _scenes_given(monkeypatch, pieces, "examined")
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Tidewell\n", "name: Tidewall\n"))
    assert run(project)[0] == 0
    # The edited tile, and the bundle's cover, which the products draw for each paper.
    assert [name for name in looked_up if not name.startswith("cover")] == ["tile-tidewell"]
    assert any(name.startswith("cover") for name in looked_up)
