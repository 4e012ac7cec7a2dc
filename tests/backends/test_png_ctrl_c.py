"""Ctrl-C never leaves a picture's lock taken (the PNG export, `generator.backends.png`).

The pictures are compressed on a pool's threads while the next page is rendered; a
Ctrl-C raised just after the export took a future's lock left it taken, and the
pool's thread, handing the picture over, would wait on it for ever, and the export
with it (`tests.ctrl_c` makes the Ctrl-C come at that moment every time).
"""

from __future__ import annotations

import contextlib
from types import SimpleNamespace

import pytest
from PIL import Image

from generator.backends import png
from tests.ctrl_c import Ready, ctrl_c_raises

pytestmark = pytest.mark.usefixtures(ctrl_c_raises.__name__)


@pytest.mark.parametrize("nth", [1, 2])
def test_ctrl_c_while_the_export_hands_over_or_collects_a_picture_leaves_its_lock_free(
        monkeypatch, nth):
    # A future's lock is taken to hand the PNG over (1) and to collect it (2).
    pools: list[Ready] = []

    def pool(*args, **kwargs):
        pools.append(Ready(nth))
        return contextlib.nullcontext(pools[-1])

    pages = ["page 1", "page 2", "page 3"]
    monkeypatch.setattr(png, "ThreadPoolExecutor", pool)
    monkeypatch.setattr(png, "_pages_of", lambda kit, scenes: contextlib.nullcontext(pages))
    monkeypatch.setattr(png, "_render", lambda page, dpi, transparent: Image.new("RGB", (4, 4)))
    scenes = [SimpleNamespace(name=page, width=10.0, height=10.0) for page in pages]
    with pytest.raises(KeyboardInterrupt):
        png.encoded(None, scenes, [72.0] * len(pages))
    assert pools[0].all_free()
