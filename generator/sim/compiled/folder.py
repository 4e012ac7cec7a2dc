"""Where the compiled engine's machine code is kept between runs: a folder of the user's
cache named by the digest of the files it is compiled from (apart from `kernel`, so
that finding the folder does not load numba)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator.core.paths import user_cache

# Numba checks a cached function against its own file only; the engine's functions also
# bake in what other files define (the layout's numbers, the players' steps and odds). So
# the cache lives in a folder named by the digest of every file the code depends on: an
# edited file, or an upgraded tool, compiles afresh instead of loading stale code.
_SIM = Path(__file__).resolve().parent.parent
_NOT_COMPILED = {"__init__.py", "results.py", "lookahead.py", "folder.py"}
_SOURCES = (*sorted(p for p in _SIM.joinpath("compiled").glob("*.py")
                    if p.name not in _NOT_COMPILED), _SIM / "greedy.py", _SIM / "sealer.py",
            _SIM / "outlook.py")


def cache_folder() -> Path:
    """Where this version's machine code is kept: the user's cache, a folder named by
    the digest of the files it is compiled from."""
    digest = hashlib.blake2b(digest_size=8)
    for source in _SOURCES:
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return user_cache() / "numba" / digest.hexdigest()
