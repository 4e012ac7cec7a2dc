"""Layouts: mm geometry of pieces and sheets, read from templates/layouts/*.yaml."""

from generator.layout.loader import layout_names, load_layout
from generator.layout.model import Layout

__all__ = ["Layout", "layout_names", "load_layout"]
