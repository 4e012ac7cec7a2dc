"""SVG path data (`d`) to absolute M/L/C/Z commands, and back.

Only what our own symbols and art use, plus the common rest: M L H V C S Q T Z in
absolute and relative form. Arcs (A) are refused with ValueError, and the caller
falls back to a full SVG renderer for that file.
"""

from __future__ import annotations

import functools
import re

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZzAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}


def _groups(d: str):
    command = None
    numbers: list[float] = []
    for token in _TOKEN.findall(d):
        if token.isalpha():
            if command is not None:
                yield command, numbers
            command, numbers = token, []
        else:
            numbers.append(float(token))
    if command is not None:
        yield command, numbers


def parse_path(d: str) -> tuple[tuple, ...]:
    """Absolute ("M", x, y) / ("L", x, y) / ("C", x1, y1, x2, y2, x, y) / ("Z",) commands."""
    state = _State()
    for command, numbers in _groups(d):
        upper = command.upper()
        if upper not in _ARITY:
            raise ValueError(f"path command {command!r} is not supported")
        arity = _ARITY[upper]
        if arity == 0:
            state.close()
            continue
        if not numbers or len(numbers) % arity:
            raise ValueError(f"path command {command!r} has {len(numbers)} numbers")
        for i in range(0, len(numbers), arity):
            # Extra pairs after a moveto are linetos (SVG spec).
            op = upper if not (upper == "M" and i) else "L"
            state.step(op, numbers[i:i + arity], command.islower())
    return tuple(state.out)


class _State:
    def __init__(self):
        self.out: list[tuple] = []
        self.x = self.y = 0.0
        self.start = (0.0, 0.0)
        self.control: tuple[float, float] | None = None  # last cubic control, for S
        self.quad: tuple[float, float] | None = None  # last quadratic control, for T

    def close(self) -> None:
        self.out.append(("Z",))
        self.x, self.y = self.start
        self.control = self.quad = None

    def step(self, op: str, n: list[float], relative: bool) -> None:
        ox, oy = (self.x, self.y) if relative else (0.0, 0.0)
        pts = [(n[i] + ox, n[i + 1] + oy) for i in range(0, len(n) - 1, 2)]
        if op == "H":
            pts = [(n[0] + ox, self.y)]
        elif op == "V":
            pts = [(self.x, n[0] + oy)]
        getattr(self, "_" + op)(pts)

    def _M(self, pts):
        self.start = pts[0]
        self._line("M", pts[0])

    def _L(self, pts):
        self._line("L", pts[0])

    _H = _V = _L

    def _line(self, op, p):
        self.out.append((op, *p))
        self.x, self.y = p
        self.control = self.quad = None

    def _C(self, pts):
        (x1, y1), (x2, y2), (x, y) = pts
        self.out.append(("C", x1, y1, x2, y2, x, y))
        self.x, self.y, self.control, self.quad = x, y, (x2, y2), None

    def _S(self, pts):
        first = self._reflect(self.control)
        self._C([first, *pts])

    def _Q(self, pts):
        (qx, qy), (x, y) = pts
        x0, y0 = self.x, self.y
        self._C([(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0)),
                 (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y)), (x, y)])
        self.quad = (qx, qy)

    def _T(self, pts):
        self._Q([self._reflect(self.quad), pts[0]])

    def _reflect(self, p):
        return (2 * self.x - p[0], 2 * self.y - p[1]) if p else (self.x, self.y)


@functools.lru_cache(maxsize=4096)  # a symbol's outline recurs on every badge
def path_d(commands: tuple[tuple, ...], places: int = 3) -> str:
    """Commands back to compact SVG path data (rounded, so output is stable)."""
    parts = []
    for command in commands:
        numbers = " ".join(fmt(v, places) for v in command[1:])
        parts.append(command[0] + numbers)
    return "".join(parts)


def fmt(value: float, places: int = 3) -> str:
    """A number without trailing zeros, e.g. 3.5, 12, -0.25."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
