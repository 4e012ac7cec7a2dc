"""The methods Python writes for each dataclass, compiled once and kept between runs.

`dataclasses` writes the source of a class's `__init__`, `__repr__`, `__eq__` and
`__hash__` (and a frozen class's `__setattr__` and `__delattr__`) and compiles it each
time the class is made: some 0.6 ms a frozen class on Python 3.11, and a build imports
some 120 of them, 60-80 ms of every run's start, for sources that do not change.
`keep_dataclass_code` keeps the compiled code in the user's cache by the digest of its
source, as Python keeps a module's bytecode in `__pycache__`: the same source compiles
to the same code, so a class made from the cache is the class made without it.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import hashlib
import importlib.util
import marshal
import os
import sys
from pathlib import Path
from types import CodeType

from generator.core.paths import keep_in_cache, user_cache

# Codes kept at most (some 1 KB each; a build uses some 700, and a new version of tkg
# adds only the classes it changed): past that, the file keeps one process's new ones.
MOST = 4_000


class CodeCache:
    """Compiled dataclass methods by the digest of their source: those a file kept (each
    still marshalled until a class asks for it) and those compiled here since."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.kept = _read(path)
        self.fresh: dict[bytes, bytes] = {}
        self.found = 0  # codes taken from the file
        self.owner = os.getpid()

    def run(self, source, globals=None, locals=None):
        """`exec`, with a source's code compiled only if the cache lacks it."""
        if not isinstance(source, str):
            return builtins.exec(source, globals, locals)
        key = hashlib.blake2b(source.encode(), digest_size=16).digest()
        code = _code(self.kept.get(key))
        if code is None:
            # As exec compiles it in `dataclasses`, which asks for no __future__
            # behaviour (not this module's: annotations would be strings).
            code = compile(source, "<string>", "exec", dont_inherit=True)
            self.kept[key] = self.fresh[key] = marshal.dumps(code)
        else:
            self.found += 1
        return builtins.exec(code, globals, locals)

    def keep(self) -> None:
        """Write the file again if this process compiled anything (a forked child leaves
        it to its parent, which holds what was compiled before the fork)."""
        if self.fresh and os.getpid() == self.owner:
            keep_in_cache(self.path, marshal.dumps(self.kept if len(self.kept) <= MOST
                                                   else self.fresh))


def keep_dataclass_code(folder: Path | None = None) -> CodeCache:
    """From now on in this process, compile a dataclass's methods only when the cache
    (under `folder`, by default the user's) lacks them, and keep what was compiled
    when the process ends."""
    cache = CodeCache((folder or user_cache()) / "code" / _file_name())
    # `dataclasses` calls exec by its module's global name: this one is found first.
    dataclasses.exec = cache.run  # type: ignore[attr-defined]
    atexit.register(cache.keep)
    return cache


def _file_name() -> str:
    # Compiled code is read back only by the Python that wrote it (marshal's format and
    # the bytecode change between versions; the magic number names them).
    magic = importlib.util.MAGIC_NUMBER.hex()
    return f"dataclasses-{sys.implementation.cache_tag}-{magic}.marshal"


def _read(path: Path) -> dict[bytes, bytes]:
    """The kept codes, each marshalled (none when the file is missing, unreadable or
    not such a file)."""
    try:
        found = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(found, dict) or not all(
            isinstance(k, bytes) and isinstance(v, bytes) for k, v in found.items()):
        return {}
    return found


def _code(raw: bytes | None) -> CodeType | None:
    """A kept code (None for none, or for bytes that are no code)."""
    if raw is None:
        return None
    try:
        code = marshal.loads(raw)
    except (EOFError, ValueError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None
