"""The budgets: how much of each input a build accepts, in one table.

Every bound the loaders, the look reader, the art reader and the exports enforce is a
`Limit` here, so a designer can look them all up in one place (`docs/limits.md` is
generated from `LIMITS`: run `python -m generator.core.limits > docs/limits.md`; a test
keeps it current). Each is checked where the input is read, and a value past it is a
positioned diagnostic (TKG116 for content, the reader's own code elsewhere) naming the
limit and the value. The numbers are far above what a real game needs (the shipped
game's figure is in `shipped`) and well below what would exhaust a laptop.
"""

from __future__ import annotations

from typing import NamedTuple


class Limit(NamedTuple):
    """One budget: the most a build accepts of something, and why that much (a named
    tuple, not a dataclass: every command imports this table, and a tuple costs less)."""

    value: int
    unit: str
    what: str
    shipped: str  # what the shipped game uses, for scale
    why: str

    def over(self, count: float) -> bool:
        """Whether `count` passes the limit."""
        return count > self.value

    def says(self, count: float) -> str:
        """The message for a value past the limit: what, how many, and the limit."""
        amount = f"{count:,}" if isinstance(count, int) else f"{count:,.0f}"
        return f"{self.what}: {amount} {self.unit}, more than the limit of {self.value:,}"


MIB = 1024 * 1024

YAML_BYTES = Limit(2 * MIB, "bytes", "a content or layout YAML file", "default.yaml: 18 KB",
                   "a YAML file of more is not written by hand; reading it would stall")
TEMPLATE_BYTES = Limit(2 * MIB, "bytes", "a template file", "the largest: 4 KB",
                       "a template is text a person edits")
SVG_BYTES = Limit(8 * MIB, "bytes", "an SVG art or symbol file", "art: ~5 KB each",
                  "a detailed illustration is 1-5 MB; parsing more takes many seconds")
IMAGE_BYTES = Limit(64 * MIB, "bytes", "a PNG or JPEG picture", "none",
                    "a 300 ppi picture of a whole mat is ~30 MB")
FONT_BYTES = Limit(32 * MIB, "bytes", "a font file", "fonts: 58-693 KB",
                   "the largest CJK fonts are ~20 MB")
YAML_DEPTH = Limit(100, "levels", "lists and mappings inside each other in one YAML file",
                   "4", "deeper is no game's data; the YAML reader recurses once a level")
INTEGER = Limit(10**9, "", "a whole number in the content", "capacity 6, 120 tokens",
                "a larger number is a typo; past ~10^308 it is no longer a number at all")
ITEMS = Limit(5_000, "items", "the items of all declared kinds together", "9 items",
              "a deck of 5,000 cards is a very large game; each item is drawn and checked")
COPIES = Limit(5_000, "pieces", "the declared pieces printed in all (copies summed)",
               "19 pieces", "a print shop's file has a page for each, and a back")
CELLS = Limit(2_000, "cells", "the cells one grid draws", "the world mat: 9",
              "each cell is a shape drawn and checked on every piece")
PRIMITIVES = Limit(5_000, "shapes", "the shapes drawn on one piece", "a tile: 30",
                   "a piece of more is a poster: split it")
BUILD_PRIMITIVES = Limit(1_000_000, "shapes", "the shapes drawn on all pieces together",
                         "~4,000", "each is drawn and checked: a minute and ~0.5 GB")
SVG_ELEMENTS = Limit(20_000, "elements", "the elements of one SVG file, after <use> copies",
                     "art: ~35 each", "a <use> of a <use> doubles the count each time")
SVG_POINTS = Limit(200_000, "points", "the points of the paths of one SVG file, after <use>",
                   "art: ~200 each", "every point is drawn and checked: 200,000 take ~12 s")
SVG_DEPTH = Limit(200, "levels", "elements inside elements in one SVG file, through <use>",
                  "art: 3", "deeper nesting is a mistake, and would exhaust the reader")
USE_DEPTH = Limit(16, "levels", "<use> inside <use> in one SVG file", "none",
                  "deeper nesting is a mistake or a bomb")
PAGES = Limit(10_000, "pages", "the pages one PDF holds", "the bundle: ~60",
              "room for every declared piece's print-shop page and back, and no more")
EXPORT_PIXELS = Limit(100_000_000, "pixels", "one exported image", "the table mat at 300 dpi: 8 M",
                      "an image of more takes gigabytes to make")
PICTURE_PIXELS = Limit(40_000_000, "pixels", "one picture read (PNG or JPEG)", "none",
                       "the table mat at 600 ppi is 33 M; 81 M took 1.4 GB to build")

MEMO_BYTES = Limit(512 * MIB, "bytes", "a build's or validation's memo (its own cache)",
                   "~20 MB", "larger is not tkg's: it is set aside and made again")

LIMITS: dict[str, Limit] = {
    "YAML file": YAML_BYTES, "template file": TEMPLATE_BYTES, "SVG file": SVG_BYTES,
    "picture file": IMAGE_BYTES, "font file": FONT_BYTES, "YAML nesting": YAML_DEPTH,
    "whole number": INTEGER,
    "declared items": ITEMS, "pieces in all": COPIES, "grid cells": CELLS,
    "shapes a piece": PRIMITIVES, "shapes a build": BUILD_PRIMITIVES,
    "SVG elements": SVG_ELEMENTS, "SVG points": SVG_POINTS, "SVG nesting": SVG_DEPTH,
    "<use> depth": USE_DEPTH, "pages a PDF": PAGES,
    "pixels an export": EXPORT_PIXELS, "pixels a picture": PICTURE_PIXELS,
    "memo file": MEMO_BYTES,
}


def limits_markdown() -> str:
    """The table of every limit, for docs/limits.md."""
    lines = ["# Limits", "",
             "Generated by `python -m generator.core.limits > docs/limits.md`.", "",
             "What a build accepts of each input. A value past a limit is an error at the",
             "place it is written, naming the limit and the value.", "",
             "| limit | at most | of | the shipped game | why |",
             "| --- | --- | --- | --- | --- |"]
    for name, limit in LIMITS.items():
        most = f"{limit.value:,} {limit.unit}".strip()
        lines.append(f"| {name} | {most} | {limit.what} | {limit.shipped} | {limit.why} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(limits_markdown(), end="")
