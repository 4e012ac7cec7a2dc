"""Where the margin's playtest tags go on a page: each beside the line of its mark,
none over another.

The text flow says where every mark fell (`Anchor`: the line's height on the page and
the column's edge); once the page is full, the tags of each margin are set along it.
A tag wants its middle level with its line; one that would touch the tag above it
stands beside that one instead, further out in the margin (`lanes`), and tags that
still would touch are pushed apart as little as can be (the least squares of their
moves, in reading order), inside the text frame's height.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

GAP = 3.4  # pt between two tags of one margin
LANES = 2  # labels side by side a margin holds, clear of the printable edge


@dataclass(frozen=True)
class Anchor:
    """Where a mark fell: its number, the column it is set in (left x and width, pt)
    and the middle of its line (y, pt, up the page)."""

    number: str
    x: float
    width: float
    middle: float


@dataclass(frozen=True)
class Placed:
    """A tag to draw: its number, the column edge it stands by (x, pt), on which side
    of it (`left`: in the margin left of the column), and its top (y, pt)."""

    number: str
    edge: float
    left: bool
    top: float


def pack(wanted: Sequence[float], lengths: Sequence[float], low: float, high: float,
         gap: float = GAP) -> list[float]:
    """The tops (y, up) of tags stacked down a margin, in the order given (top first).

    `wanted` are the tops each tag would have alone. The answer keeps each tag at
    least `gap` below the one before and the whole stack between `low` and `high`
    (from `high` down when it cannot fit), and moves the tags as little as it can:
    with the stacking offsets taken out, the tops must not rise down the stack, and
    pooling neighbours that would (their mean is the best common value) is the
    least-squares answer; clamping it to the bounds keeps it so.
    """
    offsets, run = [], 0.0
    for length in lengths:
        offsets.append(run)
        run += length + gap
    free = [w + o for w, o in zip(wanted, offsets, strict=True)]  # must not increase
    pools: list[list[float]] = []  # [sum, count] of each pooled run
    for value in free:
        pools.append([value, 1.0])
        while len(pools) > 1 and pools[-1][0] / pools[-1][1] > pools[-2][0] / pools[-2][1]:
            total, count = pools.pop()
            pools[-1][0] += total
            pools[-1][1] += count
    fitted = [total / count for total, count in pools for _ in range(int(count))]
    if not fitted:
        return []
    floor = low + lengths[-1] + offsets[-1]  # the lowest the last tag's top may go
    floor = min(floor, high)  # too many to fit: stack from the top, the last run over
    return [min(max(u, floor), high) - o for u, o in zip(fitted, offsets, strict=True)]


def lanes(tops: Sequence[float], lengths: Sequence[float], count: int,
          gap: float = GAP) -> list[int]:
    """The lane of each tag down a margin (0, the nearest the text, to count - 1), tags
    given top first: the nearest lane where the tag, where it wants to be, touches no
    tag already there; where every lane is taken there, the lane it is pushed least in."""
    ends = [float("inf")] * count  # how far down each lane's last tag reaches (y, up)
    found = []
    for top, length in zip(tops, lengths, strict=True):
        free = [lane for lane in range(count) if top <= ends[lane] - gap]
        lane = free[0] if free else max(range(count), key=ends.__getitem__)
        ends[lane] = min(top, ends[lane] - gap) - length
        found.append(lane)
    return found


class MarginTags:
    """The tags of the page being laid out, placed and drawn once the page is done.

    A margin is wide enough for `LANES` labels side by side: where the sentences a tag
    marks come closer together than a tag is long, the next tag stands beside the
    last, `lane` further out, rather than far below its line."""

    def __init__(self, length: Callable[[str], float], page_width: float, clear: float,
                 lane: float = 0.0):
        self.length = length  # how long a tag is along the margin, from its number
        self.page_width, self.clear = page_width, clear  # `clear`: from column to tag
        self.lane = lane  # from one lane's edge to the next one's (0: a single lane)
        self.anchors: list[Anchor] = []

    def add(self, anchor: Anchor) -> None:
        """Note a mark the flow has just set on the page."""
        self.anchors.append(anchor)

    def side(self, anchor: Anchor) -> tuple[float, bool]:
        """The column edge a mark's tag stands by, and whether it is the left one: each
        column's outer margin."""
        left = anchor.x + anchor.width / 2 < self.page_width / 2
        return (anchor.x - self.clear if left else anchor.x + anchor.width + self.clear), left

    def placed(self, low: float, high: float) -> list[Placed]:
        """Every tag of the page where it is drawn; the next page starts afresh."""
        margins: dict[tuple[float, bool], list[Anchor]] = {}
        for anchor in self.anchors:
            edge, left = self.side(anchor)
            margins.setdefault((round(edge, 3), left), []).append(anchor)
        self.anchors = []
        found = []
        for (edge, left), tags in sorted(margins.items()):
            tags.sort(key=lambda a: -a.middle)  # stable: marks of one line stay in order
            found += self._margin(tags, edge, left, low, high)
        return found

    def _margin(self, tags: list[Anchor], edge: float, left: bool, low: float,
                high: float) -> list[Placed]:
        lengths = [self.length(a.number) for a in tags]
        wanted = [a.middle + n / 2 for a, n in zip(tags, lengths, strict=True)]
        chosen = lanes(wanted, lengths, LANES if self.lane else 1)
        found = []
        for lane in sorted(set(chosen)):
            mine = [i for i, c in enumerate(chosen) if c == lane]
            tops = pack([wanted[i] for i in mine], [lengths[i] for i in mine], low, high)
            at = edge - lane * self.lane if left else edge + lane * self.lane
            found += [Placed(tags[i].number, at, left, top) for i, top in zip(mine, tops,
                                                                              strict=True)]
        return found
