"""Resolve file paths named by the content, keeping them inside the content folder."""

from __future__ import annotations

from pathlib import Path


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working folder when it can be."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


