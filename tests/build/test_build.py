"""`build` and `tkg build` end to end: validation first, atomic writes, reproducible bytes."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.build import pipeline as build_module
from generator.build.pipeline import build
from generator.build.state import CACHE_DIR
from generator.cli import cli
from generator.core.errors import ContentError, RenderError


def _tree(root):
    """Every output file by path, leaving out the build cache's own state."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and CACHE_DIR not in p.parts}


@pytest.mark.slow
def test_two_builds_are_byte_identical(project):
    a, b = project / "out-a", project / "out-b"
    for out in (a, b):
        build(project / "content", project / "templates", out, ("a4",), ["tiles", "tokens"])
    assert _tree(a) == _tree(b)
    manifest = json.loads((a / "manifest.json").read_text())
    kinds = {f["kind"] for f in manifest["files"]}
    assert kinds == {"tiles", "tokens", "pnp"}
    assert set(_tree(a)) == {f["path"] for f in manifest["files"]} | {"manifest.json",
                                                                       ".tkg-output"}


def test_invalid_content_stops_the_build_before_writing(project):
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("insignias: [fire]", "insignias: [fyre]", 1))
    with pytest.raises(ContentError) as info:
        build(project / "content", project / "templates", project / "output", ("a4",),
              ["tiles"])
    assert any(d.code == "TKG107" for d in info.value.diagnostics)
    assert not (project / "output").exists()


def test_missing_art_is_a_diagnostic_not_a_crash(project):
    (project / "content" / "art" / "tidewell.svg").unlink()
    with pytest.raises(ContentError) as info:
        build(project / "content", project / "templates", project / "output", ("a4",),
              ["tiles"])
    assert [d.code for d in info.value.diagnostics if d.is_error] == ["TKG109"]


@pytest.mark.slow
def test_a_build_failing_midway_leaves_the_old_output_whole(project, monkeypatch):
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["tiles", "tokens"])
    before = _tree(out)

    def broken(request, kit):
        raise RenderError("the printer caught fire")

    # A real edit, so the second build has work to do (an unchanged one renders nothing).
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Mossfen", "name: Moss Fen"))
    from generator.products import kinds

    monkeypatch.setattr(kinds, "KINDS", tuple(
        dataclasses.replace(k, make=broken) if k.name == "tiles" else k for k in kinds.KINDS))
    with pytest.raises(RenderError):
        build(project / "content", project / "templates", out, ("a4",), ["tiles", "tokens"])
    assert _tree(out) == before


def test_a_broken_layout_stops_the_build_with_tkg303(project):
    (project / "templates" / "layouts" / "bad.yaml").write_text("extends: default\ntile: 3\n")
    with pytest.raises(ContentError) as info:
        build(project / "content", project / "templates", project / "output", ("a4",),
              ["tiles"], layouts=("bad",))
    assert {d.code for d in info.value.diagnostics if d.is_error} == {"TKG303"}


def test_cli_rejects_unknown_kinds_with_a_usage_error(project):
    result = CliRunner().invoke(cli, ["build", "--only", "tiles,posters"])
    assert result.exit_code == 2
    assert "posters" in result.output and "tiles" in result.output and "tokens" in result.output


@pytest.mark.parametrize(("only", "says"), [
    ("tile", "unknown kind 'tile' (did you mean 'tiles'?); known kinds: aids, "),
    ("tiles,tokns,postrs", "unknown kinds 'tokns' (did you mean 'tokens'?), 'postrs'; "),
    (",", "no kind given; known kinds: aids, "),
])
def test_an_unknown_kind_is_named_with_the_nearest_known_one(only, says):
    result = CliRunner().invoke(cli, ["build", "--only", only, "--out", "never-written"])
    assert result.exit_code == 2 and says in result.output, result.output


def test_the_paper_is_understood_in_capitals_as_it_is_printed(project):
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                      "--templates", str(project / "templates"),
                                      "--out", str(project / "out"), "--paper", "A4",
                                      "--only", "tokens", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert (project / "out" / "pnp-a4.pdf").is_file()
    assert not (project / "out" / "pnp-letter.pdf").exists()


