"""A dashed closed outline whose last dash runs into its first, drawn as its dashes.

A browser dashes a closed outline from its start and, where the dash that ends the
outline runs on into the dash that begins it, draws the two as one dash round the
start's corner, with the stroke's join. A PDF reader draws them as two dashes, each
ending square at the start: the corner's outer part is left unpainted (a notch at a
rectangle's first corner). A PDF's dash pattern cannot restart inside a subpath, so
such an outline is written as its dashes, each a subpath of its own (the last joined
to the first through the start), stroked without a dash pattern.
"""

from __future__ import annotations

import itertools
import math
import re

from generator.draw.geometry import cubic_point

Point = tuple[float, float]
_STEPS = 32  # straight steps a curve's length is measured in
_MOST_DASHES = 2_000  # dashes an outline is written as, at most
_TOKEN = re.compile(r"[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?|[a-zA-Z]+")


def as_dashes(outline: str, dashes: tuple[float, ...], offset: float) -> str | None:
    """The outline's dashes as subpaths (PDF path operators), the last joined to the
    first through the start; None where the outline need not be drawn so (not one
    closed subpath, or a gap at its start or its end)."""
    segments = _closed_segments(outline)
    if segments is None:
        return None
    pattern = dashes * (2 if len(dashes) % 2 else 1)
    total = sum(pattern)
    if total <= 0 or not all(d >= 0 for d in pattern):
        return None
    lengths = [_length(s) for s in segments]
    whole = sum(lengths)
    if whole > total * _MOST_DASHES:
        return None  # (so many dashes: the PDF's own pattern, a notch the size of one)
    phase = offset % total
    # On just after the start and just before the end (a dash ending right at the end
    # runs into the first as well).
    if _in_dash(pattern, phase) is None or \
            _index(pattern, (phase + whole - 1e-7) % total) % 2:
        return None
    spans = list(_spans(pattern, phase, whole))
    if len(spans) < 2:
        return None  # one dash all round: drawn whole as it was
    first_end, last_start = spans[0][1], spans[-1][0]
    pieces = [_piece(segments, lengths, last_start, whole)  # on through the start
              + _piece(segments, lengths, 0.0, first_end)]
    pieces += [_piece(segments, lengths, a, b) for a, b in spans[1:-1]]
    return "\n".join(_written(piece) for piece in pieces if piece)


def _spans(pattern: tuple[float, ...], phase: float, whole: float):
    """The dashes along a loop `whole` long, as (start, end) lengths from its start,
    the pattern `phase` into it there."""
    index = _index(pattern, phase)
    left = sum(pattern[:index + 1]) - phase  # of the dash or gap the loop starts in
    at = 0.0
    while at < whole:
        end = min(at + left, whole)
        if index % 2 == 0 and end > at:
            yield at, end
        at, index = end, (index + 1) % len(pattern)
        left = pattern[index]


def _piece(segments: list[tuple[Point, ...]], lengths: list[float], a: float, b: float
           ) -> list[tuple[Point, ...]]:
    """The outline's segments from `a` to `b` along it, the ends cut to fit."""
    found = []
    gone = 0.0
    for segment, length in zip(segments, lengths, strict=True):
        if gone + length > a and gone < b and length > 0:
            t0 = _parameter(segment, max(a - gone, 0.0)) if a > gone else 0.0
            t1 = _parameter(segment, b - gone) if b < gone + length else 1.0
            found.append(_between(segment, t0, t1))
        gone += length
    return found


def _between(segment: tuple[Point, ...], t0: float, t1: float) -> tuple[Point, ...]:
    """The part of the segment from `t0` to `t1`."""
    if t1 < 1.0:
        segment = _split(segment, t1)[0]
    if t0 > 0.0:
        segment = _split(segment, t0 / t1 if t1 > 0 else 0.0)[1]
    return segment


def _index(pattern: tuple[float, ...], phase: float) -> int:
    for index, length in enumerate(pattern):
        if phase < length:
            return index
        phase -= length
    return len(pattern) - 1


def _in_dash(pattern: tuple[float, ...], phase: float) -> float | None:
    """How far along from `phase` the dash it lies in ends (None: it lies in a gap)."""
    for index, length in enumerate(pattern):
        if phase < length:
            return length - phase if index % 2 == 0 and length - phase > 1e-9 else None
        phase -= length
    return None


def _closed_segments(outline: str) -> list[tuple[Point, ...]] | None:
    """The one closed subpath of the outline as segments (each its points: a line's
    two, a curve's four; the closing line too); None for anything else."""
    tokens = _TOKEN.findall(outline)
    numbers: list[float] = []
    segments: list[tuple[Point, ...]] = []
    start = at = None
    closed = False
    for token in tokens:
        if token[0].isalpha():
            if closed:
                return None  # something after the close: another subpath
            if token == "re" and len(numbers) == 4 and start is None:
                x, y, w, h = numbers
                corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
                segments = list(itertools.pairwise(corners))
                closed = True
            elif token == "m" and len(numbers) == 2 and start is None:
                start = at = (numbers[0], numbers[1])
            elif token == "l" and len(numbers) == 2 and at is not None:
                segments.append((at, (numbers[0], numbers[1])))
                at = segments[-1][-1]
            elif token == "c" and len(numbers) == 6 and at is not None:
                segments.append((at, *zip(numbers[0::2], numbers[1::2], strict=True)))
                at = segments[-1][-1]
            elif token == "h" and at is not None and start is not None:
                if at != start:
                    segments.append((at, start))
                closed = True
            else:
                return None
            numbers = []
        else:
            numbers.append(float(token))
    return segments if closed and segments and not numbers else None


def _length(segment: tuple[Point, ...]) -> float:
    points = _steps(segment)
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def _steps(segment: tuple[Point, ...]) -> list[Point]:
    if len(segment) == 2:
        return list(segment)
    return [cubic_point(segment, i / _STEPS) for i in range(_STEPS + 1)]


def _parameter(segment: tuple[Point, ...], along: float) -> float:
    """Where along the segment (0 to 1) lies `along` of its length."""
    points = _steps(segment)
    gone = 0.0
    for i, (a, b) in enumerate(itertools.pairwise(points)):
        step = math.dist(a, b)
        if gone + step >= along and step > 0:
            return (i + (along - gone) / step) / (len(points) - 1)
        gone += step
    return 1.0


def _split(segment: tuple[Point, ...], t: float) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """The segment in two at `t` (a curve by de Casteljau's construction)."""
    if len(segment) == 2:
        (x0, y0), (x1, y1) = segment
        middle = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        return (segment[0], middle), (middle, segment[1])
    p0, p1, p2, p3 = segment
    a, b, c = _lerp(p0, p1, t), _lerp(p1, p2, t), _lerp(p2, p3, t)
    d, e = _lerp(a, b, t), _lerp(b, c, t)
    f = _lerp(d, e, t)
    return (p0, a, d, f), (f, e, c, p3)


def _lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _written(segments: list[tuple[Point, ...]]) -> str:
    from generator.backends.numbers import fmt as num

    parts = [f"{num(segments[0][0][0])} {num(segments[0][0][1])} m"]
    for segment in segments:
        parts.append(" ".join(f"{num(x)} {num(y)}" for x, y in segment[1:])
                     + (" l" if len(segment) == 2 else " c"))
    return "\n".join(parts)
