"""Art made at random from what SVG art may hold (shapes with fills, strokes, dashes and
opacities; linear and radial gradients in the box's or the drawing's units, spread and
turned, their stops fading, on fills and strokes; groups clipped, masked, see-through,
blended, moved and scaled; patterns; markers; strokes stretched one way) prints as
Chromium shows it. Such files found four faults the hand-made cases had not: a fading
gradient undid its group's mask in the PDF, a hard colour stop printed the other way
round, a curved shape's gradient spanned its control points, and a stretched closed
shape's dashes left a notch at its start. The seeds here are four that printed
otherwise before those were mended."""

from __future__ import annotations

import random

import pytest

from tests.draw.in_chromium import assert_as_in_chromium, in_browser

VIEW = "0 0 60 40"


def _colour(r: random.Random) -> str:
    return "#" + "".join(f"{r.randrange(256):02X}" for _ in range(3))


def _gradient(r: random.Random, key: str) -> str:
    stops = "".join(f'<stop offset="{o:.2f}" stop-color="{_colour(r)}" '
                    f'stop-opacity="{r.choice([1, 1, 0.5, 0])}"/>'
                    for o in sorted(r.random() for _ in range(r.randint(2, 4))))
    user = r.random() < 0.5
    extra = r.choice(["", ' spreadMethod="reflect"', ' spreadMethod="repeat"'])
    extra += r.choice(["", f' gradientTransform="rotate({r.uniform(-45, 45):.1f})"'])
    extra += ' gradientUnits="userSpaceOnUse"' if user else ""
    if r.random() < 0.5:
        ends = (f'x1="{r.uniform(0, 60):.1f}" y1="{r.uniform(0, 40):.1f}" '
                f'x2="{r.uniform(0, 60):.1f}" y2="{r.uniform(0, 40):.1f}"' if user else
                f'x1="{r.uniform(0, 1):.2f}" y1="{r.uniform(0, 1):.2f}" '
                f'x2="{r.uniform(0, 1):.2f}" y2="{r.uniform(0, 1):.2f}"')
        return f'<linearGradient id="{key}" {ends}{extra}>{stops}</linearGradient>'
    circle = (f'cx="{r.uniform(0, 60):.1f}" cy="{r.uniform(0, 40):.1f}" '
              f'r="{r.uniform(3, 20):.1f}"' if user else
              f'cx="{r.uniform(0.2, 0.8):.2f}" cy="{r.uniform(0.2, 0.8):.2f}" '
              f'r="{r.uniform(0.2, 0.7):.2f}"')
    return f'<radialGradient id="{key}" {circle}{extra}>{stops}</radialGradient>'


def _shape(r: random.Random) -> str:
    x, y = r.uniform(0, 45), r.uniform(0, 28)
    paint = r.choice([_colour(r), _colour(r), f"url(#g{r.randrange(3)})", "url(#p)", "none"])
    look = ""
    if r.random() < 0.5:
        stroke = r.choice([_colour(r), "url(#g0)"])
        look += (f' stroke="{stroke}" stroke-width="{r.uniform(0.3, 2):.2f}" '
                 f'stroke-linejoin="{r.choice(["miter", "round", "bevel"])}"')
        if r.random() < 0.3 and not stroke.startswith("url"):  # (its arrow in its colour)
            look += ' marker-end="url(#m)"'
    if r.random() < 0.2:
        look += f' stroke-dasharray="{r.uniform(0.5, 3):.1f} {r.uniform(0.5, 2):.1f}"'
    if r.random() < 0.3:
        look += f' opacity="{r.uniform(0.3, 1):.2f}"'
    if r.random() < 0.3:
        look += f' transform="rotate({r.uniform(-30, 30):.1f} {x + 5:.1f} {y + 5:.1f})"'
    return r.choice([
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{r.uniform(4, 15):.1f}" '
        f'height="{r.uniform(4, 12):.1f}" fill="{paint}"{look}/>',
        f'<circle cx="{x + 5:.1f}" cy="{y + 5:.1f}" r="{r.uniform(2, 7):.1f}" '
        f'fill="{paint}"{look}/>',
        f'<path d="M{x:.1f} {y:.1f} C{x + 10:.1f} {y - 5:.1f} {x + 5:.1f} {y + 15:.1f} '
        f'{x + 14:.1f} {y + 8:.1f} L{x + 2:.1f} {y + 11:.1f} Z" fill="{paint}"{look}/>',
    ])


def random_art(seed: int) -> str:
    """The body of an art file made from `seed`."""
    r = random.Random(seed)
    defs = "".join(_gradient(r, f"g{i}") for i in range(3))
    defs += (f'<clipPath id="c"><circle cx="{r.uniform(10, 50):.1f}" '
             f'cy="{r.uniform(10, 30):.1f}" r="{r.uniform(8, 18):.1f}"/></clipPath>'
             '<mask id="k" maskUnits="userSpaceOnUse"><rect width="60" height="40" '
             'fill="url(#f)"/></mask><linearGradient id="f"><stop offset="0" '
             'stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient>'
             f'<pattern id="p" patternUnits="userSpaceOnUse" width="{r.uniform(2, 6):.1f}" '
             f'height="{r.uniform(2, 6):.1f}" patternTransform="rotate({r.uniform(-40, 40):.0f})">'
             f'<circle cx="1" cy="1" r="0.8" fill="{_colour(r)}"/></pattern>'
             '<marker id="m" style="overflow:visible" orient="auto"><path d="M-2 -1.5 L1 0 '
             'L-2 1.5 Z" style="fill:context-stroke"/></marker>')
    body = ""
    for _ in range(r.randint(3, 6)):
        inner = "".join(_shape(r) for _ in range(r.randint(1, 3)))
        group = ""
        if r.random() < 0.25:
            group += ' clip-path="url(#c)"'
        if r.random() < 0.15:
            group += ' mask="url(#k)"'
        if r.random() < 0.25:
            group += f' opacity="{r.uniform(0.4, 0.9):.2f}"'
        if r.random() < 0.2:
            group += (' style="mix-blend-mode:'
                      f'{r.choice(["multiply", "screen", "overlay", "darken", "color"])}"')
        if r.random() < 0.3:
            scale = (f"{r.uniform(0.8, 1.2):.2f}" if r.random() < 0.7 else
                     f"{r.uniform(0.6, 1.4):.2f} {r.uniform(0.6, 1.4):.2f}")
            group += (f' transform="translate({r.uniform(-5, 5):.1f} {r.uniform(-5, 5):.1f}) '
                      f'scale({scale})"')
        body += f"<g{group}>{inner}</g>"
    return f"<defs>{defs}</defs>{body}"


@in_browser
@pytest.mark.parametrize("seed", [5, 7, 10, 12])
def test_random_art_prints_as_the_browser_shows_it(own_kit, tmp_path, seed):
    assert_as_in_chromium(own_kit, tmp_path, random_art(seed), VIEW)
