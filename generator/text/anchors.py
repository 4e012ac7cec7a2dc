"""Anchors for the rulebook's headings: one rule for the PDF's bookmarks and the HTML's ids."""

from __future__ import annotations

import re


def anchor(text: str, seen: dict[str, int]) -> str:
    """A slug of the heading's text, unique among those `seen` so far ("setup", "setup-2").

    It keeps every letter and digit, accented ones too ("mise-en-place", "règles"): an
    anchor of the French rulebook keeps its words whole."""
    base = re.sub(r"[\W_]+", "-", text.lower()).strip("-") or "section"
    seen[base] = seen.get(base, 0) + 1
    return base if seen[base] == 1 else f"{base}-{seen[base]}"
