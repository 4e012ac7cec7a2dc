"""Numbers as both backends write them: compact and stable, so equal drawings give
equal bytes."""

from __future__ import annotations

import functools

_FORMATS = tuple(f"%.{places}f" for places in range(10))


# Called for every number of every drawing (some 100,000 calls for the tiles and tokens,
# nine in ten of them a number already written): a known one is answered from the cache.
@functools.lru_cache(maxsize=1 << 16)
def fmt(value: float, places: int = 3) -> str:
    """A number rounded to `places` decimals without trailing zeros: 3.5, 12, -0.25, 0."""
    text = _FORMATS[places] % value
    if places and text[-1] == "0":  # (no decimals: a trailing zero is a digit, as in 10)
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
