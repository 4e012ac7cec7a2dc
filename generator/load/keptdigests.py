"""What the files tkg reads hash to, kept in the user's cache from one command to the next.

Every command digests what it reads before anything else: the content's and the
templates' folders (some 5 MB, the art and the fonts) and the generator's own sources
(1.5 MB), which name every memo and every kept result; reading and hashing them took
some 20 ms of each `tkg build` and `tkg validate` before its first piece of work. A
file whose size, modification and change times, inode and device are those recorded
with its digest holds the bytes it held then, as `make`, git and Python's own
bytecode trust: only a write changes them, and a write within the clock's tick of
the recording could leave them as they were, so a file changed less than `RACY` ago
is never recorded (git's "racily clean" rule). The change time (`ctime`) is set by the
system on every write and cannot be set back by a program, as a modification time can.

The table is read once a process (a snapshot: this process's own digests stay in the
caller's memo) and written, merged with what it holds then, after a folder or the
sources were digested with anything new; a missing, damaged or foreign table is an
empty one. The `KEPT` files recorded last are kept (every project on this machine).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import time
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from generator.core.paths import keep_in_cache, user_cache
from generator.core.reading import Refused, read_kept

FORMAT = 1  # the layout of the table below: a new one ignores an old table
KEPT = 1024  # files (of every project run here) whose digests are kept: some 150 KB
RACY = 2_000_000_000  # ns: the coarsest timestamps (FAT's) are two seconds apart
DIGEST_LENGTH = 64  # a sha256 in hex

Signature = tuple[int, int, int, int, int]  # size, mtime, ctime (ns), inode, device


def signature(info: os.stat_result) -> Signature:
    """What a file's status says of its bytes: they are the same while this is."""
    return (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev)


def modified_lately(info: os.stat_result) -> bool:
    """Whether the file was modified less than `RACY` ago: its status, even in this
    process, may not tell a second write within the clock's tick from the first."""
    return time.time_ns() - info.st_mtime_ns < RACY


def settled(status: Signature) -> bool:
    """Whether the file was last written long enough ago for its status to stand for
    its bytes in another process (a write within the same clock tick could keep it)."""
    return time.time_ns() - max(status[1], status[2]) >= RACY


def kept_digest(path: Path | str, status: Signature) -> str | None:
    """The digest recorded for the file at `path` when its status was `status`, if
    that status is settled."""
    if not settled(status):
        return None
    kept = _snapshot().get(str(path))
    if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == status and \
            isinstance(kept[1], str) and len(kept[1]) == DIGEST_LENGTH:
        return kept[1]
    return None


def keep_digests(learned: Mapping[Path | str, tuple[os.stat_result, str]]) -> None:
    """Record each file's digest by its status (those written too lately left out),
    with what the table holds now; never fails (a table that cannot be written only
    costs the next command the reading)."""
    snapshot, statuses = _snapshot(), {path: signature(info) for path, (info, _) in
                                       learned.items()}
    new = {str(path): (statuses[path], digest) for path, (_, digest) in learned.items()
           if settled(statuses[path]) and snapshot.get(str(path)) != (statuses[path], digest)}
    if not new:
        return
    table_path = _table_path()
    table = _read(table_path)  # as another command may have left it meanwhile
    _table.cache_clear()  # (the next look-up reads it again, with these)
    if all(table.get(path) == entry for path, entry in new.items()):
        return
    for path in new:  # recorded again: among the newest
        table.pop(path, None)
    table.update(new)
    keep_in_cache(table_path, marshal.dumps((FORMAT, dict(list(table.items())[-KEPT:]))))


def _table_path() -> Path:
    return user_cache() / "digests.table"


def _snapshot() -> Mapping[str, tuple[Signature, str]]:
    # Named by what `user_cache` follows (a test may move it): cheaper than its path.
    return _table(os.environ.get("XDG_CACHE_HOME"), os.environ.get("HOME"))


@cache  # once a process and cache folder (again after `keep_digests` writes): a snapshot
def _table(cache_home: str | None, home: str | None) -> Mapping[str, tuple[Signature, str]]:
    return MappingProxyType(_read(_table_path()))


def _read(path: Path) -> dict[str, tuple[Signature, str]]:
    with contextlib.suppress(OSError, Refused, ValueError, TypeError, EOFError):
        kept, table = marshal.loads(read_kept(path))
        if kept == FORMAT and isinstance(table, dict):
            return table
    return {}