def test_cli_reports_invalid_content_with_exit_1(project):
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("insignias: [fire]", "insignias: [fyre]", 1))
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                      "--out", str(project / "output")])
    assert result.exit_code == 1
    assert "TKG107" in result.output


def test_ctrl_c_during_a_build_says_so_and_exits_130(project, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_module, "build", interrupted)
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                      "--out", str(project / "output")])
    assert result.exit_code == 130, result.output
    assert "stopped (Ctrl-C)" in result.output and "Aborted" not in result.output


@pytest.mark.slow
def test_cli_builds_in_a_real_subprocess(project):
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build", "--content", str(project / "content"),
         "--templates", str(project / "templates"), "--out", str(project / "output"),
         "--paper", "letter", "--only", "tokens", "--layout", "cluster"],
        capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "wrote" in result.stdout
    pnp = PdfReader(project / "output" / "pnp-letter.pdf")
    assert [round(float(v)) for v in pnp.pages[0].mediabox[2:]] == [612, 792]  # US Letter
    assert "Life tokens" in pnp.pages[0].extract_text()
    oink = (project / "output" / "svg" / "oinks" / "fire.svg").read_text()
    assert "<svg" in oink and "Cinder Oink" in oink
    assert not (project / "output" / "pnp-a4.pdf").exists()
    # Again, nothing changed: answered without loading the products or the kinds table.
    again = subprocess.run(
        [sys.executable, "-c", NOTHING_LOADED, "build", "--content", str(project / "content"),
         "--templates", str(project / "templates"), "--out", str(project / "output"),
         "--paper", "letter", "--only", "tokens", "--layout", "cluster"],
        capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    assert "nothing changed" in again.stdout
    assert "loaded: []" in again.stdout, again.stdout


# Runs `tkg` and says, as it exits, which product modules it loaded (but the two small
# records the options are read into: the presets and the export's settings).
NOTHING_LOADED = """
import atexit, sys
from generator.cli import main
light = ("generator.products.presets", "generator.products.request")
atexit.register(lambda: print("loaded:", sorted(m for m in sys.modules
                                                if m.startswith("generator.products.")
                                                and m not in light)))
sys.argv[0] = "tkg"
main()
"""


def test_the_summary_counts_one_file_and_one_page_in_the_singular(tmp_path):
    from generator.core.artefacts import Artefact

    files = (Artefact("manifest.json", b"{}", "manifest"),
             Artefact("table-mat/mat-a4.pdf", b"%PDF", "table-mat", pages=1),
             Artefact("table-mat/mat.svg", b"<svg/>", "table-mat"),
             Artefact("fr/table-mat/mat-a4.pdf", b"%PDF", "table-mat", pages=1,
                      language="fr"),
             Artefact("tiles/sheet-a4.pdf", b"%PDF", "tiles", pages=2))
    lines = build_module.BuildResult(tmp_path, files, (), ("table-mat", "tiles"),
                                     repaired=("a.pdf",)).summary()
    assert lines[0].endswith(": 1 file (a.pdf) put in place or removed"), lines
    assert lines[1].split()[:3] == ["manifest", "1", "file,"], lines
    assert ", 1 PDF page," in lines[2] and ", 2 PDF pages," in lines[4], lines
    assert lines[-1].startswith("wrote 5 files to "), lines
    # The counts end in one column, "table-mat (fr)" as long as it is.
    assert lines[3].lstrip().startswith("table-mat (fr)"), lines
    assert len({line.index(",") for line in lines[1:5]}) == 1, lines
    one = build_module.BuildResult(tmp_path, files[:1], (), ("manifest",)).summary()
    assert one[-1].startswith("wrote 1 file to "), one


def test_a_stopped_build_counts_its_one_error_or_warning_in_the_singular():
    from generator.core.diagnostics import diagnostic
    from generator.core.model import NOWHERE

    error = diagnostic("TKG201", NOWHERE, "47 tiles")
    warning = diagnostic("TKG506", NOWHERE, "a pale word")
    assert str(ContentError([error])) == "the content has 1 error; nothing was written"
    assert str(ContentError([warning, warning])).startswith("the content has 2 warnings,")
