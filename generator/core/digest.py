"""Content digests: one sha256 over several parts, each length-prefixed."""

from __future__ import annotations

import hashlib


def digest(*parts: bytes | str) -> str:
    """sha256 of the parts, each length-prefixed so ("ab", "c") != ("a", "bc")."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()
