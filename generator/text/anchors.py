"""Anchors for the rulebook's headings: one rule for the PDF's bookmarks and the HTML's ids."""

from __future__ import annotations

import re


def anchor(text: str, seen: dict[str, int]) -> str:
    """A slug of the heading's text, unique among those `seen` so far ("setup", "setup-2")."""
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"
    seen[base] = seen.get(base, 0) + 1
    return base if seen[base] == 1 else f"{base}-{seen[base]}"
