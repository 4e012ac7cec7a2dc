"""Drawings remembered from the last build, so an edit redraws only what it touched.

`DrawingMemo` is the build's memo (`generator.core.memo.Memo`) that also remembers its
keyed values between builds: tile scenes, SVG documents, compiled PDF forms, font
metrics and subsets, laid-out documents, rendered templates, each keyed on a digest
of everything it depends on. `build` makes one per build, loads the last build's
memo from its cache before rendering, and hands this build's to the writer
afterwards; nothing here writes to the output folder. A memo entry that is missing
or unreadable just means drawing it again.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import io
import os
import pickle
import secrets
import struct
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO, TypeVar, cast

from generator.core.memo import Memo
from generator.core.paths import keep_in_cache, link_in_cache, user_cache
from generator.core.reading import Refused, read_kept

T = TypeVar("T")
MEMO_FILE = "drawings.pickle"
# Beside it, what builds since it was written added: the memo file is the largest file a
# build writes (12 MB after a full build), and an edit changes a few hundred kilobytes of
# it. Keys name their values for good, so any memo file and any later one agree.
RECENT_FILE = "drawings-recent.pickle"
# And what the memo file held before it was last written anew for being stale, for one
# build: a layout value tried back and forth (a badge's size) draws every tile again, so
# each try leaves the file stale, and going back finds the other value's drawings here.
EARLIER_FILE = "drawings-earlier.pickle"
SLACK = 0.25  # the memo file is written anew when this much of it is stale, or new beside it


# What a forked child hands back: the values it made, pickled, and the keys of those it
# recalled from the last build's memo (which this process has, unread, as well).
Handed = tuple[dict[str, bytes | memoryview], list[str]]
Carry = tuple[Callable[[], Handed], Callable[[Handed], None]]
Writes = Callable[[BinaryIO], None]  # how to write a file into an open one


class DrawingMemo(Memo):
    """Values by key: those remembered from the last build, and those used in this one.

    Each remembered value stays a pickle of its own until asked for, and is written
    back as the same bytes: a build that redraws one tile unpickles and pickles only
    what it uses and what it made, not the whole memo.
    """

    def __init__(self) -> None:
        super().__init__()
        # key -> pickled value, from the last build (a slice of its memo file) or made in
        # a forked child of this one, unread until asked for
        self.remembered: dict[str, bytes | memoryview] = {}
        self.kept: dict[str, bytes | memoryview] = {}  # key -> pickled value, passed on unread
        # key -> how deep in the making of other values it was first asked for, since
        # `track` (one kind's work)
        self.touched: dict[str, int] = {}
        self.recalled: set[str] = set()  # keys whose values came from `remembered`
        self.making = 0  # values being made, one inside another
        self.filed: dict[str, int] = {}  # key -> size, of the entries of the loaded file
        self.filed_size = 0
        self.earlier: set[str] = set()  # keys remembered from EARLIER_FILE alone
        self.apart = False  # whether EARLIER_FILE held anything when loaded

    def get(self, key: str, make: Callable[[], T]) -> T:
        """The remembered value for `key`, or `make()`; either way it is kept for next time."""
        if key in self.used:
            value = self.used[key]
        else:
            value = self._recall(key)
            if value is None:
                self.making += 1
                try:
                    value = make()
                finally:
                    self.making -= 1
            else:
                self.recalled.add(key)
            self.used[key] = value
        self.touched.setdefault(key, self.making)
        return cast(T, value)  # one key names one value: what `make` returns for it

    def knows(self, key: str) -> bool:
        """Whether `get(key, ...)` would find a value without making it (one remembered
        may yet turn out unreadable)."""
        return key in self.used or key in self.remembered

    def _recall(self, key: str) -> object | None:
        raw = self.remembered.get(key)
        if raw is None:
            return None
        try:  # the entry's own bytes: a slice of the memo file would keep all of it alive
            return _unpickled(bytes(raw))
        except Exception:  # written by another version of the code: make it again
            del self.remembered[key]
            self.filed.pop(key, None)  # stale in the file now, whatever comes of it
            return None

    def track(self, work: Callable[[], T], nested: bool = True) -> tuple[T, list[str]]:
        """`work()` and the keys it asked for, so a kind's entries can outlive a build
        that does not render it (see `keep`). Without `nested`, only the keys `work`
        asked for itself, not those asked for in making one of them: what asking again
        with everything remembered asks for. Tracked work inside tracked work counts
        for both."""
        outer, self.touched = self.touched, {}
        depth = self.making
        try:
            result = work()
        finally:
            inner, self.touched = self.touched, outer
            for key, level in inner.items():
                outer.setdefault(key, level)
        return result, sorted(k for k, level in inner.items() if nested or level == depth)

    def keep(self, keys: Iterable[str]) -> None:
        """Keep these remembered entries for next time though this build did not ask for
        them: they belong to a kind whose files were reused as they were."""
        for key in keys:
            if key not in self.used and key in self.remembered:
                self.kept[key] = self.remembered[key]

    def since(self, before: set[str]) -> Handed:
        """What was used since `before` was the set of used keys (what a forked child
        hands back: the rest its parent has already): the values made, each pickled as
        the memo file will hold it, and the keys of the values recalled from the last
        build, which its parent has as they were read (so they are neither pickled
        again nor sent)."""
        fresh = [k for k in self.used if k not in before]
        return ({k: self._raw(k) for k in fresh if k not in self.recalled},
                [k for k in fresh if k in self.recalled])

    def carry(self) -> Carry:
        """How a forked child's work reaches this memo (`parallel.share_jobs`'s `carry`):
        what it made since now, kept here as pickles (unpickled only if asked for, and
        written to the memo file as they came), and what it recalled, kept for the next
        build as if recalled here."""
        before = set(self.used)
        return (lambda: self.since(before)), self._take

    def _take(self, handed: Handed) -> None:
        made, recalled = handed
        for key, raw in made.items():
            if key not in self.used:
                self.remembered.setdefault(key, raw)
                self.kept.setdefault(key, raw)
        self.keep(recalled)

    def load(self, data: bytes | None) -> None:
        """Remember the values of an earlier build, if this user's key signed them.

        Each value is a pickle, and unpickling runs code; an output folder copied from
        somewhere else must not, so anything not signed here is simply not used. The
        values stay slices of `data`, unread until asked for.
        """
        DrawingMemo.__init__(self)
        key = _signing_key()
        if not data or key is None or len(data) <= SIGNATURE:
            return
        view = memoryview(data)
        payload, signature = view[:-SIGNATURE], view[-SIGNATURE:]
        if not hmac.compare_digest(signature, hmac.new(key, payload, "sha256").digest()):
            return
        with contextlib.suppress(ValueError, struct.error):  # another format: start afresh
            self.remembered = _entries(payload)
            self.filed = {k: len(v) for k, v in self.remembered.items()}
            self.filed_size = sum(self.filed.values())

    def also(self, data: bytes | None) -> set[str]:
        """Remember the values of another signed memo too (a build's), besides those
        already remembered (an unsigned or unreadable one adds nothing); its keys."""
        other = DrawingMemo()
        other.load(data)
        for key, raw in other.remembered.items():
            self.remembered.setdefault(key, raw)
        return set(other.remembered)

    def also_earlier(self, data: bytes | None) -> None:
        """Remember the values of EARLIER_FILE too: for this build only, unless it asks
        for them (they are not kept beside the memo file again)."""
        before = set(self.remembered)
        read = self.also(data)
        self.earlier, self.apart = read - before, bool(read)

    def dump(self) -> bytes:
        """This build's values, signed, for the next build (b"" if there is no key)."""
        return _held(_signed(sorted({*self.kept, *self.used}), self._raw))

    def dump_parts(self) -> tuple[Writes | None, bytes, Writes | None]:
        """This build's values as three signed files: how to write the memo file (None:
        the loaded one is still good, being at most `SLACK` stale), what it lacks
        (RECENT_FILE), and how to write EARLIER_FILE (None: it stays as it is, holding
        nothing). A build that changes little writes
        little; the memo file is written anew when too much of it is stale (with what
        this build used, and what it held besides going to EARLIER_FILE) or too much is
        new beside it (with that too), each value pickled (if need be) as it is written:
        the memo file is the largest file a build makes, and is never held whole."""
        names = sorted({*self.kept, *self.used})
        live = sum(self.filed[name] for name in names if name in self.filed)
        if not self.filed or self.filed_size - live > SLACK * self.filed_size:
            used = set(names)
            gone = {name: raw for name, raw in self.remembered.items()
                    if name not in used and name not in self.earlier}
            return _signed(names, self._raw), _held(_signed([], self._raw)), self._apart(gone)
        recent = {name: self._raw(name) for name in names if name not in self.filed}
        # What earlier builds added beside the memo file stays too, until the file is
        # written anew for being stale: a value tried two edits ago (a name, then the old
        # one, then the new one again) finds its drawings and its laid-out pages.
        recent.update((name, raw) for name, raw in self.remembered.items()
                      if name not in self.filed and name not in recent
                      and name not in self.earlier)
        if sum(len(value) for value in recent.values()) > SLACK * self.filed_size:
            def raw(name: str) -> bytes | memoryview:  # each value pickled once
                return recent[name] if name in recent else self._raw(name)

            return (_signed(sorted({*names, *recent}), raw), _held(_signed([], raw)),
                    self._apart({}))
        return None, _held(_signed(sorted(recent), recent.__getitem__)), self._apart({})

    def _apart(self, gone: dict[str, bytes | memoryview]) -> Writes | None:
        """How to write EARLIER_FILE with `gone`; None when it would hold nothing and
        held nothing (the file is not written again at every build)."""
        if not gone and not self.apart:
            return None
        return _signed(sorted(gone), gone.__getitem__)

    def _raw(self, name: str) -> bytes | memoryview:
        raw = self.kept.get(name) or self.remembered.get(name)
        return raw if raw is not None else pickle.dumps(self.used[name], protocol=4)


def _signed(names: list[str], raw: Callable[[str], bytes | memoryview]) -> Writes:
    """How to write a memo file of these entries (`raw` gives each one's pickle), signed
    at its end with this user's key (an empty file if there is none): entry by entry,
    so the file is never held whole."""
    key = _signing_key()

    def write(handle: BinaryIO) -> None:
        if key is None:
            return
        mac = hmac.new(key, digestmod="sha256")
        mac.update(MAGIC)
        handle.write(MAGIC)
        for name in names:
            value, label = raw(name), name.encode()
            for chunk in (struct.pack("<II", len(label), len(value)), label, value):
                mac.update(chunk)
                handle.write(chunk)
        handle.write(mac.digest())

    return write


def _held(write: Writes) -> bytes:
    """What `write` writes, as bytes (a small file)."""
    buffer = io.BytesIO()
    write(buffer)
    return buffer.getvalue()


def _entries(payload: memoryview) -> dict[str, bytes | memoryview]:
    """The entries of a memo's payload (ValueError if it is not one), each value a slice
    of the payload, not a copy."""
    if bytes(payload[:len(MAGIC)]) != MAGIC:
        raise ValueError("not a memo of this format")
    found: dict[str, bytes | memoryview] = {}
    at, end = len(MAGIC), len(payload)
    while at < end:
        label, size = struct.unpack_from("<II", payload, at)
        at += 8
        if at + label + size > end:
            raise ValueError("a memo cut short")
        name = bytes(payload[at:at + label]).decode()
        found[name] = payload[at + label:at + label + size]
        at += label + size
    return found


MAGIC = b"TKG memo 3\n"  # the format: (key, pickle) entries, then the signature
SIGNATURE = 32  # bytes of HMAC-SHA256


# A pure function of the bytes: in a process that builds again and again (`tkg watch`),
# the drawings the last build remembered are not unpickled again at every build (a
# one-tile edit recalls some 400 values). Values are frozen, as within one build, where
# every `get` of a key returns the same object. Its keys are each entry's own bytes:
# a view into the memo file would keep that build's whole file in memory (two test
# workers that had run some hundred builds each held 75 and 140 MB more with them).
@functools.lru_cache(maxsize=4096)
def _unpickled(raw: bytes) -> object:
    return pickle.loads(raw)


def checks_memo(content_dir: Path, built: Path | None = None) -> tuple[DrawingMemo, Path]:
    """What validating this content folder read last time, and the file it is kept in.

    `tkg validate` has no output folder of its own; its memo lives in the user's cache,
    one file per content folder, so validating again after an edit reads only the
    files that changed. `built` is a build's memo file: what that build drew and
    checked is known too, so validating after a build examines nothing again.
    """
    path = checks_file(content_dir)
    memo = DrawingMemo()
    with contextlib.suppress(OSError, Refused):  # none yet: a first validation reads all
        memo.load(read_kept(path))
    # A first validation of this folder starts from what the user's last build drew.
    last = last_build_files() if not memo.remembered else ()
    for file in (*last, *(() if built is None else (built, built.with_name(RECENT_FILE)))):
        with contextlib.suppress(OSError, Refused):  # no build there: nothing more to know
            memo.also(read_kept(file))
    return memo, path



def last_build_files() -> tuple[Path, Path]:
    """The memo files of the user's last build, wherever it built (`keep_last_build`).

    A first build into a folder, or a first validation of a content folder, starts from
    them: an output folder deleted, or a new `--out`, finds the pieces it shares with
    the last build drawn and checked. Every key names its value for good, so another
    project's values are never taken for this one's: only values this project asks for
    are read (a copy of the project elsewhere asks for the same drawings, their files'
    paths moved to its folders: `generator.draw.anchors`)."""
    folder = user_cache() / "last-build"
    return folder / MEMO_FILE, folder / RECENT_FILE


def keep_last_build(cache_dir: Path) -> None:
    """Name the memo files a build just wrote into its output folder's `cache_dir` as
    the user's last build's (links, not copies: best effort)."""
    for source, kept in zip((cache_dir / MEMO_FILE, cache_dir / RECENT_FILE),
                            last_build_files(), strict=True):
        link_in_cache(source, kept)


def checks_file(content_dir: Path) -> Path:
    """Where validating this content folder keeps its memo (and, beside it, its
    verdict): one file per folder in the user's cache."""
    name = hashlib.sha256(str(Path(content_dir).resolve()).encode()).hexdigest()[:16]
    return user_cache() / "checks" / f"{name}.pickle"


# Content folders whose validation memo is kept: each memo is a few megabytes, and a
# folder validated once (a copy tried and thrown away) would keep its memo for ever.
# At most some 200 MB, and more folders than anyone works on at once.
KEPT_FOLDERS = 64


def keep_checks(memo: DrawingMemo, path: Path) -> None:
    """Save a validation memo for next time, whole or not at all (best effort); the
    memos (and verdicts) of all but the `KEPT_FOLDERS` folders validated last go."""
    data = memo.dump()
    if data:
        keep_in_cache(path, data)
        _forget_oldest(path.parent, KEPT_FOLDERS)


def _forget_oldest(folder: Path, kept: int) -> None:
    """Remove the memos and verdicts of all but the `kept` folders validated last."""
    with contextlib.suppress(OSError):  # another validation at work there: next time
        last: dict[str, int] = {}  # a folder's files' name -> when it was last validated
        for file in [*folder.glob("*.pickle"), *folder.glob("*.verdict.json")]:
            name = file.name.split(".", 1)[0]
            last[name] = max(last.get(name, 0), file.stat().st_mtime_ns)
        for name in sorted(last, key=last.__getitem__, reverse=True)[kept:]:
            for suffix in (".pickle", ".verdict.json"):
                (folder / f"{name}{suffix}").unlink(missing_ok=True)


def _signing_key() -> bytes | None:
    """This user's random key for signing memos, made on first use (None if impossible)."""
    folder = user_cache()
    path = folder / "memo.key"
    try:
        key = read_kept(path)
        if len(key) == SIGNATURE:
            return key
    except Refused:
        pass
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fresh = secrets.token_bytes(SIGNATURE)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(fresh)
        return fresh
    except OSError:
        return None  # no writable home: builds simply do not remember drawings
