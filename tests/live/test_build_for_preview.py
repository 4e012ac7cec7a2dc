"""What the preview needs from a build: the files it changed (`BuildResult.changed`, which
the watcher's event passes on) and the tile index (`svg/tiles.json`) that names, numbers
and orders the gallery's cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.build.pipeline import build
from generator.load.content import load_content


def _build(project: Path):
    return build(project / "content", project / "templates", project / "output", ("a4",),
                 ["tiles", "tokens"])


def _built(prebuilt) -> Path:
    """The shipped project after `_build(project)`, exactly as the test's own first build
    would leave it: the session's one build of it, restored (tests.conftest.Prebuilt)."""
    return prebuilt("tiles-tokens-a4-output", _build)


def _edit(project: Path, old: str, new: str) -> None:
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text()
    assert old in text
    tiles.write_text(text.replace(old, new, 1))


@pytest.mark.slow
def test_a_build_says_which_files_it_wrote_or_removed(project: Path):
    first = _build(project)
    listed = {f["path"] for f in json.loads(
        (project / "output" / "manifest.json").read_text())["files"]}
    assert set(first.changed) == listed | {"manifest.json"}  # all new; never the cache
    assert list(first.changed) == sorted(first.changed)

    assert _build(project).changed == ()  # nothing changed, nothing written

    _edit(project, "name: Mossfen\n", "name: Mossfen Deep\n")
    edited = _build(project)
    assert {"svg/tiles/mossfen.svg", "svg/tiles.json", "manifest.json",
            "pnp-a4.pdf"} <= set(edited.changed)
    assert "svg/tiles/ember-hollow.svg" not in edited.changed  # same bytes: not rewritten
    assert not any(p.startswith("svg/tokens/") for p in edited.changed)

    _edit(project, "  - id: mossfen\n", "  - id: mossfen-deep\n")  # renamed: one file goes
    renamed = _build(project)
    assert {"svg/tiles/mossfen.svg", "svg/tiles/mossfen-deep.svg"} <= set(renamed.changed)
    assert not (project / "output" / "svg" / "tiles" / "mossfen.svg").exists()


@pytest.mark.slow
def test_the_tile_index_lists_every_tile_in_content_order(prebuilt):
    project = _built(prebuilt)
    out = project / "output"
    game = load_content(project / "content").game
    index = json.loads((out / "svg" / "tiles.json").read_text())
    assert index["tiles"] == [{"id": t.id, "name": t.name, "number": t.number,
                               "elements": list(t.insignias), "svg": f"svg/tiles/{t.id}.svg",
                               "copies": t.copies}
                              for t in game.tiles]
    assert (index["back"], index["trim"], index["bleed"], index["safe"]) == (
        "svg/back.svg", 63.5, 3.0, 3.0)  # templates/layouts/default.yaml's tile
    assert all((out / t["svg"]).is_file() for t in index["tiles"])
    entry = next(f for f in json.loads((out / "manifest.json").read_text())["files"]
                 if f["path"] == "svg/tiles.json")
    assert entry["kind"] == "tiles"


@pytest.mark.slow
def test_the_previews_first_step_leaves_the_bundle_to_the_whole_build(prebuilt):
    project = _built(prebuilt)
    out = project / "output"
    bundle = (out / "pnp-a4.pdf").read_bytes()
    _edit(project, "name: Mossfen\n", "name: Mossfen Deep\n")
    first = build(project / "content", project / "templates", out, ("a4",),
                  ["tiles", "tokens"], bundle=False)
    assert first.rendered == ("tiles",)
    assert "svg/tiles/mossfen.svg" in first.changed and "pnp-a4.pdf" not in first.changed
    assert (out / "pnp-a4.pdf").read_bytes() == bundle  # the last one stays, listed
    listed = {f["path"] for f in json.loads((out / "manifest.json").read_text())["files"]}
    assert "pnp-a4.pdf" in listed
    rest = _build(project)
    assert rest.rendered == ("pnp",) and "pnp-a4.pdf" in rest.changed
