"""Budgets, not hopes: each limit of `generator.core.limits` is checked where its input is
read and told at its file:line:col with the limit and the value (issue 27, item 2).

The findings: 10,000 declared items printed nothing in 120 s; a 100 x 100 grid took
2.4 GB (the primitive cap counted primitives, not cells); a 400-digit number for copies
or the Oink capacity crashed with OverflowError.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.core.limits import CELLS, COPIES, INTEGER, ITEMS, PRIMITIVES, limits_markdown
from tests.check.test_piece_fixtures import PIECES, project_with
from tests.conftest import run_with_peak

ROOT = Path(__file__).resolve().parents[2]
FRONT = "    front:\n"


def validate(project: Path, *more: str) -> subprocess.CompletedProcess:
    return measured(project, *more)[0]


def measured(project: Path, *more: str) -> tuple[subprocess.CompletedProcess, float]:
    """`tkg validate` on the project, and its peak memory in MB."""
    result, peak_mb = run_with_peak(
        [sys.executable, "-m", "generator", "validate", "--content", str(project / "content"),
         "--templates", str(project / "templates"), *more], timeout=300, cwd=project,
        env={**os.environ, "XDG_CACHE_HOME": str(project / "cache")})
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    return result, peak_mb


def errors(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stdout.splitlines() if ": error " in line]


def with_front(tmp_path: Path, primitive: str) -> Path:
    """The worked example's marker with `primitive` (YAML, at the front's indent) first."""
    project = project_with(PIECES / "first-player" / "layout.yaml", tmp_path)
    layout = project / "templates" / "layouts" / "fixture.yaml"
    text = layout.read_text()
    assert FRONT in text
    layout.write_text(text.replace(FRONT, FRONT + primitive, 1))
    return project


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def with_items(tmp_path: Path, count: int, copies: int = 1) -> Path:
    project = project_with(PIECES / "first-player" / "layout.yaml", tmp_path)
    items = "".join(f"    - id: m{i}\n      copies: {copies}\n      label: Marker {i}\n"
                    for i in range(count))
    pieces = project / "content" / "pieces.yaml"
    head = pieces.read_text().split("  items:\n")[0]
    pieces.write_text(f"{head}  items:\n{items}")
    return project


@pytest.mark.slow
def test_a_grid_of_more_cells_than_the_limit_is_refused_where_the_layout_says_it(tmp_path):
    project = with_front(tmp_path, "      - grid: {x: 0, y: 0, columns: 100, rows: 100, "
                                   "cell: [0.2, 0.2], fill: \"#000000\"}\n")
    result = validate(project, "--layout", "fixture")
    layout = project / "templates" / "layouts" / "fixture.yaml"
    [error] = errors(result)
    assert error.startswith(f"templates/layouts/fixture.yaml:{line_of(layout, 'grid:')}:")
    assert "TKG602" in error and f"10,000 cells, more than the limit of {CELLS.value:,}" in error


@pytest.mark.slow
def test_grids_repeated_past_the_shape_limit_are_refused_in_little_memory(tmp_path):
    # 100 grids of 10 x 10: 101 primitives, as the old cap counted, but 10,000 shapes.
    project = with_front(tmp_path, "      - repeat:\n          times: 100\n          draw:\n"
                                   "            - grid: {x: 0, y: 0, columns: 10, rows: 10, "
                                   "cell: [0.2, 0.2], fill: \"#000000\"}\n")
    result, peak_mb = measured(project, "--layout", "fixture")
    assert result.returncode == 1
    assert any("TKG610" in e and f"more than the limit of {PRIMITIVES.value:,}" in e
               for e in errors(result)), result.stdout
    assert peak_mb < 1000


@pytest.mark.slow
def test_items_past_the_limit_are_refused_at_the_first_item_too_many(tmp_path):
    project = with_items(tmp_path, ITEMS.value + 1)
    result = validate(project, "--layout", "fixture")
    pieces = project / "content" / "pieces.yaml"
    [error] = errors(result)
    assert error.startswith(f"content/pieces.yaml:{line_of(pieces, f'id: m{ITEMS.value}')}:")
    assert f"TKG116: {ITEMS.says(ITEMS.value + 1)}" in error


@pytest.mark.slow
def test_items_within_the_limit_are_all_read(tmp_path):
    project = with_items(tmp_path, 300)
    assert validate(project, "--layout", "fixture").returncode == 0


def test_copies_past_the_limit_in_all_are_refused_at_the_item_that_passes_it(tmp_path):
    per_item = 99
    project = with_items(tmp_path, COPIES.value // per_item + 1, per_item)
    result = validate(project, "--layout", "fixture")
    first = COPIES.value // per_item  # the item whose copies pass the limit
    pieces = project / "content" / "pieces.yaml"
    [error] = errors(result)
    assert error.startswith(f"content/pieces.yaml:{line_of(pieces, f'id: m{first}')}:")
    assert f"pieces, more than the limit of {COPIES.value:,}" in error


@pytest.mark.slow
@pytest.mark.parametrize(("file", "old", "new"), [
    ("game.yaml", "    capacity: 6 ", "    capacity: 6" + "0" * 400 + " "),
    ("pieces.yaml", "      copies: 1\n", "      copies: 1" + "0" * 400 + "\n"),
])
def test_a_huge_whole_number_is_an_error_at_its_place_not_a_crash(tmp_path, file, old, new):
    project = project_with(PIECES / "first-player" / "layout.yaml", tmp_path)
    path = project / "content" / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    result = validate(project, "--layout", "fixture")
    [error] = errors(result)  # told once, not again as a number of the wrong kind
    assert error.startswith(f"content/{file}:{line_of(path, '0' * 400)}:")
    assert f"401 digits, more than the limit of {INTEGER.value:,}" in error


def test_the_limits_table_in_the_docs_is_current():
    on_disk = (ROOT / "docs" / "limits.md").read_text()
    assert on_disk == limits_markdown(), "run: python -m generator.core.limits > docs/limits.md"


@pytest.mark.slow
def test_a_tall_thin_picture_is_refused_for_its_resolution_in_little_memory(project):
    from PIL import Image

    art = project / "content" / "art" / "ember-hollow.png"
    Image.new("RGB", (1, 40_000), "#D55E00").save(art)  # ~240 bytes, 40,000 px tall
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("art/ember-hollow.svg", "art/ember-hollow.png"))
    result, peak_mb = measured(project)
    assert any("TKG508" in e and "1 x 40000 px" in e for e in errors(result)), result.stdout
    # Scaled whole to cover the tile before it was cropped, it took over 6 GB.
    assert peak_mb < 1000


@pytest.mark.slow
def test_the_shapes_of_a_whole_build_have_a_limit_too(monkeypatch):
    from generator.check import pieces
    from generator.check.validate import Templates
    from generator.check.validate import validate as check
    from generator.core.limits import Limit

    small = Limit(1_000, "shapes", "the shapes drawn on all pieces together", "", "")
    monkeypatch.setattr(pieces, "BUILD_PRIMITIVES", small)
    report = check(ROOT / "content", Templates(ROOT / "templates", ("default",)))
    [error] = [d for d in report.diagnostics if d.is_error]
    assert error.code == "TKG116" and "more than the limit of 1,000" in error.message
    assert "of the sides drawn being 'tile'" in error.message  # the kind to make fewer of


def test_a_pdf_of_more_pages_than_the_limit_is_refused_before_it_is_written():
    import io

    from generator.backends.pdf.slotcanvas import SlotCanvas
    from generator.core.errors import BudgetError
    from generator.core.limits import PAGES

    canvas = SlotCanvas(io.BytesIO(), what="tiles")
    for _ in range(PAGES.value):
        canvas.showPage()
    with pytest.raises(BudgetError, match=f"the tiles PDF would have more than {PAGES.value:,}"):
        canvas.showPage()


def test_an_export_image_past_the_pixel_limit_is_refused_naming_the_dpi_that_fits():
    from generator.backends.png import refuse_large, size_px
    from generator.core.errors import BudgetError
    from generator.core.limits import EXPORT_PIXELS
    from generator.draw.scene import Scene

    poster = Scene("piece-poster-a0", 841.0, 1189.0, 0.0, ())
    with pytest.raises(BudgetError) as caught:
        refuse_large([poster], [600])
    said = str(caught.value)
    assert "piece-poster-a0" in said and f"{EXPORT_PIXELS.value:,}" in said
    most = int(said.rsplit("--dpi ", 1)[1].split()[0])
    assert not EXPORT_PIXELS.over(size_px(841.0, most) * size_px(1189.0, most))
    refuse_large([poster], [most])  # the resolution it names is one that passes


def test_dpi_past_the_range_is_a_usage_error(project):
    result = subprocess.run([sys.executable, "-m", "generator", "build", "--only", "png",
                             "--dpi", "1200"], capture_output=True, text=True, cwd=project,
                            timeout=60)
    assert result.returncode == 2 and "--dpi" in result.stderr
    assert "Traceback" not in result.stderr and not (project / "output").exists()


@pytest.mark.slow
def test_a_picture_past_the_pixel_limit_is_refused_without_decoding_it(project):
    from PIL import Image

    from generator.core.limits import PICTURE_PIXELS

    side = int(PICTURE_PIXELS.value ** 0.5) + 100
    art = project / "content" / "art" / "ember-hollow.png"
    Image.new("RGB", (side, side), "#D55E00").save(art)  # flat: a few hundred KB
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("art/ember-hollow.svg", "art/ember-hollow.png"))
    result = validate(project)
    assert any("TKG304" in e and f"more than {PICTURE_PIXELS.value:,} pixels" in e
               for e in errors(result)), result.stdout


def test_a_commands_peak_memory_is_its_own_not_this_processs():
    # This process large, as a test worker grows, and a large child waited for before.
    ballast = b"x" * (300 * 2**20)
    subprocess.run([sys.executable, "-c", "b = b'x' * (400 * 2**20)"], check=True)
    _, small = run_with_peak([sys.executable, "-c", "pass"], timeout=60)
    result, big = run_with_peak([sys.executable, "-c", "b = b'x' * (200 * 2**20); "
                                 "print(len(b))"], timeout=60)
    assert small < 100 and 200 < big < 300 and result.stdout == f"{200 * 2**20}\n"
    assert len(ballast) == 300 * 2**20
