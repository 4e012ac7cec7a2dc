"""Generate the shipped tile art and insignia symbols as deterministic SVG.

    python tools/make_art.py [--content content]

Each tile gets a small landscape painted from its elements (sky, sun, clouds for air,
peaks for earth, a sea for water, embers and lava for fire), with a random seed taken
from the tile's id, so the same id always gives the same picture. The SVGs use only
plain shapes, solid colours and linear gradients. Symbols are written from
generator.draw.symbols.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.backends.numbers import fmt  # noqa: E402
from generator.draw.symbols import BUILTIN, STROKE  # noqa: E402
from generator.load.content import load_content  # noqa: E402

NIGHT = "#141328"


def mix(a: str, b: str, t: float) -> str:
    """Colour a moved a share t towards b."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(ca, cb, strict=True))


def ridge(rng: random.Random, base: float, amp: float, bumps: int, jagged: bool) -> str:
    """A closed outline of hills (smooth) or peaks (jagged) from left to right."""
    xs = [i * 100 / bumps for i in range(bumps + 1)]
    ys = [base - rng.uniform(0.2, 1.0) * amp for _ in xs]
    d = f"M-2 {fmt(ys[0])}"
    for i in range(1, len(xs)):
        if jagged:
            mid = (xs[i - 1] + xs[i]) / 2
            d += f"L{fmt(mid)} {fmt(min(ys[i - 1], ys[i]) - amp * rng.uniform(0.3, 0.8))}"
            d += f"L{fmt(xs[i])} {fmt(ys[i])}"
        else:
            cx = (xs[i - 1] + xs[i]) / 2
            d += f"C{fmt(cx)} {fmt(ys[i - 1])} {fmt(cx)} {fmt(ys[i])} {fmt(xs[i])} {fmt(ys[i])}"
    return d + "L102 102L-2 102Z"


def waves(rng: random.Random, top: float, colour: str) -> list[str]:
    """Sea bands with wave crests."""
    out = [f'<rect x="-2" y="{fmt(top)}" width="104" height="{fmt(104 - top)}" fill="{colour}"/>']
    for row in range(4):
        y = top + 4 + row * 7 + rng.uniform(-1, 1)
        d = f"M-2 {fmt(y)}"
        for x in range(0, 104, 12):
            d += f"Q{x + 3} {fmt(y - 2.2)} {x + 6} {fmt(y)}T{x + 12} {fmt(y)}"
        out.append(f'<path d="{d}" fill="none" stroke="#FFFFFF" stroke-width="0.9" '
                   f'opacity="{fmt(0.35 - row * 0.06)}"/>')
    return out


def clouds(rng: random.Random, count: int) -> list[str]:
    """Soft clusters of ellipses."""
    out = []
    for _ in range(count):
        x, y, w = rng.uniform(5, 95), rng.uniform(12, 40), rng.uniform(8, 16)
        for dx, dy, s in ((0, 0, 1.0), (-w * 0.45, 1.5, 0.7), (w * 0.45, 1.8, 0.65)):
            out.append(f'<ellipse cx="{fmt(x + dx)}" cy="{fmt(y + dy)}" rx="{fmt(w * s)}" '
                       f'ry="{fmt(w * s * 0.38)}" fill="#FFFFFF" opacity="0.28"/>')
    return out


def embers(rng: random.Random, count: int) -> list[str]:
    """Glowing sparks drifting up."""
    return [f'<circle cx="{fmt(rng.uniform(2, 98))}" cy="{fmt(rng.uniform(15, 85))}" '
            f'r="{fmt(rng.uniform(0.4, 1.3))}" fill="{rng.choice(["#FFC857", "#FF8A3D"])}" '
            f'opacity="{fmt(rng.uniform(0.5, 0.9))}"/>' for _ in range(count)]


def tile_art(tile, colours: dict[str, str]) -> str:
    """The SVG text of one tile's landscape."""
    rng = random.Random(int(hashlib.sha256(tile.id.encode()).hexdigest()[:12], 16))
    ins = list(tile.insignias)
    main = colours[ins[0]]
    second = colours[ins[-1]]
    horizon = rng.uniform(52, 62)
    parts = ['<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">'
             f'<stop offset="0" stop-color="{mix(NIGHT, main, 0.18)}"/>'
             f'<stop offset="0.62" stop-color="{mix(second, "#F4E9D0", 0.35)}"/>'
             f'<stop offset="1" stop-color="{mix(main, "#F4E9D0", 0.55)}"/>'
             '</linearGradient></defs>',
             '<rect x="-2" y="-2" width="104" height="104" fill="url(#sky)"/>']
    sx, sy, sr = rng.uniform(18, 82), rng.uniform(22, 36), rng.uniform(5, 9)
    parts.append(f'<circle cx="{fmt(sx)}" cy="{fmt(sy)}" r="{fmt(sr * 2.1)}" fill="#FFF4D6" '
                 'opacity="0.18"/>')
    parts.append(f'<circle cx="{fmt(sx)}" cy="{fmt(sy)}" r="{fmt(sr)}" fill="#FFF1C9" '
                 'opacity="0.9"/>')
    if "air" in ins:
        parts += clouds(rng, 3)
    far = mix(mix(main, second, 0.5), NIGHT, 0.45)
    parts.append(f'<path d="{ridge(rng, horizon, 22 if "earth" in ins else 10, 5, "earth" in ins)}"'
                 f' fill="{far}"/>')
    if "earth" in ins:
        parts.append(f'<path d="{ridge(rng, horizon + 6, 14, 7, True)}" '
                     f'fill="{mix(colours["earth"], NIGHT, 0.55)}"/>')
    if "water" in ins:
        parts += waves(rng, horizon + 10, mix(colours["water"], NIGHT, 0.3))
    if "fire" in ins:
        parts.append(f'<path d="{ridge(rng, horizon + 14, 6, 6, False)}" '
                     f'fill="{mix(colours["fire"], "#FFC857", 0.25)}" opacity="0.85"/>')
    parts.append(f'<path d="{ridge(rng, 92, 12, 4, False)}" fill="{mix(main, NIGHT, 0.78)}"/>')
    if "fire" in ins:
        parts += embers(rng, 14)
    body = "".join(parts)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" '
            f'height="100"><title>{tile.id}</title>{body}</svg>\n')


def symbol_svg(name: str) -> str:
    """A built-in silhouette as a standalone SVG file."""
    d, paint = BUILTIN[name]
    if paint == "stroke":
        attrs = (f'fill="none" stroke="#000000" stroke-width="{fmt(STROKE)}" '
                 'stroke-linecap="round"')
    else:
        attrs = 'fill="#000000"' + (' fill-rule="evenodd"' if paint == "evenodd" else "")
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" '
            f'height="100"><title>{name}</title><path d="{d}" {attrs}/></svg>\n')


def main() -> None:
    """Write content/art/<tile>.svg and content/symbols/<symbol>.svg."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    args = parser.parse_args()
    game = load_content(args.content).game
    if game is None:
        sys.exit("the content does not load; run tkg validate")
    colours = {e.id: e.colour for e in game.elements}
    (args.content / "art").mkdir(exist_ok=True)
    (args.content / "symbols").mkdir(exist_ok=True)
    for tile in game.tiles:
        (args.content / "art" / f"{tile.id}.svg").write_text(tile_art(tile, colours))
    for element in game.elements:
        (args.content / "symbols" / f"{element.symbol}.svg").write_text(
            symbol_svg(element.symbol))
    print(f"wrote {len(game.tiles)} art files and {len(game.elements)} symbols")


if __name__ == "__main__":
    main()
