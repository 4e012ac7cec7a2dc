"""Digests of the inputs a build reads: files, folders, and the generator's own code."""

from __future__ import annotations

import hashlib
import os
from functools import cache, lru_cache
from pathlib import Path

from generator.core.digest import digest
from generator.core.limits import IMAGE_BYTES, YAML_BYTES, Limit
from generator.core.reading import Refused, read_file, refuse_kind
from generator.load.keptdigests import (
    Signature,
    keep_digests,
    kept_digest,
    modified_lately,
    signature,
)

YAML = {".yaml", ".yml"}
LARGEST = IMAGE_BYTES  # the largest any other file may be (a picture)
Learned = dict[Path | str, tuple[os.stat_result, str]]  # a file's status and digest, by path


def tree_digest(*folders: Path) -> str:
    """Digest of every visible entry under the folders: relative path and the digest of
    its bytes (each file's, with its status, kept for the next command: `keptdigests`).

    A link counts by where it leads (a linked folder is not walked into), and anything
    the loaders would refuse (a FIFO, a device, a link out of the folder, a file too
    large to read) by what it is, never by its bytes, so swapping one refusal for
    another is still a change, and nothing here blocks or reads without end.
    """
    parts: list[bytes | str] = []
    learned: Learned = {}
    for folder in folders:
        if not folder.is_dir():
            parts.append(f"missing:{folder}")
            continue
        for rel, entry in sorted(_entries(folder)):
            parts += [rel, _entry(entry, folder, learned)]
    keep_digests(learned)
    return digest(*parts)


def _entries(folder: Path) -> list[tuple[str, os.DirEntry]]:
    """Every visible entry under `folder` (not below a linked folder), by relative path:
    editor swap files and the like, whose names start with a dot, do not count."""
    found, todo = [], [(folder, "")]
    while todo:
        here, prefix = todo.pop()
        with os.scandir(here) as listing:
            for entry in listing:
                if entry.name.startswith("."):
                    continue
                rel = f"{prefix}{entry.name}"
                found.append((rel, entry))
                if entry.is_dir(follow_symlinks=False):
                    todo.append((Path(entry.path), f"{rel}/"))
    return found


def _entry(entry: os.DirEntry, folder: Path, learned: Learned) -> bytes | str:
    """What an entry of a tree contributes: a file's digest (a linked file's bytes), or
    what stands in their place. A file's status and digest are added to `learned`."""
    path = Path(entry.path)
    limit = YAML_BYTES if path.suffix in YAML else LARGEST
    if entry.is_file(follow_symlinks=False):  # the common case: no link to follow
        try:
            return _file_part(path, limit, learned)  # inside: found by walking in
        except Refused as refused:
            return f"refused:{refused.code}:{refused.reason}"
        except OSError as exc:
            return f"unreadable:{exc.errno}"
    link = f"link:{os.readlink(path)}:" if entry.is_symlink() else ""
    if path.is_dir():
        return f"{link}folder"
    try:
        return read_file(path, folder, limit)
    except Refused as refused:
        return f"{link}refused:{refused.code}:{refused.reason}"
    except OSError as exc:
        return f"{link}unreadable:{exc.errno}"


def _file_part(path: Path, limit: Limit, learned: Learned) -> str:
    """A regular file's part of a tree's digest: the digest of its bytes, each file read
    once per process as `file_digest` reads it (the build digests the templates' folders
    again for the aids and the cover, and the fonts and art again one by one). One the
    loaders would refuse for its size raises Refused, as reading it would."""
    info = path.stat()
    if limit.over(info.st_size):
        read_file(path, None, limit)  # (raises Refused, unless it has shrunk since)
    known = learned[path] = (info, _known_digest(path, info))
    return "sha256:" + known[1]


@cache
def code_digest() -> str:
    """Digest of the generator's own source, so a new version never reuses old output.

    The .py files and the catalogues of the tool's words (`locale/*/LC_MESSAGES/*.po`):
    compiled bytecode appears as modules are first imported, and must not make the next
    build think the code changed.
    """
    return source_digest(Path(__file__).resolve().parent.parent)


def source_digest(root: Path) -> str:
    """Digest of the Python source files and the catalogues under `root`: their paths
    and their bytes' digests."""
    parts: list[str] = []
    learned: Learned = {}
    for rel, path in _sources(root):
        info = os.stat(path)
        known = learned[path] = (info, _known_digest(path, info))
        parts += [rel, known[1]]
    keep_digests(learned)
    return digest(*parts)


def _sources(root: Path) -> list[tuple[str, str]]:
    """Each path under `root` named *.py or *.po, relative (with "/") and whole, in the
    order of `sorted(root.rglob(...))`: one walk of the folders, where two globs
    matched every name against a pattern (and paths as strings, not Path objects,
    which cost more to make and to sort than the rest of the work together)."""
    found, todo = [], [(str(root), "")]
    while todo:
        here, prefix = todo.pop()
        with os.scandir(here) as listing:
            for entry in listing:
                rel = prefix + entry.name
                if entry.name.endswith((".py", ".po")):
                    found.append((rel, entry.path))
                if entry.is_dir():
                    todo.append((entry.path, rel + "/"))
    return sorted(found, key=lambda pair: pair[0].split("/"))  # as Path sorts: part by part


def file_digest(path: Path | None) -> str:
    """sha256 of a file's bytes ('' for no file); each file is read once while its
    status stays as it was (the watcher runs many builds), and not at all when the
    user's cache recorded its digest with that status (`generator.load.keptdigests`).

    A file modified less than `keptdigests.RACY` ago is read every time: a tick is coarser
    than a nanosecond, so a second write of the same size within the tick keeps its
    status and would pass for the first (git's "racily clean" files)."""
    return _known_digest(path, path.stat()) if path else ""


def _known_digest(path: Path | str, info: os.stat_result) -> str:
    # In this process a recent modification time is what makes a status doubtful: a
    # file copied with its old time (a project copied whole) is remembered here by its
    # status, which holds its change time. Another process believes a status only once
    # its change time has settled too (`keptdigests.settled`).
    if modified_lately(info):
        return _hashed(path)
    return _file_digest(path, signature(info))


@lru_cache(maxsize=1024)  # a pure function of the file's bytes, which its status stands for
def _file_digest(path: Path | str, status: Signature) -> str:
    return kept_digest(path, status) or _hashed(path)


def _hashed(path: Path | str) -> str:
    """sha256 of a file's bytes, opened without waiting: a FIFO or a device found where a
    file was is refused (Refused), never read."""
    path = Path(path)
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(descriptor, "rb") as handle:
        refuse_kind(os.fstat(handle.fileno()), path)
        return hashlib.sha256(handle.read()).hexdigest()
