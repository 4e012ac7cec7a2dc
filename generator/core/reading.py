"""One way in for every file the build reads: from inside its folder, a regular file,
no larger than its limit.

A link that leads out of the project, a FIFO (which would block the read for ever), a
device such as /dev/zero (which never ends), a socket, and a file past its size limit are
all refused before a byte is read, with a reason the caller turns into a positioned
diagnostic. The file is opened without waiting and judged by what was opened, so a file
swapped between a check and the read is still caught.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from generator.core.limits import MEMO_BYTES, Limit
from generator.core.paths import display_path


class Refused(ValueError):
    """A file the build will not read; `code` is the diagnostic code that fits."""

    def __init__(self, code: str, reason: str, hint: str | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.hint = hint


OUTSIDE = "TKG110"
UNREADABLE = "TKG001"
NOT_REGULAR = "TKG115"
TOO_LARGE = "TKG116"

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (a named pipe)"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_file(path: Path, folder: Path | None, limit: Limit) -> bytes:
    """The bytes of `path`, which must lie inside `folder` (after following links; None:
    anywhere), be a regular file and hold at most `limit` bytes. Raises Refused."""
    resolved = _inside(path, folder) if folder is not None else path
    try:  # without waiting: a FIFO opened so returns at once, and is refused below
        descriptor = os.open(resolved, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise Refused(UNREADABLE, f"cannot read {path.name}: it does not exist") from None
    except OSError as exc:
        raise Refused(UNREADABLE, f"cannot read {path.name}: {exc.strerror or exc}") from None
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(handle.fileno())  # the opened file itself, swapped or not
        refuse_kind(info, path)
        refuse_size(info.st_size, limit, path)
        # As much as it holds (a buffer of the limit's size for every file would cost),
        # and on, within the limit, if it grew since.
        data = handle.read(info.st_size + 1)
        if len(data) > info.st_size:
            data += handle.read(limit.value + 1 - len(data))
    refuse_size(len(data), limit, path)
    return data


def read_kept(path: Path, folder: Path | None = None) -> bytes:
    """A file tkg wrote itself and now reads back (a manifest, a build's state or journal,
    a memo, a kept verdict, a published file): inside `folder` (default: its own), regular
    and within MEMO_BYTES, so one swapped for a link to /dev/zero or a FIFO is refused,
    never read for ever. Raises Refused."""
    return read_file(path, path.parent if folder is None else folder, MEMO_BYTES)


def check_file(path: Path, limit: Limit) -> None:
    """Refuse `path` now, without reading it, if it is not a regular file within `limit`
    (for files read later by a library, such as pictures opened by Pillow)."""
    info = os.stat(path)
    refuse_kind(info, path)
    refuse_size(info.st_size, limit, path)


def refuse_kind(info: os.stat_result, path: Path) -> None:
    """Raise Refused unless `info` is that of a regular file."""
    if stat.S_ISREG(info.st_mode):
        return
    what = next((name for test, name in _KINDS if test(info.st_mode)), "not a regular file")
    raise Refused(NOT_REGULAR, f"{path.name} is {what}, not a file",
                  "put an ordinary file at this path")


def refuse_size(size: int, limit: Limit, path: Path) -> None:
    """Raise Refused when a file of `size` bytes passes `limit`."""
    if limit.over(size):
        raise Refused(TOO_LARGE, f"{path.name} is too large: {limit.says(size)}",
                      "make the file smaller, or split it")


def _inside(path: Path, folder: Path) -> Path:
    try:
        resolved = path.resolve()
        base = folder.resolve()
    except (OSError, RuntimeError) as exc:  # a loop of links
        raise Refused(UNREADABLE, f"cannot follow the link {path.name}: {exc}") from None
    if not resolved.is_relative_to(base):
        where = display_path(folder)
        raise Refused(OUTSIDE, f"{path.name} is a link leading outside {where} (to {resolved})",
                      "copy the file into the folder instead of linking it")
    return resolved
