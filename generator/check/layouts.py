"""The layouts a build will use, loaded and checked (TKG303), every problem of each."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from generator.core.diagnostics import Diagnostic
from generator.core.errors import ContentError
from generator.layout import load_layout
from generator.layout.model import Layout


def load_layouts(templates_dir: Path, names: Sequence[str]
                 ) -> tuple[tuple[Layout, ...], list[Diagnostic]]:
    """The layouts that load, and the problems of those that do not."""
    loaded: list[Layout] = []
    found: list[Diagnostic] = []
    for name in dict.fromkeys(names):
        try:
            loaded.append(load_layout(templates_dir, name))
        except ContentError as exc:
            found += [d for d in exc.diagnostics if d not in found]
    return tuple(loaded), found
