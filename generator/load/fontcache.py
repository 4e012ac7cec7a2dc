"""Font metrics kept in the user's cache, so a font file is parsed once, not once a build.

A build remembers what it read in its own memo, but a build into a new output folder, a
first validation of a project and every project with the same fonts would each parse
the same TTF files again (some 40-50 ms for the shipped eight, before any drawing
can start). Like a system's font cache, `kept_metrics` keeps each file's metrics in the
user's cache (`generator.core.paths.user_cache`) under the digest of the file's bytes
and of the code that reads them, as plain data (`marshal`: numbers, strings,
dictionaries; no pickle, no code), and reads them back in a quarter of the time.
A file that is missing, damaged or of another format is a cache missed: the font is
parsed, and the file written anew.
"""

from __future__ import annotations

import contextlib
import marshal
from array import array
from dataclasses import fields
from pathlib import Path

from generator.core.paths import keep_in_cache, user_cache
from generator.core.reading import Refused, read_kept
from generator.load.fonts import TABLES, FaceMetrics, FontUnits, read_metrics

FORMAT = 1  # the layout of a kept file below: a new one ignores the old files
KEPT_FILES = 48  # fonts (of every version of tkg run here) whose metrics are kept
UNIT_FIELDS = tuple(f.name for f in fields(FontUnits))
# FaceMetrics' fields other than its tables and their units: numbers and names
PLAIN_FIELDS = tuple(f.name for f in fields(FaceMetrics) if f.name not in (*TABLES, "units"))


def kept_metrics(path: Path, key: str, folder: Path | None = None) -> FaceMetrics:
    """The metrics of the font file at `path`, `key` being the digest of its bytes and
    of the code that reads it: from the user's cache, or read (`read_metrics`, which
    raises RenderError for a file that is no usable font) and kept there."""
    kept = (folder or user_cache() / "fonts") / f"{key}.metrics"
    with contextlib.suppress(OSError, Refused, ValueError, TypeError, EOFError):
        return unpacked(read_kept(kept))
    metrics = read_metrics(path)
    keep_in_cache(kept, packed(metrics))
    _forget_oldest(kept.parent, KEPT_FILES)
    return metrics


def packed(metrics: FaceMetrics) -> bytes:
    """The metrics as plain data: their fields, their tables, their units' arrays."""
    units = metrics.units
    arrays = tuple((value.typecode, value.tobytes()) if isinstance(value, array) else value
                   for value in (getattr(units, name) for name in UNIT_FIELDS))
    return marshal.dumps((FORMAT, tuple(getattr(metrics, name) for name in PLAIN_FIELDS),
                          tuple(getattr(metrics, name) for name in TABLES), arrays))


def unpacked(data: bytes) -> FaceMetrics:
    """The metrics `packed` wrote; ValueError (or EOFError, TypeError) for data that is
    not that."""
    kept, plain, tables, arrays = marshal.loads(data)
    if kept != FORMAT or len(plain) != len(PLAIN_FIELDS) or len(tables) != len(TABLES) or (
            len(arrays) != len(UNIT_FIELDS)) or not all(isinstance(t, dict) for t in tables):
        raise ValueError("not a kept font's metrics")
    parts: list = [_array(value) if isinstance(value, tuple) else value for value in arrays]
    values = {**dict(zip(PLAIN_FIELDS, plain, strict=True)),
              **dict(zip(TABLES, tables, strict=True)), "units": FontUnits(*parts)}
    return FaceMetrics(**values)


def _array(kept: tuple) -> array:
    typecode, data = kept
    found = array(typecode)
    found.frombytes(data)
    return found


def _forget_oldest(folder: Path, kept: int) -> None:
    """Remove all but the `kept` files written last (fonts no longer used, or read by
    an earlier version of tkg)."""
    with contextlib.suppress(OSError):  # another command at work there: next time
        files = sorted(folder.glob("*.metrics"), key=lambda f: f.stat().st_mtime_ns,
                       reverse=True)
        for file in files[kept:]:
            file.unlink(missing_ok=True)
